/// What a node shows that is on or off, packed in a byte per node.
struct NodeFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// Tinted as the selection is (`NodeSpec.highlighted`).
    static let highlighted = NodeFlags(rawValue: 1 << 0)
    /// Its own checkbox is ticked (a leaf's; a parent's comes from its leaves).
    static let checked = NodeFlags(rawValue: 1 << 1)
    /// Its children are loading: its one child is the "Loading…" row.
    static let loading = NodeFlags(rawValue: 1 << 2)
    /// It is the "Loading…" row under a loading node.
    static let loadingRow = NodeFlags(rawValue: 1 << 3)
    /// Drawn dimmed (`NodeSpec.dimmed`).
    static let dimmed = NodeFlags(rawValue: 1 << 4)

    /// The flags a spec starts with.
    init(_ spec: NodeSpec) {
        var flags: NodeFlags = []
        if spec.highlighted { flags.insert(.highlighted) }
        if spec.checked { flags.insert(.checked) }
        if spec.loading { flags.insert(.loading) }
        if spec.dimmed { flags.insert(.dimmed) }
        self = flags
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Sets or clears `flag`.
    mutating func set(_ flag: NodeFlags, _ on: Bool) {
        if on { insert(flag) } else { remove(flag) }
    }
}

extension Outline {
    /// The title of the row shown under a node whose children are loading.
    public static let loadingRowTitle = "Loading…"
    /// The key of that row among its parent's children (its id ends with it).
    public static let loadingRowKey = "loading"

    /// Starts or ends the loading of a node's children. Starting adds the
    /// "Loading…" row under it (shown if the node is open), and needs a node
    /// without children; ending removes that row (inserting children, with
    /// `insert(_:under:at:)`, ends it too). The node's row is `changed`.
    /// O(siblings + log n).
    @discardableResult
    public mutating func setLoading(_ node: NodeID, _ loading: Bool) throws(OutlineError) -> BatchUpdate {
        guard isAlive(node) else { throw .removedNode }
        let n = node.raw
        if isLoadingRow(node) { throw .loadingRow(id(of: node)) }
        guard loading != isLoading(node) else { return .unchanged(rows: rows.count) }
        var update: BatchUpdate
        if loading {
            guard children[Int(n)].isEmpty else { throw .loadingHasChildren(id(of: node)) }
            update = try insert([Self.loadingRowSpec], under: node)
            let row = Int32(keys.count - 1)
            flags[Int(row)].insert(.loadingRow)
            flags[Int(n)].insert(.loading)
            // Counted again now that the node is a loading leaf with its own check.
            if checksInUse { recountChecks() }
        } else {
            update = try endLoading(n)
        }
        update.changed = displayIndex(of: node).map { [$0] } ?? []
        return update
    }

    /// The spec of a "Loading…" row.
    static let loadingRowSpec = NodeSpec(key: loadingRowKey, title: loadingRowTitle)

    /// Removes the "Loading…" row of a loading node and clears its flag:
    /// the batch update of that row going. O(siblings + log n).
    mutating func endLoading(_ n: Int32) throws(OutlineError) -> BatchUpdate {
        flags[Int(n)].remove(.loading)
        guard let row = children[Int(n)].first(where: { flags[Int($0)].contains(.loadingRow) }) else { return .unchanged(rows: rows.count) }
        return try remove(NodeID(row))
    }
}
