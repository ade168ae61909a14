import Testing

@testable import ScenarioFormat

/// `canvas.width: fit`, `canvas.padding` and `canvas.background`: read, off by default, and their errors pinned.
@Suite struct CanvasFitTests {
    @Test func theKeysAreOffByDefault() throws {
        let scenario = try Scenario.parse("name: x\ntree: [ {title: a} ]\n", file: "t.yaml")
        #expect(!scenario.canvas.fitsWidth && scenario.canvas.padding == 0 && scenario.canvas.background == .theme)
    }

    @Test func fitPaddingAndTransparentAreRead() throws {
        let scenario = try Scenario.parse(
            "name: x\ncanvas: {width: fit, padding: 12, background: transparent}\ntree: [ {title: a} ]\n", file: "t.yaml")
        #expect(scenario.canvas.fitsWidth && scenario.canvas.padding == 12 && scenario.canvas.background == .transparent)
    }

    @Test func badValuesSayWhereAndWhatIsAllowed() {
        let width = parseError("name: x\ncanvas: {width: narrow}\ntree: []\n")
        #expect(width?.line == 2 && width?.message == "`canvas.width` (a number or `fit`) must be a number, not 'narrow'")
        #expect(parseError("name: x\ncanvas: {width: 5000}\ntree: []\n")?.message == "`canvas.width` (a number or `fit`) is 5000; it must be in 16...4096")
        let padding = parseError("name: x\ncanvas:\n  padding: 1001\ntree: []\n")
        #expect(padding?.line == 3 && padding?.message == "`canvas.padding` is 1001; it must be in 0...1000")
        #expect(parseError("name: x\ncanvas: {padding: -1}\ntree: []\n")?.message == "`canvas.padding` is -1; it must be in 0...1000")
        #expect(
            parseError("name: x\ncanvas: {background: none}\ntree: []\n")?.message
                == "`canvas.background` 'none' is not one of theme, transparent")
    }
}
