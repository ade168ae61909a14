/// A node of an outline. Stable for the node's life: expanding, collapsing and
/// moving keep it; removing the node retires it for good.
public struct NodeID: Hashable, Comparable, Sendable {
    let raw: Int32
    init(_ raw: Int32) { self.raw = raw }
    /// Orders nodes by creation: a node made earlier comes first.
    public static func < (a: NodeID, b: NodeID) -> Bool { a.raw < b.raw }
}

/// What to do with the descendants' expansion when a node collapses.
public enum CollapsePolicy: String, Sendable, CaseIterable {
    /// Keep it, so that expanding again shows the same rows (NSOutlineView).
    case remember
    /// Collapse every visible descendant too, so that expanding again shows
    /// only the children.
    case reset
}

/// A tree of nodes with expansion state, and the flattened list of visible
/// rows that a table view shows, kept up to date incrementally.
///
/// Every operation returns the `BatchUpdate` that turns the old rows into the
/// new ones. The cost of an operation grows with the rows it changes, not with
/// the size of the tree: the rows live in a counted B+ tree, so finding a
/// row by index or a node's index is O(log n), and nothing walks the whole tree unless the operation is about the whole
/// tree (expand all, collapse all, expand to depth). Nothing recurses over the
/// outline's depth.
public struct Outline: Sendable {
    // Per node, indexed by NodeID.raw.
    var keys: [String] = []
    var titles: [String] = []
    /// Per node, its subtitle, kind, icon, annotation and detail text in
    /// `extras`, or -1 when it has none: most nodes of a large tree have
    /// none, and cost 4 bytes.
    var extraIndex: [Int32] = []
    var extras: [Extras] = []
    /// Per node, what it shows that is on or off (highlighted, checked, loading), a byte for all.
    var flags: [NodeFlags] = []
    var parents: [Int32] = []
    var children: [[Int32]] = []
    var indexInParent: [Int32] = []
    var depths: [Int32] = []
    var expandedFlags: [Bool] = []
    var detailFlags: [Bool] = []
    /// Per node, its leaves and how many of them are checked (a leaf counts
    /// itself); kept only once a checkbox is in use (`checksInUse`).
    var leafCounts: [Int32] = []
    var checkedLeafCounts: [Int32] = []
    var alive: [Bool] = []
    /// The top-level nodes, in order.
    var roots: [Int32] = []
    /// (parent, key) → child, for id lookups one path component at a time (`KeyLookup`).
    var childChains = NodeChains()
    /// bare key → nodes, for ids that name a node by its key alone (`KeyLookup`).
    var bareKeyChains = NodeChains()
    /// The most `/`-separated parts any key has had (1 unless a key is a
    /// path, as a merged chain of folders' is): how far an id lookup joins parts.
    var longestKeyParts = 1
    var rows = RowList()

    /// What collapsing a node does to its descendants' expansion.
    public var collapsePolicy: CollapsePolicy
    /// The selected node, if any.
    public internal(set) var selection: NodeID?
    /// The node with the keyboard focus ring, if any (`setFocus(_:)`).
    public internal(set) var focus: NodeID?
    /// The node under the pointer, if any (`setHover(_:)`).
    public internal(set) var hover: NodeID?
    /// Where a dragged row would drop, if a drag is shown (`setDropTarget(_:)`).
    public internal(set) var dropTarget: DropTarget?
    /// Whether any node was ever checked: until then checkboxes cost nothing.
    var checksInUse = false
    /// The tables that decide what a row's events (`tap`, or your own) do; see `send(_:to:)`.
    public var handlers = EventHandlers()

    /// What a node has beyond a title, when it has any of it.
    struct Extras: Sendable {
        var subtitle: String?
        var kind: String?
        var icon: String?
        var annotation: Annotation?
        var detailText: String?
    }

    /// Node `n`'s extras, if it has any. O(1).
    func extras(of n: Int32) -> Extras? {
        let i = extraIndex[Int(n)]
        return i < 0 ? nil : extras[Int(i)]
    }

    struct ChildKey: Hashable {
        var parent: Int32  // -1 for the top level
        var key: String
    }

