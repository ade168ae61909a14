import Foundation
import ScenarioFormat

extension RenderOptions.Output {
    /// Other names an output answers to: `apng` is `animation` (the animated PNG).
    public static let aliases: [String: RenderOptions.Output] = ["apng": .animation]

    /// The output called `name` (its raw value, or an alias such as `apng`); nil for none.
    public init?(name: String) {
        guard let output = Self(rawValue: name) ?? Self.aliases[name] else { return nil }
        self = output
    }

    /// The outputs of a comma-separated list such as `states,strip,apng`.
    /// Throws a `RenderError` that lists the names to choose from for an
    /// unknown one. Empty items (`states,,strip`) are skipped.
    public static func parseList(_ list: String) throws(RenderError) -> Set<RenderOptions.Output> {
        var outputs = Set<RenderOptions.Output>()
        for word in list.split(separator: ",") {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let output = Self(name: name) else {
                throw RenderError(description: "unknown output '\(InertText(name))'; choose from \(namesList) (apng is animation)")
            }
            outputs.insert(output)
        }
        return outputs
    }

    /// Every output's name, comma-separated, in order.
    public static var namesList: String { allCases.map(\.rawValue).joined(separator: ",") }
}
