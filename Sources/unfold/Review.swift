import ArgumentParser
import Foundation
import Unfold
import UnfoldAcceptance
import UnfoldReview
import UnfoldSupport

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a failed run's report in the browser and accept or reject each change.",
        discussion: """
            Serves a page on 127.0.0.1 (only this machine can reach it) until Ctrl-C, and prints its address, \
            which holds the review's key after the #: only the browser that opens that address can see the \
            report or decide. Accepting writes through the same path as `unfold accept`, so \
            `unfold accept --undo` undoes it.
            Keys on the page: j/k next and previous, a accept, t accept the test, r reject, 1-6 the views, + and - zoom.
            """)

    @Option(help: "The report's folder: the --artifacts of `unfold test`, or one downloaded from CI.")
    var report = SnapshotOptions.defaultArtifacts

    @Option(help: "The references' folder.")
    var snapshots = SnapshotOptions.defaultSnapshots

    @Option(help: "The port (0: any free one). The address is printed.")
    var port: Int = 0

    func run() throws {
        let acceptance: Acceptance
        do { acceptance = try Acceptance(folder: report, snapshots: snapshots, catalog: .standard) } catch {
            throw fail(error)
        }
        guard (0 ... 65535).contains(port) else { throw fail(UsageError(description: "--port \(port): use 0 to 65535")) }
        let server: LoopbackServer
        do { server = try LoopbackServer(port: UInt16(port)) } catch { throw fail(error) }
        let session = ReviewSession(acceptance: acceptance, port: server.port)
        // Written at once (not buffered): scripts wait for this line to know the address.
        FileHandle.standardOutput.write(
            Data("reviewing \(InertText(report)) (\(acceptance.report.summary)) at \(session.address) ; Ctrl-C stops\n".utf8))
        server.serve(session.respond)
    }
}
