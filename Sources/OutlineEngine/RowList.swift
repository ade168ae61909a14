/// The visible rows in display order, as an implicit treap (a balanced binary
/// tree ordered by position, with subtree sizes) so that inserting or removing
/// a block of k rows costs O(k + log n), and position ⇄ row lookups O(log n),
/// however large the outline is.
///
/// Each row is a *slot*: node `i` has slot `2i`, the detail row under node `i`
/// has slot `2i + 1`. Priorities are a hash of the slot, so the shape of the
/// tree (and so every result) is the same on every run. Recursion depth is the
/// treap's height, O(log n) with these priorities, never the outline's depth.
struct RowList {
    static let none: Int32 = -1
    /// `parent` value of a slot that is not in the list.
    static let unlisted: Int32 = -2

    private(set) var root: Int32 = none
    /// One record per slot, so that a step down the tree touches one cache line.
    private var nodes: [TreapNode] = []

    private struct TreapNode {
        var left: Int32 = RowList.none
        var right: Int32 = RowList.none
        var parent: Int32 = RowList.unlisted
        var size: Int32 = 0
        /// Rows in the subtree that are not detail rows (for logical indexes).
        var logical: Int32 = 0
    }

    var count: Int { root < 0 ? 0 : Int(nodes[Int(root)].size) }
    var logicalCount: Int { root < 0 ? 0 : Int(nodes[Int(root)].logical) }

    /// Makes room for slots `0 ..< slots`.
    mutating func reserve(slots: Int) {
        guard slots > nodes.count else { return }
        nodes += repeatElement(TreapNode(), count: slots - nodes.count)
    }

    func contains(_ slot: Int32) -> Bool {
        Int(slot) < nodes.count && nodes[Int(slot)].parent != Self.unlisted
    }

    // MARK: Queries

    /// The display index of a listed slot.
    func index(of slot: Int32) -> Int {
        var x = Int(slot)
        var rank = sizeOf(nodes[x].left)
        while nodes[x].parent >= 0 {
            let p = Int(nodes[x].parent)
            if nodes[p].right == Int32(x) { rank += sizeOf(nodes[p].left) + 1 }
            x = p
        }
        return rank
    }

    /// The number of non-detail rows before a listed slot.
    func logicalIndex(of slot: Int32) -> Int {
        var x = Int(slot)
        var rank = logicalOf(nodes[x].left)
        while nodes[x].parent >= 0 {
            let p = Int(nodes[x].parent)
            if nodes[p].right == Int32(x) { rank += logicalOf(nodes[p].left) + (p & 1 == 0 ? 1 : 0) }
            x = p
        }
        return rank
    }

    /// The slot at a display index (`0 ..< count`).
    func slot(at index: Int) -> Int32 {
        var t = root
        var i = index
        while true {
            let l = sizeOf(nodes[Int(t)].left)
            if i < l { t = nodes[Int(t)].left } else if i == l { return t } else { i -= l + 1; t = nodes[Int(t)].right }
        }
    }

    /// The slot of the non-detail row with a logical index (`0 ..< logicalCount`).
    func slot(atLogical index: Int) -> Int32 {
        var t = root
        var i = index
        while true {
            let l = logicalOf(nodes[Int(t)].left)
            let own = t & 1 == 0 ? 1 : 0
            if i < l { t = nodes[Int(t)].left } else if i < l + own { return t } else { i -= l + own; t = nodes[Int(t)].right }
        }
    }

