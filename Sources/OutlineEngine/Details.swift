extension Outline {
    /// Shows a detail row right under a node's row (a place for more about
    /// the row, such as an inline editor or a description). Several nodes may
    /// show one at once; logical indexes ignore them, so an app can keep
    /// numbering its rows as if none were open. O(log n).
    @discardableResult
    public mutating func showDetail(_ node: NodeID) -> BatchUpdate {
        let n = node.raw
        let before = rows.count
        guard !detailFlags[Int(n)] else { return .unchanged(rows: before) }
        detailFlags[Int(n)] = true
        guard isVisible(node) else { return .unchanged(rows: before) }
        let at = rows.index(of: Self.slot(n)) + 1
        rows.insert([Self.detailSlot(n)], at: at)
        return BatchUpdate(rowsBefore: before, rowsAfter: rows.count, inserted: [at])
    }

    /// Hides the detail row under a node's row, if it shows one. O(log n).
    @discardableResult
    public mutating func hideDetail(_ node: NodeID) -> BatchUpdate {
        let n = node.raw
        let before = rows.count
        guard detailFlags[Int(n)] else { return .unchanged(rows: before) }
        detailFlags[Int(n)] = false
        guard isVisible(node) else { return .unchanged(rows: before) }
        let at = rows.index(of: Self.slot(n)) + 1
        rows.remove(at: at, count: 1)
        return BatchUpdate(rowsBefore: before, rowsAfter: rows.count, deleted: [at])
    }

    /// Shows the detail row under a node's row, or hides it if it shows. O(log n).
    @discardableResult
    public mutating func toggleDetail(_ node: NodeID) -> BatchUpdate {
        detailFlags[Int(node.raw)] ? hideDetail(node) : showDetail(node)
    }

    /// Selects a node (nil: nothing). The old and new selected rows, if visible, are `changed`. O(log n).
    @discardableResult
    public mutating func select(_ node: NodeID?) -> BatchUpdate {
        let before = rows.count
        guard node != selection else { return .unchanged(rows: before) }
        let old = selection
        selection = node
        let redraw = [old, node].compactMap { $0.flatMap(displayIndex(of:)) }.sorted()
        return BatchUpdate(rowsBefore: before, rowsAfter: before, changed: redraw)
    }
}
