/// The visible rows in display order, as a counted B+ tree (a rope of row
/// slots): leaves hold up to `leafCapacity` slots in order, inner nodes hold
/// up to `fanout` children with the row counts of each. Inserting or removing
/// a block of k rows costs O(k + log n), and position ⇄ row lookups
/// O(log n); a walk from the top touches about four nodes at a million rows,
/// each a few cache lines, which keeps large outlines nearly as fast as small
/// ones.
///
/// Each row is a *slot*: node `i` has slot `2i`, the detail row under node `i`
/// has slot `2i + 1`. Nodes live in flat arrays (no object per node); removed
/// nodes are reused. Nothing recurses. Debug builds use tiny nodes, so that
/// the tests split and empty nodes all the time.
struct RowList {
    #if DEBUG
    static let leafCapacity = 4
    static let fanout = 4
    #else
    static let leafCapacity = 64
    static let fanout = 32
    #endif

    // Leaves: slots at [leaf * leafCapacity ..< + leafCount[leaf]].
    private var leafSlots: [Int32] = []
    private var leafCount: [Int32] = []
    private var leafParent: [Int32] = []
    private var freeLeaves: [Int32] = []
    // Inner nodes: children at [node * fanout ..< + innerCount[node]], with
    // the rows (and the non-detail rows) below each child beside it.
    private var innerChildren: [Int32] = []
    private var childRows: [Int32] = []
    private var childLogical: [Int32] = []
    private var innerCount: [Int32] = []
    private var innerParent: [Int32] = []
    private var freeInner: [Int32] = []
    /// The root: a leaf when `height` is 0, else an inner node; -1 when empty.
    private var root: Int32 = -1
    private var height = 0
    /// slot → the leaf holding it, -1 when not listed.
    private var leafOf: [Int32] = []

    private(set) var count = 0
    private(set) var logicalCount = 0

    mutating func reserve(slots: Int) {
        if slots > leafOf.count { leafOf += repeatElement(-1, count: slots - leafOf.count) }
    }

    func contains(_ slot: Int32) -> Bool {
        Int(slot) < leafOf.count && leafOf[Int(slot)] >= 0
    }

    // MARK: Queries

    /// The display index of a listed slot.
    func index(of slot: Int32) -> Int {
        position(of: slot, logical: false)
    }

    /// The number of non-detail rows before a listed slot.
    func logicalIndex(of slot: Int32) -> Int {
        position(of: slot, logical: true)
    }

    private func position(of slot: Int32, logical: Bool) -> Int {
        let leaf = leafOf[Int(slot)]
        let base = Int(leaf) * Self.leafCapacity
        var rank = 0
        var i = base
        while leafSlots[i] != slot {
            if !logical || leafSlots[i] & 1 == 0 { rank += 1 }
            i += 1
        }
        var child = leaf
        var node = leafParent[Int(leaf)]
        while node >= 0 {
            let start = Int(node) * Self.fanout
            var k = start
            while innerChildren[k] != child {
                rank += Int(logical ? childLogical[k] : childRows[k])
                k += 1
            }
            child = node
            node = innerParent[Int(node)]
        }
        return rank
    }

    /// The slot at a display index (`0 ..< count`).
    func slot(at index: Int) -> Int32 {
        let (leaf, offset) = descend(to: index, logical: false)
        return leafSlots[Int(leaf) * Self.leafCapacity + offset]
    }

    /// The slot of the non-detail row with a logical index (`0 ..< logicalCount`).
    func slot(atLogical index: Int) -> Int32 {
        let (leaf, offset) = descend(to: index, logical: true)
        var remaining = offset
        var i = Int(leaf) * Self.leafCapacity
        while true {
            if leafSlots[i] & 1 == 0 {
                if remaining == 0 { return leafSlots[i] }
                remaining -= 1
            }
            i += 1
        }
    }

