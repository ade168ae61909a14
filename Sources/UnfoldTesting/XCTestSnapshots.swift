import Foundation
import XCTest

// XCTest's assertions: the same as Swift Testing's (`expectOutlineSnapshot`),
// with the failure's pictures named in the message (XCTest on Linux has no
// attachments).

/// Asserts that a scenario file looks as its references do. `scenarioPath`
/// is relative to the test file (or absolute). The references are in
/// `__Snapshots__/<test file>/<test>.<n>/` beside the test file (`<n>` counts
/// the test's unnamed assertions), or `<test>.<named>/`.
public func XCTAssertOutlineSnapshot(
    ofFile scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    do {
        let scenario = try Scenario.load(path: scenarioPath, besideTest: "\(file)")
        XCTAssertOutlineSnapshot(scenario, named: name, record: record, diff: diff, file: file, testName: testName, line: line)
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
}

/// Asserts that an outline built in code (in its current state, with its
/// selection and event handlers), and the states after `steps`, look as
/// their references do. The canvas fits the outline's height unless
/// `canvas` says otherwise.
public func XCTAssertOutlineSnapshot(
    of outline: Outline, named name: String? = nil, canvas: Scenario.Canvas = Scenario.Canvas(height: nil),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [],
    record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    let scenario = Scenario(name: name ?? "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
    assert(scenario, named: name, legacyName: name, record: record, diff: diff, file: file, testName: testName, line: line)
}

/// Asserts that a scenario value (loaded or built) looks as its references
/// do. References stored before under the scenario's name
/// (`__Snapshots__/<scenario name>/`) are used while they exist.
public func XCTAssertOutlineSnapshot(
    _ scenario: Scenario, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    assert(scenario, named: name, legacyName: name ?? scenario.name, record: record, diff: diff, file: file, testName: testName, line: line)
}

/// Claims the test's location, checks, and fails with the messages.
private func assert(
    _ scenario: Scenario, named name: String?, legacyName: String?, record: RecordMode?, diff: DiffOptions,
    file: StaticString, testName: String, line: UInt
) {
    do {
        let test = TestIdentity.current(function: testName, filePath: "\(file)")
        let location = try SnapshotLocation.claim(filePath: "\(file)", test: test, named: name, legacyName: legacyName)
        let check = checkOutlineSnapshot(scenario, at: location, record: record, diff: diff)
        if check.failed { XCTFail(check.messages.joined(separator: "\n"), file: file, line: line) }
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
}
