import Foundation
import ScenarioFormat
import UnfoldReferences
import UnfoldRender
import UnfoldSupport

/// A whole run (or several merged).
public struct SnapshotReport: Codable, Sendable, Equatable {
    /// One result per reference checked, by scenario.
    public var cases: [CaseResult] = []
    /// References that no scenario produces any more (scenario/reference);
    /// for `swift test`, the reference folders beside the run's own that no
    /// assertion of the run used (a renamed or removed test's).
    public var stale: [String] = []
    /// Bytes of the references on disk.
    public var referenceBytes: Int = 0
    /// The environment of the run, which accepted pictures are stamped with.
    package var environment: SnapshotEnvironment?
    /// Scenario → why its references failed, when they were recorded in another environment.
    public var environmentChanges: [String: String]?
    /// How much the references' bytes changed in the run (recording, pruning).
    public var referenceBytesChange: Int?
    /// The folder the report was written to, as given: accept commands name it.
    public var folder: String?
    /// The kinds of reference the run kept (its `ReferenceCatalog`): a
    /// report is accepted or reviewed only with a catalog that has them all.
    package var kinds: [ReportedKind]?

    /// An empty report.
    public init() {}

    /// How many references passed. O(cases).
    public var passed: Int { cases.filter { $0.status == .passed }.count }
    /// How many references failed. O(cases).
    public var failed: Int { cases.filter { $0.status == .failed }.count }
    /// How many references were recorded. O(cases).
    public var recorded: Int { cases.filter { $0.status == .recorded }.count }

    /// `N passed, M failed` (and `, K recorded`).
    public var summary: String {
        "\(passed) passed, \(failed) failed" + (recorded > 0 ? ", \(recorded) recorded" : "")
    }

    /// The report's first line: for `swift test`, the assertions that
    /// failed, then their references (a Swift report holds only failures);
    /// for `unfold test`, the scenarios, then their references. O(cases).
    package var headline: String {
        let failures = cases.filter { $0.status == .failed }
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        if runName == "swift test" {
            let assertions = Set(failures.map { ($0.snapshots ?? "") + "/" + $0.scenario }).count
            return plural(assertions, "assertion") + " failed (" + plural(failures.count, "reference") + ")"
        }
        let scenarios = Set(cases.map(\.scenario)).count, failed = Set(failures.map(\.scenario)).count
        return "\(failed) of " + plural(scenarios, "scenario") + " failed (references: \(summary))"
    }

    /// The run the report is of: `swift test` when every case is a Swift
    /// test's assertion (it names its `__Snapshots__` folder), else `unfold test`.
    package var runName: String {
        !cases.isEmpty && cases.allSatisfy { $0.snapshots != nil } ? "swift test" : "unfold test"
    }

    /// What the stale list is, and what to do with it, as a sentence's start.
    package var staleHeading: String {
        guard runName == "swift test" else { return "Stale references (remove them with `unfold test --prune`)" }
        return "Folders no assertion of this run used (a renamed or removed test leaves its folder; a filtered run, or a test "
            + "that stopped before its assertion, lists others): if its test was renamed, rename the folder to the new one with "
            + "`git mv`; if it was removed, delete it with `git rm -r`"
    }

    /// Reports of several shards as one, cases ordered by scenario and reference.
    package static func merged(_ reports: [SnapshotReport]) -> SnapshotReport {
        var all = SnapshotReport()
        all.cases = reports.flatMap(\.cases).sorted { ($0.scenario, $0.reference) < ($1.scenario, $1.reference) }
        all.stale = reports.flatMap(\.stale).sorted()
        // Read reports hold numbers in range (`validate`), so these sums cannot overflow for any sane count of shards.
        all.referenceBytes = reports.reduce(0) { $0.addingReportingOverflow($1.referenceBytes).partialValue }
        all.referenceBytesChange = reports.compactMap(\.referenceBytesChange).reduce(0) { $0.addingReportingOverflow($1).partialValue }
        all.environment = reports.lazy.compactMap(\.environment).first
        all.kinds = ReportedKind.union(reports.map { $0.kinds ?? [] })
        let changes = reports.compactMap(\.environmentChanges).reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        all.environmentChanges = changes.isEmpty ? nil : changes
        return all
    }

