import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Accepting the actual pictures of a report (the artifacts folder of a
/// failed run, also one downloaded from CI) as references, without
/// rendering again. `unfold accept` and `unfold review` both go through it.
///
/// Each scenario's references change atomically (its index is the commit
/// point), and only if they are still what the report compared with: a
/// reference that changed since is refused, so nothing accepted is stale.
/// Every accept is kept in `<report>/accepted/<n>/` (the index before and
/// after, and the blobs it displaced), so that `undo` can put it back.
public struct Acceptance {
    /// The report's folder: artifact paths are relative to it.
    public let folder: String
    public let report: SnapshotReport
    /// The references' folder.
    public let snapshots: String

    /// Reads `<folder>/report.json`. `snapshots` overrides the folder the run
    /// was given. A report is input like any other (it may come from CI): a
    /// scenario, reference or blob name that is not a plain name is refused.
    public init(folder: String, snapshots: String? = nil) throws {
        self.folder = folder
        report = try SnapshotReport.read(folder + "/report.json")
        self.snapshots = snapshots ?? report.snapshots ?? SnapshotOptions.defaultSnapshots
        for c in report.cases {
            let names = [c.reference] + (c.referenceBlob.map { [$0] } ?? [])
            guard Scenario.isValidName(c.scenario), names.allSatisfy(Self.isPlainFileName) else {
                throw ReportError(
                    description: "\(folder)/report.json names '\(c.scenario)/\(c.reference)', which is not a scenario and reference name; "
                        + "it was not written by unfold test")
            }
        }
    }

    /// A file name without a folder: no `/`, not `.` or `..`, no NUL.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\0") && !name.hasPrefix(".")
    }

    /// Something that can be accepted: a failed reference, or one frame of a failed strip.
    public struct Item: Hashable, Sendable, Comparable {
        public var scenario: String
        public var reference: String
        /// Step and frame of a strip frame; nil for the whole reference.
        public var frame: Frame?

        public struct Frame: Hashable, Sendable, Comparable {
            public var step: Int
            public var index: Int
            public static func < (a: Frame, b: Frame) -> Bool { (a.step, a.index) < (b.step, b.index) }
        }

        /// `regions/state-03.png`, or `regions/step-02/frame-03` for a strip frame.
        public var id: String {
            guard let frame else { return scenario + "/" + reference }
            return scenario + "/" + String(format: "step-%02d/frame-%02d", frame.step, frame.index)
        }

        public static func < (a: Item, b: Item) -> Bool { a.id < b.id }
    }

    /// What the report holds that no pattern can match.
    public struct NoMatch: Error, CustomStringConvertible {
        public var pattern: String
        public var available: [String]
        public var description: String {
            "no failure in the report matches '\(pattern)'; "
                + (available.isEmpty ? "the report has no failures" : "it has: " + available.prefix(12).joined(separator: ", "))
        }
    }

    /// A report that cannot be accepted as it is (no actual picture, a size change for a frame).
    public struct Unacceptable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The failures that have an actual picture to accept.
    var failures: [CaseResult] {
        report.cases.filter { $0.status == .failed && $0.artifacts["actual"] != nil }
    }

    /// Every failure as a whole reference, in order.
    public var items: [Item] {
        failures.map { Item(scenario: $0.scenario, reference: $0.reference) }.sorted()
    }

    /// The items `patterns` name (all failures when there are none). A pattern
    /// is a scenario (`regions`), a reference (`regions/state-03.png`, or
    /// without `.png`), a strip frame (`regions/step-02/frame-03`), or a glob
    /// of those (`regions/state-*`, `*/step-01/*`). A pattern that matches
    /// nothing is an error. A reference chosen whole includes its frames.
    public func select(_ patterns: [String]) throws(NoMatch) -> [Item] {
        guard !patterns.isEmpty else { return items }
        var chosen = Set<Item>()
        for pattern in patterns {
            var matched = false
            for c in failures {
                let whole = Item(scenario: c.scenario, reference: c.reference)
                let stem = c.reference.split(separator: ".").dropLast().joined(separator: ".")
                if [c.scenario, whole.id, c.scenario + "/" + stem].contains(where: { Self.matches(pattern, $0) }) {
                    chosen.insert(whole)
                    matched = true
                    continue
                }
                for f in c.frames {
                    let item = Item(scenario: c.scenario, reference: c.reference, frame: .init(step: f.step, index: f.frame))
                    if Self.matches(pattern, item.id) {
                        chosen.insert(item)
                        matched = true
                    }
                }
            }
            if !matched { throw NoMatch(pattern: pattern, available: items.map(\.id)) }
        }
        // A whole reference makes its frames redundant.
        let whole = Set(chosen.filter { $0.frame == nil }.map { $0.scenario + "/" + $0.reference })
        return chosen.filter { $0.frame == nil || !whole.contains($0.scenario + "/" + $0.reference) }.sorted()
    }

    /// The items `ids` name, each exactly as `Item.id` spells it (no
    /// patterns: for ids that did not come from a person typing them, such as
    /// the review page's). An id that names nothing is an error.
    public func select(exactly ids: [String]) throws(NoMatch) -> [Item] {
        var all: [String: Item] = [:]
        for c in failures {
            let whole = Item(scenario: c.scenario, reference: c.reference)
            all[whole.id] = whole
            for f in c.frames {
                let item = Item(scenario: c.scenario, reference: c.reference, frame: .init(step: f.step, index: f.frame))
                all[item.id] = item
            }
        }
        var chosen = Set<Item>()
        for id in ids {
            guard let item = all[id] else { throw NoMatch(pattern: id, available: items.map(\.id)) }
            chosen.insert(item)
        }
        let whole = Set(chosen.filter { $0.frame == nil }.map { $0.scenario + "/" + $0.reference })
        return chosen.filter { $0.frame == nil || !whole.contains($0.scenario + "/" + $0.reference) }.sorted()
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }

    /// Accepts `items`: each scenario's references change at once, and none
    /// changes when one of them changed since the report (`ReferenceStore.StaleError`)
    /// other than by an earlier accept from this report (so frames of one
    /// strip can be accepted one by one). Returns the ids accepted. Keeps what
    /// `undo` needs in a record of its own.
    @discardableResult
    public func accept(_ items: [Item]) throws -> [String] {
        guard !items.isEmpty else { return [] }
        let byScenario = Dictionary(grouping: items, by: \.scenario).sorted(by: { $0.key < $1.key })
        // Refuse before anything changes when a reference is stale (each scenario is checked again under its lock).
        for (scenario, chosen) in byScenario {
            let store = ReferenceStore(root: snapshots, scenario: scenario)
            let index = try store.index()
            let stale = Set(chosen.map(\.reference)).filter { !accepts(current: index.entries[$0]?.blob, scenario: scenario, reference: $0) }
            if !stale.isEmpty { throw ReferenceStore.StaleError(directory: store.directory, names: stale.sorted()) }
        }
        let record = try newRecord()
        var accepted: [String] = []
        // A record with nothing committed would make `undo` skip the accept before it.
        defer { if accepted.isEmpty { try? FileManager.default.removeItem(atPath: record) } }
        for (scenario, chosen) in byScenario {
            let store = ReferenceStore(root: snapshots, scenario: scenario)
            let keep = record + "/" + scenario
            var committed = false
            do {
                try accept(chosen, of: scenario, in: store, keeping: keep, committed: &committed)
            } catch {
                // Only what did not commit goes; a committed scenario keeps its undo record.
                if !committed { try? FileManager.default.removeItem(atPath: keep) }
                guard !accepted.isEmpty || committed else { throw error }
                throw PartialAccept(accepted: accepted + (committed ? chosen.map(\.id) : []), error: error)
            }
            accepted += chosen.map(\.id)
        }
        return accepted
    }

    /// An accept that changed some scenarios before it failed.
    public struct PartialAccept: Error, CustomStringConvertible {
        public var accepted: [String]
        public var error: Error
        public var description: String {
            "accepted \(accepted.joined(separator: ", ")) (undo with --undo), then: \(error)"
        }
    }

    /// Whether a reference whose blob is `current` may be replaced: it is
    /// still the one the report compared with, or one an earlier accept from
    /// this report wrote.
    func accepts(current: String?, scenario: String, reference: String) -> Bool {
        guard let c = failures.first(where: { $0.scenario == scenario && $0.reference == reference }) else { return false }
        if current == c.referenceBlob { return true }
        guard let current else { return false }
        return Self.records(in: folder).contains { n in
            let after = FileManager.default.contents(atPath: recordPath(n) + "/" + scenario + "/after.json").flatMap(ReferenceIndex.init(json:))
            return after?.entries[reference]?.blob == current
        }
    }

    private func accept(_ chosen: [Item], of scenario: String, in store: ReferenceStore, keeping keep: String, committed: inout Bool) throws {
        try store.locked {
            let before = try store.index()
            var references: [String: NewReference] = [:]
            var expecting: [String: String?] = [:]
            for (reference, parts) in Dictionary(grouping: chosen, by: \.reference) {
                guard let c = failures.first(where: { $0.scenario == scenario && $0.reference == reference }) else { continue }
                let current = before.entries[reference]?.blob
                expecting[reference] = accepts(current: current, scenario: scenario, reference: reference) ? current : c.referenceBlob
                let frames = parts.compactMap(\.frame)
                references[reference] = try newReference(
                    for: c, frames: frames.count == parts.count ? frames : [], over: current, store: store)
            }
            // What the undo needs, on disk before the commit removes the displaced blobs:
            // the index exactly as it was (or a mark that there was none) and those blobs.
            try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            if let bytes = FileManager.default.contents(atPath: store.directory + "/index.json") {
                try AtomicFile.write([UInt8](bytes), to: keep + "/before.json", durable: true)
            } else {
                try AtomicFile.write([], to: keep + "/no-index", durable: true)
            }
            for name in references.keys {
                guard let blob = before.entries[name]?.blob else { continue }
                try AtomicFile.write(try store.read(blob: blob, name: name), to: keep + "/" + blob, durable: true)
            }
            try store.write(references, environment: report.environment, expecting: expecting)
            committed = true
            try AtomicFile.write(try store.index().json(), to: keep + "/after.json", durable: true)
        }
    }

    /// The reference to store for a failure: its actual picture, or the
    /// stored strip (the blob `current`) with only `frames` taken from the actual one.
    func newReference(for c: CaseResult, frames: [Item.Frame], over current: String?, store: ReferenceStore) throws -> NewReference {
        guard let path = c.artifacts["actual"], let data = FileManager.default.contents(atPath: folder + "/" + path) else {
            throw Unacceptable(description: "\(folder)/\(c.artifacts["actual"] ?? c.reference): the report's actual \(c.reference) is missing")
        }
        let actual = [UInt8](data)
        guard c.reference.hasSuffix(".png") else { return NewReference(bytes: actual) }
        guard !frames.isEmpty else { return try StoredPicture.reference(png: actual) }
        guard let strip = c.strip, let blob = current else {
            throw Unacceptable(description: "\(c.scenario)/\(c.reference) has no frames to accept one by one; accept it whole")
        }
        var expected = try PNG.decode(try store.read(blob: blob, name: c.reference))
        let now = try PNG.decode(actual)
        guard expected.width == now.width, expected.height == now.height else {
            throw Unacceptable(description: "\(c.scenario)/\(c.reference) changed size; accept it whole")
        }
        for frame in frames {
            let o = strip.origin(row: frame.step - 1, column: frame.index)
            let cell = PixelRect(x0: o.x, y0: o.y, x1: o.x + strip.frameWidth, y1: o.y + strip.frameHeight)
            guard let picture = now.cropped(cell) else { continue }
            expected.copy(picture, x: o.x, y: o.y)
        }
        return try StoredPicture.reference(image: expected)
    }

    func recordPath(_ n: Int) -> String { Self.recordPath(folder, n) }

    static func recordPath(_ folder: String, _ n: Int) -> String { folder + "/accepted/" + String(format: "%03d", n) }

    /// A new record folder, `<folder>/accepted/<n>`, made exclusively (two
    /// accepts at once get two records), naming the references' folder.
    func newRecord() throws -> String {
        try FileManager.default.createDirectory(atPath: folder + "/accepted", withIntermediateDirectories: true)
        var n = (Self.records(in: folder).last ?? 0) + 1
        while mkdir(recordPath(n), 0o755) != 0 {
            guard errno == EEXIST, n < 100_000 else {
                throw Unacceptable(description: "cannot make \(recordPath(n)): \(String(cString: strerror(errno)))")
            }
            n += 1
        }
        try AtomicFile.write(Array(snapshots.utf8), to: recordPath(n) + "/snapshots", durable: true)
        return recordPath(n)
    }

    static func records(in folder: String) -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/accepted")) ?? []).compactMap { Int($0) }.sorted()
    }

    /// Puts back the references the last accept from the report folder
    /// `folder` changed, in the references' folder it used (or `snapshots`),
    /// if they are still as it left them. Each scenario is restored on its
    /// own and struck from the record; the record goes when it is empty.
    /// Returns the scenarios restored.
    public static func undo(folder: String, snapshots: String? = nil) throws -> [String] {
        guard let last = records(in: folder).last else {
            throw Unacceptable(description: "\(folder): nothing was accepted from this report, so there is nothing to undo")
        }
        let record = recordPath(folder, last)
        let root =
            snapshots ?? FileManager.default.contents(atPath: record + "/snapshots").map { String(decoding: $0, as: UTF8.self) }
            ?? SnapshotOptions.defaultSnapshots
        var restored: [String] = []
        for scenario in ((try? FileManager.default.contentsOfDirectory(atPath: record)) ?? []).sorted() where Scenario.isValidName(scenario) {
            let keep = record + "/" + scenario
            // Without `after.json` the accept of this scenario never committed.
            guard let after = FileManager.default.contents(atPath: keep + "/after.json").flatMap(ReferenceIndex.init(json:)) else {
                try? FileManager.default.removeItem(atPath: keep)
                continue
            }
            let before = FileManager.default.contents(atPath: keep + "/before.json").map { [UInt8]($0) }
            guard before != nil || FileManager.default.fileExists(atPath: keep + "/no-index") else {
                throw Unacceptable(description: "\(keep)/before.json is missing: the undo record of \(scenario) is damaged; restore Snapshots from git")
            }
            var blobs: [String: [UInt8]] = [:]
            for file in (try? FileManager.default.contentsOfDirectory(atPath: keep)) ?? [] where !["before.json", "after.json", "no-index"].contains(file) {
                blobs[file] = FileManager.default.contents(atPath: keep + "/" + file).map { [UInt8]($0) }
            }
            let store = ReferenceStore(root: root, scenario: scenario)
            do {
                try store.locked { try store.restore(index: before, blobs: blobs, expecting: after) }
            } catch  where !restored.isEmpty {
                throw Unacceptable(description: "restored \(restored.joined(separator: ", ")), then: \(error)")
            }
            try FileManager.default.removeItem(atPath: keep)
            restored.append(scenario)
        }
        try FileManager.default.removeItem(atPath: record)
        return restored
    }
}

/// How pictures are stored as references: encoded once with the most
/// compression (they are written once and read often), with their pixel hash.
enum StoredPicture {
    static func reference(png: [UInt8]) throws -> NewReference {
        try reference(image: PNG.decode(png))
    }

    static func reference(image: RGBAImage) throws -> NewReference {
        NewReference(bytes: try PNG.encodeSmallest(image), pixels: image.pixelHash)
    }
}
