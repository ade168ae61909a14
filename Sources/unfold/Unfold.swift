import ArgumentParser
import Foundation
import ScenarioFormat

@main
struct Unfold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfold",
        abstract: "Render expandable tree outlines to PNG, animate them, and test them against references.",
        subcommands: [RenderCommand.self, TestCommand.self, DiffCommand.self, Updates.self, MergeReports.self])
}

/// Prints a scenario error the way compilers do and exits with 2 (bad input).
func fail(_ error: ScenarioError) -> ExitCode {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    return ExitCode(2)
}
