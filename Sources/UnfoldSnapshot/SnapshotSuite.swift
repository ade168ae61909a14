import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldReferences
import UnfoldRender
import UnfoldReport

/// A whole snapshot run: every scenario checked against its references,
/// the references of scenarios that are gone found (and pruned), failures
/// recorded in another environment told once, and the reports written.
/// `unfold test` and the Swift test helpers run it; they only print.
public struct SnapshotSuite {
    /// The scenarios to check.
    public var scenarios: [Scenario]
    /// How to check them.
    public var options: SnapshotOptions
    /// Remove references that no scenario produces any more.
    public var prune = false
    /// Whether `scenarios` are all of the project's (no chosen files), or
    /// one shard of them (`shard`): only then are folders of scenarios that
    /// are gone stale.
    public var complete = false
    /// For one shard of a complete run: which (the K-th of N, 1-based) and
    /// the names of every scenario of the project. A folder no scenario
    /// has is owned by the shard its name falls to (`shardIndex`), by the
    /// rule that assigns scenarios, so it fails exactly one shard.
    public var shard: (k: Int, of: Int, every: Set<String>)?

    /// A suite of `scenarios` checked with `options`.
    public init(scenarios: [Scenario], options: SnapshotOptions) {
        self.scenarios = scenarios
        self.options = options
    }

    /// Something worth a line while the suite runs.
    public enum Event: Sendable {
        /// A reference was recorded.
        case reference(CaseResult)
        /// A failure, told as the Swift assertions tell it (`scenario/reference: what changed`),
        /// with the failed reference it is about (nil for a line about several).
        case failed(line: String, failure: CaseResult?)
        /// Scenarios whose failing references were recorded in another environment: one message for them all.
        case environmentChange(scenarios: [String], failed: Int, change: String)
        /// A reference no scenario produces (removed when pruning); it
        /// `fails` the run when nothing may be recorded (see `fails(_:)`).
        case stale(String, removed: Bool, fails: Bool)
    }

    /// The K-th (1-based) of N stable shares of `scenarios`, by name: adding
    /// a scenario moves no other between shards. O(scenarios).
    public static func shard(_ scenarios: [Scenario], k: Int, of n: Int) -> [Scenario] {
        scenarios.filter { shardIndex(of: $0.name, count: n) == k - 1 }
    }

