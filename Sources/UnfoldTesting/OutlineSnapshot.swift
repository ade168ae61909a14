import Foundation
import Unfold
import UnfoldReferences
import UnfoldReport

/// What checking a scenario against its references found.
public struct SnapshotCheck: Sendable {
    /// What a test should report: one line per reference that differs (with
    /// the paths of its pictures), or one line for the references recorded
    /// or missing; empty when everything matched.
    public var messages: [String]
    /// Expected, actual and diff pictures of the failures (full paths), to attach to the test.
    public var artifacts: [String]
    /// Whether the check failed: a difference, a missing reference, or a
    /// reference recorded just now (a test must never pass on nothing).
    public var failed: Bool { !messages.isEmpty }
    /// How many references differ from what was drawn (recording them accepts the new pictures).
    public var differences = 0
    /// Advice that does not fail the test (pictures taller than a page).
    public var warnings: [String] = []
    /// The `unfold accept` command that accepts the failures from the run's
    /// report (`.build/unfold-artifacts`); nil when none was written.
    public var acceptCommand: String?
}

/// Checks a scenario against the references in `snapshots/<scenario name>/`,
/// the way `unfold test` does, with the same record modes. The assertions
/// (`expectOutlineSnapshot`, `XCTAssertOutlineSnapshot`) call it with a folder
/// named after the test; call it yourself to keep references elsewhere.
///
/// - `record`: `UNFOLD_RECORD` when set, else `never` when `CI` is set
///   (whatever `record` says: a CI run never records unless told by
///   `UNFOLD_RECORD`), else `record`, else the scope's, else `missing`.
/// - `artifacts`: the folder for failures' expected, actual and diff pictures;
///   else `UNFOLD_ARTIFACTS`, else `.build/unfold-artifacts` of the package the
///   references belong to (followed by their path in the package). A pass
///   clears the scenario's pictures there.
///
/// A reference recorded now fails the check, saying where it was written.
/// Cost: one render of the scenario, and one comparison per reference.
public func checkOutlineSnapshot(
    _ scenario: Scenario, snapshots: String, record: RecordMode? = nil,
    artifacts: String? = nil, diff: DiffOptions = DiffOptions()
) -> SnapshotCheck {
    var location = SnapshotLocation(snapshots: snapshots, name: scenario.name)
    if let artifacts { location.artifacts = artifacts }
    return checkOutlineSnapshot(scenario, at: location, record: record, diff: diff)
}

/// Checks `scenario` against the references at `location`, under the location's name (the assertions call it; tests of the report call it with their own location).
package func checkOutlineSnapshot(_ scenario: Scenario, at location: SnapshotLocation, record: RecordMode?, diff: DiffOptions) -> SnapshotCheck {
    var scenario = scenario
    scenario.name = location.name
    do {
        let environment = ScopedRecording.environment ?? ProcessInfo.processInfo.environment
        var options = SnapshotOptions(render: RenderOptions(fonts: try FontSet.locate()))
        options.root = location.snapshots
        options.record = try RecordMode.forAssertion(requested: record ?? ScopedRecording.mode, environment: environment)
        options.artifacts = location.artifacts
        options.diff = diff
        let warnings = Warnings()
        options.render.warn = { warnings.add($0) }
        // The folder is this assertion's alone: what it no longer produces goes when it records.
        let result = try SnapshotRunner.check(scenario, options: options, prune: options.record != .never)
        var check = SnapshotCheck(result, at: location, mode: options.record, catalog: options.catalog)
        let fonts = options.render.fonts
        do {
            check.acceptCommand = try TestRunReport.record(
                result, at: location, mode: options.record, catalog: options.catalog, environment: try SnapshotEnvironment(fonts: fonts))
        } catch {
            // Without the run's report there is no command to accept with: the test says why.
            warnings.add("the run's report in \(location.reportFolder) was not written (\(error)): accept with UNFOLD_RECORD=failed instead")
        }
        check.warnings = warnings.all
        return check
    } catch {
        TestRunReport.noteUse(at: location)
        return SnapshotCheck(messages: ["\(location.name): \(error)"], artifacts: [])
    }
}

extension SnapshotCheck {
    /// What a test says about `result`: the recorded and the missing
    /// references in one line each, then each difference with its pictures.
    init(_ result: ScenarioCheck, at location: SnapshotLocation, mode: RecordMode, catalog: ReferenceCatalog) {
        messages = []
        artifacts = []
        let name = location.name, folder = location.references
        let recorded = result.cases.filter { $0.status == .recorded }
        if !recorded.isEmpty {
            let what = recorded.count == 1 ? "1 reference" : "\(recorded.count) references"
            messages.append("\(name): recorded \(what) in \(folder): look at them, commit them and run the test again")
        }
        let failed = result.cases.filter { $0.status == .failed }
        let missing = failed.filter { $0.referenceHash == nil }
        if !missing.isEmpty {
            artifacts += missing.compactMap { $0.artifacts.actual.map { location.artifacts + "/" + $0 } }
            let why = mode == .never ? "the record mode is never (CI is set, UNFOLD_RECORD=never or `record: .never`)" : "they were not recorded"
            messages.append(
                "\(name): no reference in \(folder) (\(missing.map(\.reference).joined(separator: ", "))): \(why); "
                    + "run the test where CI is not set, or with UNFOLD_RECORD=missing, and commit what it writes")
        }
        differences = failed.count - missing.count
        // Told as the command line tells it (`FailureMessage.lines`), with the pictures of each failure
        // (a strip that changed with the states is told by them); every failing picture is attached, the strip's too.
        for line in FailureMessage.lines(of: result.cases, catalog: catalog) {
            let paths = line.failure?.artifacts.paths.map { location.artifacts + "/" + $0.path } ?? []
            if result.environmentChange == nil { messages.append(line.said(scenario: name) + paths.map { "\n  " + $0 }.joined()) }
        }
        artifacts += failed.filter { $0.referenceHash != nil }.flatMap { c in c.artifacts.paths.map { location.artifacts + "/" + $0.path } }
        if let change = result.environmentChange {
            let count = failed.count - missing.count
            messages.append("\(name): \(count) reference\(count == 1 ? "" : "s") differ; \(change)")
        }
    }
}

/// Warnings told from the render's threads.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ warning: String) { lock.withLock { list.append(warning) } }
    var all: [String] { lock.withLock { list } }
}
