// `unfold-build-commit GIT OUTPUT`: writes the Swift file that tells
// `unfold --version` the commit it is built from (the BuildCommit plugin runs
// it before `unfold` is compiled). It reads the checkout's own files — HEAD,
// then the branch HEAD names, loose or packed — and runs no git; outside a
// checkout the commit is unknown. It writes only when the text changes, so
// that a build with no new commit compiles nothing again.
import Foundation

/// The commit HEAD points at in the checkout whose `.git` is `git` (a folder,
/// or a worktree's file that names one), or nil when it cannot be read.
func headCommit(git: String) -> String? {
    var folder = git
    if let link = try? String(contentsOfFile: git, encoding: .utf8), link.hasPrefix("gitdir: ") {
        let target = link.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
        folder = target.hasPrefix("/") ? target : (git as NSString).deletingLastPathComponent + "/" + target
    }
    guard let head = try? String(contentsOfFile: folder + "/HEAD", encoding: .utf8) else { return nil }
    let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
    guard line.hasPrefix("ref: ") else { return isCommit(line) ? line : nil }
    let ref = String(line.dropFirst(5))
    if let loose = try? String(contentsOfFile: folder + "/" + ref, encoding: .utf8) {
        let commit = loose.trimmingCharacters(in: .whitespacesAndNewlines)
        return isCommit(commit) ? commit : nil
    }
    let packed = (try? String(contentsOfFile: folder + "/packed-refs", encoding: .utf8)) ?? ""
    for entry in packed.split(separator: "\n") {
        let fields = entry.split(separator: " ")
        if fields.count == 2, fields[1] == ref, isCommit(String(fields[0])) { return String(fields[0]) }
    }
    return nil
}

/// Whether `text` is a commit's full name: 40 (SHA-1) or 64 (SHA-256) hex digits.
func isCommit(_ text: String) -> Bool {
    (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: unfold-build-commit GIT OUTPUT\n".utf8))
    exit(2)
}
let commit = headCommit(git: arguments[1]).map { "\"\($0)\"" } ?? "nil"
let text = """
    // Written by unfold-build-commit when unfold is built.

    /// The commit this binary was built from; nil outside a git checkout.
    let buildCommit: String? = \(commit)

    """
if (try? String(contentsOfFile: arguments[2], encoding: .utf8)) != text {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("unfold-build-commit: cannot write \(arguments[2]): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
