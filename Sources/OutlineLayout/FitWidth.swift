import OutlineAppearance
import OutlineEngine

extension RowLayout {
    /// The width, in points, of a canvas as narrow as the widest row's
    /// content (`canvas.width: fit`) over every outline in `states` (the rows
    /// that start on the canvas, when its height is fixed): its
    /// indentation, checkbox, icon, title and subtitle (uncut), badge and
    /// margins, rounded up to a whole point, and wide enough that every row
    /// keeps the full indent (`Indentation`), within `Limits.canvasWidth`
    /// (wider content is cut with an ellipsis, as on any canvas). The one
    /// place this width is decided. O(visible rows of every state × log n).
    package static func fittedWidth(of states: [Outline], appearance: Appearance, measure: TextMeasure) -> Double {
        // Laid out on the widest canvas, so that no title is cut or wrapped before it is measured.
        var wide = appearance
        wide.canvas.width = Limits.canvasWidth.upperBound
        let layout = RowLayout(appearance: wide, measure: measure)
        var widest = Limits.canvasWidth.lowerBound
        var deepest = 0
        for outline in states {
            for box in StateLayout(outline, rows: layout, through: appearance.canvas.height).boxes {
                widest = max(widest, layout.contentWidth(of: box.content))
                deepest = max(deepest, box.depth)
            }
        }
        // Measured with the full indent at every depth: drawn so too, or the deep rows would step in less and their names be cut.
        widest = max(widest, Indentation.width(keepingFullIndentTo: deepest, style: appearance.style))
        return min(widest.rounded(.up), Limits.canvasWidth.upperBound)
    }

    /// How wide a canvas `content` needs, in points: from the leading edge to
    /// the end of its longest line, then its badge and the trailing margin.
    func contentWidth(of content: RowContent) -> Double {
        var end = content.title.leading
        for text in [content.title, content.subtitle].compactMap({ $0 }) {
            if let runs = text.runs {
                for line in runs {
                    end = max(end, text.leading + line.reduce(0) { $0 + $1.gap + measure.width($1.text, text.fontSize, $1.weight) })
                }
            } else {
                for line in text.lines {
                    end = max(end, text.leading + measure.width(line, text.fontSize, text.weight))
                }
            }
        }
        if let badge = content.badge { end += Metrics.badgeGap + badge.width }
        return end + Metrics.trailingMargin
    }
}
