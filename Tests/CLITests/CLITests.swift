import Foundation
import Testing

/// Runs a shell command; its exit status.
func shell(_ command: String) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command + " >/dev/null 2>&1"]
    guard (try? p.run()) != nil else { return -1 }
    p.waitUntilExit()
    return p.terminationStatus
}

/// The `unfold` executable built next to the test bundle.
func unfoldExecutable() -> URL {
    let products = Bundle.main.bundleURL.deletingLastPathComponent()
    let executable = products.appendingPathComponent("unfold")
    if FileManager.default.fileExists(atPath: executable.path) { return executable }
    // swift test runs the tests from the products folder's xctest bundle.
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("unfold")
}

/// Runs the `unfold` executable built next to the test bundle.
/// The environment is this process's without `CI` and `UNFOLD_RECORD` (so that
/// defaults are the same on a laptop and in CI), plus `environment`.
func unfold(
    _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:]
) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = unfoldExecutable()
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["CI"] = nil
    env["UNFOLD_RECORD"] = nil
    process.environment = env.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

final class Scratch {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-cli-\(UUID().uuidString)").path
    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try! Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

let small = """
    name: cli
    canvas: { width: 200, height: 120, scale: 1 }
    tree: [ { id: a, title: Alpha, children: [ { title: Beta } ] } ]
    steps: [ { expand: a } ]
    animation: { frames: 2 }
    """

@Suite(.serialized) struct CLITests {
    @Test func renderWritesEveryOutputAndSummarises() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", small)
        let r = try unfold(["render", file, "--out", s.path + "/out"])
        #expect(r.status == 0 && r.out.hasPrefix("rendered 1 scenario: 8 files"))
        for name in ["state-00.png", "state-01.png", "step-01/frame-00.png", "step-01/frame-02.png", "strip.png", "animation.png", "updates.json"] {
            #expect(FileManager.default.fileExists(atPath: s.path + "/out/cli/" + name), "\(name)")
        }
    }

    @Test func badInputExitsWithTwoAndSaysWhere() throws {
        let s = Scratch()
        let file = s.write("bad.yaml", small.replacingOccurrences(of: "expand: a", with: "expand: b"))
        let r = try unfold(["updates", file])
        #expect(r.status == 2 && r.err.contains("bad.yaml:4:") && r.err.contains("no node has the id 'b'"))
        #expect(try unfold(["render", s.path + "/missing.yaml", "--out", s.path]).status == 2)
        #expect(try unfold(["render", file, "--out", s.path, "--scale", "9"]).status == 2)
    }

    @Test func diffExitCodes() throws {
        let s = Scratch()
        let a = s.write("a.yaml", small), b = s.write("b.yaml", small.replacingOccurrences(of: "Beta", with: "Bete"))
        // Both scenarios are named cli: each goes to its own folder.
        _ = try unfold(["render", a, "--out", s.path + "/o", "--outputs", "states"])
        let one = s.path + "/o/cli/state-01.png"
        _ = try unfold(["render", b, "--out", s.path + "/p", "--outputs", "states"])
        let other = s.path + "/p/cli/state-01.png"
        #expect(try unfold(["diff", one, one]).status == 0)
        let differ = try unfold(["diff", one, other, "--json", "--out", s.path + "/d.png"])
        #expect(differ.status == 1 && differ.out.contains("\"match\": false"))
        #expect(FileManager.default.fileExists(atPath: s.path + "/d.png"))
        let corrupt = s.write("corrupt.png", "not a png")
        let bad = try unfold(["diff", one, corrupt])
        #expect(bad.status == 2 && bad.err.contains("corrupt.png"))
        // Equal bytes are still read: two copies of a broken file are bad input, not a match.
        #expect(try unfold(["diff", corrupt, corrupt, "--json"]).status == 2)
        let empty = s.write("empty.png", "")
        #expect(try unfold(["diff", empty, empty]).status == 2)
    }

