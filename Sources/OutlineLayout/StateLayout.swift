import OutlineEngine

/// The rows of one resting state of the outline, laid out from the top: a
/// prefix of the visible rows that grows on demand, so that a picture of a
/// fixed canvas costs what is on screen, not what is in the tree.
package struct StateLayout: Sendable {
    package let outline: Outline
    package let rows: RowLayout
    /// The rows laid out so far: display indices 0 ..< boxes.count.
    package private(set) var boxes: [RowBox] = []
    /// The bottom of the last row laid out.
    package private(set) var bottom = 0.0

    /// Lays out the rows that start above `limit` points (all rows when nil).
    /// O(rows laid out × log n).
    package init(_ outline: Outline, rows: RowLayout, through limit: Double?) {
        self.outline = outline
        self.rows = rows
        extend(through: limit ?? .infinity)
    }

    /// The content's height: exact once complete.
    package var contentHeight: Double { bottom }

    /// Lays out more rows until one starts at or below `limit`, or none is left.
    package mutating func extend(through limit: Double) {
        while bottom < limit, extendByOne() {}
    }

    /// Lays out the next row; false when every row is laid out.
    private mutating func extendByOne() -> Bool {
        guard let row = outline.row(at: boxes.count) else { return false }
        let box = rows.box(for: row, in: outline, y: bottom)
        boxes.append(box)
        bottom += box.height
        return true
    }

    /// The display index of `row` in this state, nil if it is not visible. O(log n).
    package func index(of row: Row) -> Int? {
        row.isDetail ? outline.displayIndex(ofDetailUnder: row.node) : outline.displayIndex(of: row.node)
    }

    /// The laid-out rows as a picture.
    package var frame: FrameLayout { FrameLayout(rows: boxes) }
}
