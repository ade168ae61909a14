import Foundation

/// Tells when what a render read has changed, for `unfold render --watch`: a
/// writer saves a scenario (or the Markdown list, folder or data it reads)
/// and sees the pictures again. It polls: each call compares every watched
/// file's modification time, size and inode with the last call's, so it
/// needs no platform's change notifications and sees saves made by renaming
/// a new file over the old one.
package struct SourceWatcher {
    /// A place to watch: a file, or a folder's entries (and, when
    /// `recursive`, its subfolders' entries).
    package struct Root: Sendable, Equatable {
        /// The file or folder.
        package var path: String
        /// Whether the folders inside a folder are watched too.
        package var recursive: Bool

        /// Watches `path`, and with `recursive` everything below it.
        package init(_ path: String, recursive: Bool = false) {
            self.path = path
            self.recursive = recursive
        }
    }

    /// At most this many files are watched; a larger tree is watched in part
    /// (the first ones in sorted order), so that a huge folder cannot make
    /// every poll slow.
    package static let maxEntries = 20_000

    private let roots: [Root]
    /// Folders never looked into (the render's own output), as absolute paths.
    private let ignored: Set<String>
    private var stamps: [String: Stamp]

    private struct Stamp: Equatable {
        var seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64
    }

    /// Starts watching `roots` as they are now, except what is in the
    /// `ignoring` folders (where the render writes, so that its own files do
    /// not start another render).
    package init(_ roots: [Root], ignoring: [String] = []) {
        // Absolute and standardized once: the paths below them are then built by appending names.
        self.roots = roots.map { Root(Self.absolute($0.path), recursive: $0.recursive) }
        ignored = Set(ignoring.map(Self.absolute))
        stamps = Self.stamps(of: self.roots, ignoring: ignored)
    }

    private static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Whether a watched file was written, added or removed since the last
    /// call (or since the watcher was made). O(files watched).
    package mutating func changed() -> Bool {
        let now = Self.stamps(of: roots, ignoring: ignored)
        defer { stamps = now }
        return now != stamps
    }

    /// The stamp of every file under `roots` (hidden ones, such as an
    /// editor's swap files, left out), walked without recursion, in sorted
    /// order, up to `maxEntries`.
    private static func stamps(of roots: [Root], ignoring ignored: Set<String>) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        // Paths still to look at: whether a folder there is listed, and whether its subfolders are.
        var pending: [(path: String, list: Bool, recursive: Bool)] = roots.reversed().map { ($0.path, true, $0.recursive) }
        while let (path, list, recursive) = pending.popLast(), result.count < maxEntries {
            guard !ignored.contains(path) else { continue }
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT != S_IFDIR else {
                guard list, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
                pending += names.filter { !$0.hasPrefix(".") }.sorted().reversed().map { (path + "/" + $0, recursive, recursive) }
                continue
            }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            result[path] = Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int64(info.st_size), inode: UInt64(info.st_ino))
        }
        return result
    }
}
