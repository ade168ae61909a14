@_exported import Unfold
import Foundation
import Testing
import XCTest

/// Checks a scenario against its references (states, strip, updates) the way
/// `unfold test` does, with the same record modes and artifacts, and returns
/// a failure message, or nil when everything matches or was recorded.
///
/// References live in `snapshots/<scenario name>/`; by default
/// `__Snapshots__` beside the calling test file. The record mode comes from
/// `record`, else `UNFOLD_RECORD`, else `.missing`.
public func verifyOutlineSnapshot(_ scenario: Scenario, snapshots: String, record: RecordMode? = nil,
                                  artifacts: String? = nil, diff: DiffOptions = DiffOptions()) -> String? {
    do {
        var options = SnapshotOptions(render: RenderOptions(fonts: try FontSet.locate()))
        options.root = snapshots
        options.record = record ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment) ?? .missing
        options.artifacts = artifacts ?? (snapshots as NSString).deletingLastPathComponent + "/.unfold/artifacts"
        options.diff = diff
        let (cases, _) = try SnapshotRunner.check(scenario, options: options)
        let failures = cases.filter { $0.status == .failed }
        guard !failures.isEmpty else { return nil }
        return failures.map { c in
            "\(c.scenario)/\(c.reference): \(c.message)" + (c.artifacts["diff"].map { " (diff: \(options.artifacts)/\($0))" } ?? "")
        }.joined(separator: "\n")
    } catch {
        return "\(error)"
    }
}

/// `__Snapshots__` beside a test file.
func defaultSnapshots(for filePath: String) -> String {
    (filePath as NSString).deletingLastPathComponent + "/__Snapshots__"
}

/// Loads a scenario file, or says why not.
func loadScenario(_ path: String, relativeTo filePath: String) -> Result<Scenario, Error> {
    let full = path.hasPrefix("/") ? path : (filePath as NSString).deletingLastPathComponent + "/" + path
    return Result { try Scenario.load(path: full) }
}

// MARK: Swift Testing

/// Swift Testing: expects a scenario file (relative to the test file) to match its references.
public func expectOutlineSnapshot(file scenarioPath: String, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
                                  filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    switch loadScenario(scenarioPath, relativeTo: filePath) {
    case let .success(scenario):
        expectOutlineSnapshot(scenario, record: record, diff: diff, filePath: filePath, sourceLocation: sourceLocation)
    case let .failure(error):
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}

/// Swift Testing: expects an outline built in code, in its current state, to match its reference.
public func expectOutlineSnapshot(of outline: Outline, named name: String, canvas: Scenario.Canvas = Scenario.Canvas(),
                                  style: Scenario.Style = Scenario.Style(), record: RecordMode? = nil,
                                  filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    expectOutlineSnapshot(Scenario(name: name, outline: outline, canvas: canvas, style: style),
                          record: record, filePath: filePath, sourceLocation: sourceLocation)
}

/// Swift Testing: expects a scenario value to match its references.
public func expectOutlineSnapshot(_ scenario: Scenario, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
                                  filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if let failure = verifyOutlineSnapshot(scenario, snapshots: defaultSnapshots(for: filePath), record: record, diff: diff) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

// MARK: XCTest

/// XCTest: asserts that a scenario file (relative to the test file) matches its references.
public func XCTAssertOutlineSnapshot(file scenarioPath: String, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
                                     file filePath: StaticString = #filePath, line: UInt = #line) {
    switch loadScenario(scenarioPath, relativeTo: "\(filePath)") {
    case let .success(scenario):
        XCTAssertOutlineSnapshot(scenario, record: record, diff: diff, file: filePath, line: line)
    case let .failure(error):
        XCTFail("\(error)", file: filePath, line: line)
    }
}

/// XCTest: asserts that a scenario value matches its references.
public func XCTAssertOutlineSnapshot(_ scenario: Scenario, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
                                     file filePath: StaticString = #filePath, line: UInt = #line) {
    if let failure = verifyOutlineSnapshot(scenario, snapshots: defaultSnapshots(for: "\(filePath)"), record: record, diff: diff) {
        XCTFail(failure, file: filePath, line: line)
    }
}
