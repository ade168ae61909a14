import Foundation
import Testing

// Swift Testing's assertions. Each names its references after the test:
// `__Snapshots__/<test file>/<test>.<n>/` beside the test file (see
// `checkOutlineSnapshot` for record modes and where failure pictures go).

/// Expects a scenario file to look as its references do. `scenarioPath` is
/// relative to the test file (or absolute). The references are in
/// `__Snapshots__/<test file>/<test>.<n>/` beside the test file (`<n>` counts
/// the test's unnamed assertions), or `<test>.<named>/`; a case of a
/// parameterized test adds its arguments (`<test>.<arguments>.<n>/`). A
/// failure attaches the expected, actual and diff pictures to the test.
public func expectOutlineSnapshot(
    file scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    do {
        let scenario = try Scenario.load(path: scenarioPath, besideTest: filePath)
        expectOutlineSnapshot(scenario, named: name, record: record, diff: diff, filePath: filePath, testName: testName, sourceLocation: sourceLocation)
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}

/// Expects an outline built in code (in its current state, with its
/// selection and event handlers), and the states after `steps`, to look as
/// their references do. The canvas fits the outline's height unless
/// `canvas` says otherwise. References are named after the test, as for
/// `expectOutlineSnapshot(file:)`.
public func expectOutlineSnapshot(
    of outline: Outline, named name: String? = nil, canvas: Scenario.Canvas = Scenario.Canvas(height: nil),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [],
    record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let scenario = Scenario(name: name ?? "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
    expect(scenario, named: name, legacyName: name, record: record, diff: diff, filePath: filePath, testName: testName, sourceLocation: sourceLocation)
}

/// Expects a scenario value (loaded or built) to look as its references do.
/// References are named after the test, as for `expectOutlineSnapshot(file:)`;
/// references stored before under the scenario's name
/// (`__Snapshots__/<scenario name>/`) are used while they exist.
public func expectOutlineSnapshot(
    _ scenario: Scenario, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, testName: String = #function, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expect(scenario, named: name, legacyName: name ?? scenario.name, record: record, diff: diff, filePath: filePath, testName: testName, sourceLocation: sourceLocation)
}

/// Claims the test's location, checks, attaches the pictures of a failure and records it.
private func expect(
    _ scenario: Scenario, named name: String?, legacyName: String?, record: RecordMode?, diff: DiffOptions,
    filePath: String, testName: String, sourceLocation: Testing.SourceLocation
) {
    let check: SnapshotCheck
    do {
        let test = TestIdentity.current(function: testName, filePath: filePath)
        let location = try SnapshotLocation.claim(filePath: filePath, test: test, named: name, legacyName: legacyName)
        check = checkOutlineSnapshot(scenario, at: location, record: record, diff: diff)
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        return
    }
    guard check.failed else { return }
    for path in check.artifacts {
        if let data = FileManager.default.contents(atPath: path) {
            Attachment.record([UInt8](data), named: (path as NSString).lastPathComponent, sourceLocation: sourceLocation)
        }
    }
    Issue.record(Comment(rawValue: check.messages.joined(separator: "\n")), sourceLocation: sourceLocation)
}