    /// Builds an outline from a flat list of specs. The initial rows are those
    /// whose ancestors are all `expanded`. O(n). Throws when two siblings
    /// share a key, a key is empty or holds `/`, or a spec names a parent
    /// that does not come before it.
    public init(_ specs: [NodeSpec], collapsePolicy: CollapsePolicy = .remember) throws(OutlineError) {
        self.collapsePolicy = collapsePolicy
        try append(specs, under: -1, at: nil, checkFirst: false)
        rows.insert(gatherVisible(under: -1), at: 0)
        if specs.contains(where: \.checked) { recountChecks() }
    }

    // MARK: Nodes

    /// All live nodes, in creation order. O(nodes ever created).
    public var nodes: [NodeID] { alive.indices.filter { alive[$0] }.map { NodeID(Int32($0)) } }
    /// The number of live nodes.
    public internal(set) var nodeCount = 0
    /// The top-level nodes, in order. O(their count).
    public var topLevelNodes: [NodeID] { roots.map(NodeID.init) }

    /// Whether a node is still in the outline (not removed). The other
    /// accessors expect a live node.
    public func isAlive(_ node: NodeID) -> Bool { Int(node.raw) < alive.count && alive[Int(node.raw)] }
    /// The text of the node's row.
    public func title(of node: NodeID) -> String { titles[Int(node.raw)] }
    /// The second line of the node's row, if any.
    public func subtitle(of node: NodeID) -> String? { extras(of: node.raw)?.subtitle }
    /// The node's row kind, if any (`NodeSpec.kind`).
    public func kind(of node: NodeID) -> String? { extras(of: node.raw)?.kind }
    /// The node's icon name, if any (`NodeSpec.icon`).
    public func icon(of node: NodeID) -> String? { extras(of: node.raw)?.icon }
    /// The text drawn after the node's title, if any (`NodeSpec.annotation`).
    public func annotation(of node: NodeID) -> Annotation? { extras(of: node.raw)?.annotation }
    /// The text of the node's own detail row, if it has one (`NodeSpec.detailText`).
    public func detailText(of node: NodeID) -> String? { extras(of: node.raw)?.detailText }
    /// Whether the node's row is highlighted (`NodeSpec.highlighted`): drawn
    /// with the selection's tint; several rows may be.
    public func isHighlighted(_ node: NodeID) -> Bool { flags[Int(node.raw)].contains(.highlighted) }
    /// Whether the node's children are still loading (`NodeSpec.loading`,
    /// `setLoading(_:_:)`): its one child is the "Loading…" row.
    public func isLoading(_ node: NodeID) -> Bool { flags[Int(node.raw)].contains(.loading) }
    /// Whether the node is the "Loading…" row the engine shows under a node
    /// whose children are loading, rather than one of the app's own nodes.
    public func isLoadingRow(_ node: NodeID) -> Bool { flags[Int(node.raw)].contains(.loadingRow) }
    /// Whether the node's row is drawn dimmed (`NodeSpec.dimmed`).
    public func isDimmed(_ node: NodeID) -> Bool { flags[Int(node.raw)].contains(.dimmed) }
    /// The node as a spec that builds it again (without its parent, its
    /// children or the "Loading…" row the engine adds): what it is now.
    public func spec(of node: NodeID) -> NodeSpec {
        let extras = extras(of: node.raw), flags = flags[Int(node.raw)]
        return NodeSpec(
            key: key(of: node), title: title(of: node), subtitle: extras?.subtitle, kind: extras?.kind, icon: extras?.icon,
            expanded: isExpanded(node), checked: flags.contains(.checked), annotation: extras?.annotation,
            highlighted: flags.contains(.highlighted), loading: flags.contains(.loading), detailText: extras?.detailText,
            dimmed: flags.contains(.dimmed))
    }
    /// The node's key among its siblings: the last part of its id.
    public func key(of node: NodeID) -> String { keys[Int(node.raw)] }
    /// How deep the node is: 0 for a top-level node.
    public func depth(of node: NodeID) -> Int { Int(depths[Int(node.raw)]) }
    /// The node's parent; nil for a top-level node.
    public func parent(of node: NodeID) -> NodeID? {
        let p = parents[Int(node.raw)]
        return p < 0 ? nil : NodeID(p)
    }
    /// The node's children, in order. O(their count).
    public func children(of node: NodeID) -> [NodeID] { children[Int(node.raw)].map(NodeID.init) }
    /// The node's last child; nil for a leaf.
    public func lastChild(of node: NodeID) -> NodeID? { children[Int(node.raw)].last.map(NodeID.init) }
    /// How many children the node has.
    public func childCount(of node: NodeID) -> Int { children[Int(node.raw)].count }
    /// Whether the node has children, so that its row shows a chevron.
    public func isExpandable(_ node: NodeID) -> Bool { !children[Int(node.raw)].isEmpty }
    /// The remembered expansion flag, which a leaf or a hidden node also has.
    public func isExpanded(_ node: NodeID) -> Bool { expandedFlags[Int(node.raw)] }
    /// Whether the node's detail row is open (shown when the node's row is).
    public func isDetailShown(_ node: NodeID) -> Bool { detailFlags[Int(node.raw)] }
    /// Whether the node has a row, that is, all its ancestors are expanded.
    public func isVisible(_ node: NodeID) -> Bool { rows.contains(Self.slot(node.raw)) }

