import OutlineAppearance
import OutlineLayout
import UnfoldCanvas

extension OutlinePainter {
    /// One line of runs (a title with its annotation, as layout decided them):
    /// each in its weight and tone's colour (`colors`: the text's own, then
    /// the secondary one), one after the other from `leading` points. Right
    /// to left, the line is placed mirrored. The runs follow each other in
    /// the outline's direction, each drawn in its own: the name is always at
    /// the leading edge, where every other name starts (a Hebrew name with
    /// its note in a left-to-right outline, an English one in a right-to-left
    /// outline), as a docs page's tree puts a name and its comment. The
    /// spaces at a run's ends are gaps between the runs, not drawn with it,
    /// so that its direction cannot move them.
    func drawRuns(
        _ runs: [TextRun], leading: Double, baseline: Int, size px: Double, colors: (primary: Color, secondary: Color),
        clip: PixelRect, into surface: some DrawingTarget
    ) {
        func width(_ text: some StringProtocol, _ run: TextRun) -> Double {
            text.isEmpty ? 0 : typesetter.width(String(text), size: px, weight: FontWeight(run.weight), direction: direction)
        }
        let widths = runs.map { $0.gap * scale + width($0.text, $0) }  // device pixels
        let total = widths.reduce(0, +)
        let start = textX(leading, width: mirrored ? total : 0, canvas: surface.width)
        var offset = 0.0
        for (run, w) in zip(runs, widths) {
            let before = run.text.prefix { $0 == " " }
            let core = run.text.dropFirst(before.count).reversed().drop { $0 == " " }.reversed()
            let (gap, coreWidth) = (run.gap * scale + width(before, run), width(String(core), run))
            surface.drawText(
                String(core), typesetter: typesetter, x: mirrored ? start + total - offset - gap - coreWidth : start + offset + gap, baseline: baseline,
                size: px, weight: FontWeight(run.weight), color: run.tone == .primary ? colors.primary : colors.secondary, clip: clip,
                direction: direction)
            offset += w
        }
    }
}
