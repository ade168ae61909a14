import OutlineEngine
import Testing

@Suite struct EditTests {
    @Test func insertUnderExpandedParentAddsRows() throws {
        var outline = try Outline(specs("a+\n  b\n  c\nd"))
        let old = outline.visibleRows
        let update = try outline.insert(specs("x+\n  y"), under: try outline.node(id: "a"), at: 1)
        #expect(shown(outline) == ["a", "a/b", "a/x", "a/x/y", "a/c", "d"])
        #expect(update.inserted == [2, 3])
        checkConsistency(outline, after: update, from: old)
    }

    @Test func insertIntoLeafGivesItAChevron() throws {
        var outline = try Outline(specs("a\nb"))
        let update = try outline.insert(specs("x"), under: try outline.node(id: "b"))
        #expect(update.inserted.isEmpty && update.changed == [1])
    }

    @Test func removeDropsTheVisibleSubtree() throws {
        var outline = try Outline(specs("a+\n  b+\n    c\n  d"))
        let old = outline.visibleRows
        let update = try outline.remove(try outline.node(id: "a/b"))
        #expect(shown(outline) == ["a", "a/d"])
        #expect(update.deleted == [1, 2])
        checkConsistency(outline, after: update, from: old)
        #expect(throws: OutlineError.self) { try outline.node(id: "a/b") }
    }

    @Test func moveKeepsStateAndReportsBothSides() throws {
        var outline = try Outline(specs("a+\n  b+\n    c\nd+\n  e"))
        let old = outline.visibleRows
        let update = try outline.move(try outline.node(id: "a/b"), under: try outline.node(id: "d"), at: 1)
        #expect(shown(outline) == ["a", "d", "d/e", "d/b", "d/b/c"])
        #expect(update.deleted == [1, 2] && update.inserted == [3, 4] && update.changed == [0])
        checkConsistency(outline, after: update, from: old)
        #expect(outline.depth(of: try outline.node(id: "d/b/c")) == 2)
    }

    @Test func moveIntoOwnSubtreeIsAnError() throws {
        var outline = try Outline(specs("a\n  b"))
        #expect(throws: OutlineError.moveIntoOwnSubtree("a")) {
            try outline.move(try outline.node(id: "a"), under: try outline.node(id: "a/b"))
        }
    }
}
