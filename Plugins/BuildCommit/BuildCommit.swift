import Foundation
import PackagePlugin

/// Gives the `unfold` target the commit it is built from (`buildCommit`), so
/// that `unfold --version` names what a user can match: the tool
/// `unfold-build-commit` reads the checkout's files, and runs again whenever
/// one of them changes (a commit, a checkout of another branch or revision).
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let git = context.package.directoryURL.appending(path: ".git")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Reading the commit unfold is built from", executable: try context.tool(named: "unfold-build-commit").url,
                arguments: [git.path(), output.path()], inputFiles: watched(git), outputFiles: [output])
        ]
    }

    /// The files whose change means another commit: HEAD, the branch it
    /// names and the packed refs, those of them that exist.
    func watched(_ git: URL) -> [URL] {
        let head = git.appending(path: "HEAD")
        var files = [head, git.appending(path: "packed-refs")]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
            files.append(git.appending(path: text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path()) }
    }
}