    /// The report as `report.json`: the record the HTML, JUnit and Markdown
    /// reports are made from, and what `unfold accept`, `unfold review` and
    /// `unfold merge-reports` read.
    package func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// Reads `report.json` in the report folder `folder` (a file inside it,
    /// no link, at most 64 MiB) and checks it as data someone else wrote,
    /// against the kinds of `catalog` (`validate`). Returns the report and
    /// its bytes' hash, which names it.
    package static func read(folder: String, catalog: ReferenceCatalog) throws(ReportError) -> (report: SnapshotReport, hash: String) {
        let bytes: [UInt8]
        do { bytes = try ReportFolder(folder).read("report.json", limit: 64 << 20) } catch {
            throw ReportError(description: "\(InertText(folder)): no report (\(error))")
        }
        let report: SnapshotReport
        do { report = try JSONDecoder().decode(SnapshotReport.self, from: Data(bytes)) } catch {
            throw ReportError(description: "\(InertText(folder))/report.json is not an unfold JSON report (\(InertText("\(error)")))")
        }
        do { try report.validate(catalog: catalog) } catch {
            throw ReportError(description: "\(InertText(folder))/report.json \(error.description); it was not written by unfold test")
        }
        return (report, ReferenceIndex.hash(bytes))
    }

    /// Checks a report as data someone else wrote: every kind it was made
    /// with is one of `catalog`'s, every scenario and reference name is a
    /// name (`Scenario.isValidName`, `catalog`), every artifact a path inside
    /// the report's folder, every number in the range a run can produce.
    /// O(cases + frames).
    package func validate(catalog: ReferenceCatalog) throws(ReportError) {
        func check(_ ok: Bool, _ what: @autoclosure () -> String) throws(ReportError) {
            if !ok { throw ReportError(description: what()) }
        }
        let count = 0 ... (1 << 40)
        try check(cases.count <= 1_000_000 && stale.count <= 1_000_000 && (kinds?.count ?? 0) <= 100, "holds too many cases")
        for kind in kinds ?? [] {
            try check([kind.label, kind.mediaType, kind.pattern].allSatisfy { $0.utf8.count <= 200 }, "names a kind of reference too long")
        }
        for kind in kinds ?? [] where catalog.kind(labelled: kind.label)?.mediaType != kind.mediaType {
            try check(
                false,
                "was made with the kind of reference \(InertText(kind.label)) (\(InertText(kind.pattern))), which this command does not keep; "
                    + "accept or review it where that kind is defined")
        }
        let change = -(1 << 40) ... (1 << 40)
        try check(count.contains(referenceBytes) && (referenceBytesChange.map(change.contains) ?? true), "has a byte count out of range")
        for (scenario, text) in environmentChanges ?? [:] {
            try check(Scenario.isValidName(scenario) && text.utf8.count <= 4096, "has an environment change that names no scenario or is too long")
        }
        var seen = Set<String>()
        var frames = 0
        for c in cases {
            let id = InertText(c.scenario + "/" + c.reference)
            // One case per reference: a review shows and accepts by the reference's id.
            try check(c.status != .failed || seen.insert(c.id).inserted, "lists \(id) twice")
            try check(Scenario.isValidName(c.scenario) && catalog.kind(of: c.reference) != nil, "names \(id), which is not a scenario's reference")
            try check(c.seconds.isFinite && (0 ... 1e7).contains(c.seconds), "gives \(id) a time out of range")
            try check(c.comparison?.isValid ?? true, "gives \(id) comparison options out of range")
            try check(c.snapshots.map(Self.isReferenceFolder) ?? true, "gives \(id) a references' folder that is not a Snapshots or __Snapshots__ folder inside the project")
            try check(c.message.utf8.count <= 4096 && (c.referenceHash.map { $0.utf8.count <= 64 } ?? true), "gives \(id) a message too long")
            try check(c.artifacts.paths.allSatisfy { ReportFolder.isArtifactPath($0.path) }, "gives \(id) an artifact outside its folder")
            try check(c.frames.count <= Limits.steps * Limits.framesPerStep.upperBound, "gives \(id) too many frames")
            if let strip = c.strip {
                let sides = [strip.rows, strip.columns, strip.frameWidth, strip.frameHeight]
                try check(sides.allSatisfy { (1 ... 65535).contains($0) } && strip.width <= 65535 && strip.height <= 1 << 24, "gives \(id) a strip out of range")
            }
            frames += c.frames.count
            try check(frames <= Self.largestFrameCount, "holds more than \(Self.largestFrameCount) frames")
            var cells = Set<[Int]>()
            for f in c.frames {
                // A frame told twice would be shown, compared and accepted twice.
                try check(cells.insert([f.step, f.frame]).inserted, "gives \(id) step \(f.step), frame \(f.frame) twice")
                let numbers = [f.step, f.frame, f.differentPixels, f.x0, f.x1, f.y0, f.y1]
                try check(numbers.allSatisfy { (0 ... (1 << 32)).contains($0) } && f.step >= 1, "gives \(id) a frame out of range")
                try check(f.artifacts.paths.allSatisfy { ReportFolder.isArtifactPath($0.path) }, "gives \(id) an artifact outside its folder")
                if let strip = c.strip { try check(f.step <= strip.rows && f.frame < strip.columns, "gives \(id) a frame outside its strip") }
            }
        }
        try check(stale.allSatisfy { $0.utf8.count <= 512 }, "names a stale reference too long")
        try check(folder.map { $0.utf8.count <= 4096 } ?? true, "names a folder too long")
    }

