import ScenarioFormat
import UnfoldRender

/// How a failure is told: what changed in the rows first, in words, then the
/// comparison's own account. The run and the review say it the same way.
package enum FailureMessage {
    /// `message` (the comparison's account) of the reference `name`, after
    /// what changed in the rows it shows (its state, or every state), or
    /// that only the drawing did. Unchanged without `changes`.
    package static func told(_ message: String, of name: String, changes: RowChanges?) -> String {
        guard let changes else { return message }
        if let state = FileNames.stateIndex(name) {
            return (changes.line(state: state) ?? "a drawing change (the rows are as recorded)") + "; " + message
        }
        if let summary = changes.summary { return summary + "; " + message }
        return name == FileNames.updates ? message : "a drawing change (the rows are as recorded); " + message
    }
}
