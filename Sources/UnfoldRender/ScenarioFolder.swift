import Foundation
import ScenarioFormat
import UnfoldSupport

/// A scenario's output folder (`<out>/<name>/`), replaced whole by each render:
/// the files are written into a new folder beside it (`<out>/.<name>.partial-<pid>-XXXXXX`),
/// which is then exchanged with the old folder in one step, and the old one
/// is removed. The folder then holds exactly what the render wrote (no file
/// of an earlier, longer render stays), and a render that fails or is
/// interrupted leaves the old folder as it was. Nothing outside the
/// scenario's folder is ever removed, but the new folders beside it that
/// renders of the same scenario left when they were killed (their process
/// is gone); and the scenario's folder is replaced only when it holds what
/// a render wrote: the files its list (`.unfold-render`) names, or, in a
/// folder from before renders kept one, files named as renders name theirs.
/// A file anyone else put there (a hand-made `logo.svg` in a folder a
/// scenario's `name:` happens to choose) stops the render, named.
package enum ScenarioFolder {
    /// Makes `directory/name/` hold exactly what `build` writes into the
    /// folder it is handed. Refuses a `name` that is not a scenario name and
    /// a `directory/name` that is a symbolic link or not a folder.
    /// `exchange` swaps two paths in one step (`FolderExchange.exchange`); tests pass
    /// one that fails as a file system without the call does.
    package static func replace(
        in directory: String, name: String, exchange: (String, String) -> Int32 = FolderExchange.exchange,
        build: (String) throws -> Void
    ) throws {
        guard Scenario.isValidName(name) else {
            throw RenderError(description: "'\(InertText(name))' cannot name an output folder: use letters, digits, '.', '_' or '-'")
        }
        let live = directory + "/" + name
        // A relative --out is the project's: a link anywhere on it (`docs/images` committed as one) could lead anywhere.
        do { try OwnFolder.refuseLinks(live) } catch {
            throw RenderError(
                description: "\(InertText(error.path)) is a symbolic link; a render never writes through a link inside the project: "
                    + "remove it, or give --out as an absolute path")
        }
        try checkReplaceable(live)
        // After the sweep, which may put back a folder that a killed render moved aside.
        sweep(directory, name: name)
        try checkWrittenByRenders(live)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RenderError(description: "cannot make the folder \(InertText(directory)): \(error.localizedDescription)")
        }
        var template = Array((directory + "/" + partialPrefix(name) + "\(getpid())-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
            throw RenderError(description: "cannot make a folder in \(InertText(directory)): \(String(cString: strerror(errno)))")
        }
        let staging = String(cString: made)
        do {
            // The folder gets the usual mode (mkdtemp's is 0700), and the list of what the render wrote.
            chmod(staging, 0o777 & ~processUmask())
            try build(staging)
            try AtomicFile.write(Array(files(in: staging).joined(separator: "\n").utf8), to: staging + "/" + manifest)
            try swap(staging, into: live, exchange: exchange)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        // `staging` holds the old folder now (or nothing, when there was none): removed only if
        // it still holds what renders wrote (a file put there meanwhile keeps it, named).
        do { try checkWrittenByRenders(staging) } catch {
            // Out of the sweep's reach: `.<name>.partial-…` folders of gone renders are removed.
            let kept = live + ".kept-\(getpid())"
            let at = rename(staging, kept) == 0 ? kept : staging
            throw RenderError(description: "\(error.description); the folder before this render is kept at \(InertText(at))")
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// The list of the files a render wrote, in its folder.
    package static let manifest = ".unfold-render"

    /// Refuses a scenario folder that holds a file no render wrote: one its
    /// list does not name, or (without a list) one not named as a render's
    /// files are. O(files in the folder).
    static func checkWrittenByRenders(_ live: String) throws(RenderError) {
        var info = stat()
        guard lstat(live, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        // The list is read only when it is a regular file of a sane size (never through a link).
        var list = stat()
        let readable = lstat(live + "/" + manifest, &list) == 0 && list.st_mode & S_IFMT == S_IFREG && list.st_size < 1 << 24
        let listed = readable ? (try? String(contentsOfFile: live + "/" + manifest, encoding: .utf8)).map { Set($0.split(separator: "\n").map(String.init)) } : nil
        // A `.DS_Store` (which macOS writes in any folder it shows) holds nothing anyone made.
        for file in files(in: live) where file != manifest && (file as NSString).lastPathComponent != ".DS_Store" {
            var info = stat()
            let regular = lstat(live + "/" + file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            guard regular, listed?.contains(file) ?? isRenderedName(file) else {
                throw RenderError(
                    description: "\(InertText(live + "/" + file)) was not written by unfold render, and a render replaces its folder "
                        + "whole: move the file, or give the scenario another `name:`, or render into another --out")
            }
        }
    }

    /// Whether `path` (in a scenario's folder) is named as a render names its
    /// files: `state-NN.png`, `state-NN.svg`, `step-NN/frame-MM.png`, `strip.png`,
    /// `animation.png` (`.gif`, `.webp`, `.svg`), `updates.json`.
    static func isRenderedName(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        let numbered = { (name: String, prefix: String, extensions: [String]) -> Bool in
            guard name.hasPrefix(prefix), let dot = name.lastIndex(of: ".") else { return false }
            let digits = name[name.index(name.startIndex, offsetBy: prefix.count) ..< dot]
            return (2 ... 6).contains(digits.count) && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
                && extensions.contains(String(name[name.index(after: dot)...]))
        }
        switch parts.count {
        case 1:
            return numbered(parts[0], "state-", ["png", "svg"]) || [FileNames.strip, FileNames.updates].contains(parts[0])
                || ["png", "gif", "webp", "svg"].map { "animation." + $0 }.contains(parts[0])
        case 2:
            let step = parts[0]
            return step.hasPrefix("step-") && step.count >= 7 && step.dropFirst(5).allSatisfy(\.isNumber) && numbered(parts[1], "frame-", ["png"])
        default: return false
        }
    }

    /// Every file under `folder` (not followed through links), by its path
    /// from it, in order. O(files).
    static func files(in folder: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
        var out: [String] = []
        while let path = walk.nextObject() as? String {
            var info = stat()
            guard lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            out.append(path)
        }
        return out.sorted()
    }

    /// The process's file mode mask, read without changing it (Linux's
    /// `/proc/self/status`); 022 where it cannot be read.
    static func processUmask() -> mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    /// The start of the names of the folders a render of `name` writes into.
    static func partialPrefix(_ name: String) -> String { "." + name + ".partial-" }

    /// Removes the folders that killed renders of `name` left in `directory`
    /// (those whose process is gone), and puts back a scenario folder that
    /// was moved aside (`….old`) and not replaced.
    package static func sweep(_ directory: String, name: String) {
        let prefix = partialPrefix(name), live = directory + "/" + name
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries.sorted() where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }  // its render may still run
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if entry.hasSuffix(".old"), lstat(live, &info) != 0, rename(path, live) == 0 { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Refuses a path that exists but is not a real folder: a symbolic link
    /// could point anywhere, and a file is not the render's to replace.
    static func checkReplaceable(_ live: String) throws(RenderError) {
        var info = stat()
        guard lstat(live, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return
        case S_IFLNK:
            throw RenderError(
                description: "\(InertText(live)) is a symbolic link; a render never writes through one: "
                    + "remove it, or choose another --out")
        default:
            throw RenderError(description: "\(InertText(live)) is not a folder: remove it, or choose another --out")
        }
    }

    /// Puts the folder `staging` at `live` (see `FolderExchange`);
    /// afterwards `staging` holds the old folder, or is gone.
    static func swap(_ staging: String, into live: String, exchange: (String, String) -> Int32) throws {
        try checkReplaceable(live)
        do {
            try FolderExchange.put(staging, at: live, aside: staging + ".old", exchange: exchange)
        } catch {
            throw RenderError(description: error.description)
        }
    }
}
