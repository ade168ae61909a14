import ArgumentParser
import Foundation
import Unfold
import UnfoldAcceptance
import UnfoldReferences
import UnfoldSupport

struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Accept the actual pictures of a failed run's report as references, without rendering again.",
        discussion: """
            ITEMS name what to accept (all failures when none): a scenario (regions), a reference \
            (regions/state-03.png or regions/state-03), a frame of a strip (regions/step-02/frame-03), \
            or a glob of those ('regions/state-*'). A reference that changed since the report was made is refused. \
            References are written into --snapshots (default Snapshots), or, for a report of Swift tests \
            (.build/unfold-artifacts), into the tests' own __Snapshots__ folders, never where a report says. \
            The last accept can be undone with --undo, wherever it wrote.
            Exit status: 0 done, 1 refused (stale references), 2 bad input.
            """)

    @Argument(help: "What to accept (default: every failure of the report).")
    var items: [String] = []

    @Option(help: "The report's folder: the --artifacts of `unfold test`, or one downloaded from CI.")
    var report = SnapshotOptions.defaultArtifacts

    @Option(help: "The references' folder.")
    var snapshots = SnapshotOptions.defaultSnapshots

    @Flag(help: "List what would change, and change nothing.")
    var dryRun = false

    @Flag(help: "Put back the references that the last accept changed: in --snapshots or in the Swift tests' __Snapshots__ folders.")
    var undo = false

    func run() throws {
        if undo {
            guard items.isEmpty, !dryRun else { throw fail(UsageError(description: "--undo takes no items and no --dry-run")) }
            let restored = try refusing { try Acceptance.undo(project: ".", snapshots: snapshots, catalog: .standard) }
            let names = restored.map { $0.root == snapshots ? $0.scenario : $0.root + "/" + $0.scenario }
            print("restored the references of \(names.isEmpty ? "nothing (the accept never finished)" : names.map { InertText($0).description }.joined(separator: ", "))")
            return
        }
        let acceptance: Acceptance
        do { acceptance = try Acceptance(folder: report, snapshots: snapshots, catalog: .standard) } catch {
            throw fail(error)
        }
        let chosen: [Acceptance.Item]
        do { chosen = try acceptance.select(items) } catch { throw fail(error) }
        guard !chosen.isEmpty else {
            print("nothing to accept: the report has no failures")
            return
        }
        if dryRun {
            // Checked as the accept checks, so that a dry run refuses what the accept would.
            _ = try refusing { try acceptance.check(chosen) }
            for item in chosen { print("would accept \(item.id)") }
            let folders = acceptance.folders(of: chosen).map { InertText($0).description }.joined(separator: ", ")
            print("\(chosen.count) item\(chosen.count == 1 ? "" : "s") into \(folders) (dry run: nothing changed)")
            return
        }
        let accepted = try refusing { try acceptance.accept(chosen) }
        for id in accepted { print("accepted \(id)") }
        let folders = acceptance.folders(of: chosen).map { InertText($0).description }.joined(separator: ", ")
        print("\(accepted.count) item\(accepted.count == 1 ? "" : "s") into \(folders); undo with `unfold accept --undo`")
    }

    /// Stale references and nothing to undo exit with 1 (refused); a damaged store or report with 2.
    private func refusing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as UndoRecord.NothingToUndo {
            FileHandle.standardError.write(Data("refused: \(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as StaleReferences {
            FileHandle.standardError.write(Data("refused: \(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as Acceptance.PartialAccept {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(error.error is StaleReferences ? 1 : 2)
        } catch let error as CustomStringConvertible & Error {
            throw fail(error)
        }
    }
}

/// A combination of options that does not make sense.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}
