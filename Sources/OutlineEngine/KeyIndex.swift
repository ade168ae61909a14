/// key → the live nodes with that key, for bare-key lookups and suggestions.
/// Most keys belong to one node, so those cost no array of their own.
struct KeyIndex: Sendable {
    private var single: [String: Int32] = [:]
    private var shared: [String: [Int32]] = [:]

    mutating func add(_ key: String, _ node: Int32) {
        if shared[key] != nil {
            shared[key, default: []].append(node)
        } else if let first = single.removeValue(forKey: key) {
            shared[key] = [first, node]
        } else {
            single[key] = node
        }
    }

    mutating func remove(_ key: String, _ node: Int32) {
        guard var list = shared[key] else {
            if single[key] == node { single[key] = nil }
            return
        }
        list.removeAll { $0 == node }
        if list.count == 1 {
            shared[key] = nil
            single[key] = list[0]
        } else {
            shared[key] = list
        }
    }

    func nodes(_ key: String) -> [Int32] {
        shared[key] ?? single[key].map { [$0] } ?? []
    }

    /// Every key with its nodes, in no particular order.
    func forEach(_ body: (String, [Int32]) -> Void) {
        for (key, node) in single { body(key, [node]) }
        for (key, list) in shared { body(key, list) }
    }
}