    /// FNV-1a of the name, mixed (splitmix64's finaliser: FNV's low bits
    /// follow the bytes' low bits), modulo `count`.
    static func shardIndex(of name: String, count: Int) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Int(h % UInt64(count))
    }

    /// Checks every scenario in name order, telling `events` as it goes.
    /// Writes the report files into `options.artifacts` when something
    /// failed, and removes an older failing report when nothing did (it must
    /// not be accepted over references that now pass). O(scenarios' outputs).
    public func run(_ events: (Event) -> Void = { _ in }) throws -> SnapshotReport {
        var report = SnapshotReport()
        report.environment = try SnapshotEnvironment(fonts: options.render.fonts)
        report.kinds = options.catalog.kinds.map(ReportedKind.init)
        var changes: [String: [String]] = [:]  // message → scenarios
        var bytesChange = 0
        for scenario in scenarios.sorted(by: { $0.name < $1.name }) {
            let store = ReferenceStore(root: options.root, scenario: scenario.name, catalog: options.catalog)
            let sizeBefore = try store.storedSize()
            let check = try SnapshotRunner.check(scenario, options: options, prune: prune)
            report.cases += check.cases
            report.stale += check.stale
            if let change = check.environmentChange {
                changes[change, default: []].append(scenario.name)
                report.environmentChanges = (report.environmentChanges ?? [:]).merging([scenario.name: change]) { a, _ in a }
            }
            for c in check.cases where c.status == .recorded || (c.status == .failed && c.referenceHash == nil) {
                let missing = FailureMessage.Line(references: [c.reference], text: c.message, failure: c)
                c.status == .recorded ? events(.reference(c)) : events(.failed(line: missing.said(scenario: c.scenario), failure: c))
            }
            if check.environmentChange == nil {
                for line in FailureMessage.lines(of: check.cases, catalog: options.catalog) {
                    events(.failed(line: line.said(scenario: scenario.name), failure: line.failure))
                }
            }
            let size = try store.storedSize()
            report.referenceBytes += size
            bytesChange += size - sizeBefore
        }
        report.referenceBytesChange = bytesChange
        let every = shard?.every ?? Set(scenarios.map(\.name))
        if complete, !every.isEmpty { report.stale += try goneScenarios(every) }
        for (change, names) in changes.sorted(by: { $0.key < $1.key }) {
            let failed = report.cases.filter { $0.status == .failed && names.contains($0.scenario) }.count
            events(.environmentChange(scenarios: names, failed: failed, change: change))
        }
        for s in report.stale { events(.stale(s, removed: prune, fails: failsOnStale)) }
        report.folder = options.artifacts
        // A stale reference that fails the run is in its report too, for a shard's to be merged.
        if report.failed > 0 || (failsOnStale && !report.stale.isEmpty) {
            try report.write(to: options.artifacts, catalog: options.catalog)
        } else {
            try SnapshotReport.remove(from: options.artifacts)
        }
        return report
    }

    /// Whether `report` fails the run: a reference failed, or, when nothing
    /// may be recorded (`never`, as in CI) and nothing pruned, a reference
    /// no scenario produces is left: a scenario renamed, moved or gone would
    /// otherwise leave its references untested while the run passes.
    public func fails(_ report: SnapshotReport) -> Bool {
        report.failed > 0 || (failsOnStale && !report.stale.isEmpty)
    }

    /// Whether a stale reference fails the run (`fails(_:)`).
    private var failsOnStale: Bool { options.record == .never && !prune }

    /// The references of folders under the root that name no scenario of
    /// the suite (removed when pruning). Only folders with a scenario's name
    /// and an index count; Unfold's own `.unfold` is not one.
    private func goneScenarios(_ names: Set<String>) throws -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: options.root)) ?? []
        var stale: [String] = []
        let owned = { (folder: String) in shard.map { Self.shardIndex(of: folder, count: $0.of) == $0.k - 1 } ?? true }
        for folder in folders.sorted() where Scenario.isValidName(folder) && !names.contains(folder) && owned(folder) {
            let store = ReferenceStore(root: options.root, scenario: folder, catalog: options.catalog)
            let references = try store.contents().index.names.sorted()
            guard !references.isEmpty else { continue }
            stale += references.map { folder + "/" + $0 }
            if prune { try store.locked { try store.write(Dictionary(uniqueKeysWithValues: references.map { ($0, nil) }), environment: nil) } }
        }
        return stale
    }

    /// Renders every scenario's outputs with 1 and with 2 workers. Returns
    /// the number of files compared and a line for each that differs (none
    /// when the renders agree byte for byte).
    public static func checkDeterminism(_ scenarios: [Scenario], fonts: FontSet) throws -> (files: Int, differences: [String]) {
        var differences: [String] = []
        var files = 0
        for scenario in scenarios.sorted(by: { $0.name < $1.name }) {
            var options = RenderOptions(fonts: fonts)
            options.workers = 1
            let one = try ScenarioRenderer.render(scenario, options: options)
            options.workers = 2
            let two = try ScenarioRenderer.render(scenario, options: options)
            let second = Dictionary(two.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
            for file in one.files where second[file.path] != file.bytes {
                differences.append("\(scenario.name)/\(file.path): the bytes differ between 1 and 2 workers")
            }
            if Set(one.files.map(\.path)) != Set(second.keys) { differences.append("\(scenario.name): 1 and 2 workers write different files") }
            files += one.files.count
        }
        return (files, differences)
    }
}
