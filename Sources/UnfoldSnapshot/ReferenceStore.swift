import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldRender

/// The references of one scenario under `Snapshots/<name>/`.
///
/// Each reference (`state-03.png`, `strip.png`, `updates.json`) is listed in
/// `index.json` (`ReferenceIndex`), which names the stored file ("blob")
/// holding its bytes, `state-03.<hash>.png`, and the hash of its pixels. Equal bytes share one blob, so a state the outline
/// returns to is stored once. Blobs are never overwritten: recording writes
/// new blobs, then the index (atomically, the commit point), then deletes the
/// blobs nothing uses. A failing or interrupted run never damages a reference.
///
/// A check holds a lock (`flock` on a file in the temporary directory named
/// after the store's folder, so nothing is added to the source tree): two
/// runs at once take turns, and an index is never a mix. A commit sweeps what
/// an interrupted writer left (temporary files, blobs no index names). The
/// scenario folder must be a real folder: nothing is written through a link.
public struct ReferenceStore {
    public let root: String
    public let directory: String

    public init(root: String, scenario: String) {
        self.root = root
        directory = root + "/" + scenario
    }

    /// Runs `body` holding the store's lock, waiting for another process (or
    /// thread) that holds it. The lock goes when `body` returns or the process ends.
    public func locked<T>(_ body: () throws -> T) throws -> T {
        let folder = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        let locks = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-locks").path
        let path = locks + "/" + Self.hash(Array(folder.utf8)) + ".lock"
        try? FileManager.default.createDirectory(atPath: locks, withIntermediateDirectories: true)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw DamagedError(description: "cannot open the lock \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw DamagedError(description: "cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Refuses a scenario folder that is a symbolic link (it could point anywhere).
    func checkNotLinked() throws {
        var info = stat()
        if lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw DamagedError(
                description: "\(directory) is a symbolic link; references are never written through links: "
                    + "replace it with a folder")
        }
    }

    var indexPath: String { directory + "/index.json" }

    /// A store that cannot be trusted: nothing is recorded over it.
    public struct DamagedError: Error, CustomStringConvertible {
        public var description: String
    }

    /// References that changed since a report was made: accepting the
    /// report's pictures over them would lose that change.
    public struct StaleError: Error, CustomStringConvertible {
        public var directory: String
        public var names: [String]
        public var description: String {
            "\(directory): \(names.joined(separator: ", ")) changed since the report was made; "
                + "run `unfold test` again and accept from its report"
        }
    }

    /// What `index.json` says; empty when nothing is recorded yet. An index
    /// that exists but cannot be read (a merge conflict, say) is an error,
    /// never "no references": recording over it would hide a regression.
    public func index() throws -> ReferenceIndex {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            // No index beside recorded blobs is damage too (a lost or unstaged file).
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if files.contains(where: { !$0.hasPrefix(".") }) {
                throw DamagedError(
                    description: "\(indexPath) is missing but \(directory) holds files; restore it from git "
                        + "(or, if an interrupted first recording left them, delete the folder and record again)")
            }
            return ReferenceIndex()
        }
        guard let data = FileManager.default.contents(atPath: indexPath), let index = ReferenceIndex(json: data) else {
            throw DamagedError(
                description: "\(indexPath) is not a readable reference index; "
                    + "restore it from git (or delete the folder and record again)")
        }
        return index
    }

    /// The bytes of a reference; nil when it is not recorded. A listed blob
    /// that is missing is an error, not a missing reference.
    public func read(_ name: String) throws -> [UInt8]? {
        guard let entry = try index().entries[name] else { return nil }
        return try read(blob: entry.blob, name: name)
    }

