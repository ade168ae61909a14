import Foundation
import OutlineAppearance
import ScenarioFormat
import UnfoldPNG
import UnfoldRender
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The references of one scenario: `Snapshots/<name>/state-03.png`,
/// `strip.png`, `updates.json` (stable names, so that a re-record shows in
/// git as a modified picture), and `index.json` with their names and the
/// environment they were recorded in. Each picture carries the stamp that
/// says Unfold stored it (`PNGStamp`), so an accepted change touches only
/// the files that changed.
///
/// A scenario's folder changes only as a whole: the new set is written into
/// a folder beside it (under `<root>/.unfold/`, see `SnapshotsFolder`) and exchanged with the old one
/// in one atomic step (`rename` with exchange), so a reader (which needs no
/// lock) and an interrupted writer only ever see the old set or the new one.
/// Writers take turns under a lock (`<root>/.unfold/lock`). What an
/// interrupted writer left is swept by the next one. An accept keeps the
/// replaced set as its undo record, made by the same exchange.
///
/// Every file is opened inside the folder without following links, so a
/// reference that is a link (to `/proc/self/environ`, say) is refused, not read.
package struct ReferenceStore: Sendable {
    /// The references' folder it is in.
    package let snapshots: SnapshotsFolder
    /// The scenario's name (checked by the caller with `Scenario.isValidName`).
    package let scenario: String
    /// The kinds of reference its index may list.
    package let catalog: ReferenceCatalog

    /// The store of `scenario` under `root`, holding references of the kinds in `catalog`.
    package init(root: String, scenario: String, catalog: ReferenceCatalog) {
        self.snapshots = SnapshotsFolder(root)
        self.scenario = scenario
        self.catalog = catalog
    }

    /// The references' folder, as given (`Snapshots`).
    package var root: String { snapshots.path }
    /// `<root>/<scenario>`.
    package var directory: String { root + "/" + scenario }

    /// A scenario's references as read at one moment: the index and the bytes
    /// of every file it lists (the whole set is small: a scenario's pictures).
    package struct Contents: Sendable {
        /// What `index.json` says (empty when nothing is recorded).
        package var index: ReferenceIndex
        /// Reference name → the file's bytes, for every name of the index.
        package var files: [String: [UInt8]]
        /// Names in the folder that Unfold did not write (neither the index nor
        /// a file it lists): a folder holding any is never replaced.
        package var strangers: [String] = []
        /// Reference name → the hash of its file's bytes as read: what a
        /// report records of the reference it compared with, and what accept
        /// finds again before it replaces it.
        package private(set) var hashes: [String: String] = [:]
        /// The names whose files are as Unfold stored them (see `verified`).
        private var stored: Set<String> = []

        /// The contents of a folder holding `files`, listed by `index`, of the kinds in `catalog`. O(bytes).
        init(index: ReferenceIndex, files: [String: [UInt8]], strangers: [String] = [], catalog: ReferenceCatalog) {
            self.index = index
            self.files = files
            self.strangers = strangers
            for (name, bytes) in files {
                let hash = ReferenceIndex.hash(bytes)
                hashes[name] = hash
                let picture = catalog.kind(of: name)?.isPicture ?? false
                if index.hashes[name].map({ $0 == hash }) ?? (!picture || PNGStamp.isStamped(bytes, name: name)) { stored.insert(name) }
            }
        }

        /// Whether the file of `name` is as Unfold stored it: a picture whose
        /// stamp its bytes agree with (or, from an index written before
        /// stamps, whose bytes hash as the index says), or text, which is
        /// compared whole and so can never pass for what it is not. A file
        /// that is not never passes a test silently.
        package func verified(_ name: String) -> Bool { stored.contains(name) }
    }

    /// Reads the index and every file it lists, through one open folder, so
    /// that a set exchanged meanwhile is read whole or not at all (a read
    /// that races an exchange is made again). Needs no lock. A missing file,
    /// a link, an unreadable index are `DamagedReferences`; a file whose bytes are
    /// not what the index records is returned as it is (`verified` says so).
    /// O(bytes of the set).
    package func contents() throws(DamagedReferences) -> Contents {
        do { try OwnFolder.refuseLinks(root) } catch { throw DamagedReferences(description: "\(error)") }
        var attempt = 0
        while true {
            do {
                return try read()
            } catch let error as Retry {
                attempt += 1
                guard attempt < 5 else { throw DamagedReferences(description: error.description) }
            } catch let error as DamagedReferences {
                throw error
            } catch {
                throw DamagedReferences(description: "\(error)")
            }
        }
    }

    /// A read that met a set being exchanged.
    private struct Retry: Error, CustomStringConvertible { var description: String }

    private func read() throws -> Contents {
        let folder: ContainedFolder
        do { folder = try ContainedFolder(directory) } catch {
            var info = stat()
            if lstat(directory, &info) != 0 { return Contents(index: ReferenceIndex(), files: [:], catalog: catalog) }
            throw DamagedReferences(description: "\(error)")
        }
        defer { folder.close() }
        let names = folder.names().filter { $0 != ".DS_Store" }
        guard let indexBytes = try folder.read("index.json", limit: 64 << 20) else {
            // Hidden entries count too: a folder of `.env` and `.git/` is not an empty set of references.
            guard names.isEmpty else {
                throw DamagedReferences(
                    description: "\(InertText(directory))/index.json is missing but the folder holds files; restore it from git "
                        + "(or, if they are not references, delete the folder and record again)")
            }
            return Contents(index: ReferenceIndex(), files: [:], catalog: catalog)
        }
        let index: ReferenceIndex
        do { index = try ReferenceIndex(json: indexBytes, catalog: catalog) } catch {
            throw DamagedReferences(
                description: "\(InertText(directory))/index.json is not a reference index: \(error); restore it from git (or delete the folder and record again)")
        }
        var files: [String: [UInt8]] = [:]
        for name in index.names {
            guard let bytes = try folder.read(name, limit: SnapshotsFolder.fileLimit) else {
                // The folder may have been exchanged between opening it and now.
                var opened = stat(), current = stat()
                if fstat(folder.fd, &opened) != 0 || lstat(directory, &current) != 0 || opened.st_ino != current.st_ino {
                    throw Retry(description: "\(directory) changed while it was read")
                }
                throw DamagedReferences(description: "\(InertText(directory))/\(name), a reference, is missing; restore it from git")
            }
            files[name] = bytes
        }
        let written = index.names.union(["index.json"])
        return Contents(index: index, files: files, strangers: names.filter { !written.contains($0) }, catalog: catalog)
    }

    /// Runs `body` holding the lock of the references' folder (`SnapshotsFolder.locked`).
    package func locked<T>(_ body: () throws -> T) throws -> T { try snapshots.locked(body) }

    /// Writes `changes` (name → new reference, or nil to remove it) over the
    /// current set, keeping the other references as their files are (an
    /// edited one stays edited, so it keeps failing; an unchanged picture
    /// from before stamps is stamped).
    /// When every reference of the new set was written in this call, or
    /// written or `verified` (compared equal in `environment` just now), the
    /// index is stamped with `environment`. With `expecting` (name → the
    /// bytes hash a report compared with, nil for none), refuses with
    /// `StaleReferences` when a reference is no longer that. With `undo`, the
    /// replaced set is kept there as an undo record (see `UndoRecord`).
    /// Call it holding `locked`. O(bytes of the set).
    package func write(
        _ changes: [String: NewReference?], environment: SnapshotEnvironment?, verified: Set<String> = [], expecting: [String: String?] = [:],
        undo: UndoRecord? = nil
    ) throws {
        guard !changes.isEmpty else { return }
        let old = try contents()
        guard old.strangers.isEmpty else {
            throw DamagedReferences(
                description: "\(InertText(directory)) holds files Unfold did not write (\(old.strangers.prefix(5).map { "\(InertText($0))" }.joined(separator: ", "))); "
                    + "move them out: Unfold replaces a scenario's folder as a whole")
        }
        let stale = expecting.filter { old.hashes[$0.key] != $0.value }.keys.sorted()
        guard stale.isEmpty else { throw StaleReferences(directory: directory, names: stale) }
        var index = ReferenceIndex(environment: old.index.environment)
        var files: [String: [UInt8]] = [:]
        for name in old.index.names where changes[name] == nil {
            guard let bytes = old.files[name] else { continue }
            index.names.insert(name)
            let unstamped = old.index.hashes[name] != nil && old.verified(name) && catalog.kind(of: name)?.isPicture == true
            files[name] = unstamped && !PNGStamp.isStamped(bytes, name: name) ? PNGStamp.stamped(bytes, name: name) : bytes
        }
        for (name, change) in changes {
            guard let change else { continue }
            index.names.insert(name)
            files[name] = catalog.kind(of: name)?.isPicture == true ? PNGStamp.stamped(change.bytes, name: name) : change.bytes
        }
        let written = Set(changes.compactMap { $0.value == nil ? nil : $0.key })
        if let environment, index.names.isSubset(of: written.union(verified)) { index.environment = environment }
        try commit(index, files: files, replacing: old, undo: undo)
    }

    /// Makes `index` and `files` the scenario's set: written into a new
    /// folder, then exchanged with the scenario's folder in one step. The
    /// replaced set (`old`) goes, or becomes `undo`'s record. An empty set removes the folder.
    private func commit(_ index: ReferenceIndex, files: [String: [UInt8]], replacing old: Contents, undo: UndoRecord?) throws {
        try checkNotLinked()
        let staging = try undo?.prepare(scenario: scenario, before: old.index.json(hashing: old.files), after: index.json(hashing: files)) ?? newStaging()
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            try AtomicFile.write(bytes, to: staging + "/" + name, durable: true)
        }
        if !index.names.isEmpty { try AtomicFile.write(index.json(), to: staging + "/index.json", durable: true) }
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw DamagedReferences(description: "cannot make \(InertText(directory)): \(String(cString: strerror(errno)))")
        }
        try exchange(staging)
        snapshots.sync()
        if index.names.isEmpty {
            // The old set is in `staging` now; the folder left is empty.
            rmdir(directory)
        }
        if undo == nil { try? FileManager.default.removeItem(atPath: staging) }
    }

    /// A fresh folder for a set being written.
    private func newStaging() throws -> String {
        let path = snapshots.state + "/staging-\(scenario)-\(UInt64.random(in: 0 ... .max))"
        guard mkdir(path, 0o755) == 0 else { throw DamagedReferences(description: "cannot make \(InertText(path)): \(String(cString: strerror(errno)))") }
        return path
    }

    /// Swaps the folder `staging` with the scenario's folder at once (`SnapshotsFolder.exchange`).
    func exchange(_ staging: String) throws(DamagedReferences) { try snapshots.exchange(staging, scenario: scenario) }

    /// Refuses a scenario folder that is a symbolic link (`SnapshotsFolder.checkNotLinked`).
    func checkNotLinked() throws(DamagedReferences) { try snapshots.checkNotLinked(scenario: scenario) }

    /// Bytes on disk: the references and the index. O(bytes of the set).
    package func storedSize() throws(DamagedReferences) -> Int {
        let contents = try contents()
        return contents.files.values.reduce(contents.index.names.isEmpty ? 0 : contents.index.json().count) { $0 + $1.count }
    }
}
