/// A checkbox's state: a leaf is checked or not; a parent is checked when
/// all its leaves are, unchecked when none is, mixed otherwise.
public enum CheckState: String, Sendable, CaseIterable {
    /// An empty box: the leaf, or none of the parent's leaves, is checked.
    case unchecked
    /// A ticked box: the leaf, or every one of the parent's leaves, is checked.
    case checked
    /// A dash: some of the parent's leaves are checked, some are not.
    case mixed
}

/// Where a dragged row would go, relative to `node`.
public struct DropTarget: Sendable, Equatable {
    /// Where the dragged row would go, relative to the target row.
    public enum Position: String, Sendable, CaseIterable {
        /// Above the row, as its previous sibling: a line above it.
        case before
        /// Below the row, as its next sibling: a line below it.
        case after
        /// Into the row, as a child: the row is outlined.
        case inside
    }
    /// The row the dragged row is over.
    public var node: NodeID
    /// Where, relative to `node`, it would drop.
    public var position: Position
    /// A drop `position` relative to `node`.
    public init(node: NodeID, position: Position) {
        self.node = node
        self.position = position
    }
}

extension Outline {
    /// Whether the outline uses checks: a node was built checked, or was
    /// checked or unchecked since. Its checkboxes are then part of what it
    /// shows (a look draws them unless told not to). O(1).
    public var usesChecks: Bool { checksInUse }

    /// The node's checkbox state. O(1).
    public func checkState(of node: NodeID) -> CheckState {
        let n = Int(node.raw)
        guard checksInUse, n < leafCounts.count else { return .unchecked }
        let checked = checkedLeafCounts[n]
        return checked == 0 ? .unchecked : checked == leafCounts[n] ? .checked : .mixed
    }

    /// Checks or unchecks a node and everything under it. The rows whose
    /// checkbox may change (the node's, its visible descendants' and its
    /// ancestors') are `changed`. O(nodes): the parents' states are counted again.
    @discardableResult
    public mutating func setChecked(_ node: NodeID, _ value: Bool) -> BatchUpdate {
        let before = rows.count
        var stack = [node.raw]
        var affected: [Int32] = []
        while let n = stack.popLast() {
            flags[Int(n)].set(.checked, value)
            affected.append(n)
            stack += children[Int(n)]
        }
        var p = parents[Int(node.raw)]
        while p >= 0 {
            affected.append(p)
            p = parents[Int(p)]
        }
        recountChecks()
        let redraw = affected.compactMap { displayIndex(of: NodeID($0)) }.sorted()
        return BatchUpdate(rowsBefore: before, rowsAfter: before, changed: redraw)
    }

    /// Counts every node's leaves and checked leaves, children before parents,
    /// with a stack (no recursion). A node whose children are loading is a
    /// leaf with its own check: its "Loading…" row has none. O(nodes).
    mutating func recountChecks() {
        checksInUse = true
        leafCounts = Array(repeating: 0, count: keys.count)
        checkedLeafCounts = Array(repeating: 0, count: keys.count)
        var stack: [(node: Int32, visited: Bool)] = roots.reversed().map { ($0, false) }
        while let (n, visited) = stack.popLast() {
            let i = Int(n)
            let kids = flags[i].contains(.loading) ? [] : children[i]
            if kids.isEmpty {
                leafCounts[i] = 1
                checkedLeafCounts[i] = flags[i].contains(.checked) ? 1 : 0
            } else if visited {
                leafCounts[i] = kids.reduce(0) { $0 + leafCounts[Int($1)] }
                checkedLeafCounts[i] = kids.reduce(0) { $0 + checkedLeafCounts[Int($1)] }
            } else {
                stack.append((n, true))
                stack += kids.reversed().map { ($0, false) }
            }
        }
    }

    /// Moves the focus ring to a node (nil: none). The rows it leaves and reaches are `changed`. O(log n).
    @discardableResult
    public mutating func setFocus(_ node: NodeID?) -> BatchUpdate {
        let old = focus
        focus = node
        return redrawing([old, node])
    }

    /// Puts the pointer over a node (nil: none). The rows it leaves and reaches are `changed`. O(log n).
    @discardableResult
    public mutating func setHover(_ node: NodeID?) -> BatchUpdate {
        let old = hover
        hover = node
        return redrawing([old, node])
    }

    /// Shows where a dragged row would drop (nil: no drag). The rows around it are `changed`. O(log n).
    @discardableResult
    public mutating func setDropTarget(_ target: DropTarget?) -> BatchUpdate {
        let old = dropTarget
        dropTarget = target
        return redrawing([old?.node, target?.node])
    }

    private func redrawing(_ nodes: [NodeID?]) -> BatchUpdate {
        let redraw = Set(nodes.compactMap { $0.flatMap(displayIndex(of:)) }).sorted()
        return BatchUpdate(rowsBefore: rows.count, rowsAfter: rows.count, changed: redraw)
    }
}