    func read(blob: String, name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + blob) else { throw missing(blob: blob, name: name) }
        return [UInt8](data)
    }

    /// Throws when the blob is not on disk (a reference that passes by its
    /// pixel hash is not read, but must still exist).
    func checkExists(blob: String, name: String) throws {
        guard FileManager.default.fileExists(atPath: directory + "/" + blob) else { throw missing(blob: blob, name: name) }
    }

    private func missing(blob: String, name: String) -> DamagedError {
        DamagedError(description: "\(directory)/\(blob), the reference \(name), is missing; restore it from git")
    }

    /// Records references, keeping the others; when they are all of the
    /// scenario's, stamps the index with `environment`. `expecting` (name → blob, nil for "not recorded") makes
    /// it refuse with `StaleError` when a reference is no longer what a
    /// report compared with. Call it holding `locked`.
    public func write(
        _ references: [String: NewReference], environment: SnapshotEnvironment?, expecting: [String: String?] = [:]
    ) throws {
        guard !references.isEmpty else { return }
        try checkNotLinked()
        let old = try index()
        let stale = expecting.filter { old.entries[$0.key]?.blob != $0.value }.keys.sorted()
        guard stale.isEmpty else { throw StaleError(directory: directory, names: stale) }
        var new = old
        // The stamp says what drew every reference: it changes only when all are written again.
        if let environment, Set(old.entries.keys).isSubset(of: references.keys) { new.environment = environment }
        // Blobs by content hash, so that equal bytes share one.
        var byHash: [String: String] = [:]
        for entry in old.entries.values { byHash[Self.hashPart(of: entry.blob)] = entry.blob }
        for (name, reference) in references.sorted(by: { $0.key < $1.key }) {
            let hash = Self.hash(reference.bytes)
            if let blob = byHash[hash], FileManager.default.contents(atPath: directory + "/" + blob).map({ [UInt8]($0) }) == reference.bytes {
                new.entries[name] = .init(blob: blob, pixels: reference.pixels)
                continue
            }
            let blob = Self.blobName(for: name, hash: hash)
            try AtomicFile.write(reference.bytes, to: directory + "/" + blob, durable: true)
            byHash[hash] = blob
            new.entries[name] = .init(blob: blob, pixels: reference.pixels)
        }
        try commit(new)
    }

    /// Puts back an earlier `index.json` (its bytes, nil for none) and its
    /// blobs (`blobs`: file name → bytes, for those no longer on disk), if the
    /// index is still `expecting`; an undo. Call it holding `locked`.
    public func restore(index bytes: [UInt8]?, blobs: [String: [UInt8]], expecting: ReferenceIndex) throws {
        try checkNotLinked()
        guard let earlier = bytes.map({ ReferenceIndex(json: Data($0)) }) ?? ReferenceIndex() else {
            throw DamagedError(description: "the index to restore for \(directory) is not readable")
        }
        let current = try index()
        guard current == expecting else {
            let changed = Set(current.entries.keys).union(expecting.entries.keys).filter { current.entries[$0] != expecting.entries[$0] }
            throw StaleError(directory: directory, names: changed.isEmpty ? ["index.json"] : changed.sorted())
        }
        for entry in Set(earlier.entries.values.map(\.blob)) where !FileManager.default.fileExists(atPath: directory + "/" + entry) {
            guard let bytes = blobs[entry] else {
                throw DamagedError(description: "\(entry), a reference of the earlier index, is not kept; it cannot be restored")
            }
            try AtomicFile.write(bytes, to: directory + "/" + entry, durable: true)
        }
        try commit(earlier, bytes: bytes)
    }

    /// Removes references; their blobs go when nothing else uses them. Call it holding `locked`.
    public func remove(_ names: [String]) throws {
        try checkNotLinked()
        var new = try index()
        for name in names { new.entries[name] = nil }
        try commit(new)
    }

    /// Bytes on disk: the blobs in use and the index.
    public func storedSize() -> Int {
        let blobs = Set((try? index())?.entries.values.map(\.blob) ?? [])
        return (blobs.map { directory + "/" + $0 } + [indexPath]).reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    /// Makes `new` the index (written as `bytes`, by default its own JSON),
    /// then removes what it does not name.
    private func commit(_ new: ReferenceIndex, bytes: [UInt8]? = nil) throws {
        if new.entries.isEmpty {
            // Blobs first, the index last: an interruption leaves a smaller
            // store that an index still describes, never blobs without one.
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where file != "index.json" {
                try? FileManager.default.removeItem(atPath: directory + "/" + file)
            }
            try? FileManager.default.removeItem(atPath: indexPath)
        } else {
            try AtomicFile.write(bytes ?? new.json(), to: indexPath, durable: true)
        }
        // Whatever the new index does not name goes: blobs it replaced, and
        // what an interrupted writer left (temporary files, unlisted blobs).
        let keep = Set(new.entries.values.map(\.blob)).union(["index.json"])
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !keep.contains(file) {
            try? FileManager.default.removeItem(atPath: directory + "/" + file)
        }
        if new.entries.isEmpty, (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// `state-03.png` with hash `h` → `state-03.h.png`.
    static func blobName(for name: String, hash: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + hash }
        return name[..<dot] + "." + hash + name[dot...]
    }

    static func hashPart(of blob: String) -> String {
        let parts = blob.split(separator: ".")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : blob
    }

    /// 16 hex digits of the content hash: names blobs by content.
    static func hash(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.update(bytes)
        return String(hash.hex.prefix(16))
    }
}
