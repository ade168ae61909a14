import ScenarioFormat
import UnfoldReferences
import UnfoldRender

/// How a failure is told: what changed in the rows first, in words, then the
/// comparison's own account; and which lines tell a scenario's failures.
/// The command line, the Swift assertions, the swift-snapshot-testing
/// strategy and the review all tell failures through it, so that the same
/// change reads the same everywhere.
package enum FailureMessage {
    /// What a drawing change with no change in the rows says.
    package static let drawingChange = "a drawing change (the rows are as recorded)"

    /// What an `updates.json` of an earlier Unfold, whose rows are as recorded, says.
    package static let earlierRecord =
        "written by an earlier Unfold, which recorded less of each row (what it recorded is unchanged): "
        + "re-record it with `unfold test --record failed` (UNFOLD_RECORD=failed for the Swift test helpers)"

    /// `message` (the comparison's account) of the reference `name`, after
    /// what changed in the rows it shows (its state, or every state), or
    /// that only the drawing did. Unchanged without `changes`.
    package static func told(_ message: String, of name: String, changes: RowChanges?) -> String {
        guard let changes else { return message }
        if let state = FileNames.stateIndex(name) {
            return (changes.line(state: state) ?? drawingChange) + "; " + message
        }
        if let summary = changes.summary { return summary + "; " + message }
        if name == FileNames.updates, changes.recordedEarlier { return earlierRecord }
        return name == FileNames.updates ? message : drawingChange + "; " + message
    }

    /// A line that tells one scenario's failure.
    package struct Line: Sendable, Equatable {
        /// The references it is about, in the order of the check.
        package var references: [String]
        /// What it says.
        package var text: String
        /// The failure it tells with its pictures and frames; nil for a line
        /// about several (the strip and `updates.json` that changed with the states).
        package var failure: CaseResult?

        /// A line about `references` that says `text`, telling `failure` (nil for several).
        package init(references: [String], text: String, failure: CaseResult?) {
            self.references = references
            self.text = text
            self.failure = failure
        }
    }

    /// The lines that tell the failures of one scenario's references (those
    /// with a reference to differ from; missing ones are told apart): each
    /// failed state with its own message; when a state failed, the other
    /// references that differ (the strip, `updates.json`) changed with it,
    /// and one line says so after the states; otherwise each is told as a
    /// state is. O(cases).
    package static func lines(of cases: [CaseResult], catalog: ReferenceCatalog) -> [Line] {
        let differ = cases.filter { $0.status == .failed && $0.referenceHash != nil }
        let isState = { (c: CaseResult) in catalog.kind(of: c.reference)?.output == .states }
        guard differ.contains(where: isState) else { return differ.map { Line(references: [$0.reference], text: $0.message, failure: $0) } }
        var lines = differ.filter(isState).map { Line(references: [$0.reference], text: $0.message, failure: $0) }
        let following = differ.filter { !isState($0) }.map(\.reference)
        if !following.isEmpty { lines.append(Line(references: following, text: "changed with the states above", failure: nil)) }
        return lines
    }
}

extension FailureMessage.Line {
    /// The line as the terminal and a test say it: `scenario/reference: text`,
    /// or for several references `scenario: a and b text`.
    package func said(scenario: String) -> String {
        failure != nil ? "\(scenario)/\(references.joined()): \(text)" : "\(scenario): \(references.joined(separator: " and ")) \(text)"
    }
}
