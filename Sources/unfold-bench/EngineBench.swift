import ArgumentParser
import OutlineEngine

/// `unfold-bench engine`: the outline engine against the naive way (rebuild
/// the flattened row list after every change, as simple outlines do), on trees of
/// 10^3 to 10^6 nodes.
struct EngineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Build, expand all, toggle deep inside a fully expanded outline, and index lookups, against a naive flatten.")

    @Option(help: "Tree sizes (nodes).")
    var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]

    @Flag(help: "One JSON object per line instead of a table.")
    var json = false

    func run() throws {
        if !json {
            print("case            n        ours ms      naive ms    naive/ours")
        }
        for n in sizes {
            for (name, ours, naive) in try measure(n) {
                if json {
                    print("{\"case\": \"\(name)\", \"n\": \(n), \"ours_ms\": \(ms(ours)), \"naive_ms\": \(ms(naive))}")
                } else {
                    let ratio = naive / max(ours, 1e-9)
                    print(
                        pad(name, 12) + pad(String(n), 10, right: true) + pad(ms(ours), 14, right: true)
                            + pad(ms(naive), 14, right: true) + pad(format1(ratio, 1), 14, right: true))
                }
            }
        }
    }

    func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }

    /// A tree where every node has 10 children, filled level by level up to n nodes.
    func specs(_ n: Int, expanded: Bool) -> [NodeSpec] {
        var list: [NodeSpec] = []
        list.reserveCapacity(n)
        for i in 0 ..< n {
            let parent = i < 10 ? nil : i / 10 - 1
            list.append(NodeSpec(key: "k\(i)", title: "Node \(i)", expanded: expanded, parent: parent))
        }
        return list
    }

    func measure(_ n: Int) throws -> [(String, Double, Double)] {
        let collapsed = specs(n, expanded: false)
        let expanded = specs(n, expanded: true)
        let runs = n >= 1_000_000 ? 5 : 11
        var results: [(String, Double, Double)] = []

        results.append(
            (
                "build",
                medianMilliseconds(runs: runs) { try! Outline(expanded).rowCount },
                medianMilliseconds(runs: runs) { NaiveOutline(expanded).flatten().count }
            ))

        let collapsedNaive = NaiveOutline(collapsed)
        results.append(
            (
                "expandAll",
                medianMilliseconds(runs: runs, setup: { try! Outline(collapsed) }) { $0.expandAll().rowsAfter },
                medianMilliseconds(runs: runs, setup: { collapsedNaive }) {
                    $0.expandAll(); return $0.flatten().count
                }
            ))

        // Nodes with 10 leaf children, in the middle of the deepest full level.
        var outline = try Outline(expanded)
        var naive = NaiveOutline(expanded)
        let candidates = (0 ..< n).filter { i in
            let first = 10 * (i + 1)
            return first + 9 < n && 10 * (first + 1) >= n
        }
        let picks = stride(from: candidates.count / 4, to: candidates.count * 3 / 4, by: max(1, candidates.count / 400)).map { candidates[$0] }
        let nodes = outline.nodes
        var next = 0
        let ours =
            medianMilliseconds(runs: 101) { () -> Int in
                let node = nodes[picks[next % picks.count]]
                next += 1
                return outline.toggle(node).rowsAfter + outline.toggle(node).rowsAfter
            } / 2
        var nextNaive = 0
        let naiveToggle = medianMilliseconds(runs: runs) { () -> Int in
            let i = picks[nextNaive % picks.count]
            nextNaive += 1
            naive.expanded[i].toggle()
            return naive.flatten().count
        }
        results.append(("toggle", ours, naiveToggle))

        // Lookups, per 1000.
        naive = NaiveOutline(expanded)
        let flat = naive.flatten()
        let rows = outline.rowCount
        var seed: UInt64 = 42
        func random(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let indexes = (0 ..< 1000).map { _ in random(rows) }
        let ids = (0 ..< 1000).map { _ in outline.id(of: nodes[random(n)]) }
        results.append(
            (
                "index->row",
                medianMilliseconds(runs: runs) { indexes.reduce(0) { $0 &+ Int(outline.row(at: $1)!.node.hashValue & 1) } },
                medianMilliseconds(runs: runs) { indexes.reduce(0) { $0 &+ flat[$1] } }
            ))
        results.append(
            (
                "id->index",
                medianMilliseconds(runs: runs) { ids.reduce(0) { $0 &+ outline.displayIndex(of: try! outline.node(id: $1))! } },
                medianMilliseconds(runs: n >= 100_000 ? 3 : runs) {
                    ids.reduce(0) { acc, id in acc &+ flat.firstIndex(of: naive.ids[id]!)! }
                }
            ))
        return results
    }
}
