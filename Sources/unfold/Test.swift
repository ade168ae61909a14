import ArgumentParser
import Foundation
import Unfold
import UnfoldReferences
import UnfoldSupport

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render every scenario again and compare each output with its reference under Snapshots/.",
        discussion: """
            References: the states, the strip (frame by frame) and updates.json of each scenario.
            Failures leave expected, actual and diff images and the report (\(SnapshotReport.files.joined(separator: ", "))) in --artifacts.
            Exit status: 0 all passed, 1 failures, 2 bad input.
            """)

    @Argument(help: "Scenario files or folders (default: Examples).")
    var inputs: [String] = []

    @Option(help: "The references' folder.")
    var snapshots = SnapshotOptions.defaultSnapshots

    @Option(help: "missing, all, failed or never; else UNFOLD_RECORD; else never when CI is set, missing otherwise.")
    var record: RecordMode?

    @Option(help: "Where failure images and reports go.")
    var artifacts = SnapshotOptions.defaultArtifacts

    @Option(help: "Run the K-th of N stable shares of the scenarios, as K/N (e.g. 2/4).")
    var shard: String?

    @Flag(help: "Remove references that no scenario produces any more.")
    var prune = false

    @Flag(help: "Also render every scenario twice, with 1 and 2 workers, and fail on any byte difference in any output.")
    var checkDeterminism = false

    @Option(help: "Write a Markdown summary here (it goes to $GITHUB_STEP_SUMMARY too when that is set).")
    var summary: String?

    @OptionGroup var comparison: ComparisonOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Worker threads (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    /// `--jobs`, or the number of cores.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        _ = try parsedShard()
        if !Limits.workers.contains(workers) { throw ValidationError("--jobs must be in \(Limits.workers.lowerBound)...\(Limits.workers.upperBound)") }
    }

    func parsedShard() throws -> (k: Int, n: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1 ... parts[1]).contains(parts[0]) else {
            throw ValidationError("--shard must be K/N with 1 <= K <= N, e.g. --shard 1/4")
        }
        return (parts[0], parts[1])
    }

    func run() throws {
        let mode: RecordMode
        do { mode = try RecordMode.resolve(record) } catch { throw fail(error) }
        var scenarios: [Scenario] = []
        for file in try scenarioFiles(inputs.isEmpty ? ["Examples"] : inputs, typed: !inputs.isEmpty) {
            do { scenarios.append(try Scenario.load(path: file)) } catch { throw fail(error) }
        }
        try requireUniqueNames(scenarios)
        let shard = try parsedShard()
        let every = Set(scenarios.map(\.name))
        if let (k, n) = shard { scenarios = SnapshotSuite.shard(scenarios, k: k, of: n) }
        var options = SnapshotOptions(render: RenderOptions(fonts: try fonts()))
        options.root = snapshots
        options.record = mode
        options.artifacts = artifacts
        options.diff = try comparison.diffOptions()
        options.render.workers = workers
        var suite = SnapshotSuite(scenarios: scenarios, options: options)
        suite.prune = prune
        // A run of the default scenarios also finds folders of scenarios that are gone (a shard,
        // those whose names fall to it); a run of chosen files or folders cannot know.
        suite.complete = inputs.isEmpty
        if let (k, n) = shard { suite.shard = (k, n, every) }
        let report: SnapshotReport
        do { report = try suite.run(printEvent) } catch let error as ScenarioError { throw fail(error) } catch {
            throw fail("error: \(error)")
        }
        if report.failed > 0 {
            print("report: \(InertText(artifacts))/" + SnapshotReport.files.joined(separator: ", "))
            print("accept the changes: \(report.acceptCommand()) (or one by one: \(report.reviewCommand))")
        }
        try writeSummary(report, to: summary)
        let bytesChange = report.referenceBytesChange ?? 0
        let change = bytesChange == 0 ? "" : " (\(bytesChange > 0 ? "+" : "-")\(formatBytes(abs(bytesChange))) in this run)"
        print(
            "references: \(formatBytes(report.referenceBytes))\(change) in \(InertText(snapshots)) for \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s")")
        print(report.summary)
        var failed = suite.fails(report)
        if checkDeterminism {
            let (files, differences) = try SnapshotSuite.checkDeterminism(scenarios, fonts: options.render.fonts)
            for line in differences { print("NONDETERMINISTIC \(line)") }
            print(
                "determinism: \(files) files of \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") rendered twice (1 and 2 workers): "
                    + (differences.isEmpty ? "byte-identical" : "they differ"))
            failed = failed || !differences.isEmpty
        }
        if failed { throw ExitCode(1) }
    }

    private func printEvent(_ event: SnapshotSuite.Event) {
        switch event {
        case .reference(let c):
            print("recorded \(c.scenario)/\(c.reference): \(InertText(c.message))")
        case .failed(let line, let c):
            print("FAIL \(InertText(line))")
            let frames = c?.frames ?? []
            for f in frames.dropFirst().prefix(4) { print("     \(f.description)") }
            if frames.count > 5 { print("     and \(frames.count - 5) more frames (see the report)") }
        case .environmentChange(let names, let failed, let change):
            print("FAIL \(names.joined(separator: ", ")): \(failed) reference\(failed == 1 ? "" : "s") differ, and \(change)")
        case .stale(let id, let removed, let fails):
            if fails {
                print(
                    "FAIL stale reference \(InertText(id)): no scenario produces it (was its scenario renamed, moved or removed?); "
                        + "restore the scenario, or remove it with --prune")
            } else {
                print("stale reference \(InertText(id))" + (removed ? " (removed)" : "; remove it with --prune"))
            }
        }
    }
}

/// Writes the Markdown summary to `path` and appends it to `$GITHUB_STEP_SUMMARY` when that is set.
func writeSummary(_ report: SnapshotReport, to path: String?) throws {
    let text = Array(report.markdown().utf8)
    if let path { try AtomicFile.write(text, to: path) }
    if let step = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !step.isEmpty {
        do {
            guard let handle = FileHandle(forWritingAtPath: step) else { throw CocoaError(.fileWriteNoPermission) }
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text))
        } catch {
            throw fail(UsageError(description: "GITHUB_STEP_SUMMARY is \(step), which cannot be written (\(error.localizedDescription))"))
        }
    }
}

struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the report.json files of several shards into one set of reports.")

    @Argument(help: "report.json files.")
    var reports: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the report (\(SnapshotReport.files.joined(separator: ", ")))."))
    var out: String

    func run() throws {
        let merged: SnapshotReport
        do {
            let folders = try reports.map { path in
                guard (path as NSString).lastPathComponent == "report.json" else {
                    throw UsageError(description: "\(InertText(path)) is not a report.json: give each shard's report.json")
                }
                return (path as NSString).deletingLastPathComponent
            }
            merged = try SnapshotReport.merge(folders: folders, into: out, catalog: .standard)
        } catch {
            throw fail("error: \(error)")
        }
        try writeSummary(merged, to: nil)
        print("merged \(reports.count) reports into \(InertText(out)): " + SnapshotReport.files.joined(separator: ", "))
        print(merged.summary + (merged.stale.isEmpty ? "" : ", \(merged.stale.count) stale"))
        // A shard's report lists stale references only when they failed it.
        if merged.failed > 0 || !merged.stale.isEmpty { throw ExitCode(1) }
    }
}

extension RecordMode: ExpressibleByArgument {}