    /// The most strip frames a report may tell, over all its cases: a
    /// review decodes and compares each.
    package static let largestFrameCount = 20_000

    /// The files a report is written as, in `write(to:)`'s order (`ReportFormat.all`).
    package static var files: [String] { ReportFormat.all.map(\.file) }
    /// The manifest that lists the report files written, so that only those are ever removed.
    static let manifest = ".unfold-report"

    /// Whether a report may name `folder` as a case's references' folder:
    /// what a Swift test's assertion uses, `<folder of the test file>/__Snapshots__`
    /// or `…/__Snapshots__/<test file>`, as a relative path inside the project
    /// (names of letters, digits, `.`, `_` and `-`, none starting with `.`;
    /// no `..`). It is opened without following links.
    package static func isReferenceFolder(_ folder: String) -> Bool {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return (1 ... 16).contains(parts.count) && folder.utf8.count <= 1024 && parts.allSatisfy(ReportFolder.isArtifactPath)
            && (parts.last == "__Snapshots__" || parts.dropLast().last == "__Snapshots__")
    }

    /// Writes every report file (`files`) into `directory` (never through a
    /// link), after the manifest that lists them; `catalog` says how each
    /// kind of reference is shown.
    package func write(to directory: String, catalog: ReferenceCatalog, shownAs shown: String? = nil) throws {
        try OwnFolder.refuseLinks(directory)
        var report = self
        report.folder = shown ?? directory
        try AtomicFile.write(Array(Self.files.joined(separator: "\n").utf8), to: directory + "/" + Self.manifest)
        for format in ReportFormat.all { try AtomicFile.write(format.bytes(report, catalog), to: directory + "/" + format.file) }
    }

