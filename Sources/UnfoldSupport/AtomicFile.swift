import Foundation

/// Writes files so that a reader never sees a half-written one: the bytes go
/// to a temporary file in the same folder, which is then renamed over the
/// target (atomic on POSIX file systems). A failure leaves the old file as it was.
package enum AtomicFile {
    /// Why a file could not be written.
    package struct WriteError: DescribedError {
        /// The file.
        package var path: String
        /// The system's reason.
        package var reason: String
        /// The file and the reason.
        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// With `durable`, the bytes reach the disk before the rename (fsync),
    /// so that a power cut cannot leave an empty file where a good one was,
    /// and the folder is synced after it, so that the rename itself survives.
    package static func write(_ bytes: [UInt8], to path: String, durable: Bool = false) throws(WriteError) {
        try write(to: path, durable: durable) { put throws(WriteError) in try put(bytes) }
    }

    /// Writes the parts `produce` hands to `put`, in order, as one file:
    /// a file too large to hold in memory at once is written as it is made,
    /// with the same promise (the old file until the last part is written,
    /// then the new one). `put` writes through to the temporary file and may
    /// only be called during `produce`.
    package static func write(
        to path: String, durable: Bool = false, parts produce: (_ put: ([UInt8]) throws(WriteError) -> Void) throws(WriteError) -> Void
    ) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create \(dir.path): \(error.localizedDescription)")
        }
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0 ... .max)).tmp").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        do {
            try produce { bytes throws(WriteError) in
                guard writeAll(bytes, to: fd) else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        if durable, fsync(fd) != 0 { ok = false }
        let reason = ok ? "" : String(cString: strerror(errno))
        if close(fd) != 0 { ok = false }
        guard ok, rename(temp, path) == 0 else {
            let why = reason.isEmpty ? String(cString: strerror(errno)) : reason
            unlink(temp)
            throw WriteError(path: path, reason: why)
        }
        if durable {
            let dirFD = open(dir.path, O_RDONLY | O_DIRECTORY)
            guard dirFD >= 0 else { throw WriteError(path: path, reason: "cannot open its folder to sync it: \(String(cString: strerror(errno)))") }
            defer { close(dirFD) }
            guard fsync(dirFD) == 0 else { throw WriteError(path: path, reason: "cannot sync its folder: \(String(cString: strerror(errno)))") }
        }
    }

    /// Writes all of `bytes` to the open file `fd`; false (errno set) when the system refuses.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
