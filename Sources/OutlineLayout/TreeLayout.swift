import OutlineAppearance
import OutlineEngine

/// Every row of an outline as a live tree holds them: each folder's rows
/// under it whether it is open now or not (the reader opens and closes it),
/// in display order with their depth, each row's resting box drawn as if at
/// the top of the canvas, and whether the row's folder is open in the
/// outline's state. The boxes are those of the state's picture with every
/// folder open, so that a live tree opened all the way shows that picture.
package struct TreeLayout: Sendable {
    /// One row of the tree.
    package struct Entry: Sendable {
        /// The row at the top (`y` 0), its chevron turned as the row is now.
        package var box: RowBox
        /// What the row shows, as layout read it (with `isExpanded` as now).
        package var facts: RowLayout.Facts
        /// What the row reads: its title, or a detail row's sentence.
        package var text: String
        /// The row has rows under it that it opens and closes.
        package var isFolder: Bool { facts.childCount != nil && !facts.isDetail }
    }

    /// The rows, in display order with every folder open.
    package let entries: [Entry]

    /// The rows of `outline`, laid out by `rows`. O(n log n) for n nodes.
    package init(_ outline: Outline, rows: RowLayout) {
        var open = outline
        _ = open.expandAll()
        var boxes: [RowBox] = [], facts: [RowLayout.Facts] = []
        var y = 0.0
        for index in 0 ..< open.rowCount {
            guard let row = open.row(at: index) else { break }
            var fact = RowLayout.Facts(row, in: open)
            fact.isExpanded = !row.isDetail && outline.isExpanded(row.node)
            let box = rows.box(for: row, fact, y: y)
            y += box.height
            boxes.append(box)
            facts.append(fact)
        }
        // Separators as the open picture draws them (none above a selected row).
        let drawn = FrameLayout(rows: boxes).rows
        entries = zip(drawn, facts).map { box, fact in
            var top = box
            top.y = 0
            return Entry(box: top, facts: fact, text: fact.isDetail ? rows.detailText(fact) : fact.title)
        }
    }
}
