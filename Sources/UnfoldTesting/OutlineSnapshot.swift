import Foundation
import Testing
@_exported import Unfold
import XCTest

/// What checking a scenario against its references found.
public struct SnapshotCheck: Sendable {
    /// One line per reference that failed or was recorded; empty when everything matched.
    public var messages: [String]
    /// Expected, actual and diff files of the failures (full paths), for attachments.
    public var artifacts: [String]
    /// Whether the check failed (a difference, a missing reference, or a
    /// reference recorded just now: a test must never pass on nothing).
    public var failed: Bool { !messages.isEmpty }
}

/// Checks a scenario against its references (states, strip, updates) the way
/// `unfold test` does, with the same record modes.
///
/// - `snapshots`: the folder of `<scenario name>/` reference folders.
/// - `record`: else `UNFOLD_RECORD`, else `never` when `CI` is set, else `missing`.
/// - `artifacts`: where failures' expected, actual and diff images go; else
///   `UNFOLD_ARTIFACTS`, else `.build/unfold-artifacts` of the package the
///   references belong to (out of the source tree). A pass clears the
///   scenario's old artifacts.
///
/// A reference recorded now fails the check, saying what was written where.
public func checkOutlineSnapshot(
    _ scenario: Scenario, snapshots: String, record: RecordMode? = nil,
    artifacts: String? = nil, diff: DiffOptions = DiffOptions()
) -> SnapshotCheck {
    do {
        let environment = ProcessInfo.processInfo.environment
        var options = SnapshotOptions(render: RenderOptions(fonts: try FontSet.locate()))
        options.root = snapshots
        options.record = try RecordMode.resolve(record, environment: environment)
        options.artifacts = artifacts ?? environment["UNFOLD_ARTIFACTS"] ?? defaultArtifacts(for: snapshots)
        options.diff = diff
        let result = try SnapshotRunner.check(scenario, options: options)
        var check = SnapshotCheck(messages: [], artifacts: [])
        if let change = result.environmentChange {
            let failed = result.cases.filter { $0.status == .failed }.count
            check.messages.append("\(scenario.name): \(failed) reference\(failed == 1 ? "" : "s") differ; \(change)")
        }
        for c in result.cases where c.status != .passed {
            let reference = "\(c.scenario)/\(c.reference)"
            if c.status == .recorded {
                check.messages.append(
                    "\(reference): recorded a new reference in \(snapshots)/\(c.scenario); "
                        + "check it, commit it and run the test again")
                continue
            }
            let paths = ["expected", "actual", "diff"].compactMap { role in c.artifacts[role].map { options.artifacts + "/" + $0 } }
            check.artifacts += paths
            guard result.environmentChange == nil else { continue }
            check.messages.append("\(reference): \(c.message)" + (paths.isEmpty ? "" : "\n  " + paths.joined(separator: "\n  ")))
        }
        if !check.failed { try? FileManager.default.removeItem(atPath: options.artifacts + "/" + scenario.name) }
        return check
    } catch {
        return SnapshotCheck(messages: ["\(error)"], artifacts: [])
    }
}

/// The same as `checkOutlineSnapshot`, as one failure message (nil: it matched).
public func verifyOutlineSnapshot(
    _ scenario: Scenario, snapshots: String, record: RecordMode? = nil,
    artifacts: String? = nil, diff: DiffOptions = DiffOptions()
) -> String? {
    let check = checkOutlineSnapshot(scenario, snapshots: snapshots, record: record, artifacts: artifacts, diff: diff)
    return check.failed ? check.messages.joined(separator: "\n") : nil
}

/// `__Snapshots__` beside a test file.
func defaultSnapshots(for filePath: String) -> String {
    (filePath as NSString).deletingLastPathComponent + "/__Snapshots__"
}

/// `.build/unfold-artifacts` of the package that holds `folder` (the nearest
/// folder above it with a `Package.swift`), else a folder in the temporary directory.
func defaultArtifacts(for folder: String) -> String {
    var dir = URL(fileURLWithPath: folder).standardizedFileURL
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            return dir.appendingPathComponent(".build/unfold-artifacts").path
        }
        dir.deleteLastPathComponent()
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("unfold-artifacts").path
}

/// Loads a scenario file, or says why not.
func loadScenario(_ path: String, relativeTo filePath: String) -> Result<Scenario, Error> {
    let full = path.hasPrefix("/") ? path : (filePath as NSString).deletingLastPathComponent + "/" + path
    return Result { try Scenario.load(path: full) }
}

// MARK: Swift Testing

/// Swift Testing: expects a scenario file (relative to the test file) to match its references.
public func expectOutlineSnapshot(
    file scenarioPath: String, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    switch loadScenario(scenarioPath, relativeTo: filePath) {
    case let .success(scenario):
        expectOutlineSnapshot(scenario, record: record, diff: diff, filePath: filePath, sourceLocation: sourceLocation)
    case let .failure(error):
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}

/// Swift Testing: expects an outline built in code (in its current state, with
/// its selection and handlers), after `steps`, to match its references.
public func expectOutlineSnapshot(
    of outline: Outline, named name: String, canvas: Scenario.Canvas = Scenario.Canvas(),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:],
    steps: [Step.Action] = [], record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectOutlineSnapshot(
        Scenario(name: name, outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps),
        record: record, diff: diff, filePath: filePath, sourceLocation: sourceLocation)
}

/// Swift Testing: expects a scenario value to match its references. A
/// failure attaches the expected, actual and diff images to the test.
public func expectOutlineSnapshot(
    _ scenario: Scenario, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let check = checkOutlineSnapshot(scenario, snapshots: defaultSnapshots(for: filePath), record: record, diff: diff)
    guard check.failed else { return }
    for path in check.artifacts {
        if let data = FileManager.default.contents(atPath: path) {
            Attachment.record([UInt8](data), named: (path as NSString).lastPathComponent, sourceLocation: sourceLocation)
        }
    }
    Issue.record(Comment(rawValue: check.messages.joined(separator: "\n")), sourceLocation: sourceLocation)
}

// MARK: XCTest

/// XCTest: asserts that a scenario file (relative to the test file) matches its references.
public func XCTAssertOutlineSnapshot(
    file scenarioPath: String, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file filePath: StaticString = #filePath, line: UInt = #line
) {
    switch loadScenario(scenarioPath, relativeTo: "\(filePath)") {
    case let .success(scenario):
        XCTAssertOutlineSnapshot(scenario, record: record, diff: diff, file: filePath, line: line)
    case let .failure(error):
        XCTFail("\(error)", file: filePath, line: line)
    }
}

/// XCTest: asserts that an outline built in code (in its current state, with
/// its selection and handlers), after `steps`, matches its references.
public func XCTAssertOutlineSnapshot(
    of outline: Outline, named name: String, canvas: Scenario.Canvas = Scenario.Canvas(),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:],
    steps: [Step.Action] = [], record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file filePath: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertOutlineSnapshot(
        Scenario(name: name, outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps),
        record: record, diff: diff, file: filePath, line: line)
}

/// XCTest: asserts that a scenario value matches its references; the message
/// names the expected, actual and diff files of a failure.
public func XCTAssertOutlineSnapshot(
    _ scenario: Scenario, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    file filePath: StaticString = #filePath, line: UInt = #line
) {
    if let failure = verifyOutlineSnapshot(scenario, snapshots: defaultSnapshots(for: "\(filePath)"), record: record, diff: diff) {
        XCTFail(failure, file: filePath, line: line)
    }
}
