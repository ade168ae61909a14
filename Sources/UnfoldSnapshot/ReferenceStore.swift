import Foundation
import ScenarioFormat
import UnfoldRender

/// The references of one scenario under `Snapshots/<name>/`.
///
/// Each reference (`state-03.png`, `strip.png`, `updates.json`) is listed in
/// `index.json`, which names the stored file ("blob") holding its bytes:
/// `state-03.<hash>.png`. Equal bytes share one blob, so a state the outline
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

    /// Reference name → blob file name; empty when nothing is recorded yet.
    /// An index that exists but cannot be read (a merge conflict, say) is an
    /// error, never "no references": recording over it would hide a regression.
    public func index() throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: indexPath) else {
            // No index beside recorded blobs is damage too (a lost or unstaged file).
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if files.contains(where: { !$0.hasPrefix(".") }) {
                throw DamagedError(
                    description: "\(indexPath) is missing but \(directory) holds files; restore it from git "
                        + "(or, if an interrupted first recording left them, delete the folder and record again)")
            }
            return [:]
        }
        guard let data = FileManager.default.contents(atPath: indexPath),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else {
            throw DamagedError(
                description: "\(indexPath) is not a readable reference index; "
                    + "restore it from git (or delete the folder and record again)")
        }
        return object
    }

    /// The bytes of a reference; nil when it is not recorded. A listed blob
    /// that is missing is an error, not a missing reference.
    public func read(_ name: String) throws -> [UInt8]? {
        guard let blob = try index()[name] else { return nil }
        guard let data = FileManager.default.contents(atPath: directory + "/" + blob) else {
            throw DamagedError(description: "\(directory)/\(blob), the reference \(name), is missing; restore it from git")
        }
        return [UInt8](data)
    }

    /// Records references (name → bytes), keeping the others. Call it holding `locked`.
    public func write(_ references: [String: [UInt8]]) throws {
        guard !references.isEmpty else { return }
        try checkNotLinked()
        let old = try index()
        var new = old
        // Blobs by content hash, so that equal bytes share one.
        var byHash: [String: String] = [:]
        for blob in Set(old.values) { byHash[Self.hashPart(of: blob)] = blob }
        for (name, bytes) in references.sorted(by: { $0.key < $1.key }) {
            let hash = Self.hash(bytes)
            if let blob = byHash[hash], FileManager.default.contents(atPath: directory + "/" + blob).map({ [UInt8]($0) }) == bytes {
                new[name] = blob
                continue
            }
            let blob = Self.blobName(for: name, hash: hash)
            try AtomicFile.write(bytes, to: directory + "/" + blob, durable: true)
            byHash[hash] = blob
            new[name] = blob
        }
        try commit(new, replacing: old)
    }

    /// Removes references; their blobs go when nothing else uses them. Call it holding `locked`.
    public func remove(_ names: [String]) throws {
        try checkNotLinked()
        let old = try index()
        var new = old
        for name in names { new[name] = nil }
        try commit(new, replacing: old)
    }

    /// Bytes on disk: the blobs in use and the index.
    public func storedSize() -> Int {
        let files = Set((try? index())?.values.map { $0 } ?? []).map { directory + "/" + $0 } + [indexPath]
        return files.reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    private func commit(_ new: [String: String], replacing old: [String: String]) throws {
        if new.isEmpty {
            // Blobs first, the index last: an interruption leaves a smaller
            // store that an index still describes, never blobs without one.
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where file != "index.json" {
                try? FileManager.default.removeItem(atPath: directory + "/" + file)
            }
            try? FileManager.default.removeItem(atPath: indexPath)
        } else {
            let lines = new.sorted(by: { $0.key < $1.key }).map { "  \(jsonString($0.key)): \(jsonString($0.value))" }
            try AtomicFile.write(Array(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8), to: indexPath, durable: true)
        }
        // Whatever the new index does not name goes: blobs it replaced, and
        // what an interrupted writer left (temporary files, unlisted blobs).
        let keep = Set(new.values).union(["index.json"])
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !keep.contains(file) {
            try? FileManager.default.removeItem(atPath: directory + "/" + file)
        }
        if new.isEmpty, (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true {
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

    /// FNV-1a, 64 bits, as 16 hex digits: names blobs by content.
    static func hash(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
