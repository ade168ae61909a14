import OutlineEngine

/// The way simple table-view outlines keep rows: a tree of flags, and a display list rebuilt
/// by walking the whole tree after every change. The benchmark's baseline.
struct NaiveOutline {
    var children: [[Int]]
    var roots: [Int] = []
    var expanded: [Bool]
    /// id path → node, so that the naive id lookup pays only for the list search.
    var ids: [String: Int] = [:]

    init(_ specs: [NodeSpec]) {
        children = Array(repeating: [], count: specs.count)
        expanded = specs.map(\.expanded)
        var paths: [String] = []
        paths.reserveCapacity(specs.count)
        for (i, spec) in specs.enumerated() {
            let key = spec.key ?? spec.title
            if let p = spec.parent {
                children[p].append(i)
                paths.append(paths[p] + "/" + key)
            } else {
                roots.append(i)
                paths.append(key)
            }
            ids[paths[i]] = i
        }
    }

    mutating func expandAll() {
        for i in expanded.indices { expanded[i] = true }
    }

    /// The visible nodes in display order, from scratch.
    func flatten() -> [Int] {
        var out: [Int] = []
        var stack = roots.reversed().map { $0 }
        while let n = stack.popLast() {
            out.append(n)
            if expanded[n] { stack.append(contentsOf: children[n].reversed()) }
        }
        return out
    }
}
