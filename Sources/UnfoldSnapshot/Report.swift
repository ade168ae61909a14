import Foundation
import UnfoldRender

/// The outcome of checking one reference. Codable: the JSON report is the
/// record that the HTML and JUnit reports are made from, and shards' reports merge.
public struct CaseResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, recorded
    }

    public var scenario: String
    /// The reference's name, e.g. `state-03.png`.
    public var reference: String
    public var status: Status
    /// One line saying what happened.
    public var message: String
    /// Artifact files (relative to the report's folder): expected, actual, diff, sideBySide.
    public var artifacts: [String: String] = [:]
    /// For strips: the frames that differ.
    public var frames: [FrameFailure] = []
    /// The blob the reference was compared with (nil: none was recorded), so
    /// that accepting the actual picture later can refuse a stale one.
    public var referenceBlob: String?
    /// For strips: where the frames are.
    public var strip: StripGeometry?
    public var seconds: Double = 0

    public init(scenario: String, reference: String, status: Status, message: String) {
        self.scenario = scenario
        self.reference = reference
        self.status = status
        self.message = message
    }
}

/// A frame of a strip that differs from its reference.
public struct FrameFailure: Codable, Sendable, Equatable {
    public var step: Int
    public var frame: Int
    public var differentPixels: Int
    /// Rows and columns of the difference, in the strip frame's pixels.
    public var y0: Int, y1: Int, x0: Int, x1: Int
    public var artifacts: [String: String] = [:]

    public var description: String {
        "step \(step), frame \(frame) differs in the rows \(y0)-\(y1) px (columns \(x0)-\(x1), \(differentPixels) pixels)"
    }
}

/// A whole run (or several merged).
public struct SnapshotReport: Codable, Sendable, Equatable {
    public var cases: [CaseResult] = []
    /// References that no scenario produces any more (scenario/reference).
    public var stale: [String] = []
    /// Bytes of the references on disk.
    public var referenceBytes: Int = 0
    /// The references' folder, as the run was given it.
    public var snapshots: String?
    /// The environment of the run, which accepted pictures are stamped with.
    public var environment: SnapshotEnvironment?
    /// Scenario → why its references failed, when they were recorded in another environment.
    public var environmentChanges: [String: String]?
    /// How much the references' bytes changed in the run (recording, pruning).
    public var referenceBytesChange: Int?
    /// The folder the report was written to, as given: accept commands name it.
    public var folder: String?

    public init() {}

    public var passed: Int { cases.filter { $0.status == .passed }.count }
    public var failed: Int { cases.filter { $0.status == .failed }.count }
    public var recorded: Int { cases.filter { $0.status == .recorded }.count }

    /// `N passed, M failed` (and `, K recorded`).
    public var summary: String {
        "\(passed) passed, \(failed) failed" + (recorded > 0 ? ", \(recorded) recorded" : "")
    }

    /// Reports of several shards as one, cases ordered by scenario and reference.
    public static func merged(_ reports: [SnapshotReport]) -> SnapshotReport {
        var all = SnapshotReport()
        all.cases = reports.flatMap(\.cases).sorted { ($0.scenario, $0.reference) < ($1.scenario, $1.reference) }
        all.stale = reports.flatMap(\.stale).sorted()
        all.referenceBytes = reports.reduce(0) { $0 + $1.referenceBytes }
        all.referenceBytesChange = reports.compactMap(\.referenceBytesChange).reduce(0, +)
        all.snapshots = reports.lazy.compactMap(\.snapshots).first
        all.environment = reports.lazy.compactMap(\.environment).first
        let changes = reports.compactMap(\.environmentChanges).reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        all.environmentChanges = changes.isEmpty ? nil : changes
        return all
    }

    public func json() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    public static func read(_ path: String) throws -> SnapshotReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReportError(description: "\(path): no such report")
        }
        do { return try JSONDecoder().decode(SnapshotReport.self, from: data) } catch {
            throw ReportError(description: "\(path): not an unfold JSON report (\(error))")
        }
    }

    /// Writes `report.json`, `junit.xml`, `report.html` and `summary.md` into `directory`.
    public func write(to directory: String) throws {
        var report = self
        report.folder = directory
        try AtomicFile.write(report.json(), to: directory + "/report.json")
        try AtomicFile.write(Array(report.junit().utf8), to: directory + "/junit.xml")
        try AtomicFile.write(Array(report.html().utf8), to: directory + "/report.html")
        try AtomicFile.write(Array(report.markdown().utf8), to: directory + "/summary.md")
    }

    /// The report with its artifact paths, relative to `folder`, made relative
    /// to `newFolder` instead (both relative to the working folder, or absolute).
    public func rebased(from folder: String, to newFolder: String) -> SnapshotReport {
        let from = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: newFolder).standardizedFileURL.pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        let prefix = (Array(repeating: "..", count: to.count - common) + from[common...]).joined(separator: "/")
        guard !prefix.isEmpty else { return self }
        var report = self
        let move = { (artifacts: [String: String]) in artifacts.mapValues { prefix + "/" + $0 } }
        for i in report.cases.indices {
            report.cases[i].artifacts = move(report.cases[i].artifacts)
            for j in report.cases[i].frames.indices { report.cases[i].frames[j].artifacts = move(report.cases[i].frames[j].artifacts) }
        }
        return report
    }

    /// The command that accepts `id` (all failures when nil) from this report.
    public func acceptCommand(_ id: String? = nil) -> String {
        "unfold accept" + reportOption + (id.map { " " + shellQuoted($0) } ?? "")
    }

    /// The command that opens this report's review page.
    public var reviewCommand: String { "unfold review" + reportOption }

    /// ` --report FOLDER`, or nothing for the default folder.
    private var reportOption: String {
        folder.map { $0 == SnapshotOptions.defaultArtifacts ? "" : " --report " + shellQuoted($0) } ?? ""
    }

    private func shellQuoted(_ s: String) -> String {
        s.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A Markdown summary for a CI job's page (`$GITHUB_STEP_SUMMARY`):
    /// failures with their diff pictures' paths and the commands that accept them.
    public func markdown() -> String {
        var text = "### unfold test: \(summary)\n\n"
        for (scenario, change) in (environmentChanges ?? [:]).sorted(by: { $0.key < $1.key }) {
            text += "> **\(scenario)**: \(change)\n\n"
        }
        let failures = cases.filter { $0.status == .failed }
        if !failures.isEmpty {
            text += "| reference | what differs | diff | accept |\n|---|---|---|---|\n"
            for c in failures {
                let id = c.scenario + "/" + c.reference
                let diff = c.artifacts["diff"].map { "`" + (folder.map { $0 + "/" } ?? "") + $0 + "`" } ?? ""
                text += "| `\(id)` | \(markdownCell(c.message)) | \(diff) | `\(acceptCommand(id))` |\n"
            }
            text += "\nAccept them all without rendering again: `\(acceptCommand())`; review them one by one: `\(reviewCommand)`.\n"
        }
        if !stale.isEmpty {
            text += "\nStale references (remove them with `unfold test --prune`): " + stale.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        text += "\nReferences: \(referenceBytes) bytes"
        if let change = referenceBytesChange, change != 0 { text += " (\(change > 0 ? "+" : "")\(change) in this run)" }
        return text + "\n"
    }

    private func markdownCell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

public struct ReportError: Error, CustomStringConvertible {
    public var description: String
}
