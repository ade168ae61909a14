import ScenarioFormat
import UnfoldCanvas
import UnfoldDiff
import UnfoldRender
import UnfoldSupport

/// What drew and judged a set of references: the renderer's version, the
/// fonts' fingerprint and the comparison's algorithm. When a failing
/// scenario's references were recorded in another environment, the failure
/// says that once, instead of listing every picture.
package struct SnapshotEnvironment: Codable, Equatable, Sendable {
    /// `ScenarioRenderer.version` of the build that drew the references.
    package var renderer: String
    /// `FontSet.fingerprint()` of the fonts they were drawn with.
    package var fonts: String
    /// The comparison algorithm's id.
    package var comparison: String

    /// An environment from its parts.
    package init(renderer: String, fonts: String, comparison: String) {
        self.renderer = renderer
        self.fonts = fonts
        self.comparison = comparison
    }

    /// This build's environment with `fonts`. Reads font files (`FontSet.fingerprint`).
    package init(fonts: FontSet) throws(TextError) {
        self.init(renderer: ScenarioRenderer.version, fonts: try fonts.fingerprint(), comparison: DiffOptions.algorithm)
    }

    /// What differs from the environment `recorded` names, as a sentence; nil when nothing does.
    package func change(from recorded: SnapshotEnvironment) -> String? {
        var parts: [String] = []
        if recorded.fonts != fonts { parts.append("font set \(InertText(String(recorded.fonts.prefix(8)))) (this build has \(fonts.prefix(8)))") }
        if recorded.renderer != renderer { parts.append("renderer version \(InertText(recorded.renderer)) (this build has \(renderer))") }
        if recorded.comparison != comparison { parts.append("comparison \(InertText(recorded.comparison)) (this build has \(comparison))") }
        guard !parts.isEmpty else { return nil }
        return "the references were recorded with " + parts.joined(separator: " and ")
            + ": if the new pictures are right, re-record them with `unfold test --record all` (UNFOLD_RECORD=all for the Swift test helpers)"
    }
}
