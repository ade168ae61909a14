import Foundation
import SettingsModel
import Unfold
import Yams

// Renders the settings scenario (states, strip, animation) and a scenario
// file given on the command line into the folder given last, and prints
// what it wrote as YAML.
let arguments = CommandLine.arguments.dropFirst()
guard let out = arguments.last else {
    FileHandle.standardError.write(Data("usage: render-settings [scenario.yaml] OUTPUT-FOLDER\n".utf8))
    exit(2)
}
do {
    var scenarios = [try Settings.scenario()]
    if arguments.count > 1, let file = arguments.first { scenarios.append(try Scenario.load(path: file)) }
    for scenario in scenarios {
        let result = try ScenarioRenderer.render(scenario, options: RenderOptions())
        try ScenarioRenderer.write(result, to: out)
        print(try Yams.dump(object: ["scenario": scenario.name, "files": result.files.count]), terminator: "")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
