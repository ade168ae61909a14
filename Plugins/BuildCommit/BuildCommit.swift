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
                arguments: [git.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: watched(git), outputFiles: [output])
        ]
    }

    /// The files whose change means another commit, those of them that exist.
    func watched(_ git: URL) -> [URL] {
        GitCheckout(dotGit: git.path(percentEncoded: false)).watchedFiles.filter { FileManager.default.fileExists(atPath: $0) }
            .map { URL(fileURLWithPath: $0) }
    }
}