    /// The leaf holding row `index` and the offset in it (rows, or non-detail
    /// rows when `logical`). An index equal to the count lands after the last row.
    private func descend(to index: Int, logical: Bool) -> (leaf: Int32, offset: Int) {
        var node = root
        var i = index
        for _ in 0 ..< height {
            let start = Int(node) * Self.fanout, end = start + Int(innerCount[Int(node)])
            var k = start
            while k < end - 1 {
                let rows = Int(logical ? childLogical[k] : childRows[k])
                if i < rows { break }
                i -= rows
                k += 1
            }
            node = innerChildren[k]
        }
        return (node, i)
    }

    /// All slots in display order, O(n).
    func slots() -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        guard root >= 0 else { return out }
        var stack: [(node: Int32, level: Int)] = [(root, height)]
        while let (node, level) = stack.popLast() {
            if level == 0 {
                let base = Int(node) * Self.leafCapacity
                out += leafSlots[base ..< base + Int(leafCount[Int(node)])]
            } else {
                let start = Int(node) * Self.fanout
                for k in stride(from: start + Int(innerCount[Int(node)]) - 1, through: start, by: -1) {
                    stack.append((innerChildren[k], level - 1))
                }
            }
        }
        return out
    }

    // MARK: Edits

    /// Inserts `slots` right after the listed slot `anchor`; returns the display index of the first.
    mutating func insert(_ slots: [Int32], after anchor: Int32) -> Int {
        let at = index(of: anchor) + 1
        insert(slots, at: at)
        return at
    }

    /// Removes the `count` rows right after the listed slot `anchor`; returns
    /// the display index of the first removed row and their slots.
    mutating func remove(after anchor: Int32, count: Int) -> (index: Int, removed: [Int32]) {
        let at = index(of: anchor) + 1
        return (at, remove(at: at, count: count))
    }

    /// Inserts `slots` (in order) so that the first lands at display index `index`.
    mutating func insert(_ slots: [Int32], at index: Int) {
        guard !slots.isEmpty else { return }
        let logical = slots.reduce(0) { $0 + ($1 & 1 == 0 ? 1 : 0) }
        if root < 0 {
            root = newLeaf()
            height = 0
        }
        let (leaf, offset) = descend(to: index, logical: false)
        let base = Int(leaf) * Self.leafCapacity
        let old = Int(leafCount[Int(leaf)])
        var items = Array(leafSlots[base ..< base + offset])
        items += slots
        items += leafSlots[base + offset ..< base + old]
        count += slots.count
        logicalCount += logical
        if items.count <= Self.leafCapacity {
            store(items, in: leaf)
            recount(from: leaf)
            return
        }
        // Too many for one leaf: spread them over new leaves, three quarters full.
        let chunks = Self.chunk(items.count, capacity: Self.leafCapacity)
        var leaves: [Int32] = [leaf]
        for _ in 1 ..< chunks.count { leaves.append(newLeaf()) }
        var start = 0
        for (leafID, size) in zip(leaves, chunks) {
            store(Array(items[start ..< start + size]), in: leafID)
            start += size
        }
        insertSiblings(Array(leaves.dropFirst()), after: leaf, level: 0)
    }

    /// Removes `count` rows starting at display index `index`; returns their slots in order.
    @discardableResult
    mutating func remove(at index: Int, count toRemove: Int) -> [Int32] {
        var removed: [Int32] = []
        removed.reserveCapacity(toRemove)
        var left = toRemove
        while left > 0 {
            let (leaf, offset) = descend(to: index, logical: false)
            let base = Int(leaf) * Self.leafCapacity
            let old = Int(leafCount[Int(leaf)])
            let n = min(left, old - offset)
            // A copy, not a slice: a slice would keep leafSlots shared and make
            // the writes below copy the whole array.
            let gone = Array(leafSlots[base + offset ..< base + offset + n])
            removed += gone
            for s in gone { leafOf[Int(s)] = -1 }
            logicalCount -= gone.reduce(0) { $0 + ($1 & 1 == 0 ? 1 : 0) }
            // Shift the rest of the leaf down.
            for i in 0 ..< old - offset - n { leafSlots[base + offset + i] = leafSlots[base + offset + n + i] }
            leafCount[Int(leaf)] = Int32(old - n)
            count -= n
            left -= n
            if old - n == 0 { removeEmptyLeaf(leaf) } else { recount(from: leaf) }
        }
        return removed
    }

    // MARK: Tree maintenance

    /// Sizes that split `total` items into nodes about three quarters full.
    private static func chunk(_ total: Int, capacity: Int) -> [Int] {
        let target = max(1, capacity * 3 / 4)
        let n = (total + target - 1) / target
        return (0 ..< n).map { i in total / n + (i < total % n ? 1 : 0) }
    }

    private mutating func store(_ items: [Int32], in leaf: Int32) {
        let base = Int(leaf) * Self.leafCapacity
        for (i, s) in items.enumerated() {
            leafSlots[base + i] = s
            leafOf[Int(s)] = leaf
        }
        leafCount[Int(leaf)] = Int32(items.count)
    }

    private mutating func newLeaf() -> Int32 {
        if let id = freeLeaves.popLast() {
            leafCount[Int(id)] = 0
            leafParent[Int(id)] = -1
            return id
        }
        let id = Int32(leafCount.count)
        leafSlots += repeatElement(-1, count: Self.leafCapacity)
        leafCount.append(0)
        leafParent.append(-1)
        return id
    }

    private mutating func newInner() -> Int32 {
        if let id = freeInner.popLast() {
            innerCount[Int(id)] = 0
            innerParent[Int(id)] = -1
            return id
        }
        let id = Int32(innerCount.count)
        innerChildren += repeatElement(-1, count: Self.fanout)
        childRows += repeatElement(0, count: Self.fanout)
        childLogical += repeatElement(0, count: Self.fanout)
        innerCount.append(0)
        innerParent.append(-1)
        return id
    }

    private func parent(of node: Int32, level: Int) -> Int32 {
        level == 0 ? leafParent[Int(node)] : innerParent[Int(node)]
    }

    private mutating func setParent(of node: Int32, level: Int, to p: Int32) {
        if level == 0 { leafParent[Int(node)] = p } else { innerParent[Int(node)] = p }
    }

    /// Rows and non-detail rows below a node.
    private func totals(of node: Int32, level: Int) -> (rows: Int32, logical: Int32) {
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            var logical: Int32 = 0
            for i in base ..< base + Int(leafCount[Int(node)]) where leafSlots[i] & 1 == 0 { logical += 1 }
            return (leafCount[Int(node)], logical)
        }
        let start = Int(node) * Self.fanout
        var rows: Int32 = 0, logical: Int32 = 0
        for k in start ..< start + Int(innerCount[Int(node)]) {
            rows += childRows[k]
            logical += childLogical[k]
        }
        return (rows, logical)
    }

    /// Refreshes the counts kept for `node` and each of its ancestors.
    private mutating func recount(from node: Int32, level: Int = 0) {
        var child = node, level = level
        var p = parent(of: child, level: level)
        while p >= 0 {
            recountEntry(child, level: level, in: p)
            child = p
            level += 1
            p = innerParent[Int(p)]
        }
    }

    /// Where `child` sits in the children array of inner node `p`.
    private func slotIndex(of child: Int32, in p: Int32) -> Int {
        var k = Int(p) * Self.fanout
        while innerChildren[k] != child { k += 1 }
        return k
    }

    /// Puts new nodes (of `level`) right after their sibling `node`, splitting
    /// parents that overflow, up to a new root if needed; then refreshes counts.
    private mutating func insertSiblings(_ siblings: [Int32], after node: Int32, level: Int) {
        var added = siblings
        var node = node, level = level
        while true {
            let p = parent(of: node, level: level)
            if p < 0 {
                // `node` is the root: give it a parent, then insert beside it as anywhere.
                let top = newInner()
                innerChildren[Int(top) * Self.fanout] = node
                innerCount[Int(top)] = 1
                setParent(of: node, level: level, to: top)
                recountEntry(node, level: level, in: top)
                root = top
                height += 1
                continue
            }
            // Insert after `node` among p's children.
            let start = Int(p) * Self.fanout
            let n = Int(innerCount[Int(p)])
            let k = slotIndex(of: node, in: p) - start
            var children = Array(innerChildren[start ..< start + n])
            children.insert(contentsOf: added, at: k + 1)
            let parentLevel = level + 1
            if children.count <= Self.fanout {
                for (i, c) in children.enumerated() { innerChildren[start + i] = c }
                innerCount[Int(p)] = Int32(children.count)
                for c in added { setParent(of: c, level: level, to: p) }
                // The counts sit beside their children: every child may have moved.
                for c in children { recountEntry(c, level: level, in: p) }
                recount(from: p, level: parentLevel)
                return
            }
            // p overflows: spread its children over p and new siblings of p.
            let chunks = Self.chunk(children.count, capacity: Self.fanout)
            var parents: [Int32] = [p]
            for _ in 1 ..< chunks.count { parents.append(newInner()) }
            var offset = 0
            for (q, size) in zip(parents, chunks) {
                let qs = Int(q) * Self.fanout
                for i in 0 ..< size {
                    let c = children[offset + i]
                    innerChildren[qs + i] = c
                    setParent(of: c, level: level, to: q)
                }
                innerCount[Int(q)] = Int32(size)
                for i in 0 ..< size { recountEntry(children[offset + i], level: level, in: q) }
                offset += size
            }
            node = p
            level = parentLevel
            added = Array(parents.dropFirst())
        }
    }

    /// Refreshes the counts that inner node `p` keeps for its child.
    private mutating func recountEntry(_ child: Int32, level: Int, in p: Int32) {
        let k = slotIndex(of: child, in: p)
        let (rows, logical) = totals(of: child, level: level)
        childRows[k] = rows
        childLogical[k] = logical
    }

    /// Unlinks an empty leaf, and every ancestor left without children; a root
    /// with a single child hands over to it.
    private mutating func removeEmptyLeaf(_ leaf: Int32) {
        var node = leaf, level = 0
        while true {
            let p = parent(of: node, level: level)
            if level == 0 { freeLeaves.append(node) } else { freeInner.append(node) }
            if p < 0 {
                root = -1
                height = 0
                return
            }
            let start = Int(p) * Self.fanout
            let n = Int(innerCount[Int(p)])
            let k = slotIndex(of: node, in: p)
            for i in k ..< start + n - 1 {
                innerChildren[i] = innerChildren[i + 1]
                childRows[i] = childRows[i + 1]
                childLogical[i] = childLogical[i + 1]
            }
            innerCount[Int(p)] = Int32(n - 1)
            if n - 1 > 0 {
                recount(from: p, level: level + 1)
                break
            }
            node = p
            level += 1
        }
        // Shorten the tree while the root has one child.
        while height > 0, innerCount[Int(root)] == 1 {
            let child = innerChildren[Int(root) * Self.fanout]
            freeInner.append(root)
            root = child
            height -= 1
            setParent(of: root, level: height, to: -1)
        }
    }
}

