import ScenarioFormat

/// What layout needs to know about text: how a string wraps at a width, and
/// the height of a line. A struct of closures, so that layout does not depend
/// on the font machinery (the renderer passes FreeType's answers; tests can
/// pass simple ones).
public struct TextMeasure: Sendable {
    /// Lines of `text` at `fontSize` points and weight, wrapped to `width` points.
    public var wrap: @Sendable (_ text: String, _ fontSize: Double, _ weight: Scenario.Weight, _ width: Double) -> [String]
    /// The height of one line at `fontSize` points.
    public var lineHeight: @Sendable (_ fontSize: Double) -> Double

    public init(wrap: @escaping @Sendable (String, Double, Scenario.Weight, Double) -> [String],
                lineHeight: @escaping @Sendable (Double) -> Double) {
        self.wrap = wrap
        self.lineHeight = lineHeight
    }
}
