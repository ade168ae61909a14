import OutlineEngine

/// The rows of one resting state of the outline, laid out from the top: a
/// prefix of the visible rows that grows on demand, so that a picture of a
/// fixed canvas costs what is on screen, not what is in the tree.
public struct StateLayout: Sendable {
    public let outline: Outline
    public let rows: RowLayout
    /// The rows laid out so far: display indices 0 ..< boxes.count.
    public private(set) var boxes: [RowBox] = []
    /// The bottom of the last row laid out.
    public private(set) var bottom = 0.0

    /// Lays out the rows that start above `limit` points (all rows when nil).
    /// O(rows laid out × log n).
    public init(_ outline: Outline, rows: RowLayout, through limit: Double?) {
        self.outline = outline
        self.rows = rows
        extend(through: limit ?? .infinity)
    }

    /// The content's height: exact once complete.
    public var contentHeight: Double { bottom }

    /// Lays out more rows until one starts at or below `limit`, or none is left.
    public mutating func extend(through limit: Double) {
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
    public func index(of row: Row) -> Int? {
        row.isDetail ? outline.displayIndex(ofDetailUnder: row.node) : outline.displayIndex(of: row.node)
    }

    /// The laid-out rows as a picture.
    public var frame: FrameLayout { FrameLayout(rows: boxes) }
}