extension RowList {
    /// Checks the tree's invariants (parents, kept counts, `leafOf`, the total)
    /// and returns the first problem found; for tests.
    func validate() -> String? {
        guard root >= 0 else { return count == 0 ? nil : "empty root, count \(count)" }
        var stack: [(Int32, Int, Int32)] = [(root, height, -1)]
        var rows = 0
        while let (node, level, p) = stack.popLast() {
            if parent(of: node, level: level) != p { return "parent of \(node)@\(level) is \(parent(of: node, level: level)), expected \(p)" }
            if level == 0 {
                let base = Int(node) * Self.leafCapacity
                for i in base ..< base + Int(leafCount[Int(node)]) where leafOf[Int(leafSlots[i])] != node { return "leafOf \(leafSlots[i])" }
                rows += Int(leafCount[Int(node)])
            } else {
                let start = Int(node) * Self.fanout
                for k in start ..< start + Int(innerCount[Int(node)]) {
                    let t = totals(of: innerChildren[k], level: level - 1)
                    if t.rows != childRows[k] || t.logical != childLogical[k] { return "count of child \(innerChildren[k]) in \(node)@\(level): \(childRows[k]) vs \(t.rows)" }
                    stack.append((innerChildren[k], level - 1, node))
                }
            }
        }
        return rows == count ? nil : "rows \(rows) vs count \(count)"
    }
}
