extension Outline {
    /// Shows a node's children (and, below them, whatever was expanded before).
    /// A hidden node only has its flag set: its rows appear when it is revealed.
    /// O(k + log n) for k rows that appear.
    @discardableResult
    public mutating func expand(_ node: NodeID) -> BatchUpdate {
        let n = node.raw
        let before = rows.count
        guard !expandedFlags[Int(n)] else { return .unchanged(rows: before) }
        expandedFlags[Int(n)] = true
        guard isVisible(node), !children[Int(n)].isEmpty else { return .unchanged(rows: before) }
        let added = gatherVisible(under: n)
        let at = rows.insert(added, after: lastOwnSlot(n))
        return BatchUpdate(
            rowsBefore: before, rowsAfter: rows.count,
            inserted: Array(at ..< at + added.count), changed: [at - 1 - (detailFlags[Int(n)] ? 1 : 0)])
    }

    /// Hides a node's descendants. With `.remember` their expansion is kept;
    /// with `.reset` the visible descendants collapse too. O(k + log n) for k
    /// rows that disappear.
    @discardableResult
    public mutating func collapse(_ node: NodeID) -> BatchUpdate {
        let n = node.raw
        let before = rows.count
        guard expandedFlags[Int(n)] else { return .unchanged(rows: before) }
        guard isVisible(node), !children[Int(n)].isEmpty else {
            expandedFlags[Int(n)] = false
            return .unchanged(rows: before)
        }
        let (at, removed) = rows.remove(after: lastOwnSlot(n), count: visibleDescendantCount(of: n))
        expandedFlags[Int(n)] = false
        if collapsePolicy == .reset {
            for s in removed where s & 1 == 0 { expandedFlags[Int(s >> 1)] = false }
        }
        return BatchUpdate(
            rowsBefore: before, rowsAfter: rows.count,
            deleted: Array(at ..< at + removed.count), changed: [at - 1 - (detailFlags[Int(n)] ? 1 : 0)])
    }

    /// Collapses a node if it is expanded, expands it otherwise. O(k + log n)
    /// for k rows that appear or disappear.
    @discardableResult
    public mutating func toggle(_ node: NodeID) -> BatchUpdate {
        expandedFlags[Int(node.raw)] ? collapse(node) : expand(node)
    }

    /// Expands a node and every node below it. O(nodes in its subtree + log n).
    @discardableResult
    public mutating func expandRecursively(_ node: NodeID) -> BatchUpdate {
        setExpansion(in: [node.raw]) { _ in true }
    }

    /// Collapses a node and every node below it, so nothing is remembered.
    /// O(nodes in its subtree + log n).
    @discardableResult
    public mutating func collapseRecursively(_ node: NodeID) -> BatchUpdate {
        setExpansion(in: [node.raw]) { _ in false }
    }

    /// Expands every node, so that every row shows. O(n).
    @discardableResult
    public mutating func expandAll() -> BatchUpdate { setExpansion(in: roots) { _ in true } }

    /// Collapses every node, so that only the top-level rows show. O(n).
    @discardableResult
    public mutating func collapseAll() -> BatchUpdate { setExpansion(in: roots) { _ in false } }

    /// Expands the nodes above `depth` and collapses the others: `expand(toDepth: 1)`
    /// shows the top level and its children. `0` collapses everything. O(n).
    @discardableResult
    public mutating func expand(toDepth depth: Int) -> BatchUpdate {
        let depths = self.depths  // shared storage, not copied: setExpansion leaves depths alone
        return setExpansion(in: roots) { depths[Int($0)] < depth }
    }

    /// Expands exactly `nodes` and collapses every other node: the remembered
    /// expansion of the whole outline set at once, in one batch update
    /// (`expandedNodes()` of an earlier state puts that state back). O(n).
    @discardableResult
    public mutating func expandOnly(_ nodes: [NodeID]) -> BatchUpdate {
        var wanted = [Bool](repeating: false, count: expandedFlags.count)
        for node in nodes where Int(node.raw) < wanted.count { wanted[Int(node.raw)] = true }
        return setExpansion(in: roots) { wanted[Int($0)] }
    }

