import Foundation

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Files read and written only inside a folder that input may have filled:
/// a folder is opened once, and every name is opened relative to it without
/// following a link, so that no name and no link can lead out of it.
///
/// The descriptor is valid until `close()`; a `ContainedFolder` is used by
/// one thread at a time.
package struct ContainedFolder {
    /// The open folder, valid until `close()`.
    package let fd: Int32
    /// The folder's path, for messages.
    package let path: String

    /// Why a contained file or folder cannot be used.
    package struct Failure: DescribedError {
        /// The file or folder.
        package var path: String
        /// What is wrong with it.
        package var reason: String
        /// The path, quoted inertly, and the reason.
        package var description: String { "\(InertText(path)) \(reason)" }

        /// The file or folder `path` and what is wrong with it.
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Opens the folder `path`, which must not be a link unless
    /// `followingLink` (for a folder the user named); its parents may be links.
    package init(_ path: String, followingLink: Bool = false) throws(Failure) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw Failure(path: path, reason: Self.reason(Self.linkAware(errno, path), folder: true)) }
        self.fd = fd
        self.path = path
    }

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Closes the folder; `fd` is invalid afterwards.
    package func close() { _ = Foundation.close(fd) }

    /// The folder `name` inside this one (a plain name, not a link).
    package func folder(_ name: String) throws(Failure) -> ContainedFolder {
        let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard sub >= 0 else { throw Failure(path: path + "/" + name, reason: Self.reason(Self.linkAware(errno, path + "/" + name), folder: true)) }
        return ContainedFolder(fd: sub, path: path + "/" + name)
    }

    /// The bytes of the regular file `name` (a plain name), at most `limit`;
    /// nil when there is no such file. A link, a FIFO, a device or a folder
    /// is an error, never followed or read. O(size).
    package func read(_ name: String, limit: Int) throws(Failure) -> [UInt8]? {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(path: path + "/" + name, reason: Self.reason(errno, folder: false))
        }
        defer { _ = Foundation.close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: path + "/" + name, reason: "is not a regular file")
        }
        guard info.st_size <= limit else { throw Failure(path: path + "/" + name, reason: "is larger than \(limit) bytes") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Foundation.read(file, base + count, raw.count - count)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure(path: path + "/" + name, reason: "changed while it was read") }
            count += n
        }
        return bytes
    }

    /// Removes the file `name` (a plain name; a link is removed itself, never followed). Missing is fine.
    package func remove(_ name: String) { _ = unlinkat(fd, name, 0) }

    /// Removes the folder `name` if it is empty (a link or a full folder stays).
    package func removeEmptyFolder(_ name: String) { _ = unlinkat(fd, name, AT_REMOVEDIR) }

    /// The names in the folder, sorted, without `.` and `..`. O(entries).
    package func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        rewinddir(dir)
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// `ELOOP` when `path` is a link (opening a link with `O_DIRECTORY | O_NOFOLLOW` may say `ENOTDIR`).
    private static func linkAware(_ code: Int32, _ path: String) -> Int32 {
        var info = stat()
        return code == ENOTDIR && lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK ? ELOOP : code
    }

    /// Why a file or folder could not be opened, from `errno`.
    package static func reason(_ code: Int32, folder: Bool) -> String {
        switch code {
        case ELOOP: "is a symbolic link; Unfold never follows links in references or reports: replace it with a real \(folder ? "folder" : "file")"
        case ENOTDIR: folder ? "is not a folder" : "is not a file"
        case ENOENT: "does not exist"
        default: "cannot be opened: \(String(cString: strerror(code)))"
        }
    }
}

/// Unfold's own folders (`Snapshots`, `.unfold/artifacts` and every folder
/// below them): a repository may commit any of them as a link to a folder
/// outside the project, so none is ever written or cleaned through a link.
package enum OwnFolder {
    /// Throws when a folder on the way from `base` to the file `relative`
    /// (inside it) is a symbolic link: a link anywhere inside, and `base` itself.
    /// O(components).
    package static func refuseLinks(_ relative: String, inside base: String) throws(ContainedFolder.Failure) {
        try refuseLinks(base)
        var folder = base
        for part in relative.split(separator: "/").dropLast() {
            folder += "/" + part
            try refuseLinks(folder)
        }
    }

    /// Throws when a folder on `path` is a symbolic link: every one of a
    /// relative path (they are the project's), the last one of an absolute
    /// path (the folders above it are the person's). Missing folders are
    /// fine (they are made as real folders). O(components).
    package static func refuseLinks(_ path: String) throws(ContainedFolder.Failure) {
        let parts = path.split(separator: "/").map(String.init)
        var prefix = path.hasPrefix("/") ? "" : "."
        for (i, part) in parts.enumerated() {
            prefix += "/" + part
            guard !path.hasPrefix("/") || i == parts.count - 1, part != "." else { continue }
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFLNK {
                throw ContainedFolder.Failure(
                    path: String(prefix.dropFirst(path.hasPrefix("/") ? 0 : 2)),
                    reason: "is a symbolic link; Unfold never writes its references or reports through links: replace it with a real folder")
            }
        }
    }
}
