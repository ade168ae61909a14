// Shared by the tool `unfold-build-commit` and the BuildCommit plugin (a link
// to this file), so that the files the plugin watches are those the tool reads.
import Foundation

/// A checkout's git files, read without running git: the folder of its HEAD
/// and the folder of its refs. They are one folder, but for a worktree, whose
/// `.git` file names its own folder and whose `commondir` names the
/// repository's (where branches and packed refs live).
struct GitCheckout {
    /// The folder that holds HEAD.
    let folder: String
    /// The folder that holds `refs/` and `packed-refs`.
    let commonFolder: String

    /// The checkout whose `.git` is `dotGit`: a folder, or a file that names one.
    init(dotGit: String) {
        var folder = dotGit
        if let link = try? String(contentsOfFile: dotGit, encoding: .utf8), link.hasPrefix("gitdir: ") {
            folder = Self.path(link.dropFirst(8), from: (dotGit as NSString).deletingLastPathComponent)
        }
        self.folder = folder
        let common = try? String(contentsOfFile: folder + "/commondir", encoding: .utf8)
        commonFolder = common.map { Self.path($0[...], from: folder) } ?? folder
    }

    /// HEAD's one line: a ref (`ref: refs/heads/main`) or a commit; nil when unreadable.
    var head: String? {
        (try? String(contentsOfFile: folder + "/HEAD", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The files whose change means another commit: HEAD, the branch it names and the packed refs.
    var watchedFiles: [String] {
        var files = [folder + "/HEAD", commonFolder + "/packed-refs"]
        if let head, head.hasPrefix("ref: ") { files.append(commonFolder + "/" + head.dropFirst(5)) }
        return files
    }

    /// The commit HEAD points at, directly or through its branch (loose or packed); nil when it cannot be read.
    var commit: String? {
        guard let head else { return nil }
        guard head.hasPrefix("ref: ") else { return Self.isCommit(head) ? head : nil }
        let ref = String(head.dropFirst(5))
        if let loose = try? String(contentsOfFile: commonFolder + "/" + ref, encoding: .utf8) {
            let commit = loose.trimmingCharacters(in: .whitespacesAndNewlines)
            return Self.isCommit(commit) ? commit : nil
        }
        let packed = (try? String(contentsOfFile: commonFolder + "/packed-refs", encoding: .utf8)) ?? ""
        for entry in packed.split(separator: "\n") {
            let fields = entry.split(separator: " ")
            if fields.count == 2, fields[1] == ref, Self.isCommit(String(fields[0])) { return String(fields[0]) }
        }
        return nil
    }

    /// Whether `text` is a commit's full name: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
    static func isCommit(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
    }

    /// `path` (one line of a git file), absolute or relative to `base`.
    private static func path(_ path: Substring, from base: String) -> String {
        let path = path.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? path : base + "/" + path
    }
}
