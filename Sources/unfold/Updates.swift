import ArgumentParser
import Unfold

struct Updates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the batch updates and rows of a scenario (with everything each row shows), for the initial state and after every step, as JSON.")

    @Argument(help: "A scenario file (.yaml, .yml or .json).")
    var file: String

    func run() throws {
        var options = RenderOptions(fonts: try fonts())
        options.outputs = [.updates]
        do {
            let result = try ScenarioRenderer.render(try Scenario.load(path: file), options: options)
            for file in result.files { print(String(decoding: file.bytes, as: UTF8.self), terminator: "") }
        } catch {
            throw fail("\(error)")
        }
    }
}
