/// A visible row: a node's own row or the detail row shown under it.
public struct Row: Hashable, Sendable {
    /// The node the row belongs to.
    public var node: NodeID
    /// Whether this is the detail row under the node's row, rather than the node's own row.
    public var isDetail: Bool
    /// The node's own row, or (with `isDetail`) the detail row under it.
    public init(node: NodeID, isDetail: Bool) {
        self.node = node
        self.isDetail = isDetail
    }
}

/// Everything a cell, or a screen reader, needs to know about a visible row.
public struct RowInfo: Equatable, Sendable {
    /// The row described.
    public var row: Row
    /// 0 for top-level rows; a detail row is one deeper than its node.
    public var depth: Int
    /// The node's row kind, if any.
    public var kind: String?
    /// Whether the row has a chevron: the node has children. Always false on a detail row.
    public var isExpandable: Bool
    /// Shown expanded: expandable and its flag set. Always false on a detail row.
    public var isExpanded: Bool
    /// 1-based position among the node's siblings (all visible when it is), and their count;
    /// a detail row is alone in its set.
    public var positionInSet: Int
    /// The number of siblings, the node included (1 for a detail row).
    public var setSize: Int
    /// Whether the node is selected. Always false on a detail row.
    public var isSelected: Bool
    /// Whether the node is highlighted (`NodeSpec.highlighted`; several may
    /// be). Always false on a detail row.
    public var isHighlighted = false
    /// The node's checkbox state (`.unchecked` on a detail row).
    public var check: CheckState = .unchecked
    /// Whether the row has the focus ring.
    public var isFocused = false
    /// Whether the pointer is over the row.
    public var isHovered = false
    /// Where a dragged row would drop, when it is this row.
    public var drop: DropTarget.Position?
    /// Whether the node's children are loading (`Outline.isLoading(_:)`). Always false on a detail row.
    public var isLoading = false
    /// Whether the row is the "Loading…" row under a node whose children load.
    public var isLoadingRow = false
}

extension Outline {
    /// The number of visible rows, detail rows included: the table's row count.
    public var rowCount: Int { rows.count }
    /// Rows that are not detail rows: the table's rows in the client's (logical) numbering.
    public var logicalRowCount: Int { rows.logicalCount }

    /// The rows in display order. O(n).
    public var visibleRows: [Row] { rows.slots().map(Self.row(forSlot:)) }

    /// The row at a display index, O(log n); nil when out of range.
    public func row(at index: Int) -> Row? {
        guard (0 ..< rows.count).contains(index) else { return nil }
        return Self.row(forSlot: rows.slot(at: index))
    }

    /// Everything about a visible row that a cell draws or a screen reader
    /// says beyond its texts and icon: depth, kind, chevron, position among
    /// siblings, selection, checkbox, focus, pointer, drop place, loading.
    public func info(_ row: Row) -> RowInfo {
        let n = Int(row.node.raw)
        let p = parents[n]
        let siblings = p < 0 ? roots.count : children[Int(p)].count
        let expandable = !children[n].isEmpty
        return RowInfo(
            row: row,
            depth: Int(depths[n]) + (row.isDetail ? 1 : 0),
            kind: extras(of: Int32(n))?.kind,
            isExpandable: !row.isDetail && expandable,
            isExpanded: !row.isDetail && expandable && expandedFlags[n],
            positionInSet: row.isDetail ? 1 : Int(indexInParent[n]) + 1,
            setSize: row.isDetail ? 1 : siblings,
            isSelected: !row.isDetail && selection == row.node,
            isHighlighted: !row.isDetail && flags[n].contains(.highlighted),
            check: row.isDetail ? .unchecked : checkState(of: row.node),
            isFocused: !row.isDetail && focus == row.node,
            isHovered: !row.isDetail && hover == row.node,
            drop: row.isDetail || dropTarget?.node != row.node ? nil : dropTarget?.position,
            isLoading: !row.isDetail && flags[n].contains(.loading),
            isLoadingRow: !row.isDetail && flags[n].contains(.loadingRow))
    }

    /// The display index of a node's row, O(log n); nil when it is hidden.
    public func displayIndex(of node: NodeID) -> Int? {
        let s = Self.slot(node.raw)
        return rows.contains(s) ? rows.index(of: s) : nil
    }

    /// The display index of the detail row under a node, if shown. O(log n).
    public func displayIndex(ofDetailUnder node: NodeID) -> Int? {
        let s = Self.detailSlot(node.raw)
        return rows.contains(s) ? rows.index(of: s) : nil
    }

    /// Display → logical index: the index the app would use if no detail
    /// rows were open, so that its own data stays numbered as before. A
    /// detail row maps to its node's logical index. O(log n).
    public func logicalIndex(forDisplay index: Int) -> (logical: Int, isDetail: Bool)? {
        guard let row = row(at: index) else { return nil }
        return (rows.logicalIndex(of: Self.slot(row.node.raw)), row.isDetail)
    }

    /// Logical → display index: where the table shows the app's row `logical`. O(log n).
    public func displayIndex(forLogical logical: Int) -> Int? {
        guard (0 ..< rows.logicalCount).contains(logical) else { return nil }
        return rows.index(of: rows.slot(atLogical: logical))
    }

    static func row(forSlot s: Int32) -> Row { Row(node: NodeID(s >> 1), isDetail: s & 1 == 1) }

    /// The rows computed from scratch by walking the whole tree, O(n): what a
    /// naive outline does on every change. Tests check the incremental rows
    /// against it, and the benchmark measures it as the naive way.
    package func flattenFromScratch() -> [Row] {
        gatherVisible(under: -1).map(Self.row(forSlot:))
    }

    /// The slots that are visible under `node` (-1: the whole outline) when
    /// `node` is expanded: its children, their detail rows, and so on down
    /// through expanded nodes. Not the node's own rows. O(rows returned).
    func gatherVisible(under node: Int32) -> [Int32] {
        var out: [Int32] = []
        var stack: [(list: [Int32], next: Int)] = [(node < 0 ? roots : children[Int(node)], 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (list, next) = stack[top]
            guard next < list.count else { stack.removeLast(); continue }
            stack[top].next = next + 1
            let c = list[next]
            out.append(Self.slot(c))
            if detailFlags[Int(c)] { out.append(Self.detailSlot(c)) }
            if expandedFlags[Int(c)], !children[Int(c)].isEmpty { stack.append((children[Int(c)], 0)) }
        }
        return out
    }

    /// The number of rows a visible node's subtree shows below its own rows.
    func visibleDescendantCount(of node: Int32) -> Int {
        guard expandedFlags[Int(node)], !children[Int(node)].isEmpty else { return 0 }
        return gatherVisible(under: node).count
    }

    /// The slot of a visible node's last own row: its detail row if shown, else its row.
    func lastOwnSlot(_ node: Int32) -> Int32 {
        detailFlags[Int(node)] ? Self.detailSlot(node) : Self.slot(node)
    }

    /// The display index just below a visible node's own row and detail row.
    func indexBelowOwnRows(_ node: Int32) -> Int {
        rows.index(of: Self.slot(node)) + 1 + (detailFlags[Int(node)] ? 1 : 0)
    }
}
