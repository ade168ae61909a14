/// key → the live nodes with that key, for bare-key lookups and suggestions.
/// Most keys belong to one node, so those cost no array of their own: the
/// table holds the node itself, or for a shared key `-(i + 1)` where `lists[i]`
/// holds its nodes. Adding a node looks its key up once.
struct KeyIndex: Sendable {
    private var table: [String: Int32] = [:]
    private var lists: [[Int32]] = []
    private static let absent = Int32.min

    /// Room for `count` keys. O(count).
    mutating func reserve(_ count: Int) { table.reserveCapacity(count) }

    /// O(1) amortized.
    mutating func add(_ key: String, _ node: Int32) {
        Self.add(node, to: &table[key, default: Self.absent], lists: &lists)
    }

    private static func add(_ node: Int32, to entry: inout Int32, lists: inout [[Int32]]) {
        if entry == absent {
            entry = node
        } else if entry >= 0 {
            lists.append([entry, node])
            entry = -Int32(lists.count)
        } else {
            lists[Int(-entry - 1)].append(node)
        }
    }

    /// O(nodes with the key).
    mutating func remove(_ key: String, _ node: Int32) {
        guard let entry = table[key] else { return }
        if entry >= 0 {
            if entry == node { table[key] = nil }
            return
        }
        let i = Int(-entry - 1)
        lists[i].removeAll { $0 == node }
        if lists[i].isEmpty { table[key] = nil }
    }

    func nodes(_ key: String) -> [Int32] {
        guard let entry = table[key] else { return [] }
        return entry >= 0 ? [entry] : lists[Int(-entry - 1)]
    }

    /// Every key with its nodes, in no particular order. O(keys).
    func forEach(_ body: (String, [Int32]) -> Void) {
        for (key, entry) in table { body(key, entry >= 0 ? [entry] : lists[Int(-entry - 1)]) }
    }
}
