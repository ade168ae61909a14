import UnfoldCanvas

/// The pictures that explain a difference, beside the diff image itself.
package enum DiffPainter {
    /// Expected | actual | diff, side by side on a neutral backdrop, top-aligned.
    package static func sideBySide(expected: RGBAImage, actual: RGBAImage, diff: RGBAImage) throws(Pixmap.SizeError) -> RGBAImage {
        let gap = 16
        let height = max(expected.height, actual.height, diff.height)
        let width = expected.width + actual.width + diff.width + 2 * gap
        var out = try RGBAImage(width: width, height: height, fill: Color(hex: 0x808080))
        out.copy(expected, x: 0, y: 0)
        out.copy(actual, x: expected.width + gap, y: 0)
        out.copy(diff, x: expected.width + actual.width + 2 * gap, y: 0)
        return out
    }
}