    /// The node's id: the path of keys from the top, joined with `/`. O(depth).
    public func id(of node: NodeID) -> String {
        var parts: [String] = []
        var x = node.raw
        while x >= 0 { parts.append(keys[Int(x)]); x = parents[Int(x)] }
        return parts.reversed().joined(separator: "/")
    }

    /// Finds a node by its id path (`gd/gz`), by a bare key that only one
    /// node has (`gz`), or by a path that starts at such a key (`gz/th`, as
    /// under a merged row `src/gz`). Errors say which ids are closest.
    /// O(depth) for a path; an unknown id costs O(n) to find the closest ones.
    public func node(id: String) throws(OutlineError) -> NodeID {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        if let found = walk(parts[...], from: -1) { return NodeID(found) }
        let matches = nodes(withBareKey: parts[0])
        if parts.count == 1, !matches.isEmpty {
            if matches.count == 1 { return NodeID(matches[0]) }
            throw .ambiguousID(id, candidates: matches.map { self.id(of: NodeID($0)) }.sorted())
        }
        if matches.count == 1, let found = walk(parts.dropFirst(), from: matches[0]) { return NodeID(found) }
        throw .unknownID(id, closest: closestIDs(to: id))
    }

    /// The node that `parts` lead to from `start` (-1: the top), one key at
    /// a time; where keys are paths (merged chains of folders), the longest
    /// run of parts that names a child, so that a merged `src/app` row is
    /// found beside a `src` sibling. Nil when a part names no child.
    /// O(parts × longest path key).
    func walk(_ parts: ArraySlice<Substring>, from start: Int32) -> Int32? {
        var x = start
        var i = parts.startIndex
        while i < parts.endIndex {
            var keys = [String(parts[i])]  // the runs of parts from i, shortest first
            while keys.count < longestKeyParts, i + keys.count < parts.endIndex {
                keys.append(keys[keys.count - 1] + "/" + parts[i + keys.count])
            }
            guard let (length, child) = keys.indices.reversed().lazy.compactMap({ n in self.child(of: x, key: keys[n]).map { (n + 1, $0) } }).first
            else { return nil }
            x = child
            i += length
        }
        return x >= 0 ? x : nil
    }

