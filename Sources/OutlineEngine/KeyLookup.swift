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
