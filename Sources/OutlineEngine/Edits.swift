extension Outline {
    /// Inserts a subtree (a flat spec list whose top-level specs hang under
    /// `parent`, nil for the top level) at child position `index` (nil: last).
    /// Rows appear if the parent is shown expanded; a leaf parent gains a chevron.
    /// Children inserted under a node still loading end its loading: its
    /// "Loading…" row goes in the same batch.
    /// Edits cost O(k + siblings + log n): the siblings after the place are renumbered.
    @discardableResult
    public mutating func insert(_ specs: [NodeSpec], under parent: NodeID?, at index: Int? = nil) throws(OutlineError) -> BatchUpdate {
        let p = parent?.raw ?? -1
        if p >= 0, !alive[Int(p)] { throw .removedNode }
        if p >= 0, flags[Int(p)].contains(.loadingRow) { throw .loadingRow(id(of: NodeID(p))) }
        let loaded = p >= 0 && flags[Int(p)].contains(.loading) && !specs.isEmpty
        let count = p < 0 ? roots.count : loaded ? 0 : children[Int(p)].count
        if let index, !(0 ... count).contains(index) { throw .indexOutOfRange(index, count: count) }
        let before = rows.count
        var update = BatchUpdate.unchanged(rows: before)
        if loaded {
            // Checked before the "Loading…" row goes (a failure changes nothing), beside the siblings to come.
            try check(specs, under: p, ignoring: children[Int(p)].first)
            update.deleted = try endLoading(p).deleted
        }
        let top = try append(specs, under: p, at: index)
        if let at = attachRows(of: top) {
            update.inserted = Array(at.lowerBound ..< at.upperBound)
        }
        update.rowsAfter = rows.count
        if p >= 0, count == 0 || loaded, !top.isEmpty, let shown = displayIndex(of: NodeID(p)) { update.changed = [shown] }
        if checksInUse || specs.contains(where: \.checked) { recountChecks() }
        return update
    }

    /// Removes a node and its subtree for good. O(k + siblings + log n) for a
    /// subtree of k nodes (plus O(n) once checkboxes are in use).
    @discardableResult
    public mutating func remove(_ node: NodeID) throws(OutlineError) -> BatchUpdate {
        guard isAlive(node) else { throw .removedNode }
        let before = rows.count
        let p = parents[Int(node.raw)]
        // The "Loading…" row going ends its parent's loading.
        if p >= 0, flags[Int(node.raw)].contains(.loadingRow) { flags[Int(p)].remove(.loading) }
        var update = BatchUpdate.unchanged(rows: before)
        update.deleted = detachRows(of: node.raw)
        detach(node.raw)
        var stack = [node.raw]
        while let n = stack.popLast() {
            alive[Int(n)] = false
            nodeCount -= 1
            unindexKeys(of: n)
            stack.append(contentsOf: children[Int(n)])
            children[Int(n)] = []
        }
        if selection.map({ !alive[Int($0.raw)] }) == true { selection = nil }
        if focus.map({ !alive[Int($0.raw)] }) == true { focus = nil }
        if hover.map({ !alive[Int($0.raw)] }) == true { hover = nil }
        if dropTarget.map({ !alive[Int($0.node.raw)] }) == true { dropTarget = nil }
        update.rowsAfter = rows.count
        if p >= 0, children[Int(p)].isEmpty, let shown = displayIndex(of: NodeID(p)) { update.changed = [shown] }
        if checksInUse { recountChecks() }
        return update
    }

    /// Moves a node (with its subtree and its state) under `parent` (nil: top
    /// level) at child position `index`, counted after the node has left its old place.
    /// O(k + siblings + depth + log n) for a subtree of k nodes (plus O(n) once
    /// checkboxes are in use).
    @discardableResult
    public mutating func move(_ node: NodeID, under parent: NodeID?, at index: Int? = nil) throws(OutlineError) -> BatchUpdate {
        let n = node.raw
        guard isAlive(node), parent.map(isAlive) ?? true else { throw .removedNode }
        let p = parent?.raw ?? -1
        if flags[Int(n)].contains(.loadingRow) { throw .loadingRow(id(of: node)) }
        if p >= 0, flags[Int(p)].contains(.loading) { throw .parentIsLoading(id(of: NodeID(p))) }
        var x = p
        while x >= 0 {
            if x == n { throw .moveIntoOwnSubtree(id(of: node)) }
            x = parents[Int(x)]
        }
        let oldParent = parents[Int(n)]
        if let other = child(of: p, key: keys[Int(n)]), other != n {
            throw .duplicateID(id(of: NodeID(other)), first: -1, second: -1)
        }
        let count = (p < 0 ? roots.count : children[Int(p)].count) - (oldParent == p ? 1 : 0)
        let at = index ?? count
        guard (0 ... count).contains(at) else { throw .indexOutOfRange(at, count: count) }

        let before = rows.count
        var update = BatchUpdate.unchanged(rows: before)
        update.deleted = detachRows(of: n)
        detach(n)
        // Attach.
        parents[Int(n)] = p
        indexChild(n)
        insertSiblings([n], under: p, at: at)
        let delta = (p < 0 ? 0 : depths[Int(p)] + 1) - depths[Int(n)]
        if delta != 0 {
            var stack = [n]
            while let m = stack.popLast() {
                depths[Int(m)] += delta
                stack.append(contentsOf: children[Int(m)])
            }
        }
        if let range = attachRows(of: [n]) { update.inserted = Array(range) }
        update.rowsAfter = rows.count
        var changed: [Int] = []
        for q in [oldParent, p] where q >= 0 && q != n {
            let nowLeaf = children[Int(q)].isEmpty
            let wasLeaf = q == p && children[Int(q)] == [n] && q != oldParent
            if (q == oldParent && q != p && nowLeaf) || wasLeaf, let shown = displayIndex(of: NodeID(q)) {
                changed.append(shown)
            }
        }
        update.changed = changed.sorted()
        if checksInUse { recountChecks() }
        return update
    }

    /// Removes the rows of a node's subtree from the list; returns their old indexes.
    private mutating func detachRows(of n: Int32) -> [Int] {
        guard isVisible(NodeID(n)) else { return [] }
        let at = rows.index(of: Self.slot(n))
        let count = 1 + (detailFlags[Int(n)] ? 1 : 0) + visibleDescendantCount(of: n)
        rows.remove(at: at, count: count)
        return Array(at ..< at + count)
    }

    /// Unlinks a node from its parent's children and from the key index.
    private mutating func detach(_ n: Int32) {
        let p = parents[Int(n)]
        unindexChild(n)
        let i = Int(indexInParent[Int(n)])
        if p < 0 { roots.remove(at: i) } else { children[Int(p)].remove(at: i) }
        renumberSiblings(of: p, from: i)
    }

    /// Lists the rows of freshly attached sibling nodes (consecutive children
    /// of one parent) if that parent shows its children; returns where they went.
    private mutating func attachRows(of nodes: [Int32]) -> Range<Int>? {
        guard let first = nodes.first else { return nil }
        let p = parents[Int(first)]
        guard p < 0 || (expandedFlags[Int(p)] && isVisible(NodeID(p))) else { return nil }
        var slots: [Int32] = []
        for n in nodes {
            slots.append(Self.slot(n))
            if detailFlags[Int(n)] { slots.append(Self.detailSlot(n)) }
            if expandedFlags[Int(n)] { slots += gatherVisible(under: n) }
        }
        guard let last = nodes.last else { return nil }
        let at = indexOfNextRow(after: last)
        rows.insert(slots, at: at)
        return at ..< at + slots.count
    }

    /// Where the rows of the next visible node after `n`'s subtree are (or the
    /// end), for a node whose own rows are not listed yet but whose parent's are.
    private func indexOfNextRow(after n: Int32) -> Int {
        var x = n
        while true {
            let p = parents[Int(x)]
            let siblings = p < 0 ? roots : children[Int(p)]
            let next = Int(indexInParent[Int(x)]) + 1
            if next < siblings.count { return rows.index(of: Self.slot(siblings[next])) }
            if p < 0 { return rows.count }
            x = p
        }
    }
}