    func closestIDs(to id: String, limit: Int = 3) -> [String] {
        let target = id.split(separator: "/").last.map(String.init) ?? id
        var scored: [(Int, String)] = []
        var distances: [Substring: Int] = [:]  // many nodes share a key
        for n in keys.indices where alive[n] {
            let key = Self.bareKey(of: keys[n])
            let d = distances[key] ?? levenshteinDistance(String(key), target)
            distances[key] = d
            if d <= max(2, target.count / 2) { scored.append((d, self.id(of: NodeID(Int32(n))))) }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map(\.1)
    }

    static func slot(_ node: Int32) -> Int32 { node &* 2 }
    static func detailSlot(_ node: Int32) -> Int32 { node &* 2 &+ 1 }

    // MARK: Building

    /// Creates nodes for `specs` under `parent` (-1: top level), the first
    /// top-level spec at child position `index` (nil: at the end). Rows are not touched.
    /// Returns the new nodes that hang directly under `parent`.
    /// `checkFirst` (as every edit does) checks all specs before changing
    /// anything, so that a failure leaves the outline unchanged; an outline
    /// being built has nothing to keep: it adds the nodes, then finds a
    /// repeated key as it fills the key tables, and a failure leaves it
    /// half built, to be thrown away.
    @discardableResult
    mutating func append(_ specs: [NodeSpec], under parent: Int32, at index: Int?, checkFirst: Bool = true) throws(OutlineError) -> [Int32] {
        let base = Int32(keys.count)
        if checkFirst { try check(specs, under: parent) }
        // Each node whose children are loading has a "Loading…" row too.
        let count = Int(base) + specs.count + specs.reduce(0) { $0 + ($1.loading ? 1 : 0) }
        rows.reserve(slots: 2 * count)
        reserveNodes(count)
        reserveKeyTables(count)
        // The nodes first, then each key table in passes of its own.
        let (top, failure) = appendNodes(specs, under: parent)
        if let n = indexChildren(base ..< Int32(keys.count)) { throw duplicate(specs, Int(n - base), base: base, under: parent) }
        if let failure { throw failure }
        for n in base ..< Int32(keys.count) { bareKeyChains.insert(n, Self.bareHash(Self.bareKey(of: keys[Int(n)]))) }
        insertSiblings(top, under: parent, at: index)
        return top
    }

    /// Adds a node for each of `specs` (rows and key tables untouched), up
    /// to the first that names a parent after it or has an invalid key,
    /// whose error it returns. Returns the new nodes that hang directly
    /// under `parent`. O(specs).
    private mutating func appendNodes(_ specs: [NodeSpec], under parent: Int32) -> (top: [Int32], failure: OutlineError?) {
        let base = Int32(keys.count)
        var top: [Int32] = []
        for (i, spec) in specs.enumerated() {
            let key = spec.effectiveKey
            if let p = spec.parent, !(0 ..< i).contains(p) { return (top, .invalidParent(spec: i, parent: p)) }
            if let p = spec.parent, specs[p].loading { return (top, .loadingWithChildren(spec: p)) }
            guard let parts = Self.keyParts(key) else { return (top, .invalidKey(key, spec: i)) }
            guard let p = spec.parent else {
                top.append(appendNode(spec, key: key, parts: parts, under: parent, asChild: false))
                continue
            }
            appendNode(spec, key: key, parts: parts, under: base + Int32(p), asChild: true)
        }
        // The "Loading…" row of each node whose children are loading, after the specs' own nodes.
        for (i, spec) in specs.enumerated() where spec.loading {
            let row = appendNode(Self.loadingRowSpec, key: Self.loadingRowKey, parts: 1, under: base + Int32(i), asChild: true)
            flags[Int(row)].insert(.loadingRow)
        }
        return (top, nil)
    }

    /// Adds one node under `p` (-1: the top level), as its last child
    /// (`asChild`) or to be placed among its siblings by the caller; returns
    /// it. O(1) amortized.
    @discardableResult
    private mutating func appendNode(_ spec: NodeSpec, key: String, parts: Int, under p: Int32, asChild: Bool) -> Int32 {
        let n = Int32(keys.count)
        keys.append(key)
        titles.append(spec.title)
        if spec.subtitle != nil || spec.kind != nil || spec.icon != nil || spec.annotation != nil || spec.detailText != nil {
            extraIndex.append(Int32(extras.count))
            extras.append(Extras(subtitle: spec.subtitle, kind: spec.kind, icon: spec.icon, annotation: spec.annotation, detailText: spec.detailText))
        } else {
            extraIndex.append(-1)
        }
        flags.append(NodeFlags(spec))
        parents.append(p)
        children.append([])
        indexInParent.append(0)
        depths.append(p < 0 ? 0 : depths[Int(p)] + 1)
        expandedFlags.append(spec.expanded)
        detailFlags.append(false)
        alive.append(true)
        nodeCount += 1
        longestKeyParts = max(longestKeyParts, parts)
        if asChild {
            indexInParent[Int(n)] = Int32(children[Int(p)].count)
            children[Int(p)].append(n)
        }
        return n
    }

    /// Throws what `append` would throw for `specs`, changing nothing; a
    /// sibling `ignored` (a "Loading…" row about to go) takes no key.
    /// O(specs), with a table of their keys.
    func check(_ specs: [NodeSpec], under parent: Int32, ignoring ignored: Int32? = nil) throws(OutlineError) {
        let base = Int32(keys.count)
        var newKeys = Set<ChildKey>()
        for (i, spec) in specs.enumerated() {
            if let p = spec.parent, !(0 ..< i).contains(p) { throw .invalidParent(spec: i, parent: p) }
            if let p = spec.parent, specs[p].loading { throw .loadingWithChildren(spec: p) }
            let key = spec.effectiveKey
            if Self.keyParts(key) == nil { throw .invalidKey(key, spec: i) }
            let ck = ChildKey(parent: spec.parent.map { base + Int32($0) } ?? parent, key: key)
            let existing = child(of: ck.parent, key: key)
            if (existing != nil && existing != ignored) || !newKeys.insert(ck).inserted { throw duplicate(specs, i, base: base, under: parent) }
        }
    }

    /// The error of spec `i`, whose key a sibling already has.
    private func duplicate(_ specs: [NodeSpec], _ i: Int, base: Int32, under parent: Int32) -> OutlineError {
        let key = specs[i].effectiveKey
        let owner = specs[i].parent.map { base + Int32($0) } ?? parent
        let first = specs[..<i].firstIndex { s in s.effectiveKey == key && (s.parent.map { base + Int32($0) } ?? parent) == owner } ?? -1
        return .duplicateID(idPath(specs, i, base: base, under: parent), first: first, second: i)
    }

    /// The `/`-separated parts of a key, or nil when one is empty (an empty
    /// key, or a `/` at an end or beside another). O(key).
    static func keyParts(_ key: String) -> Int? {
        var parts = 1
        var previous = UInt8(ascii: "/")
        for byte in key.utf8 {
            if byte == UInt8(ascii: "/") {
                if previous == byte { return nil }
                parts += 1
            }
            previous = byte
        }
        return previous == UInt8(ascii: "/") ? nil : parts
    }

    /// Room for `count` nodes in every per-node table, so that building a
    /// large outline moves nothing. O(count) once.
    private mutating func reserveNodes(_ count: Int) {
        guard count > keys.capacity else { return }
        keys.reserveCapacity(count)
        titles.reserveCapacity(count)
        extraIndex.reserveCapacity(count)
        flags.reserveCapacity(count)
        parents.reserveCapacity(count)
        children.reserveCapacity(count)
        indexInParent.reserveCapacity(count)
        depths.reserveCapacity(count)
        expandedFlags.reserveCapacity(count)
        detailFlags.reserveCapacity(count)
        alive.reserveCapacity(count)
        reserveKeyTables(count)
    }

    /// Puts nodes into a parent's children (in place: no copy of the list)
    /// and renumbers the siblings after them. O(siblings).
    mutating func insertSiblings(_ nodes: [Int32], under parent: Int32, at index: Int?) {
        let count = parent < 0 ? roots.count : children[Int(parent)].count
        let at = index ?? count
        if parent < 0 { roots.insert(contentsOf: nodes, at: at) } else { children[Int(parent)].insert(contentsOf: nodes, at: at) }
        renumberSiblings(of: parent, from: at)
    }

    /// Sets `indexInParent` of a parent's children from position `start` on.
    mutating func renumberSiblings(of parent: Int32, from start: Int) {
        let count = parent < 0 ? roots.count : children[Int(parent)].count
        for i in start ..< count {
            let node = parent < 0 ? roots[i] : children[Int(parent)][i]
            indexInParent[Int(node)] = Int32(i)
        }
    }

    private func idPath(_ specs: [NodeSpec], _ i: Int, base: Int32, under parent: Int32) -> String {
        var parts: [String] = []
        var j: Int? = i
        while let k = j { parts.append(specs[k].effectiveKey); j = specs[k].parent }
        let prefix = parent < 0 ? "" : id(of: NodeID(parent)) + "/"
        return prefix + parts.reversed().joined(separator: "/")
    }
}

/// The Levenshtein distance between two strings, for did-you-mean suggestions.
package func levenshteinDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0 ... b.count)
    var cur = prev
    for i in 1 ... a.count {
        cur[0] = i
        for j in 1 ... b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}
