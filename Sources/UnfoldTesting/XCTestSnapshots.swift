import Foundation

// XCTest's names for `assertOutlineSnapshot`: the same assertion, which
// reports through whichever framework runs the test.

/// Asserts that a scenario file looks as its references do:
/// `assertOutlineSnapshot(ofFile:)` under XCTest's name. `scenarioPath` is
/// relative to the test file (or absolute).
///
///     func testRegions() { XCTAssertOutlineSnapshot(ofFile: "regions.yaml") }
public func XCTAssertOutlineSnapshot(
    ofFile scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line, fileID: StaticString = #fileID
) {
    let site = AssertionSite(fileID: fileID, filePath: file, line: line, column: 1)
    assertSnapshot(scenarioFile: scenarioPath, named: name, record: record, diff: diff, testName: testName, site: site)
}

/// Asserts that an outline built in code, and the states after `steps`,
/// look as their references do: `assertOutlineSnapshot(of:)` under XCTest's name.
///
///     XCTAssertOutlineSnapshot(of: outline, steps: [.expand("Inbox")])
public func XCTAssertOutlineSnapshot(
    of outline: Outline, named name: String? = nil, canvas: Scenario.Canvas = Scenario.Canvas(height: nil),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [],
    record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line, fileID: StaticString = #fileID
) {
    let site = AssertionSite(fileID: fileID, filePath: file, line: line, column: 1)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) {
        Scenario(name: name ?? "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
    }
}

/// Asserts that a scenario value (loaded or built) looks as its references
/// do: `assertOutlineSnapshot(_:)` under XCTest's name.
///
///     XCTAssertOutlineSnapshot(try Scenario.load(path: "regions.yaml", besideTest: #filePath))
public func XCTAssertOutlineSnapshot(
    _ scenario: Scenario, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line, fileID: StaticString = #fileID
) {
    let site = AssertionSite(fileID: fileID, filePath: file, line: line, column: 1)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) { scenario }
}
