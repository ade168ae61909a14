import OutlineAppearance

/// What layout needs to know about text, in points: how a string wraps or is
/// cut with an ellipsis at a width, how wide it is, and the height of a line.
/// A struct of closures, so that layout does not depend on the font machinery
/// (the renderer passes the typesetter's answers; tests pass simple ones).
package struct TextMeasure: Sendable {
    /// Lines of `text` at `fontSize` points and weight, wrapped to `width` points.
    package var wrap: @Sendable (_ text: String, _ fontSize: Double, _ weight: Appearance.Weight, _ width: Double) -> [String]
    /// `text` cut with "…" to fit `width` points (unchanged if it fits), at its end or in its middle.
    package var ellipsize:
        @Sendable (_ text: String, _ fontSize: Double, _ weight: Appearance.Weight, _ width: Double, _ truncation: Appearance.Truncation) ->
            String
    /// The advance width of one line, in points.
    package var width: @Sendable (_ text: String, _ fontSize: Double, _ weight: Appearance.Weight) -> Double
    /// The height of one line at `fontSize` points.
    package var lineHeight: @Sendable (_ fontSize: Double) -> Double

    package init(
        wrap: @escaping @Sendable (String, Double, Appearance.Weight, Double) -> [String],
        ellipsize: @escaping @Sendable (String, Double, Appearance.Weight, Double, Appearance.Truncation) -> String,
        width: @escaping @Sendable (String, Double, Appearance.Weight) -> Double,
        lineHeight: @escaping @Sendable (Double) -> Double
    ) {
        self.wrap = wrap
        self.ellipsize = ellipsize
        self.width = width
        self.lineHeight = lineHeight
    }
}
