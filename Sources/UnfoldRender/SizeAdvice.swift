import ScenarioFormat
import UnfoldPNG

/// What to say about a picture too large to be handy: taller than
/// `tallPixels` (a warning), or over what GIF and WebP can hold (an error),
/// each naming the ways to make it smaller.
enum SizeAdvice {
    /// Pictures taller than this many pixels are warned about.
    static let tallPixels = 8_000
    /// The longest side a GIF or WebP frame may have, in pixels.
    static let animatedImageSide = 16_383

    /// The ways to make `scenario`'s pictures smaller (`--scale 1` only when its scale is more).
    static func hint(_ scenario: Scenario) -> String {
        let scale = scenario.canvas.scale > 1 ? "render with `--scale 1`, " : ""
        return "to make it smaller, \(scale)show a smaller tree, or read less of its source "
            + "(with `--from`: `--depth N` for a folder, `--list N` for a Markdown file; in a scenario: `depth` or `list:` in `source:`)"
    }

    /// The warning for `scenario`'s pictures of `size` pixels, nil when they are not too tall.
    static func warning(_ scenario: Scenario, size: (width: Int, height: Int)) -> String? {
        guard size.height > tallPixels else { return nil }
        return "\(scenario.name): warning: the pictures are \(size.width)x\(size.height) pixels, "
            + "taller than \(tallPixels); \(hint(scenario))"
    }

    /// Fails when GIF or WebP is asked for pictures larger than those formats hold.
    static func checkAnimatedImages(_ scenario: Scenario, outputs: Set<RenderOptions.Output>, size: (width: Int, height: Int)) throws {
        let files = [RenderOptions.Output.gif, .webp].filter { outputs.contains($0) }.map { "animation.\($0.rawValue)" }
        guard !files.isEmpty, max(size.width, size.height) > animatedImageSide else { return }
        throw RenderError(
            description: "the pictures are \(size.width)x\(size.height) pixels, but \(files.joined(separator: " and ")) "
                + "can be at most \(animatedImageSide) pixels on each side; \(hint(scenario))")
    }
}
