import OutlineEngine
import ScenarioFormat
import Testing

/// A scenario of an outline built in code starts in the state the code left
/// it in: every row state a step can set, set in code, is kept.
@Suite struct OutlineScenarioTests {
    func outline() throws -> Outline {
        var outline = try Outline([
            NodeSpec(key: "inbox", title: "Inbox"), NodeSpec(key: "today", title: "Today", parent: 0),
            NodeSpec(key: "later", title: "Later", parent: 0), NodeSpec(key: "done", title: "Done"),
            NodeSpec(key: "old", title: "Old", parent: 3),
        ])
        outline.expand(try outline.node(id: "inbox"))
        outline.expand(try outline.node(id: "done"))
        return outline
    }

    /// The first state of the scenario made of `outline`.
    func played(_ outline: Outline) throws -> Outline {
        try #require(try Playback(Scenario(name: "code", outline: outline)).states.first).outline
    }

    @Test func checksAreKept() throws {
        var outline = try outline()
        outline.setChecked(try outline.node(id: "inbox/today"), true)
        outline.setChecked(try outline.node(id: "done"), true)
        let start = try played(outline)
        for (id, state) in [("inbox", CheckState.mixed), ("inbox/today", .checked), ("inbox/later", .unchecked), ("done", .checked), ("done/old", .checked)] {
            #expect(start.checkState(of: try start.node(id: id)) == state, "\(id)")
        }
    }

    @Test func focusIsKept() throws {
        var outline = try outline()
        outline.setFocus(try outline.node(id: "inbox/later"))
        let start = try played(outline)
        #expect(start.focus == (try start.node(id: "inbox/later")))
    }

    @Test func hoverIsKept() throws {
        var outline = try outline()
        outline.setHover(try outline.node(id: "done"))
        let start = try played(outline)
        #expect(start.hover == (try start.node(id: "done")))
    }

    @Test func theDropTargetIsKept() throws {
        var outline = try outline()
        outline.setDropTarget(DropTarget(node: try outline.node(id: "done/old"), position: .after))
        let start = try played(outline)
        #expect(start.dropTarget == DropTarget(node: try start.node(id: "done/old"), position: .after))
    }

    @Test func theSelectionIsKept() throws {
        var outline = try outline()
        outline.select(try outline.node(id: "inbox/today"))
        let start = try played(outline)
        #expect(start.selection == (try start.node(id: "inbox/today")))
    }
}
