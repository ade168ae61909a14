/// A hash table of nodes that holds no keys: each bucket is a chain of
/// node numbers linked through the nodes themselves, and a lookup compares
/// what the outline's own arrays say of each node in its bucket. It costs
/// 4 bytes per node and per bucket (a table of strings costs ten times
/// that), and adding a node hashes its key once.
///
/// The caller hashes: a node must be removed with the hash it was added
/// with, so a node's key and parent are read for its hash before they change.
struct NodeChains: Sendable {
    /// Per bucket, the first node of its chain; -1 when empty. A power of two long.
    private var heads: [Int32] = []
    /// Per node, the next node of its chain; -1 at the end.
    private var next: [Int32] = []
    private(set) var count = 0

    /// The first node of `hash`'s bucket (-1 when it is empty); with
    /// `next(after:)`, the caller walks the chain and matches what it seeks
    /// (a loop, not a closure: a closure would hold the outline). O(1).
    func first(_ hash: Int) -> Int32 {
        heads.isEmpty ? -1 : heads[hash & (heads.count - 1)]
    }

    /// The node after `node` in its chain; -1 at the end. O(1).
    func next(after node: Int32) -> Int32 { next[Int(node)] }

    /// Room for `nodes` nodes without growing. O(nodes) when it grows.
    mutating func reserve(_ nodes: Int, hash: (Int32) -> Int) {
        if nodes > next.count { next += repeatElement(-1, count: nodes - next.count) }
        var buckets = max(heads.count, 16)
        while buckets * 3 < nodes * 4 { buckets *= 2 }
        if buckets > heads.count { rehash(buckets, hash: hash) }
    }

    /// Adds node `node` (not in the table) under `hash`; `hash` gives any
    /// node's hash when the table grows. O(1) amortized.
    mutating func insert(_ node: Int32, _ hash: Int, rehashing: (Int32) -> Int) {
        reserve(max(count + 1, Int(node) + 1), hash: rehashing)
        insert(node, hash)
    }

    /// Adds node `node` (not in the table) under `hash`, in a table that
    /// `reserve` has made room for it in. O(1).
    mutating func insert(_ node: Int32, _ hash: Int) {
        let b = hash & (heads.count - 1)
        next[Int(node)] = heads[b]
        heads[b] = node
        count += 1
    }

    /// Removes `node`, which was added under `hash`, if it is there. O(chain).
    mutating func remove(_ node: Int32, _ hash: Int) {
        guard !heads.isEmpty else { return }
        let b = hash & (heads.count - 1)
        var previous: Int32 = -1
        var n = heads[b]
        while n >= 0, n != node {
            previous = n
            n = next[Int(n)]
        }
        guard n >= 0 else { return }
        if previous < 0 { heads[b] = next[Int(n)] } else { next[Int(previous)] = next[Int(n)] }
        next[Int(n)] = -1
        count -= 1
    }

    /// Spreads the nodes over `buckets` buckets. O(nodes + buckets).
    private mutating func rehash(_ buckets: Int, hash: (Int32) -> Int) {
        let old = heads
        heads = Array(repeating: -1, count: buckets)
        for head in old {
            var n = head
            while n >= 0 {
                let following = next[Int(n)]
                let b = hash(n) & (buckets - 1)
                next[Int(n)] = heads[b]
                heads[b] = n
                n = following
            }
        }
    }
}