    /// Removes the report files that `write(to:)` listed in `directory`'s
    /// manifest (a report that a passing run must not leave to be accepted),
    /// and nothing else; never through a link.
    package static func remove(from directory: String) throws {
        try OwnFolder.refuseLinks(directory)
        guard let folder = try? ContainedFolder(directory) else { return }
        defer { folder.close() }
        guard let list = try? folder.read(manifest, limit: 4096) else { return }
        for name in String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init) where files.contains(name) {
            folder.remove(name)
        }
        folder.remove(manifest)
    }

    /// Merges the reports in the shards' folders `folders` (each read with
    /// `catalog`) into `out`: the
    /// report files, and a copy of every artifact (read only inside its
    /// shard's folder, see `ReportFolder`), so that the merged folder is
    /// whole on its own and can be reviewed, accepted or uploaded.
    /// O(artifacts' bytes).
    package static func merge(folders: [String], into out: String, catalog: ReferenceCatalog) throws -> SnapshotReport {
        try OwnFolder.refuseLinks(out)
        // Every report read first: a failure told by two of them (a report given twice, shards that
        // overlap) could be accepted twice over, and is refused before anything is copied.
        var reports: [SnapshotReport] = []
        var owner: [String: String] = [:]  // a failure's id → the folder whose report holds it
        for folder in folders {
            let report = try read(folder: folder, catalog: catalog).report
            for c in report.cases {
                if let first = owner[c.id] {
                    throw ReportError(
                        description: "\(InertText(c.id)) is in the reports of \(InertText(first)) and \(InertText(folder)): "
                            + "give each shard's report.json once")
                }
                owner[c.id] = folder
            }
            reports.append(report)
        }
        var copied: Set<String> = []
        for (folder, report) in zip(folders, reports) {
            let source = ReportFolder(folder)
            for c in report.cases {
                for (_, path) in c.artifacts.paths + c.frames.flatMap(\.artifacts.paths) where !copied.contains(path) {
                    let bytes = try source.read(path, limit: SnapshotsFolder.fileLimit)
                    try OwnFolder.refuseLinks(path, inside: out)
                    try AtomicFile.write(bytes, to: out + "/" + path)
                    copied.insert(path)
                }
            }
        }
        var merged = SnapshotReport.merged(reports)
        merged.folder = out
        try merged.write(to: out, catalog: catalog)
        return merged
    }

    /// The command that accepts `id` (all failures when nil) from this report.
    package func acceptCommand(_ id: String? = nil) -> String {
        "unfold accept" + reportOption + (id.map { " " + shellQuoted($0) } ?? "")
    }

    /// The command that opens this report's review page.
    package var reviewCommand: String { "unfold review" + reportOption }

    /// ` --report FOLDER`, or nothing for the default folder.
    private var reportOption: String {
        folder.map { $0 == ReportFolder.defaultPath ? "" : " --report " + shellQuoted($0) } ?? ""
    }

    private func shellQuoted(_ s: String) -> String {
        s.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A Markdown summary for a CI job's page (`$GITHUB_STEP_SUMMARY`):
    /// failures with their diff pictures' paths and the commands that accept them.
    package func markdown() -> String {
        var text = "### \(runName): \(headline)\n\n"
        for (scenario, change) in (environmentChanges ?? [:]).sorted(by: { $0.key < $1.key }) {
            text += "> **\(MarkdownText.escaped(scenario))**: \(MarkdownText.escaped(change))\n\n"
        }
        let failures = cases.filter { $0.status == .failed }
        if !failures.isEmpty {
            text += "| \(runName == "swift test" ? "test's reference" : "reference") | what differs | diff | accept |\n|---|---|---|---|\n"
            for c in failures {
                let id = c.id
                let diff = c.artifacts.diff.map { MarkdownText.code((folder.map { $0 + "/" } ?? "") + $0) } ?? ""
                let test = c.test.map { MarkdownText.escaped($0) + "<br>" } ?? ""
                text += "| \(test)\(MarkdownText.code(id)) | \(MarkdownText.escaped(c.message)) | \(diff) | \(MarkdownText.code(acceptCommand(id))) |\n"
            }
            if runName == "swift test" {
                text += "\nRe-record one test: `UNFOLD_RECORD=failed swift test --filter` with the pattern its failure prints. "
            }
            text += "\nAccept them all without rendering again: \(MarkdownText.code(acceptCommand())); "
            text += "review them one by one: \(MarkdownText.code(reviewCommand)).\n"
        }
        if !stale.isEmpty {
            text += "\n\(staleHeading): " + stale.map(MarkdownText.code).joined(separator: ", ") + "\n"
        }
        text += "\nReferences: \(referenceBytes) bytes"
        if let change = referenceBytesChange, change != 0 { text += " (\(change > 0 ? "+" : "")\(change) in this run)" }
        return text + "\n"
    }
}

/// A kind of reference as a report records it: what it is called, how its
/// files are named and served.
package struct ReportedKind: Codable, Sendable, Equatable {
    /// `ReferenceKind.label`.
    package var label: String
    /// `ReferenceKind.mediaType`.
    package var mediaType: String
    /// `ReferenceKind.pattern`.
    package var pattern: String

    /// How `kind` is recorded.
    package init(_ kind: ReferenceKind) {
        label = kind.label
        mediaType = kind.mediaType
        pattern = kind.pattern
    }

    /// The kinds of all `lists`, each once, in the order first met; nil
    /// when there are none. O(kinds²), and a report holds at most 100.
    package static func union(_ lists: [[ReportedKind]]) -> [ReportedKind]? {
        var kinds: [ReportedKind] = []
        for kind in lists.joined() where !kinds.contains(kind) { kinds.append(kind) }
        return kinds.isEmpty ? nil : kinds
    }
}

/// A report folder that cannot be read or merged.
package struct ReportError: DescribedError {
    /// What is wrong with which folder.
    package var description: String

    /// The error that says `description`.
    package init(description: String) { self.description = description }
}
