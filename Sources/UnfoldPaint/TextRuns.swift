import OutlineLayout
import UnfoldCanvas

extension OutlinePainter {
    /// One line of runs (a title with its annotation, as layout decided them):
    /// each in its weight and tone's colour (`colors`: the text's own, then
    /// the secondary one), one after the other from `leading` points. Right
    /// to left, the line is placed mirrored and the first run is the rightmost.
    func drawRuns(
        _ runs: [TextRun], leading: Double, baseline: Int, size px: Double, colors: (primary: Color, secondary: Color),
        clip: PixelRect, into surface: Surface
    ) {
        let widths = runs.map { typesetter.width($0.text, size: px, weight: FontWeight($0.weight), direction: direction) }
        let total = widths.reduce(0, +)
        let start = textX(leading, width: mirrored ? total : 0, canvas: surface.width)
        var offset = 0.0
        for (run, w) in zip(runs, widths) {
            typesetter.draw(
                run.text, into: surface, x: mirrored ? start + total - offset - w : start + offset, baseline: baseline, size: px,
                weight: FontWeight(run.weight), color: run.tone == .primary ? colors.primary : colors.secondary, clip: clip,
                direction: direction)
            offset += w
        }
    }
}
