import OutlineEngine
import ScenarioFormat

/// Row geometry of one resting state of the outline.
public struct StateLayout: Sendable {
    public var boxes: [RowBox]
    public var contentHeight: Double

    /// Lays out the visible rows top to bottom: heights per kind, or from
    /// wrapped text for `height: auto`.
    public init(_ outline: Outline, scenario: Scenario, measure: TextMeasure) {
        let style = scenario.style
        let indentation = Indentation(style: style, width: scenario.canvas.width)
        var y = 0.0
        boxes = []
        boxes.reserveCapacity(outline.rowCount)
        for row in outline.visibleRows {
            let info = outline.info(row)
            let node = row.node
            let kind = outline.kind(of: node).flatMap { scenario.kinds[$0] }
            let fontSize = row.isDetail ? style.fontSize * 0.82 : kind?.fontSize ?? style.fontSize
            let weight = row.isDetail ? Scenario.Weight.regular : kind?.weight ?? style.weight
            let title = row.isDetail ? kind?.detail?.text ?? "Details of \(outline.title(of: node))" : outline.title(of: node)
            let subtitle = row.isDetail ? nil : outline.subtitle(of: node)
            let fixed: Double? = row.isDetail ? kind?.detail.map { $0.height } ?? 44 : kind.map { $0.height } ?? style.rowHeight
            let x = indentation.x(depth: info.depth) + Indentation.chevronBox
            let textWidth = max(24, scenario.canvas.width - x - 16 - (info.isExpandable && style.badges ? 40 : 0))
            var lines = [title]
            let height: Double
            if let fixed {
                height = fixed
            } else {
                lines = measure.wrap(title, fontSize, weight, textWidth)
                var h = Double(lines.count) * measure.lineHeight(fontSize) + 20
                if let subtitle {
                    h += Double(measure.wrap(subtitle, fontSize * 0.76, .regular, textWidth).count) * measure.lineHeight(fontSize * 0.76)
                }
                height = max(h, 32)
            }
            boxes.append(RowBox(
                row: row, y: y, height: height, depth: info.depth, opacity: 1,
                chevron: info.isExpandable ? (info.isExpanded ? 90 : 0) : nil,
                selection: info.isSelected ? 1 : 0, title: title, subtitle: subtitle, kind: outline.kind(of: node),
                icon: row.isDetail ? nil : outline.icon(of: node),
                badge: info.isExpandable && style.badges ? String(outline.childCount(of: node)) : nil,
                lines: lines))
            y += height
        }
        contentHeight = y
    }

    public var frame: FrameLayout { FrameLayout(rows: boxes, contentHeight: contentHeight) }
}
