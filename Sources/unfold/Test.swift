import ArgumentParser
import Foundation
import Unfold

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render every scenario again and compare each output with its reference under Snapshots/.",
        discussion: """
            References: the states, the strip (frame by frame) and updates.json of each scenario.
            Failures leave expected, actual and diff images and report.html, junit.xml and report.json in --artifacts.
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

    @Option(name: .shortAndLong, help: "Worker threads (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        _ = try parsedShard()
        if !Limits.workers.contains(jobs) { throw ValidationError("--jobs must be in \(Limits.workers.lowerBound)...\(Limits.workers.upperBound)") }
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
        var files = try scenarioFiles(inputs.isEmpty ? ["Examples"] : inputs)
        var scenarios: [Scenario] = []
        for file in files {
            do { scenarios.append(try Scenario.load(path: file)) } catch { throw fail(error) }
        }
        try requireUniqueNames(scenarios)
        let shard = try parsedShard()
        if let (k, n) = shard {
            scenarios = scenarios.filter { Shard.index(of: $0.name, count: n) == k - 1 }
            files = scenarios.map(\.file)
        }
        var options = SnapshotOptions(render: RenderOptions(fonts: try fonts()))
        options.root = snapshots
        options.record = mode
        options.artifacts = artifacts
        options.diff = try comparison.diffOptions()
        options.render.workers = jobs

        var report = SnapshotReport()
        report.snapshots = snapshots
        do { report.environment = try SnapshotEnvironment(fonts: options.render.fonts) } catch { throw fail(error) }
        var environmentChanges: [String: [String]] = [:]  // message → scenarios
        var bytesChange = 0
        for scenario in scenarios.sorted(by: { $0.name < $1.name }) {
            let store = ReferenceStore(root: snapshots, scenario: scenario.name)
            let sizeBefore = store.storedSize()
            do {
                let check = try SnapshotRunner.check(scenario, options: options, prune: prune)
                report.cases += check.cases
                report.stale += check.stale
                if let change = check.environmentChange {
                    // One message for them all, not a failure per picture.
                    environmentChanges[change, default: []].append(scenario.name)
                    report.environmentChanges = (report.environmentChanges ?? [:]).merging([scenario.name: change]) { a, _ in a }
                }
                for c in check.cases where c.status != .passed && (c.status == .recorded || check.environmentChange == nil) {
                    print("\(c.status == .failed ? "FAIL" : "recorded") \(c.scenario)/\(c.reference): \(c.message)")
                    for f in c.frames.dropFirst().prefix(4) { print("     \(f.description)") }
                    if c.frames.count > 5 { print("     and \(c.frames.count - 5) more frames (see the report)") }
                }
            } catch let error as ScenarioError {
                throw fail(error)
            } catch {
                FileHandle.standardError.write(Data("error: \(scenario.file): \(error)\n".utf8))
                throw ExitCode(2)
            }
            let size = store.storedSize()
            report.referenceBytes += size
            bytesChange += size - sizeBefore
        }
        report.referenceBytesChange = bytesChange
        // A full run (the default scenarios, no shard) also finds folders of
        // scenarios that are gone; a run of chosen files or folders cannot know.
        if shard == nil, inputs.isEmpty, !scenarios.isEmpty {
            let names = Set(scenarios.map(\.name))
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []
            for folder in folders.sorted() where !names.contains(folder) {
                let store = ReferenceStore(root: snapshots, scenario: folder)
                guard FileManager.default.fileExists(atPath: store.directory + "/index.json") else { continue }
                do {
                    let references = try store.index().entries.keys.sorted()
                    report.stale += references.map { folder + "/" + $0 }
                    if prune { try store.locked { try store.remove(references) } }
                } catch {
                    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                    throw ExitCode(2)
                }
            }
        }
        for (change, names) in environmentChanges.sorted(by: { $0.key < $1.key }) {
            let failed = report.cases.filter { $0.status == .failed && names.contains($0.scenario) }.count
            print("FAIL \(names.joined(separator: ", ")): \(failed) reference\(failed == 1 ? "" : "s") differ, and \(change)")
        }
        for s in report.stale { print("stale reference \(s)" + (prune ? " (removed)" : "; remove it with --prune")) }
        if report.failed > 0 {
            try report.write(to: artifacts)
            print("report: \(artifacts)/report.html, junit.xml, report.json, summary.md")
            print("accept the changes: \(report.acceptCommand()) (or one by one: \(report.reviewCommand))")
        } else {
            report.folder = artifacts
            // An older failing report must not be accepted over references that now pass.
            for file in ["report.json", "report.html", "junit.xml", "summary.md"] {
                try? FileManager.default.removeItem(atPath: artifacts + "/" + file)
            }
        }
        try writeSummary(report, to: summary)
        let change = bytesChange == 0 ? "" : " (\(bytesChange > 0 ? "+" : "-")\(formatBytes(abs(bytesChange))) in this run)"
        print("references: \(formatBytes(report.referenceBytes))\(change) in \(snapshots) for \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s")")
        print(report.summary)
        var failed = report.failed > 0
        if checkDeterminism {
            failed = try !checkRendersAgree(scenarios, fonts: options.render.fonts) || failed
        }
        if failed { throw ExitCode(1) }
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

/// Renders every scenario's outputs with 1 and with 2 workers and prints
/// each file whose bytes differ. True when all agree.
func checkRendersAgree(_ scenarios: [Scenario], fonts: FontSet) throws -> Bool {
    var agree = true
    var files = 0
    for scenario in scenarios.sorted(by: { $0.name < $1.name }) {
        var options = RenderOptions(fonts: fonts)
        options.workers = 1
        let one = try ScenarioRenderer.render(scenario, options: options)
        options.workers = 2
        let two = try ScenarioRenderer.render(scenario, options: options)
        let second = Dictionary(two.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        for file in one.files where second[file.path] != file.bytes {
            print("NONDETERMINISTIC \(scenario.name)/\(file.path): the bytes differ between 1 and 2 workers")
            agree = false
        }
        if Set(one.files.map(\.path)) != Set(second.keys) {
            print("NONDETERMINISTIC \(scenario.name): 1 and 2 workers write different files")
            agree = false
        }
        files += one.files.count
    }
    print(
        "determinism: \(files) files of \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") rendered twice (1 and 2 workers): "
            + (agree ? "byte-identical" : "they differ"))
    return agree
}

/// A stable share of scenarios by name (FNV-1a), so that adding a scenario
/// moves no other between shards.
enum Shard {
    static func index(of name: String, count: Int) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        // FNV's low bits follow the bytes' low bits: mix (splitmix64's finaliser) before the modulo.
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Int(h % UInt64(count))
    }
}

struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the report.json files of several shards into one set of reports.")

    @Argument(help: "report.json files.")
    var reports: [String]

    @Option(name: .shortAndLong, help: "Where to write report.html, junit.xml and report.json.")
    var out: String

    func run() throws {
        var merged: SnapshotReport
        do {
            // Artifact paths are relative to each shard's folder: make them relative to --out.
            merged = SnapshotReport.merged(
                try reports.map { path in
                    try SnapshotReport.read(path).rebased(from: (path as NSString).deletingLastPathComponent, to: out)
                })
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        merged.folder = out
        try merged.write(to: out)
        try writeSummary(merged, to: nil)
        print("merged \(reports.count) reports into \(out): report.html, junit.xml, report.json, summary.md")
        print(merged.summary)
        if merged.failed > 0 { throw ExitCode(1) }
    }
}

extension RecordMode: ExpressibleByArgument {}
