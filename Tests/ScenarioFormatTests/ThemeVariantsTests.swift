import ScenarioFormat
import Testing

/// A scenario in several themes: one folder per theme, named for it.
@Suite struct ThemeVariantsTests {
    let files = try! Scenario.parse("name: files\ntree: [ { title: a } ]\n", file: "files.yaml")

    @Test func oneThemeKeepsTheName() {
        let dark = files.inThemes([.dark])
        #expect(dark.map(\.name) == ["files"])
        #expect(dark.map(\.canvas.theme) == [.dark])
    }

    @Test func twoThemesNameAScenarioForEach() {
        let both = files.inThemes([.light, .dark])
        #expect(both.map(\.name) == ["files-light", "files-dark"])
        #expect(both.map(\.canvas.theme) == [.light, .dark])
        #expect(both.allSatisfy { $0.nodes == files.nodes && $0.steps.count == files.steps.count })
    }
}
