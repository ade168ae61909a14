import OutlineEngine
import Testing

/// A node whose children are loading shows the engine's "Loading…" row:
/// the row is no leaf of a checkbox, and it is the engine's alone.
@Suite struct LoadingTests {
    func outline() throws -> Outline {
        try Outline {
            OutlineNode("Tasks", expanded: true) {
                OutlineNode("Done", checked: true)
                OutlineNode("Later", expanded: true, checked: true, loading: true)
            }
        }
    }

    @Test func aLoadingNodeIsALeafWithItsOwnCheck() throws {
        var o = try outline()
        let tasks = try o.node(id: "Tasks"), later = try o.node(id: "Tasks/Later")
        #expect(o.checkState(of: later) == .checked && o.checkState(of: tasks) == .checked)
        // A checked leaf that starts loading keeps its check, and its parent's.
        let done = try o.node(id: "Tasks/Done")
        try o.setLoading(done, true)
        #expect(o.checkState(of: done) == .checked && o.checkState(of: tasks) == .checked)
        // Its children arriving end the loading; they bring their own checks.
        try o.insert([NodeSpec(title: "Part")], under: later)
        #expect(o.checkState(of: later) == .unchecked && o.checkState(of: tasks) == .mixed)
    }

    @Test func theLoadingRowIsTheEnginesAlone() throws {
        var o = try outline()
        let row = try o.node(id: "Tasks/Later/loading")
        #expect(o.isLoadingRow(row))
        #expect(throws: OutlineError.loadingRow("Tasks/Later/loading")) { try o.move(row, under: nil) }
        #expect(throws: OutlineError.loadingRow("Tasks/Later/loading")) { try o.insert([NodeSpec(title: "x")], under: row) }
        #expect(throws: OutlineError.loadingRow("Tasks/Later/loading")) { try o.setLoading(row, true) }
        // Children keyed `loading` may arrive: the "Loading…" row is not their sibling.
        let update = try o.insert([NodeSpec(key: "loading", title: "Loading screen")], under: try o.node(id: "Tasks/Later"))
        #expect(o.title(of: try o.node(id: "Tasks/Later/loading")) == "Loading screen" && update.deleted.count == 1 && update.inserted.count == 1)
        #expect(update.rowsBefore - update.deleted.count + update.inserted.count == update.rowsAfter)
    }
}
