#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads a file that input names (a scenario, a tree source, data, a font,
/// a `.gitignore`) only if it is a regular file, and only so much of it: a
/// FIFO, a device, a socket or a folder is refused from its `stat`, before
/// it is opened (and it is opened without blocking, in case it changed in
/// between), so nothing waits for a writer that never comes or reads
/// `/dev/zero` forever.
package enum InputFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable {
        case missing
        /// Not a regular file: what it is instead ("a FIFO (named pipe)").
        case notRegular(String)
        /// More than this many bytes.
        case tooLarge(Int)
        /// Cannot be opened or read: the system's reason.
        case unreadable(String)

        /// The problem, after "the <what> ".
        package func message(_ what: String) -> String {
            switch self {
            case .missing: "no such \(what)"
            case let .notRegular(kind): "the \(what) is not a regular file: it is \(kind)"
            case let .tooLarge(limit): "the \(what) is larger than " + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB")
            case let .unreadable(reason): "cannot read the \(what): \(reason)"
            }
        }

        /// What to do about it.
        package var hint: String {
            switch self {
            case .missing: "check the path"
            case .notRegular: "name a regular file; pipes, devices and folders are not read (save the input to a file first)"
            case .tooLarge: "split it into smaller files"
            case .unreadable: "check its permissions"
            }
        }
    }

    /// The whole file; `tooLarge` past `limit` bytes. O(size).
    package static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
        try load(path, count: limit, whole: true)
    }

    /// The file's first `count` bytes (fewer if it is shorter).
    package static func prefix(of path: String, count: Int) throws(Failure) -> [UInt8] {
        try load(path, count: count, whole: false)
    }

    /// Whether `path` (its links followed) is a regular file or a folder;
    /// anything else is `notRegular`. Nothing is opened.
    package static func isFolder(_ path: String) throws(Failure) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return true }
        try requireRegular(info)
        return false
    }

    private static func load(_ path: String, count: Int, whole: Bool) throws(Failure) -> [UInt8] {
        if try isFolder(path) { throw .notRegular("a folder") }
        var info = stat()
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(reason(errno)) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw .unreadable(reason(errno)) }
        try requireRegular(info)  // it may have been replaced since the stat
        if whole, Int(info.st_size) > count { throw .tooLarge(count) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(count, max(0, Int(info.st_size))) + (whole ? 1 : 0))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // One byte past the limit tells a file that grew from one that fits.
        while bytes.count < count + (whole ? 1 : 0) {
            let wanted = min(chunk.count, count + (whole ? 1 : 0) - bytes.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .unreadable(reason(errno)) }
            if n == 0 { break }
            bytes += chunk[0 ..< n]
        }
        if whole, bytes.count > count { throw .tooLarge(count) }
        return bytes
    }

    private static func requireRegular(_ info: stat) throws(Failure) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: throw .notRegular("a FIFO (named pipe)")
        case S_IFCHR: throw .notRegular("a character device")
        case S_IFBLK: throw .notRegular("a block device")
        case S_IFSOCK: throw .notRegular("a socket")
        case S_IFDIR: throw .notRegular("a folder")
        default: throw .notRegular("an unknown kind of file")
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
