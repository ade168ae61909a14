import Foundation
import Testing

// Swift Testing's names for `assertOutlineSnapshot`: the same assertion,
// which reports through whichever framework runs the test.

/// Expects a scenario file to look as its references do: `assertOutlineSnapshot(ofFile:)`
/// under Swift Testing's name. `scenarioPath` is relative to the test file
/// (or absolute); a failure attaches the expected, actual and diff pictures.
///
///     @Test func regions() { expectOutlineSnapshot(ofFile: "regions.yaml") }
public func expectOutlineSnapshot(
    ofFile scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    xctestFile: StaticString = #filePath
) {
    assertSnapshot(
        scenarioFile: scenarioPath, named: name, record: record, diff: diff, testName: testName,
        site: AssertionSite(sourceLocation, filePath: xctestFile, testFile: filePath))
}

/// The same as `expectOutlineSnapshot(ofFile:)`, under its former label.
@available(*, deprecated, renamed: "expectOutlineSnapshot(ofFile:named:record:diff:)")
public func expectOutlineSnapshot(
    file scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    xctestFile: StaticString = #filePath
) {
    expectOutlineSnapshot(
        ofFile: scenarioPath, named: name, record: record, diff: diff, filePath: filePath, testName: testName, sourceLocation: sourceLocation,
        xctestFile: xctestFile)
}

/// Expects an outline built in code, and the states after `steps`, to look
/// as their references do: `assertOutlineSnapshot(of:)` under Swift
/// Testing's name. `xctestFile` is where XCTest reports a failure when this
/// runs inside an `XCTestCase`.
///
///     expectOutlineSnapshot(of: outline, steps: [.expand("Inbox")])
public func expectOutlineSnapshot(
    of outline: Outline, named name: String? = nil, canvas: Scenario.Canvas = Scenario.Canvas(height: nil),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [],
    record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    xctestFile: StaticString = #filePath
) {
    let site = AssertionSite(sourceLocation, filePath: xctestFile, testFile: filePath)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) {
        Scenario(name: name ?? "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
    }
}

/// Expects a scenario value (loaded or built) to look as its references do:
/// `assertOutlineSnapshot(_:)` under Swift Testing's name.
///
///     expectOutlineSnapshot(try Scenario.load(path: "regions.yaml", besideTest: #filePath))
public func expectOutlineSnapshot(
    _ scenario: Scenario, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    xctestFile: StaticString = #filePath
) {
    let site = AssertionSite(sourceLocation, filePath: xctestFile, testFile: filePath)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) { scenario }
}
