import OutlineEngine
import Testing

@Suite struct DetailTests {
    @Test func detailRowsShiftDisplayButNotLogicalIndexes() throws {
        var outline = try Outline(specs("a\nb\nc\nd"))
        let a = try outline.node(id: "a"), c = try outline.node(id: "c")
        var old = outline.visibleRows
        let first = outline.showDetail(a)
        #expect(first.inserted == [1])
        checkConsistency(outline, after: first, from: old)
        old = outline.visibleRows
        let second = outline.showDetail(c)
        #expect(second.inserted == [4])
        checkConsistency(outline, after: second, from: old)
        #expect(shown(outline) == ["a", "a*", "b", "c", "c*", "d"])
        #expect(outline.displayIndex(forLogical: 3) == 5)
        #expect(outline.logicalIndex(forDisplay: 4)! == (2, true))
        #expect(outline.logicalIndex(forDisplay: 2)! == (1, false))
        #expect(outline.hideDetail(a).deleted == [1])
    }

    @Test func detailRowSitsAboveChildrenAndFollowsCollapse() throws {
        var outline = try Outline(specs("a+\n  b\n  c"))
        let a = try outline.node(id: "a"), b = try outline.node(id: "a/b")
        outline.showDetail(a)
        outline.showDetail(b)
        #expect(shown(outline) == ["a", "a*", "a/b", "a/b*", "a/c"])
        #expect(outline.collapse(a).deleted == [2, 3, 4])
        #expect(outline.expand(a).inserted == [2, 3, 4])
    }

    @Test func selectionRedrawsOldAndNewRows() throws {
        var outline = try Outline(specs("a\nb\nc"))
        outline.select(try outline.node(id: "a"))
        let update = outline.select(try outline.node(id: "c"))
        #expect(update.changed == [0, 2])
        #expect(outline.info(outline.row(at: 2)!).isSelected)
    }
}