    /// All slots in display order, O(n).
    func slots() -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        inOrder(root) { out.append($0) }
        return out
    }

    // MARK: Edits

    /// Inserts `slots` (in order) so that the first lands at display index `index`.
    mutating func insert(_ slots: [Int32], at index: Int) {
        guard !slots.isEmpty else { return }
        let block = build(slots)
        let (a, b) = split(root, index)
        setRoot(merge(merge(a, block), b))
    }

    /// Inserts `slots` right after the listed slot `anchor`; returns the
    /// display index of the first. One bottom-up split finds the place and
    /// the index at once, with no separate walk to compute it.
    mutating func insert(_ slots: [Int32], after anchor: Int32) -> Int {
        let (a, b) = split(after: anchor)
        let index = sizeOf(a)
        setRoot(merge(merge(a, build(slots)), b))
        return index
    }

    /// Removes the `count` rows right after the listed slot `anchor`; returns
    /// the display index of the first removed row and their slots.
    mutating func remove(after anchor: Int32, count: Int) -> (index: Int, removed: [Int32]) {
        let (a, bc) = split(after: anchor)
        let index = sizeOf(a)
        let (b, c) = split(bc, count)
        setRoot(merge(a, c))
        return (index, unlist(b, count: count))
    }

    /// Removes `count` rows starting at display index `index`; returns their slots in order.
    @discardableResult
    mutating func remove(at index: Int, count: Int) -> [Int32] {
        guard count > 0 else { return [] }
        let (a, bc) = split(root, index)
        let (b, c) = split(bc, count)
        setRoot(merge(a, c))
        return unlist(b, count: count)
    }

    /// Marks the slots of a detached tree as not listed; returns them in order.
    private mutating func unlist(_ t: Int32, count: Int) -> [Int32] {
        var removed: [Int32] = []
        removed.reserveCapacity(count)
        inOrder(t) { removed.append($0) }
        for s in removed {
            let i = Int(s)
            nodes[i].left = Self.none; nodes[i].right = Self.none; nodes[i].parent = Self.unlisted
        }
        return removed
    }

    // MARK: Treap internals

    private func sizeOf(_ t: Int32) -> Int { t < 0 ? 0 : Int(nodes[Int(t)].size) }
    private func logicalOf(_ t: Int32) -> Int { t < 0 ? 0 : Int(nodes[Int(t)].logical) }

    private static func priority(_ slot: Int32) -> UInt64 {
        // splitmix64 finaliser: a fixed, well-mixed priority per slot.
        var z = UInt64(UInt32(bitPattern: slot)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func setRoot(_ t: Int32) {
        root = t
        if t >= 0 { nodes[Int(t)].parent = Self.none }
    }

    private mutating func update(_ t: Int32) {
        let i = Int(t)
        nodes[i].size = Int32(1 + sizeOf(nodes[i].left) + sizeOf(nodes[i].right))
        nodes[i].logical = Int32((i & 1 == 0 ? 1 : 0) + logicalOf(nodes[i].left) + logicalOf(nodes[i].right))
    }

    /// Splits `t` into its first `k` rows and the rest.
    private mutating func split(_ t: Int32, _ k: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (Self.none, Self.none) }
        let i = Int(t)
        if k <= sizeOf(nodes[i].left) {
            let (a, b) = split(nodes[i].left, k)
            nodes[i].left = b
            if b >= 0 { nodes[Int(b)].parent = t }
            update(t)
            if a >= 0 { nodes[Int(a)].parent = Self.none }
            return (a, t)
        } else {
            let (a, b) = split(nodes[i].right, k - sizeOf(nodes[i].left) - 1)
            nodes[i].right = a
            if a >= 0 { nodes[Int(a)].parent = t }
            update(t)
            if b >= 0 { nodes[Int(b)].parent = Self.none }
            return (t, b)
        }
    }

    /// Splits the whole list after the listed slot `s` (which ends the first
    /// part), walking up from `s`: each ancestor joins the side it lies on,
    /// taking the part built so far as its child on the other side.
    private mutating func split(after s: Int32) -> (Int32, Int32) {
        var left = s
        var right = nodes[Int(s)].right
        nodes[Int(s)].right = Self.none
        if right >= 0 { nodes[Int(right)].parent = Self.none }
        update(s)
        var x = s
        var p = nodes[Int(s)].parent
        while p >= 0 {
            let next = nodes[Int(p)].parent
            if nodes[Int(p)].right == x {
                nodes[Int(p)].right = left
                if left >= 0 { nodes[Int(left)].parent = p }
                left = p
            } else {
                nodes[Int(p)].left = right
                if right >= 0 { nodes[Int(right)].parent = p }
                right = p
            }
            update(p)
            x = p
            p = next
        }
        if left >= 0 { nodes[Int(left)].parent = Self.none }
        if right >= 0 { nodes[Int(right)].parent = Self.none }
        return (left, right)
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if Self.priority(a) > Self.priority(b) {
            let r = merge(nodes[Int(a)].right, b)
            nodes[Int(a)].right = r
            nodes[Int(r)].parent = a
            update(a)
            return a
        } else {
            let l = merge(a, nodes[Int(b)].left)
            nodes[Int(b)].left = l
            nodes[Int(l)].parent = b
            update(b)
            return b
        }
    }

    /// Builds a treap of `slots` in order in O(k): a Cartesian tree by priority.
    private mutating func build(_ slots: [Int32]) -> Int32 {
        var spine: [Int32] = []  // the right spine, priorities decreasing
        for s in slots {
            let i = Int(s)
            let p = Self.priority(s)
            var last = Self.none
            while let top = spine.last, Self.priority(top) < p {
                spine.removeLast()
                update(top)  // its subtree is final once it leaves the spine
                last = top
            }
            nodes[i].left = last
            nodes[i].right = Self.none
            if last >= 0 { nodes[Int(last)].parent = s }
            if let top = spine.last {
                nodes[Int(top)].right = s
                nodes[i].parent = top
            } else {
                nodes[i].parent = Self.none
            }
            spine.append(s)
        }
        let top = spine.first ?? Self.none
        while let s = spine.popLast() { update(s) }  // deepest first: children before parents
        return top
    }

    private func inOrder(_ t: Int32, _ visit: (Int32) -> Void) {
        var stack: [Int32] = []
        var x = t
        while x >= 0 || !stack.isEmpty {
            while x >= 0 { stack.append(x); x = nodes[Int(x)].left }
            let top = stack.removeLast()
            visit(top)
            x = nodes[Int(top)].right
        }
    }
}
