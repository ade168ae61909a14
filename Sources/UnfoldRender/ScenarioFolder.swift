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
/// renders of the same scenario left when they were killed (their process is gone).
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
        sweep(directory, name: name)
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
            try build(staging)
            try swap(staging, into: live, exchange: exchange)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        // `staging` holds the old folder now (or nothing, when there was none).
        try? FileManager.default.removeItem(atPath: staging)
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
