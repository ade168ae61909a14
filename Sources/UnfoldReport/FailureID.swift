import UnfoldRender

/// How a failure is named wherever it is picked: in reports, by `unfold
/// accept` and on the review page. `regions/state-03.png` names a
/// reference, `regions/step-02/frame-03` one frame of its strip, and a Swift
/// test's reference starts with its folder
/// (`Tests/AppTests/__Snapshots__/SettingsTests/screen.1/state-00.png`).
package enum FailureID {
    /// The id of `reference` of `scenario`, in `folder` (nil: the run's `Snapshots`).
    package static func of(folder: String?, scenario: String, reference: String) -> String {
        prefix(folder, scenario) + reference
    }

    /// The id of frame `frame` of step `step` of `scenario`'s strip, in `folder`.
    package static func of(folder: String?, scenario: String, step: Int, frame: Int) -> String {
        prefix(folder, scenario) + FileNames.frameStem(step: step, index: frame)
    }

    private static func prefix(_ folder: String?, _ scenario: String) -> String {
        (folder.map { $0 + "/" } ?? "") + scenario + "/"
    }
}

extension CaseResult {
    /// The id of this result's reference (`FailureID`).
    package var id: String { FailureID.of(folder: snapshots, scenario: scenario, reference: reference) }

    /// The id of one frame of this result's strip (`FailureID`).
    package func id(of frame: FrameFailure) -> String {
        FailureID.of(folder: snapshots, scenario: scenario, step: frame.step, frame: frame.frame)
    }
}
