import Foundation
import ScenarioFormat
import UnfoldRender
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What one accept replaced, kept so that `unfold accept --undo` can put it
/// back: `<root>/.unfold/accepted/<n>/` (`SnapshotsFolder.accepted`), on the project's side (never in a
/// report's folder, which may have been downloaded).
///
/// For each scenario the accept changed, the record holds `<scenario>~after`
/// and `<scenario>~before` (the index of the set the accept wrote, and of
/// the one it replaced, each with the hash of every file), and the folder
/// `<scenario>`, in which the new set is written and which, by the exchange
/// that commits it (a store's `write(…, undo:)`), then holds the set it
/// replaced. So the record and the change are one atomic step: whether a
/// scenario's accept committed is read from the folders themselves (the
/// scenario's files are the `after` ones and the record's are not), with no
/// window in which a kill could lose or fake it.
package struct UndoRecord: Sendable {
    /// The record's folder.
    package let path: String
    /// The references' folder it belongs to.
    let root: String

    /// The highest record number; an input could name more.
    static let maxNumber = 999_999

    /// An undo with nothing to put back: no accept wrote into the folders. Not bad input.
    package struct NothingToUndo: DescribedError {
        /// Where nothing was accepted.
        package var description: String
    }

    /// An undo that cannot be made (records not made here, HOME unset).
    package struct Refused: DescribedError {
        /// What is wrong and what to do.
        package var description: String
    }

    /// The folder of record `n` under `root`.
    private static func path(root: String, number n: Int) -> String {
        SnapshotsFolder(root).accepted + "/" + String(format: "%03d", n)
    }

    /// A new record under `root`, numbered after the last one, made
    /// exclusively (two accepts at once get two records). `report` identifies
    /// the report accepted from (its bytes' hash); `stamp` the accept (one
    /// accept that writes into several folders leaves a record in each, all
    /// with its stamp, so that one undo puts them all back). Call it holding the lock.
    package static func new(root: String, report: String, stamp: String) throws -> UndoRecord {
        try UndoJournal.remember(stamp)
        let folder = SnapshotsFolder(root).accepted
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw DamagedReferences(description: "cannot make \(InertText(folder)): \(String(cString: strerror(errno)))")
        }
        _ = try ContainedFolder(folder).close()
        var n = (numbers(root: root).last ?? 0) + 1
        while n <= maxNumber {
            let path = folder + "/" + String(format: "%03d", n)
            if mkdir(path, 0o755) == 0 {
                try AtomicFile.write(Array(report.utf8), to: path + "/report", durable: true)
                try AtomicFile.write(Array(stamp.utf8), to: path + "/stamp", durable: true)
                return UndoRecord(path: path, root: root)
            }
            guard errno == EEXIST else { break }
            n += 1
        }
        throw DamagedReferences(description: "cannot make an undo record in \(InertText(folder)): remove old records there")
    }

    /// A stamp for a new accept: later accepts have greater stamps (the
    /// wall clock in nanoseconds, 20 digits), then 128 random bits from the
    /// system's secure generator, which no one outside this machine can
    /// guess (`UndoJournal`).
    package static func newStamp() -> String {
        let ns = UInt64(max(0, Date().timeIntervalSince1970 * 1e9))
        let digits = String(ns)
        var generator = SystemRandomNumberGenerator()
        let random = (0 ..< 2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + "-" + random
    }

    /// The stamp of record `n` under `root` ("" for a record made before stamps were kept).
    private static func stamp(root: String, number n: Int) -> String? {
        guard let record = try? ContainedFolder(path(root: root, number: n)) else { return nil }
        defer { record.close() }
        return ((try? record.read("stamp", limit: 64)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The records' numbers, in order: folders named by 1 to `maxNumber` in digits.
    package static func numbers(root: String) -> [Int] {
        guard let folder = try? ContainedFolder(SnapshotsFolder(root).accepted) else { return [] }
        defer { folder.close() }
        return folder.names().compactMap { name in
            guard name.utf8.count <= 6, name.utf8.allSatisfy({ (48 ... 57).contains($0) }), let n = Int(name), (1 ... maxNumber).contains(n) else { return nil }
            return n
        }.sorted()
    }

    /// The file of a scenario's manifest (`before` or `after`) in a record:
    /// `~` is in no scenario's name, so that no scenario's manifest is
    /// another scenario's folder (`a.after` is a name too).
    static func manifest(_ scenario: String, _ side: String) -> String { scenario + "~" + side }

    /// The same, as records made before it were written: `<scenario>.after`.
    static func olderManifest(_ scenario: String, _ side: String) -> String { scenario + "." + side }

    /// A scenario's manifest (`before` or `after`) read from `record`, in its
    /// own name or, in a record an older version made, the older one; nil
    /// when it has neither (or one that is not a file).
    static func read(_ side: String, of scenario: String, in record: ContainedFolder) -> [UInt8]? {
        for name in [manifest(scenario, side), olderManifest(scenario, side)] {
            if let bytes = (try? record.read(name, limit: 64 << 20)) ?? nil { return bytes }
        }
        return nil
    }

    /// Writes `<scenario>~before` and `<scenario>~after` and makes the folder the new set is written into. Returns that folder.
    func prepare(scenario: String, before: [UInt8], after: [UInt8]) throws -> String {
        try AtomicFile.write(before, to: path + "/" + Self.manifest(scenario, "before"), durable: true)
        try AtomicFile.write(after, to: path + "/" + Self.manifest(scenario, "after"), durable: true)
        let folder = path + "/" + scenario
        guard mkdir(folder, 0o755) == 0 else {
            throw DamagedReferences(description: "cannot make \(InertText(folder)): \(String(cString: strerror(errno)))")
        }
        return folder
    }

    /// Whether an accept made on this machine (`UndoJournal`) from the report
    /// whose hash is `report` wrote `hash` as `reference` of `scenario` under
    /// `root`: such a reference may be replaced from the same report again.
    /// O(records).
    package static func acceptedEarlier(
        _ hash: String, reference: String, scenario: String, report: String, root: String, catalog: ReferenceCatalog
    ) -> Bool {
        let known = UndoJournal.stamps()
        return numbers(root: root).contains { n in
            guard known.contains(stamp(root: root, number: n) ?? ""),
                let (before, after) = manifests(root: root, number: n, scenario: scenario, report: report, catalog: catalog)
            else { return false }
            // Only what the accept wrote: a reference it left as it was is not its to vouch for.
            return after.hashes[reference] == hash && before?.hashes[reference] != hash
        }
    }

    /// The indexes with hashes (parsed with `catalog`) of the set record `n`'s
    /// accept replaced for `scenario` (nil in a record made before they were
    /// kept) and of the set it wrote, if it was made from the report whose hash is `report`.
    private static func manifests(root: String, number n: Int, scenario: String, report: String, catalog: ReferenceCatalog) -> (
        before: ReferenceIndex?, after: ReferenceIndex
    )? {
        guard let record = try? ContainedFolder(path(root: root, number: n)) else { return nil }
        defer { record.close() }
        guard (try? record.read("report", limit: 64)) == Array(report.utf8), let bytes = read("after", of: scenario, in: record),
            let after = try? ReferenceIndex(json: bytes, catalog: catalog)
        else { return nil }
        let before = read("before", of: scenario, in: record).flatMap { try? ReferenceIndex(json: $0, catalog: catalog) }
        return (before, after)
    }

    /// Puts back the references that the last accept into any of `roots`
    /// changed, in every folder it wrote (its records share a stamp), if
    /// they are still as it left them; each scenario on its own, struck from
    /// the record as it is restored; a record goes when it is empty, and the
    /// state folder with it when nothing else is left there. A scenario whose
    /// accept never committed is struck without a change. Nothing is created
    /// when there is nothing to undo. Kept sets are read with `catalog`.
    /// Returns the scenarios restored, by folder.
    package static func undoLast(roots: [String], catalog: ReferenceCatalog) throws -> [(root: String, scenario: String)] {
        var records: [(root: String, number: Int, stamp: String)] = []
        var strangers: [String] = []
        let known = UndoJournal.stamps()
        for root in Set(roots).sorted() {
            for n in numbers(root: root) {
                let stamp = stamp(root: root, number: n) ?? ""
                // A record whose stamp this machine did not make (one a repository holds) is never applied.
                if !stamp.isEmpty, known.contains(stamp) { records.append((root, n, stamp)) } else { strangers.append(root) }
            }
        }
        guard let last = records.map(\.stamp).max() else {
            let names = roots.map { InertText($0).description }.joined(separator: ", ")
            if let root = strangers.first {
                throw Refused(
                    description: "the undo records in \(InertText(root))/.unfold/accepted were not made on this machine "
                        + "(a repository may hold them): they are not applied; restore the references from git instead")
            }
            throw NothingToUndo(description: "nothing was accepted into \(names), so there is nothing to undo")
        }
        let chosen = records.filter { $0.stamp == last }
        var restored: [(root: String, scenario: String)] = []
        for record in chosen {
            do {
                restored += try undo(root: record.root, number: record.number, catalog: catalog).map { (record.root, $0) }
            } catch  where !restored.isEmpty {
                throw Refused(description: "restored \(restored.map(\.scenario).joined(separator: ", ")), then: \(error)")
            }
            SnapshotsFolder(record.root).tidy()
        }
        return restored
    }

    /// Undoes record `number` of `root`, under the references' lock. Returns the scenarios restored.
    private static func undo(root: String, number: Int, catalog: ReferenceCatalog) throws -> [String] {
        try SnapshotsFolder(root).locked {
            let record = UndoRecord(path: path(root: root, number: number), root: root)
            let folder = try ContainedFolder(record.path)
            defer { folder.close() }
            var restored: [String] = []
            // The scenarios whose manifests the record holds, in their names or (an older record's) in the older ones.
            let names = folder.names()
            let scenarios = Set(
                names.compactMap { name -> String? in
                    for suffix in ["~after", ".after"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
                    return nil
                }
            ).filter { Scenario.isValidName($0) && Self.read("after", of: $0, in: folder) != nil }.sorted()
            for scenario in scenarios {
                do {
                    let after = Self.read("after", of: scenario, in: folder).flatMap { try? ReferenceIndex(json: $0, catalog: catalog) }
                    let before = Self.read("before", of: scenario, in: folder).flatMap { try? ReferenceIndex(json: $0, catalog: catalog) }
                    if try record.undo(scenario, after: after, before: before, catalog: catalog) { restored.append(scenario) }
                } catch  where !restored.isEmpty {
                    throw Refused(description: "restored \(restored.joined(separator: ", ")), then: \(error)")
                }
            }
            try FileManager.default.removeItem(atPath: record.path)
            return restored
        }
    }

    /// Undoes one scenario: true when its references were put back, false
    /// when its accept never committed. `after` and `before` are the record's
    /// indexes with hashes (nil when unreadable; `before` is missing from
    /// records made before pictures were stamped, whose kept index holds the
    /// hashes). A scenario changed since is refused and keeps its record.
    private func undo(_ scenario: String, after: ReferenceIndex?, before: ReferenceIndex?, catalog: ReferenceCatalog) throws -> Bool {
        let snapshots = SnapshotsFolder(root), directory = root + "/" + scenario
        let kept = path + "/" + scenario
        let live = Self.manifest(of: directory, catalog: catalog), replaced = Self.manifest(of: kept, catalog: catalog)
        let strike = {
            try? FileManager.default.removeItem(atPath: kept)
            for side in ["after", "before"] {
                try? FileManager.default.removeItem(atPath: self.path + "/" + Self.manifest(scenario, side))
                // An older record's manifest, never another scenario's folder of that name.
                let older = self.path + "/" + Self.olderManifest(scenario, side)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: older, isDirectory: &isFolder), !isFolder.boolValue {
                    try? FileManager.default.removeItem(atPath: older)
                }
            }
        }
        // The set is as it was before the accept: it never committed (a kill may have left the new set half written), or it was put back.
        if let before, live == before {
            strike()
            return false
        }
        guard let after, live == after else {
            // The accept wrote `after`; if the scenario does not hold it, either it never committed or it changed since.
            guard (after != nil && replaced == after) || !FileManager.default.fileExists(atPath: kept) else {
                throw StaleReferences(directory: directory, names: ["index.json"])
            }
            strike()
            return false
        }
        guard replaced != after else {
            strike()
            return false
        }
        try Self.verify(kept, replaced: replaced, before: before, catalog: catalog)
        try snapshots.checkNotLinked(scenario: scenario)
        try snapshots.exchange(kept, scenario: scenario)
        snapshots.sync()
        if Self.manifest(of: directory, catalog: catalog)?.names.isEmpty ?? true { rmdir(directory) }
        strike()
        return true
    }

    /// The index of `folder` with the hash of every file it lists, as read
    /// now (empty when the folder has no index); nil when it cannot be read.
    /// O(bytes of the set).
    private static func manifest(of folder: String, catalog: ReferenceCatalog) -> ReferenceIndex? {
        guard let f = try? ContainedFolder(folder) else { return nil }
        defer { f.close() }
        guard let bytes = (try? f.read("index.json", limit: 64 << 20)) ?? nil else { return ReferenceIndex() }
        guard let index = try? ReferenceIndex(json: bytes, catalog: catalog) else { return nil }
        var files: [String: [UInt8]] = [:]
        for name in index.names {
            guard let file = (try? f.read(name, limit: SnapshotsFolder.fileLimit)) ?? nil else { return nil }
            files[name] = file
        }
        return index.hashing(files)
    }

    /// Checks a kept set before it is put back: only reference files and an
    /// index, regular files, each holding what the record says the accept
    /// replaced (`before`, or for a record made before pictures were
    /// stamped, the hashes its kept index holds).
    private static func verify(_ folder: String, replaced: ReferenceIndex?, before: ReferenceIndex?, catalog: ReferenceCatalog) throws {
        let f = try ContainedFolder(folder)
        defer { f.close() }
        let names = f.names()
        let recorded = try before ?? f.read("index.json", limit: 64 << 20).map { bytes in try ReferenceIndex(json: bytes, catalog: catalog) } ?? ReferenceIndex()
        guard let replaced, names.allSatisfy({ $0 == "index.json" || replaced.names.contains($0) }), replaced.names.isEmpty == names.isEmpty else {
            throw DamagedReferences(description: "the undo record \(InertText(folder)) holds files that are not its references; restore from git instead")
        }
        guard replaced.names == recorded.names, replaced.hashes == recorded.hashes else {
            throw DamagedReferences(description: "the undo record's files in \(InertText(folder)) are not what it recorded; restore from git instead")
        }
    }
}
