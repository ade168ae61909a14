import Testing

@testable import OutlineEngine

/// RowList against a plain array: random block inserts and removals, with the
/// tree's invariants checked after every step (debug builds use tiny nodes).
@Test func rowListFollowsAnArrayModel() {
    var rng = SplitMix64(state: 3)
    var list = RowList()
    var model: [Int32] = []
    list.reserve(slots: 100_000)
    var next: Int32 = 0
    for step in 0 ..< 3000 {
        if Bool.random(using: &rng) || model.isEmpty {
            let k = Int.random(in: 1 ... 30, using: &rng)
            let at = Int.random(in: 0 ... model.count, using: &rng)
            let slots = (0 ..< k).map { _ in
                next += 1; return next
            }
            list.insert(slots, at: at)
            model.insert(contentsOf: slots, at: at)
        } else {
            let at = Int.random(in: 0 ..< model.count, using: &rng)
            let k = Int.random(in: 1 ... min(30, model.count - at), using: &rng)
            let removed = list.remove(at: at, count: k)
            #expect(removed == Array(model[at ..< at + k]))
            model.removeSubrange(at ..< at + k)
        }
        if let problem = list.validate() { Issue.record("step \(step): \(problem)"); return }
        if list.slots() != model { Issue.record("step \(step): order differs"); return }
    }
}
