/// Finding nodes by key: a child by its parent and key (id paths), and
/// every node by its bare key (a key, or a path key's last part). Both
/// tables are `NodeChains`, hashed with the standard library's seeded
/// hasher, so that no input can make lookups slow; what they return never
/// depends on the seed.
extension Outline {
    /// The live child of `parent` (-1: the top level) keyed `key`. O(1) expected.
    func child(of parent: Int32, key: String) -> Int32? {
        child(of: parent, key: key, hash: Self.childHash(parent, key))
    }

    /// The same, with the pair's `childHash` computed already.
    func child(of parent: Int32, key: String, hash: Int) -> Int32? {
        var n = childChains.first(hash)
        while n >= 0 {
            if parents[Int(n)] == parent && keys[Int(n)] == key { return n }
            n = childChains.next(after: n)
        }
        return nil
    }

    /// Lists new nodes `nodes` (the last ones, in tables with room for
    /// them) as their parents' children, in order, up to the first whose
    /// key a sibling already has, which it returns. O(nodes) expected.
    ///
    /// A large table is mostly out of the cache, and a lookup waits for
    /// memory: so the nodes go in blocks, whose lookups among the nodes
    /// before the block come first, in a short loop of independent reads
    /// that the processor overlaps; then each node is checked against the
    /// block's nodes before it (whose chains are in the cache by then) and
    /// inserted.
    mutating func indexChildren(_ nodes: Range<Int32>) -> Int32? {
        let block = 64
        var hashes = [Int](repeating: 0, count: block)
        for start in stride(from: nodes.lowerBound, to: nodes.upperBound, by: block) {
            let end = min(start + Int32(block), nodes.upperBound)
            for n in start ..< end { hashes[Int(n - start)] = Self.childHash(parents[Int(n)], keys[Int(n)]) }
            var repeated: Int32?  // the first node of the block that a node before the block repeats
            for n in start ..< end where repeated == nil {
                if child(of: parents[Int(n)], key: keys[Int(n)], hash: hashes[Int(n - start)]) != nil { repeated = n }
            }
            for n in start ..< end {
                if n == repeated { return n }
                var m = childChains.first(hashes[Int(n - start)])
                while m >= start {  // the block's nodes before n in its chain
                    if parents[Int(m)] == parents[Int(n)] && keys[Int(m)] == keys[Int(n)] { return n }
                    m = childChains.next(after: m)
                }
                childChains.insert(n, hashes[Int(n - start)])
            }
        }
        return nil
    }

    /// The live nodes whose bare key is `key`, in creation order. O(1) expected, plus the nodes.
    func nodes(withBareKey key: Substring) -> [Int32] {
        var found: [Int32] = []
        var n = bareKeyChains.first(Self.bareHash(key))
        while n >= 0 {
            if Self.bareKey(of: keys[Int(n)]) == key { found.append(n) }
            n = bareKeyChains.next(after: n)
        }
        return found.sorted()
    }

    /// Lists node `n` in both tables, under its key and parent as they are now. O(1) amortized.
    mutating func indexKeys(of n: Int32) {
        indexChild(n)
        let keys = self.keys
        bareKeyChains.insert(n, Self.bareHash(Self.bareKey(of: keys[Int(n)])), rehashing: { Self.bareHash(Self.bareKey(of: keys[Int($0)])) })
    }

    /// Lists node `n` as its parent's child. O(1) amortized.
    mutating func indexChild(_ n: Int32) {
        let (keys, parents) = (self.keys, self.parents)
        childChains.insert(n, Self.childHash(parents[Int(n)], keys[Int(n)]), rehashing: { Self.childHash(parents[Int($0)], keys[Int($0)]) })
    }

    /// Takes node `n` out of both tables (its key and parent unchanged since it was listed). O(chain).
    mutating func unindexKeys(of n: Int32) {
        unindexChild(n)
        bareKeyChains.remove(n, Self.bareHash(Self.bareKey(of: keys[Int(n)])))
    }

    /// Takes node `n` out of its parent's children by key, before its parent changes. O(chain).
    mutating func unindexChild(_ n: Int32) {
        childChains.remove(n, Self.childHash(parents[Int(n)], keys[Int(n)]))
    }

    /// Room for `count` nodes in both tables. O(count) when they grow.
    mutating func reserveKeyTables(_ count: Int) {
        let (keys, parents) = (self.keys, self.parents)
        childChains.reserve(count) { Self.childHash(parents[Int($0)], keys[Int($0)]) }
        bareKeyChains.reserve(count) { Self.bareHash(Self.bareKey(of: keys[Int($0)])) }
    }

    /// What a bare-key lookup finds a node by: its key, or a path key's
    /// last part (a merged `src/app/views` row is found as `views`).
    static func bareKey(of key: String) -> Substring {
        guard let slash = key.utf8.lastIndex(of: UInt8(ascii: "/")) else { return key[...] }
        return key[key.index(after: slash)...]
    }

    static func childHash(_ parent: Int32, _ key: String) -> Int {
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(key)
        return hasher.finalize()
    }

    static func bareHash(_ key: Substring) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        return hasher.finalize()
    }
}
