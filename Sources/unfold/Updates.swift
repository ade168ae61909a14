import ArgumentParser
import Unfold

struct Updates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the batch updates and rows of a scenario, for the initial state and after every step, as JSON.")

    @Argument(help: "A scenario file (.yaml, .yml or .json).")
    var file: String

    func run() throws {
        do {
            let playback = try Playback(try Scenario.load(path: file))
            print(playback.updatesJSON(), terminator: "")
        } catch {
            throw fail(error)
        }
    }
}
