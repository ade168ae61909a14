import ArgumentParser
import Foundation
import Unfold

@main
struct Unfold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfold",
        abstract: "Render expandable tree outlines to PNG, animate them, and test them against references.",
        version: ScenarioRenderer.versionDescription(commit: buildCommit),
        subcommands: [RenderCommand.self, TestCommand.self, AcceptCommand.self, ReviewCommand.self, DiffCommand.self, Updates.self, MergeReports.self])

    /// As ArgumentParser's, except that a bad option or argument exits with 2
    /// (bad input), like every other input error, instead of 64.
    static func main() {
        returnLargeBuffersToTheSystem()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Prints a scenario error the way compilers do and exits with 2 (bad input).
func fail(_ error: some Error & CustomStringConvertible) -> ExitCode { fail(error.description) }

/// Prints `message` (its input already quoted with `InertText`) as a line
/// on stderr and exits with 2 (bad input).
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    return ExitCode(2)
}

/// glibc's `mallopt` and its `M_MMAP_THRESHOLD` (-3), which the Glibc module does not export.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// Frame buffers (megabytes each) are mapped and unmapped on their own
/// rather than kept in the heap after use: glibc otherwise raises its mmap
/// threshold after the first free and keeps freed frames, so a long render's
/// memory would follow its history instead of what it holds.
func returnLargeBuffersToTheSystem() {
    #if canImport(Glibc)
    _ = mallopt(-3, 1 << 20)
    #endif
}