    /// A thumbnail factor larger than the picture gives a one-pixel frame, not a crash.
    @Test func thumbnailsOfPicturesSmallerThanTheFactor() throws {
        let s = Scratch()
        let tiny = s.write("tiny.yaml", small.replacingOccurrences(of: "width: 200, height: 120", with: "width: 16, height: 16"))
        let r = try unfold(["render", tiny, "--out", s.path + "/o", "--thumbnail", "64", "--outputs", "strip"])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: s.path + "/o/cli/strip.png"))
    }

    /// Recording syncs each reference and the index, then the folder after the
    /// rename, so that a power cut cannot lose a recorded reference.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func recordingSyncsTheFolderAfterTheRename() throws {
        let s = Scratch()
        let dir = s.path + "/scenarios"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(small.utf8).write(to: URL(fileURLWithPath: dir + "/cli.yaml"))
        let binary = unfoldExecutable().path
        let trace = s.path + "/trace"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = [
            "-f", "-o", trace, "-e", "trace=openat,rename,renameat2,fsync", binary, "test", dir,
            "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art", "--record", "missing",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        // The set's exchange with the scenario's folder, then an fsync of a descriptor opened on the references' folder.
        let folder = s.path + "/Snapshots"
        guard let renamed = lines.lastIndex(where: { $0.contains("renameat2(") && $0.contains(folder + "/cli\"") && $0.contains("RENAME_EXCHANGE") })
        else {
            Issue.record("no exchange of the scenario's folder in the trace")
            return
        }
        let after = lines[renamed...]
        let opened = after.first { $0.contains("openat(") && $0.contains("\"" + folder + "\"") && $0.contains("O_DIRECTORY") }
        let fd = opened.flatMap { $0.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) }
        #expect(fd != nil && after.contains { $0.contains("fsync(\(fd ?? "none"))") })
    }

    /// A scenario folder that is a link to elsewhere is refused, never written through.
    @Test func referencesAreNeverWrittenThroughALink() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", small)
        let outside = s.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: s.path + "/Snapshots", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: s.path + "/Snapshots/cli", withDestinationPath: outside)
        let r = try unfold(["test", file, "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art", "--record", "all"])
        #expect(r.status == 2 && r.err.contains("is a symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    /// Two recording runs at once take turns: the store ends as one or the other, never a mix.
    @Test func concurrentRecordingsTakeTurns() throws {
        let s = Scratch()
        let a = s.write("a.yaml", small), b = s.write("b.yaml", small.replacingOccurrences(of: "Beta", with: "Bete"))
        let store = ["--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art"]
        let runs = [a, b].map { file in
            let p = Process()
            p.executableURL = unfoldExecutable()
            p.arguments = ["test", file, "--record", "all"] + store
            p.standardOutput = FileHandle.nullDevice
            return p
        }
        for p in runs { try p.run() }
        for p in runs { p.waitUntilExit() }
        #expect(runs.allSatisfy { $0.terminationStatus == 0 })
        let matches = try [a, b].map { try unfold(["test", $0, "--record", "never"] + store).status == 0 }
        #expect(matches == [false, true] || matches == [true, false])
    }

    /// SIGKILL at any moment of `--record all` leaves the old set or the new
    /// one, which `--record never` accepts; the next run sweeps what was left.
    @Test func killingARecordingLeavesTheOldOrTheNewSet() throws {
        let s = Scratch()
        let versions = [s.write("a.yaml", small), s.write("b.yaml", small.replacingOccurrences(of: "Beta", with: "Bete"))]
        let store = ["--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art"]
        #expect(try unfold(["test", versions[0], "--record", "all"] + store).status == 0)
        var current = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 30 {
            let next = 1 - current
            let p = Process()
            p.executableURL = unfoldExecutable()
            p.arguments = ["test", versions[next], "--record", "all"] + store
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            usleep(UInt32.random(in: 0 ..< 250_000, using: &generator))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let accepted = try versions.map { try unfold(["test", $0, "--record", "never"] + store).status == 0 }
            #expect(accepted.filter { $0 }.count == 1, "round \(round): the store is neither set")
            if accepted[next] { current = next }
        }
        #expect(try unfold(["test", versions[current], "--record", "all"] + store).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: s.path + "/Snapshots/cli")
        #expect(!left.contains { $0.hasSuffix(".tmp") } && left.count == 5, "\(left)")
    }

    /// Lenient where libpng is: no IEND, or a damaged ancillary chunk, reads with a warning.
    @Test func toleratedDamageIsAWarningNotAFailure() throws {
        let s = Scratch()
        _ = try unfold(["render", s.write("a.yaml", small), "--out", s.path + "/o", "--outputs", "states"])
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: s.path + "/o/cli/state-00.png")))
        let cut = s.path + "/cut.png"
        try Data(png.dropLast(12)).write(to: URL(fileURLWithPath: cut))
        let r = try unfold(["diff", s.path + "/o/cli/state-00.png", cut])
        #expect(r.status == 0 && r.err.contains("warning: \(cut): the file has no IEND chunk"))
        #expect(try unfold(["diff", cut, cut]).status == 0)
    }

    /// Whether this machine lets the tests mount a small tmpfs (as root does).
    static let tmpfsMountable: Bool = {
        let s = Scratch()
        guard shell("mount -t tmpfs -o size=32k tmpfs '\(s.path)'") == 0 else { return false }
        return shell("umount '\(s.path)'") == 0
    }()

    /// A full disk, then a read-only one (a small tmpfs): recording fails
    /// with exit 2 and says why, and the references recorded before are intact.
    @Test(.enabled(if: tmpfsMountable, "needs to mount a tmpfs (root)"))
    func aFullOrReadOnlyDiskFailsCleanlyAndKeepsTheReferences() throws {
        let s = Scratch()
        let snapshots = s.path + "/Snapshots"
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        #expect(shell("mount -t tmpfs -o size=32k tmpfs '\(snapshots)'") == 0)
        defer { _ = shell("umount '\(snapshots)'") }
        let store = ["--snapshots", snapshots, "--artifacts", s.path + "/art"]
        let old = s.write("old.yaml", small)
        #expect(try unfold(["test", old, "--record", "all"] + store).status == 0)
        let big = s.write("big.yaml", small.replacingOccurrences(of: "width: 200, height: 120, scale: 1", with: "width: 390, height: 844, scale: 3"))
        let full = try unfold(["test", big, "--record", "all"] + store)
        #expect(full.status == 2 && full.err.contains("No space left on device"), "\(full.err)")
        #expect(try unfold(["test", old, "--record", "never"] + store).status == 0)
        #expect(shell("mount -o remount,ro '\(snapshots)'") == 0)
        let readOnly = try unfold(["test", big, "--record", "all"] + store)
        #expect(readOnly.status == 2 && readOnly.err.contains("Read-only file system"), "\(readOnly.err)")
        #expect(try unfold(["test", old, "--record", "never"] + store).status == 0)
    }

    /// pixelmatch's diff-image options, and a size change as its own verdict.
    @Test func diffImageOptionsAndLayoutChanges() throws {
        let s = Scratch()
        let a = s.write("a.yaml", small)
        _ = try unfold(["render", a, "--out", s.path + "/o", "--outputs", "states"])
        let collapsed = s.path + "/o/cli/state-00.png", expanded = s.path + "/o/cli/state-01.png"
        let masked = try unfold(["diff", collapsed, expanded, "--diff-mask", "--diff-color", "#00ff00", "--out", s.path + "/m.png"])
        #expect(masked.status == 1 && FileManager.default.fileExists(atPath: s.path + "/m.png"))
        let badColour = try unfold(["diff", collapsed, expanded, "--diff-color", "green"])
        #expect(badColour.status == 2 && badColour.err.contains("--diff-color"))
        // A fit canvas grows when a node expands: the overlap is compared and the change reported.
        let fit = small.replacingOccurrences(of: "height: 120", with: "height: fit")
        let one = s.write("one.yaml", fit.replacingOccurrences(of: "steps: [ { expand: a } ]", with: "steps: []"))
        let two = s.write("two.yaml", fit)
        _ = try unfold(["render", one, "--out", s.path + "/f", "--outputs", "states"])
        _ = try unfold(["render", two, "--out", s.path + "/g", "--outputs", "states"])
        let (short, long) = (s.path + "/f/cli/state-00.png", s.path + "/g/cli/state-00.png")
        let grown = try unfold(["diff", short, long])
        #expect(grown.status == 1 && grown.out == "layout change: 200x44 → 200x88; the overlap (200x44) matches\n")
        let allowed = try unfold(["diff", short, long, "--allow-size-change", "--json"])
        #expect(allowed.status == 0 && allowed.out.contains("\"layoutChange\": true"))
    }

    @Test func testCommandRecordsFailsAndReports() throws {
        let s = Scratch()
        let dir = s.path + "/scenarios"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(small.utf8).write(to: URL(fileURLWithPath: dir + "/cli.yaml"))
        let args = ["test", dir, "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art"]
        let missing = try unfold(args + ["--record", "never"])
        #expect(missing.status == 1 && missing.out.hasSuffix("0 passed, 4 failed\n"))
        // In CI the default is never: nothing is recorded, the run fails.
        let inCI = try unfold(args, environment: ["CI": "true"])
        #expect(inCI.status == 1 && inCI.out.hasSuffix("0 passed, 4 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: s.path + "/Snapshots/cli"))
        let unknown = try unfold(args, environment: ["UNFOLD_RECORD": "true"])
        #expect(unknown.status == 2 && unknown.err.contains("UNFOLD_RECORD is 'true', which is not a record mode"))
        let recorded = try unfold(args)
        #expect(recorded.status == 0 && recorded.out.hasSuffix("0 passed, 0 failed, 4 recorded\n"))
        try Data(small.replacingOccurrences(of: "Beta", with: "Bete").utf8).write(to: URL(fileURLWithPath: dir + "/cli.yaml"))
        let failed = try unfold(args + ["--record", "never"])
        #expect(failed.status == 1 && failed.out.contains("FAIL cli/state-01.png"))
        for report in ["report.html", "junit.xml", "report.json"] {
            #expect(FileManager.default.fileExists(atPath: s.path + "/art/" + report))
        }
    }

    @Test func duplicateNamesAreBadInputAndGoneScenariosAreStale() throws {
        let s = Scratch()
        let dir = s.path + "/scenarios"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(small.utf8).write(to: URL(fileURLWithPath: dir + "/a.yaml"))
        try Data(small.utf8).write(to: URL(fileURLWithPath: dir + "/b.yaml"))
        let args = ["test", dir, "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art"]
        let twice = try unfold(args)
        #expect(twice.status == 2 && twice.err.contains("are both named 'cli'"))
        try FileManager.default.removeItem(atPath: dir + "/b.yaml")
        #expect(try unfold(args).status == 0)
        try Data(small.replacingOccurrences(of: "name: cli", with: "name: other").utf8).write(to: URL(fileURLWithPath: dir + "/a.yaml"))
        // Chosen inputs cannot tell a gone scenario from one not run: nothing is stale.
        let chosen = try unfold(args + ["--prune"])
        #expect(chosen.status == 0 && !chosen.out.contains("stale"))
        #expect(FileManager.default.fileExists(atPath: s.path + "/Snapshots/cli/index.json"))
        // The default run (Examples/ in the working folder) is a full run.
        try FileManager.default.moveItem(atPath: dir, toPath: s.path + "/Examples")
        // Where nothing may be recorded (CI), references that no scenario produces fail: a renamed scenario is not silently untested.
        let never = try unfold(["test", "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art", "--record", "never"], in: s.path)
        #expect(never.status == 1 && never.out.contains("FAIL stale reference cli/state-00.png: no scenario produces it"), "\(never.out)")
        let full = try unfold(["test", "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art", "--prune"], in: s.path)
        #expect(full.status == 0 && full.out.contains("stale reference cli/state-00.png (removed)"))
        #expect(!FileManager.default.fileExists(atPath: s.path + "/Snapshots/cli"))
    }

    /// Without --out, `unfold diff` compares only the band of rows that differ;
    /// its answer must be the whole comparison's (which --out forces).
    @Test func theBandPathAgreesWithTheFullComparison() throws {
        let s = Scratch()
        let a = s.write("a.yaml", small), b = s.write("b.yaml", small.replacingOccurrences(of: "Beta", with: "Bete"))
        _ = try unfold(["render", a, "--out", s.path + "/o", "--outputs", "states"])
        _ = try unfold(["render", b, "--out", s.path + "/p", "--outputs", "states"])
        let one = s.path + "/o/cli/state-01.png", other = s.path + "/p/cli/state-01.png"
        for extra in [[], ["--ignore", "0,0,60,30"], ["--max-ratio", "0.01"], ["--threshold", "0", "--count-anti-aliasing"]] {
            let band = try unfold(["diff", one, other, "--json"] + extra)
            let full = try unfold(["diff", one, other, "--json", "--out", s.path + "/d.png"] + extra)
            #expect(band.out == full.out && band.status == full.status, "\(extra)")
        }
        // Numbers past what a picture or a report can hold are refused, never trapped on.
        for extra in [["--ignore", "\(Int.max),0,\(Int.max),1"], ["--ignore=-5,0,10,10"], ["--max-pixels", "\(Int.max)"]] {
            let refused = try unfold(["diff", one, other] + extra)
            #expect(refused.status == 64 || refused.status == 2, "\(extra): \(refused.status) \(refused.err)")
            #expect(refused.err.contains("must be"), "\(extra): \(refused.err)")
        }
    }
}

