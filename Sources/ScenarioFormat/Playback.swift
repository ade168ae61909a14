import OutlineEngine
import UnfoldSupport

/// A scenario played out: the outline before the first step and after every
/// step, with the batch update of each step: what the steps do to the
/// outline, without drawing anything (rendering plays a scenario this way too).
///
///     let playback = try Playback(try Scenario.load(path: "regions.yaml"))
///     playback.states[1].update.inserted  // the rows step 1 inserted
public struct Playback: Sendable {
    /// The outline at one point of the scenario, and how it got there.
    public struct State: Sendable {
        /// "initial", or the step's text.
        public var label: String
        /// From the state before (for the initial state: from no rows at all).
        public var update: BatchUpdate
        /// The outline in this state.
        public var outline: Outline
    }

    /// `states[0]` is the initial state; `states[i]` follows step `i`.
    public var states: [State]

    /// Plays every step of `scenario` on its outline. Throws the first step
    /// that fails (an unknown id, a refused edit), pointing at its line, and
    /// the step past which the states would show more than
    /// `Limits.recordedRows` rows together (the rows `updates.json` records).
    /// O(steps + rows the steps change), plus the outline's building.
    public init(_ scenario: Scenario) throws(ScenarioError) {
        var outline = try scenario.makeOutline()
        let rows = outline.rowCount
        var recorded = rows
        states = [
            State(
                label: "initial",
                update: BatchUpdate(rowsBefore: 0, rowsAfter: rows, inserted: Array(0 ..< rows)),
                outline: outline)
        ]
        for (i, step) in scenario.steps.enumerated() {
            let update = try step.apply(to: &outline)
            recorded += outline.rowCount
            guard recorded <= Limits.recordedRows else {
                throw ScenarioError(
                    file: step.location.file, line: step.location.line, column: step.location.column,
                    message: "by step \(i + 1) of \(scenario.steps.count), the states show \(recorded) rows together "
                        + "(\(outline.rowCount) in this one); a scenario's states may show at most \(Limits.recordedRows)",
                    hint: "")
            }
            states.append(State(label: step.text, update: update, outline: outline))
        }
    }
}
