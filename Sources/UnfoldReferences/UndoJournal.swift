import Foundation
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The stamps of the undo records this machine made, kept outside every
/// project (`$XDG_STATE_HOME/unfold/accepted`, else
/// `~/.local/state/unfold/accepted`), where no pull request can put one.
/// An undo record lives in the project's `.unfold` folder, which a
/// repository can commit too; `unfold accept --undo` applies only a record
/// whose stamp is here, so a committed record is never applied.
///
/// A stamp holds 128 random bits (`UndoRecord.newStamp`): one cannot be
/// guessed from outside the machine. Each is one line, appended with
/// `O_APPEND` (a line is written whole, whatever else appends meanwhile);
/// the file keeps about the last `kept` stamps.
enum UndoJournal {
    /// About this many stamps are kept: the older ones cannot be undone.
    static let kept = 2000

    /// The journal's path; nil when neither `XDG_STATE_HOME` nor `HOME` says where.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/unfold/accepted" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/unfold/accepted" }
        return nil
    }

    /// Notes `stamp` as made here. Throws when the journal cannot be written
    /// (then nothing is accepted: it could not be undone). O(journal) when it
    /// is trimmed, else O(1).
    static func remember(_ stamp: String) throws {
        guard let path = path() else {
            throw UndoRecord.Refused(description: "set HOME (or XDG_STATE_HOME): an accept notes there what --undo may put back")
        }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw UndoRecord.Refused(description: "cannot make the folder of \(path): \(error.localizedDescription)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > kept * 2 * 64 {
            let lines = stamps(path).suffix(kept)
            try AtomicFile.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw UndoRecord.Refused(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let line = Array((stamp + "\n").utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count else { throw UndoRecord.Refused(description: "cannot write \(path)") }
    }

    /// The stamps made on this machine (and still kept), read once. O(journal).
    static func stamps() -> Set<String> {
        guard let path = path() else { return [] }
        return Set(stamps(path))
    }

    /// The stamps in the journal at `path`, oldest first.
    private static func stamps(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 16 << 20 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