/// pixelmatch v7.2.0's own suite through the command line: each case's count
/// (from `--json`) and its diff image (`--out`, compared exactly).
@Suite(.serialized) struct PixelmatchCLITests {
    /// The fixtures inside the repository, which the library's own tests read too.
    static let folder = repository + "/Tests/ImageDiffTests/pixelmatch-v7.2.0"

    @Test func everyCaseFromTheCommandLine() throws {
        let s = Scratch()
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/cases.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for c in try #require(root["cases"] as? [[String: Any]]) {
            let (a, b, diff) = (c["a"] as? String ?? "", c["b"] as? String ?? "", c["diff"] as? String ?? "")
            let o = c["options"] as? [String: Any] ?? [:]
            var flags: [String] = []
            if let t = o["threshold"] as? Double { flags += ["--threshold", String(t)] }
            if o["includeAA"] as? Bool == true { flags.append("--count-anti-aliasing") }
            if let alpha = o["alpha"] as? Double { flags += ["--alpha", String(alpha)] }
            if o["diffMask"] as? Bool == true { flags.append("--diff-mask") }
            for (key, flag) in [("aaColor", "--aa-color"), ("diffColor", "--diff-color"), ("diffColorAlt", "--diff-color-alt")] {
                if let rgb = o[key] as? [Int] { flags += [flag, rgb.map(String.init).joined(separator: ",")] }
            }
            let fixture = { (name: String) in Self.folder + "/fixtures/" + name + ".png" }
            let out = s.path + "/\(diff).png"
            let r = try unfold(["diff", fixture(a), fixture(b), "--json", "--out", out] + flags)
            #expect(r.out.contains("\"differentPixels\": \(c["mismatch"] as? Int ?? -1),"), "\(diff): \(r.out)")
            let same = try unfold(["diff", out, fixture(diff), "--threshold", "0", "--count-anti-aliasing"])
            #expect(same.status == 0, "\(diff): the diff image differs: \(same.out)")
        }
    }
}

