import CUnfoldFiles
import Foundation

/// Puts a new folder where an old one was, so that a reader sees the old
/// folder or the new one under its name, never a mixture: the two are
/// exchanged in one step (`renameat2`'s `RENAME_EXCHANGE`, macOS's
/// `renamex_np`). Where the file system cannot exchange, the old folder is
/// moved aside first and put back if the new one cannot take its place;
/// between those renames the name is briefly missing, which the caller's
/// sweep of `aside` repairs after an interruption.
///
/// The one way Unfold replaces a folder: a render's output folder and a
/// scenario's references both go through it.
package enum FolderExchange {
    /// Why the folder could not be put in place.
    package struct Failure: DescribedError {
        /// What was done, the path and the system's reason.
        package var description: String
    }

    /// Puts the folder `new` at `live`. Afterwards `new` holds the old
    /// folder, or is gone when there was none. `aside` is where the old
    /// folder waits when the file system cannot exchange; `exchange` swaps
    /// two paths in one step (tests pass one that fails as such a file
    /// system does).
    package static func put(
        _ new: String, at live: String, aside: String,
        exchange: (String, String) -> Int32 = exchange
    ) throws(Failure) {
        if exchange(new, live) == 0 { return }
        let code = errno
        guard [ENOENT, EINVAL, ENOSYS, ENOTSUP].contains(code) else { throw failure("cannot replace", live) }
        var info = stat()
        let liveIsMissing = lstat(live, &info) != 0 && errno == ENOENT
        if liveIsMissing {  // there is no old folder
            guard rename(new, live) == 0 else { throw failure("cannot move the new files to", live) }
            return
        }
        // The new folder is the one missing: nothing may be moved.
        guard code != ENOENT else { throw failure("cannot replace", live, code) }
        guard rename(live, aside) == 0 else { throw failure("cannot move aside", live) }
        guard rename(new, live) == 0 else {
            let error = failure("cannot replace", live)
            rename(aside, live)
            throw error
        }
        // The new folder is in place; the old one must reach `new`, where the caller (an undo record) expects it.
        guard rename(aside, new) == 0 else { throw failure("the new folder is in place, but cannot move the old one back from", aside) }
    }

    /// Swaps the paths `a` and `b` in one step: 0, or -1 with `errno`
    /// (`EINVAL`, `ENOSYS` or `ENOTSUP` where the file system cannot).
    package static func exchange(_ a: String, _ b: String) -> Int32 { unfold_exchange(a, b) }

    private static func failure(_ what: String, _ path: String, _ code: Int32 = errno) -> Failure {
        Failure(description: "\(what) \(InertText(path)): \(String(cString: strerror(code)))")
    }
}