    /// The nodes with children whose expansion flag is set (shown or
    /// remembered under a collapsed parent), in creation order. O(n).
    public func expandedNodes() -> [NodeID] {
        expandedFlags.indices.filter { expandedFlags[$0] && !children[$0].isEmpty && alive[$0] }.map { NodeID(Int32($0)) }
    }

    /// Expands every ancestor of a node so that it has a row. O(depth + k + log n)
    /// for k rows that appear.
    @discardableResult
    public mutating func reveal(_ node: NodeID) -> BatchUpdate {
        let before = rows.count
        // The highest ancestor that is visible but collapsed is the one whose rows change.
        var highest: Int32 = -1
        var x = parents[Int(node.raw)]
        while x >= 0 {
            if !expandedFlags[Int(x)] {
                expandedFlags[Int(x)] = true
                highest = x
            }
            x = parents[Int(x)]
        }
        guard highest >= 0, isVisible(NodeID(highest)) else { return .unchanged(rows: before) }
        expandedFlags[Int(highest)] = false
        return expand(NodeID(highest))
    }

    /// Sets the expansion flag of every node in the subtrees of `scope` to
    /// `wanted(node)`, and updates the rows in one batch.
    ///
    /// Walks the visible part of the scope; each visible node whose shown state
    /// changes is one contiguous block of rows. The blocks are applied bottom to
    /// top, so that deleted indexes stay in the old numbering and each inserted
    /// block only has to be shifted by the blocks applied after it (above it).
    mutating func setExpansion(in scope: [Int32], _ wanted: (Int32) -> Bool) -> BatchUpdate {
        let before = rows.count
        var blocks: [Int32] = []  // visible expandable nodes whose shown state changes, top to bottom
        var quiet: [Int32] = []  // subtrees whose rows do not change; only flags are set
        var stack = scope.reversed().map { $0 }
        while let n = stack.popLast() {
            let old = expandedFlags[Int(n)], new = wanted(n)
            if !isVisible(NodeID(n)) || children[Int(n)].isEmpty || (!old && !new) {
                quiet.append(n)
            } else if old && new {
                stack.append(contentsOf: children[Int(n)].reversed())
            } else {
                blocks.append(n)
            }
        }
        for n in quiet { setFlags(under: n, wanted) }

        var deleted: [Int] = []
        // Each inserted block and changed row remembers how many ops came before
        // it (`ops`), so that the ops after it can be added to its index at the end.
        var inserted: [(start: Int, count: Int, ops: Int)] = []
        var changed: [(index: Int, ops: Int)] = []
        var ops: [(at: Int, delta: Int)] = []
        for n in blocks.reversed() {
            let at = indexBelowOwnRows(n)
            if expandedFlags[Int(n)] {
                let removed = rows.remove(at: at, count: visibleDescendantCount(of: n))
                deleted.append(contentsOf: at ..< at + removed.count)  // rows above are untouched: old numbering
                setFlags(under: n, wanted)
                ops.append((at, -removed.count))
            } else {
                setFlags(under: n, wanted)
                let added = gatherVisible(under: n)
                rows.insert(added, at: at)
                inserted.append((at, added.count, ops.count))
                ops.append((at, added.count))
            }
            changed.append((rows.index(of: Self.slot(n)), ops.count))
        }
        // A block's final index moves by the net change of the blocks applied after it.
        var suffix = [Int](repeating: 0, count: ops.count + 1)
        for i in stride(from: ops.count - 1, through: 0, by: -1) { suffix[i] = suffix[i + 1] + ops[i].delta }
        var insertedIndexes: [Int] = []
        for block in inserted.reversed() {
            let s = block.start + suffix[block.ops + 1]
            insertedIndexes.append(contentsOf: s ..< s + block.count)
        }
        return BatchUpdate(
            rowsBefore: before, rowsAfter: rows.count,
            deleted: deleted.sorted(), inserted: insertedIndexes,
            changed: changed.reversed().map { $0.index + suffix[$0.ops] })
    }

    /// Sets the flags of a node and all its descendants (hidden ones too).
    private mutating func setFlags(under node: Int32, _ wanted: (Int32) -> Bool) {
        var stack = [node]
        while let n = stack.popLast() {
            expandedFlags[Int(n)] = wanted(n)
            stack.append(contentsOf: children[Int(n)])
        }
    }
}
