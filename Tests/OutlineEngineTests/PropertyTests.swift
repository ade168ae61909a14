import OutlineEngine
import Testing

/// Random trees and random operation sequences: after every step the
/// incremental rows must equal a from-scratch flatten, and the update must turn
/// the old rows into the new ones.
@Suite struct PropertyTests {
    @Test(arguments: 0 ..< 40)
    func randomOperationsKeepRowsConsistent(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        var outline = try Outline(
            randomTree(&rng, size: Int.random(in: 1 ... 60, using: &rng)),
            collapsePolicy: seed % 3 == 0 ? .reset : .remember)
        var fresh = 1000
        for _ in 0 ..< 60 {
            let old = outline.visibleRows
            let nodes = outline.nodes
            guard let node = nodes.randomElement(using: &rng) else { break }
            let update: BatchUpdate
            switch Int.random(in: 0 ..< 16, using: &rng) {
            case 0, 1: update = outline.expand(node)
            case 2, 3: update = outline.collapse(node)
            case 4: update = outline.toggle(node)
            case 5: update = outline.expandRecursively(node)
            case 6: update = outline.collapseRecursively(node)
            case 7: update = Bool.random(using: &rng) ? outline.expandAll() : outline.collapseAll()
            case 8: update = outline.expand(toDepth: Int.random(in: 0 ... 4, using: &rng))
            case 9: update = outline.reveal(node)
            case 10: update = outline.toggleDetail(node)
            case 11: update = outline.tap(node).update
            case 12:
                fresh += 1
                let parent: NodeID? = Bool.random(using: &rng) ? node : nil
                let count = parent.map { outline.childCount(of: $0) } ?? outline.topLevelNodes.count
                let subtree = randomTree(&rng, size: Int.random(in: 1 ... 5, using: &rng)).map { spec in
                    var spec = spec
                    spec.key = "new\(fresh)-\(spec.key!)"
                    return spec
                }
                update = try outline.insert(subtree, under: parent, at: Int.random(in: 0 ... count, using: &rng))
            case 13:
                guard outline.nodeCount > 1 else { continue }
                update = try outline.remove(node)
            default:
                let target = nodes.randomElement(using: &rng)
                do {
                    let count = target.map { outline.childCount(of: $0) } ?? outline.topLevelNodes.count
                    update = try outline.move(node, under: target, at: Int.random(in: 0 ... max(0, count - 1), using: &rng))
                } catch {
                    continue  // moving into its own subtree, or a key clash: refused, nothing changed
                }
            }
            checkConsistency(outline, after: update, from: old)
            // Keys are unique in these trees: every live node is found by its id and by its key alone,
            // through the key tables that inserts, moves and removals keep up to date.
            for node in outline.nodes {
                #expect((try? outline.node(id: outline.id(of: node))) == node)
                #expect((try? outline.node(id: outline.key(of: node))) == node)
            }
        }
    }

    /// What a large tree costs per node before it is an outline.
    @Test func aNodeSpecTakes104Bytes() {
        #expect(MemoryLayout<NodeSpec>.stride == 104)
    }

    /// A random tree with unique keys, some nodes expanded.
    func randomTree(_ rng: inout SplitMix64, size: Int) -> [NodeSpec] {
        var list: [NodeSpec] = []
        for i in 0 ..< size {
            let parent = i == 0 || Int.random(in: 0 ..< 5, using: &rng) == 0 ? nil : Int.random(in: 0 ..< i, using: &rng)
            list.append(
                NodeSpec(
                    key: "k\(i)", title: "node \(i)", kind: i % 4 == 0 ? "note" : nil,
                    expanded: Bool.random(using: &rng), parent: parent))
        }
        return list
    }
}
