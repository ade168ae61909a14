import ScenarioFormat
import UnfoldCanvas
import UnfoldSupport

/// Characters that no font of a render has, which would draw as hollow
/// boxes: told in a warning that names them and the first row that has
/// them, before anything is drawn, never left to be found in the pictures.
enum MissingGlyphs {
    /// The most characters a warning names.
    static let named = 12

    /// The warning for `scenario`'s texts (titles, subtitles, annotations,
    /// detail rows, inserted rows) drawn with `typesetter`'s fonts; nil when
    /// every character has a font. O(characters of the texts × fonts).
    static func warning(_ scenario: Scenario, typesetter: Typesetter) -> String? {
        var missing: [Unicode.Scalar] = []
        var seen: Set<Unicode.Scalar> = []
        var firstRow: String?
        for text in texts(of: scenario) {
            for scalar in text.unicodeScalars where !seen.contains(scalar) {
                seen.insert(scalar)
                guard typesetter.lacks(scalar) else { continue }
                missing.append(scalar)
                if firstRow == nil { firstRow = text }
            }
        }
        guard let firstRow else { return nil }
        let shown = missing.prefix(named).map { "\(InertText(String($0))) (U+\(String($0.value, radix: 16, uppercase: true)))" }
        return "\(scenario.name): warning: no font has "
            + shown.joined(separator: ", ") + (missing.count > named ? " and \(missing.count - named) more" : "")
            + ", first in the row '\(InertText(firstRow))'; they draw as hollow boxes: "
            + "name a font that has them with `fonts:` in a scenario file"
    }

    /// Every text a scenario can draw, rows first, in order.
    private static func texts(of scenario: Scenario) -> [String] {
        var texts: [String] = []
        var nodes = scenario.nodes
        for step in scenario.steps {
            if case let .insert(_, _, inserted) = step.action { nodes += inserted }
        }
        for node in nodes {
            texts.append(node.title)
            if let subtitle = node.subtitle { texts.append(subtitle) }
            if let annotation = node.annotation { texts.append(annotation.text) }
        }
        texts += scenario.kinds.keys.sorted().compactMap { scenario.kinds[$0]?.detail?.text }
        return texts
    }
}
