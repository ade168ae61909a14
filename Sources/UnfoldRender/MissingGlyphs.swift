import OutlineEngine
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
        var seenASCII = [Bool](repeating: false, count: 128)  // most text is ASCII: no hashing for it
        var firstRow: String?
        forEachText(of: scenario) { text in
            for scalar in text.unicodeScalars {
                if scalar.isASCII {
                    guard !seenASCII[Int(scalar.value)] else { continue }
                    seenASCII[Int(scalar.value)] = true
                } else {
                    guard seen.insert(scalar).inserted else { continue }
                }
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
    private static func forEachText(of scenario: Scenario, _ body: (String) -> Void) {
        var inserted: [NodeSpec] = []
        for step in scenario.steps {
            if case let .insert(_, _, nodes) = step.action { inserted += nodes }
        }
        for nodes in [scenario.nodes, inserted] {
            for node in nodes {
                body(node.title)
                if let subtitle = node.subtitle { body(subtitle) }
                if let annotation = node.annotation { body(annotation.text) }
            }
        }
        for kind in scenario.kinds.keys.sorted() {
            if let text = scenario.kinds[kind]?.detail?.text { body(text) }
        }
    }
}