@Suite(.serialized) struct ReviewLoopTests {
    /// A renamed scenario leaves its old folder stale: under `--shard`, the
    /// folder falls to one shard by the rule that assigns scenarios, fails
    /// that shard alone, and the merged report says so.
    @Test func aStaleFolderFailsExactlyOneShard() throws {
        let s = Scratch()
        let dir = s.path + "/Examples"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let names = ["alpha", "bravo", "charlie", "delta"]
        for name in names { _ = s.write("Examples/\(name).yaml", small.replacingOccurrences(of: "name: cli", with: "name: \(name)")) }
        #expect(try unfold(["test", "--record", "missing"], in: s.path).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/delta.yaml")
        _ = s.write("Examples/echo.yaml", small.replacingOccurrences(of: "name: cli", with: "name: echo"))
        _ = try unfold(["test", "Examples/echo.yaml", "--record", "missing"], in: s.path)
        var failing: [Int] = []
        var reports: [String] = []
        for k in 1 ... 3 {
            let run = try unfold(["test", "--shard", "\(k)/3", "--record", "never", "--artifacts", "shards/\(k)"], in: s.path)
            if run.out.contains("FAIL stale reference delta/") { failing.append(k) }
            #expect(run.status == (run.out.contains("FAIL stale reference delta/") ? 1 : 0), "\(run.out)")
            if FileManager.default.fileExists(atPath: "\(s.path)/shards/\(k)/report.json") { reports.append("shards/\(k)/report.json") }
        }
        #expect(failing.count == 1 && reports.count == 1, "\(failing)")
        let merged = try unfold(["merge-reports"] + reports + ["--out", "merged"], in: s.path)
        #expect(merged.status == 1 && merged.out.contains("stale"), "\(merged.out)")
    }

