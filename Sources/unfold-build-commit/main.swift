// `unfold-build-commit GIT OUTPUT`: writes the Swift file that tells
// `unfold --version` the commit it is built from (the BuildCommit plugin runs
// it before `unfold` is compiled). It reads the checkout's own files
// (GitCheckout.swift) and runs no git; outside a checkout the commit is
// unknown. It writes only when the text changes, so
// that a build with no new commit compiles nothing again.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: unfold-build-commit GIT OUTPUT\n".utf8))
    exit(2)
}
let commit = GitCheckout(dotGit: arguments[1]).commit.map { "\"\($0)\"" } ?? "nil"
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
