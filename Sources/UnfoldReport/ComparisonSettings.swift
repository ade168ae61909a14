import OutlineAppearance
import UnfoldCanvas
import UnfoldDiff

/// The comparison options a reference was judged with, as a report keeps
/// them: a review (`unfold review`) compares with the same ones, so that it
/// never contradicts the run it shows. The diff picture's colours are not
/// kept: they change how a difference looks, not whether there is one.
package struct ComparisonSettings: Codable, Sendable, Equatable {
    package var threshold: Double
    package var countAntiAliasing: Bool
    package var checkerboard: Bool
    package var maxDifferentPixels: Int
    package var maxDifferentRatio: Double
    package var allowSizeChange: Bool
    /// Ignored regions, each `[x0, y0, x1, y1]` in the expected picture's pixels.
    package var ignore: [[Int]]

    /// The settings of `options`.
    package init(_ options: DiffOptions) {
        threshold = options.threshold
        countAntiAliasing = options.countAntiAliasing
        checkerboard = options.checkerboard
        maxDifferentPixels = options.maxDifferentPixels
        maxDifferentRatio = options.maxDifferentRatio
        allowSizeChange = options.allowSizeChange
        ignore = options.ignore.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
    }

    /// Whether every number is one a run could have used (a report is input). O(regions).
    package var isValid: Bool {
        (0 ... 1).contains(threshold) && (0 ... 1).contains(maxDifferentRatio) && (0 ... (1 << 40)).contains(maxDifferentPixels)
            && ignore.count <= 1000 && ignore.allSatisfy { $0.count == 4 && $0.allSatisfy { (-(1 << 30) ... (1 << 30)).contains($0) } }
    }

    /// The options to compare with.
    package var options: DiffOptions {
        DiffOptions(
            threshold: threshold, countAntiAliasing: countAntiAliasing, checkerboard: checkerboard, maxDifferentPixels: maxDifferentPixels,
            maxDifferentRatio: maxDifferentRatio, allowSizeChange: allowSizeChange,
            ignore: ignore.map { PixelRect(x0: $0[0], y0: $0[1], x1: $0[2], y1: $0[3]) })
    }
}