    /// The documented CI setup (docs/github-actions.yml): shards, their reports
    /// merged, a summary, and the failures accepted from the merged report.
    @Test func threeShardsMergeIntoOneReportThatCanBeAccepted() throws {
        let s = Scratch()
        let dir = s.path + "/Examples"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
        for name in names { try Data(small.replacingOccurrences(of: "name: cli", with: "name: \(name)").utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name).yaml")) }
        #expect(try unfold(["test", "--record", "missing"], in: s.path).status == 0)
        for name in names {
            try Data(small.replacingOccurrences(of: "name: cli", with: "name: \(name)").replacingOccurrences(of: "Beta", with: "Bete").utf8).write(
                to: URL(fileURLWithPath: "\(dir)/\(name).yaml"))
        }
        var shards: [String] = []
        var failures = 0
        for k in 1 ... 3 {
            let run = try unfold(["test", "--shard", "\(k)/3", "--record", "never", "--artifacts", "shards/\(k)"], in: s.path)
            #expect(run.status <= 1)
            failures += run.out.components(separatedBy: "\nFAIL ").count - 1 + (run.out.hasPrefix("FAIL ") ? 1 : 0)
            if FileManager.default.fileExists(atPath: "\(s.path)/shards/\(k)/report.json") { shards.append("shards/\(k)/report.json") }
        }
        // state-01 of each, and its strip and updates.json in one line after it
        #expect(failures == names.count * 2)
        let summary = s.path + "/step-summary.md"
        #expect(FileManager.default.createFile(atPath: summary, contents: nil))
        // A report given twice would tell its failures twice: refused, naming the failure and both folders.
        let twice = try unfold(["merge-reports", shards[0], shards[0], "--out", "twice"], in: s.path)
        #expect(twice.status == 2 && twice.err.contains("is in the reports of shards/"), "\(twice.err)")
        #expect(!FileManager.default.fileExists(atPath: s.path + "/twice"), "nothing is copied before the refusal")
        let merged = try unfold(["merge-reports"] + shards + ["--out", "merged"], in: s.path, environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(merged.status == 1 && merged.out.hasSuffix("\(names.count * 1) passed, \(names.count * 3) failed\n"))
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(markdown.hasPrefix("### unfold test: \(names.count) of \(names.count) scenarios failed (references: \(names.count) passed, \(names.count * 3) failed)"))
        #expect(markdown.contains("| `alpha/state-01.png` |") && markdown.contains("`unfold accept --report merged alpha/state-01.png`"))
        // The merged report's pictures are reachable from its folder.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.path + "/merged/report.json"))) as? [String: Any])
        for case let c as [String: Any] in try #require(report["cases"] as? [Any]) {
            for path in (c["artifacts"] as? [String: String] ?? [:]).values {
                #expect(FileManager.default.fileExists(atPath: s.path + "/merged/" + path), "\(path)")
            }
        }
        // From another folder (no Snapshots there), a dry run refuses as the accept would, and changes nothing.
        let elsewhere = Scratch()
        let wrong = try unfold(["accept", "--report", s.path + "/merged", "--dry-run"], in: elsewhere.path)
        let real = try unfold(["accept", "--report", s.path + "/merged"], in: elsewhere.path)
        #expect(wrong.status != 0 && wrong.status == real.status && !wrong.out.contains("would accept"), "\(wrong)")
        let dry = try unfold(["accept", "--report", "merged", "--dry-run"], in: s.path)
        #expect(dry.status == 0 && dry.out.hasSuffix("\(names.count * 3) items into Snapshots (dry run: nothing changed)\n"))
        let accepted = try unfold(["accept", "--report", "merged"], in: s.path)
        #expect(accepted.status == 0)
        #expect(try unfold(["test", "--record", "never"], in: s.path).status == 0)
        #expect(try unfold(["accept", "--report", "merged", "--undo"], in: s.path).status == 0)
        // Nothing left to undo is a refusal (1), not bad input (2).
        let nothing = try unfold(["accept", "--undo"], in: s.path)
        #expect(nothing.status == 1 && nothing.err.contains("nothing to undo"), "\(nothing.err)")
        #expect(try unfold(["test", "--record", "never"], in: s.path).status == 1)
        // Someone records another picture of alpha: the merged report's is stale now, and refused.
        let beth = small.replacingOccurrences(of: "name: cli", with: "name: alpha").replacingOccurrences(of: "Beta", with: "Beth")
        try Data(beth.utf8).write(to: URL(fileURLWithPath: "\(dir)/alpha.yaml"))
        #expect(try unfold(["test", "Examples/alpha.yaml", "--record", "failed"], in: s.path).status == 0)
        let stale = try unfold(["accept", "--report", "merged", "alpha"], in: s.path)
        #expect(stale.status == 1 && stale.err.contains("changed since the report was made"))
    }

    @Test func determinismCheckRendersTwiceAndAgrees() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", small)
        let run = try unfold(["test", file, "--snapshots", s.path + "/Snapshots", "--artifacts", s.path + "/art", "--check-determinism"])
        #expect(run.status == 0 && run.out.contains("determinism: 8 files of 1 scenario rendered twice (1 and 2 workers): byte-identical"))
    }
}
