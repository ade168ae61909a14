import Foundation
import UnfoldReferences
import UnfoldReport
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The report of one `swift test` run's snapshot failures, in the package's
/// report folder (`.build/unfold-artifacts`: `report.json`, `junit.xml`,
/// `report.html`, `summary.md`), as `unfold test` writes one: so that, from
/// the package's folder, `unfold review --report .build/unfold-artifacts`
/// shows the failures and `unfold accept --report .build/unfold-artifacts`
/// accepts them into their tests' `__Snapshots__` folders.
///
/// Every assertion of the run adds its failures (or takes back its earlier
/// ones when it passes); the first assertion of a new run starts the report
/// afresh, so an old failure is never accepted over a reference that passes
/// now, unless the run records (`UNFOLD_RECORD=failed swift test --filter …`,
/// the accept hint's command): the failures of the tests it did not run
/// stay, to be accepted in turn. Assertions of concurrent tests and of the run's XCTest and Swift
/// Testing processes take turns under a file lock.
enum TestRunReport {
    /// Where the run's id is kept, beside the report.
    static let runFile = ".unfold-run"

    /// Records what `result` found for the references (of the kinds in
    /// `catalog`) at `location`; returns
    /// the command that accepts them, or nil when nothing was reported (a
    /// pass, or references outside a package's `__Snapshots__`/`Snapshots`).
    /// Throws when the report cannot be written (its folder, its lock): the
    /// test then says why there is no command to accept with.
    @discardableResult
    static func record(
        _ result: ScenarioCheck, at location: SnapshotLocation, mode: RecordMode, catalog: ReferenceCatalog,
        environment: @autoclosure () throws -> SnapshotEnvironment
    ) throws -> String? {
        guard let folder = location.snapshotsInPackage, SnapshotReport.isReferenceFolder(folder) else { return nil }
        let base = location.reportFolder
        return try locked(base) {
            var report = SnapshotReport()
            let run = runID()
            let sameRun = (try? String(contentsOfFile: base + "/" + runFile, encoding: .utf8)) == run
            if sameRun || mode == .failed || mode == .all, let earlier = try? SnapshotReport.read(folder: base, catalog: catalog) {
                report = earlier.report
                if !sameRun { try AtomicFile.write(Array(run.utf8), to: base + "/" + runFile) }
            } else {
                try SnapshotReport.remove(from: base)
                try AtomicFile.write(Array(run.utf8), to: base + "/" + runFile)
            }
            report.cases.removeAll { $0.snapshots == folder && $0.scenario == location.name }
            let failed = result.cases.filter { $0.status == .failed }.map { c in
                var c = c
                c.snapshots = folder
                c.test = location.test.map(Self.testName)
                c.artifacts = c.artifacts.prefixed(by: folder + "/")
                c.frames = c.frames.map { f in
                    var f = f
                    f.artifacts = f.artifacts.prefixed(by: folder + "/")
                    return f
                }
                return c
            }
            report.cases += failed
            report.stale = try noteUse(of: folder + "/" + location.name, in: base, package: location.packageFolder)
            report.cases.sort { ($0.snapshots ?? "", $0.scenario, $0.reference) < ($1.snapshots ?? "", $1.scenario, $1.reference) }
            guard report.failed > 0 else {
                try SnapshotReport.remove(from: base)
                return nil
            }
            if report.environment == nil { report.environment = try environment() }
            report.kinds = ReportedKind.union([report.kinds ?? [], catalog.kinds.map(ReportedKind.init)])
            // Paths and commands said as they are typed in the package's folder, on whichever machine the report is read.
            if let package = location.packageFolder, base.hasPrefix(package + "/") { report.folder = String(base.dropFirst(package.count + 1)) }
            try report.write(to: base, catalog: catalog, shownAs: report.folder)
            return failed.isEmpty ? nil : report.acceptCommand(folder + "/" + location.name)
        }
    }

    /// Where the reference folders the run's assertions used are listed,
    /// beside the report: the run's id, then a folder a line.
    static let usedFile = ".unfold-used"

    /// Adds the reference folder of the assertion at `location` to the run's
    /// list, even when its check could not be made, so that it is never told
    /// as unused. Call it holding nothing; it takes the report's lock.
    static func noteUse(at location: SnapshotLocation) {
        guard let folder = location.snapshotsInPackage, SnapshotReport.isReferenceFolder(folder) else { return }
        _ = try? locked(location.reportFolder) { try noteUse(of: folder + "/" + location.name, in: location.reportFolder, package: location.packageFolder) }
    }

    /// Adds `used` (a reference folder, relative to the package) to the
    /// run's list (a list of another run is started afresh) and returns the
    /// folders beside the listed ones, holding references, that no
    /// assertion of the run has used: the folder a renamed or removed test
    /// left. Sorted. Call it holding the lock. O(folders listed + their siblings).
    private static func noteUse(of used: String, in base: String, package: String?) throws -> [String] {
        let ledger = base + "/" + usedFile, run = runID()
        var lines = ((try? String(contentsOfFile: ledger, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        if lines.first != run { lines = [run] }
        var listed = Set(lines.dropFirst())
        if listed.insert(used).inserted || lines.count == 1 {
            try AtomicFile.write(Array(([run] + listed.sorted()).joined(separator: "\n").utf8 + [10]), to: ledger)
        }
        return unused(listed, package: package)
    }

    /// The folders beside those `listed` that hold an `index.json` and are not listed.
    private static func unused(_ listed: Set<String>, package: String?) -> [String] {
        guard let package else { return [] }
        let parents = Set(listed.map { ($0 as NSString).deletingLastPathComponent })
        return parents.sorted().flatMap { parent in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: package + "/" + parent)) ?? []
            return names.sorted().map { parent + "/" + $0 }.filter { folder in
                !listed.contains(folder) && folder.utf8.count <= 512 && Scenario.isValidName((folder as NSString).lastPathComponent)
                    && FileManager.default.fileExists(atPath: package + "/" + folder + "/index.json")
            }
        }
    }

    /// A test's name as a report shows it: its owner without the source
    /// location Swift Testing's id ends with (`AppTests.Settings/screen()`).
    static func testName(_ owner: String) -> String {
        var parts = owner.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, let last = parts.last, last.contains(".swift:") {
            let rest = last.split(separator: " ", maxSplits: 1)  // a parameterized case's arguments follow its location
            parts.removeLast()
            return parts.joined(separator: "/") + (rest.count > 1 ? " " + rest[1] : "")
        }
        return owner
    }

    /// Runs `body` holding the report folder's lock (a file lock, for the
    /// run's other processes, and a lock for this process's threads).
    private static func locked<T>(_ base: String, _ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return try threads.withLock {
            let fd = open(base + "/.unfold-report.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw ReportError(description: "cannot lock the report in \(base)") }
            defer { close(fd) }
            while flock(fd, LOCK_EX) != 0 { guard errno == EINTR else { throw ReportError(description: "cannot lock the report in \(base)") } }
            return try body()
        }
    }

    private static let threads = NSLock()

    /// The `swift test` run this process belongs to: its parent's process id
    /// and start time (the run's XCTest and Swift Testing processes share a
    /// parent); the process's own id where the start time cannot be read.
    static func runID() -> String {
        let parent = getppid()
        guard let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return "\(parent)" }
        // Field 22 (start time) is the 20th after the command name's closing parenthesis.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? "\(parent)-\(fields[19])" : "\(parent)"
    }
}
