import OutlineEngine
import Testing

let regions = """
    hb=河北省
      sjz=石家庄市
        ca=长安区
        qx=桥西区
      bd=保定市
        lc=莲池区
    sd=山东省
      jn=济南市
        lx=历下区
    """

@Suite struct ExpansionTests {
    @Test func initialRowsFollowExpandedFlags() throws {
        let outline = try Outline(specs("a+\n  b\n    c\n  d\ne"))
        #expect(shown(outline) == ["a", "a/b", "a/d", "e"])
    }

    @Test func expandInsertsChildrenBelowTheRow() throws {
        var outline = try Outline(specs(regions))
        let old = outline.visibleRows
        let update = outline.expand(try outline.node(id: "hb"))
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/bd", "sd"])
        #expect(update == BatchUpdate(rowsBefore: 2, rowsAfter: 4, inserted: [1, 2], changed: [0]))
        checkConsistency(outline, after: update, from: old)
    }

    @Test func collapseRemembersDescendants() throws {
        var outline = try Outline(specs(regions))
        let hb = try outline.node(id: "hb")
        outline.expand(hb)
        outline.expand(try outline.node(id: "hb/sjz"))
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/sjz/ca", "hb/sjz/qx", "hb/bd", "sd"])
        let old = outline.visibleRows
        let collapse = outline.collapse(hb)
        #expect(collapse == BatchUpdate(rowsBefore: 6, rowsAfter: 2, deleted: [1, 2, 3, 4], changed: [0]))
        checkConsistency(outline, after: collapse, from: old)
        let reexpand = outline.expand(hb)
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/sjz/ca", "hb/sjz/qx", "hb/bd", "sd"])
        #expect(reexpand.inserted == [1, 2, 3, 4])
    }

    @Test func resetPolicyCollapsesDescendants() throws {
        var outline = try Outline(specs(regions), collapsePolicy: .reset)
        let hb = try outline.node(id: "hb")
        outline.expand(hb)
        outline.expand(try outline.node(id: "sjz"))
        outline.collapse(hb)
        outline.expand(hb)
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/bd", "sd"])
        #expect(!outline.isExpanded(try outline.node(id: "sjz")))
    }

    @Test func expandingAHiddenNodeOnlySetsItsFlag() throws {
        var outline = try Outline(specs(regions))
        let update = outline.expand(try outline.node(id: "hb/sjz"))
        #expect(update.isEmpty)
        outline.expand(try outline.node(id: "hb"))
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/sjz/ca", "hb/sjz/qx", "hb/bd", "sd"])
    }

    @Test func toggleAndLeaves() throws {
        var outline = try Outline(specs(regions))
        let hb = try outline.node(id: "hb")
        #expect(outline.toggle(hb).inserted == [1, 2])
        #expect(outline.toggle(hb).deleted == [1, 2])
        outline.expandAll()
        let leaf = try outline.node(id: "ca")
        let update = outline.toggle(leaf)
        #expect(update.isEmpty)
        #expect(outline.info(Row(node: leaf, isDetail: false)).isExpandable == false)
    }

    @Test func bulkOperationsGiveOneBatch() throws {
        var outline = try Outline(specs(regions))
        var old = outline.visibleRows
        let all = outline.expandAll()
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/sjz/ca", "hb/sjz/qx", "hb/bd", "hb/bd/lc", "sd", "sd/jn", "sd/jn/lx"])
        #expect(all.changed == [0, 6])  // the rows that stay; the other expanded rows are new
        checkConsistency(outline, after: all, from: old)

        old = outline.visibleRows
        let depth1 = outline.expand(toDepth: 1)
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/bd", "sd", "sd/jn"])
        checkConsistency(outline, after: depth1, from: old)

        old = outline.visibleRows
        let none = outline.collapseAll()
        #expect(shown(outline) == ["hb", "sd"])
        #expect(none.deleted == [1, 2, 4])
        checkConsistency(outline, after: none, from: old)
    }

    @Test func recursiveExpandAndCollapse() throws {
        var outline = try Outline(specs(regions))
        let hb = try outline.node(id: "hb")
        let update = outline.expandRecursively(hb)
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/sjz/ca", "hb/sjz/qx", "hb/bd", "hb/bd/lc", "sd"])
        #expect(update.inserted == [1, 2, 3, 4, 5])
        outline.collapseRecursively(hb)
        outline.expand(hb)
        #expect(shown(outline) == ["hb", "hb/sjz", "hb/bd", "sd"])
    }

    @Test func revealExpandsEveryAncestor() throws {
        var outline = try Outline(specs(regions))
        let old = outline.visibleRows
        let update = outline.reveal(try outline.node(id: "lx"))
        #expect(shown(outline) == ["hb", "sd", "sd/jn", "sd/jn/lx"])
        #expect(update.inserted == [2, 3])
        checkConsistency(outline, after: update, from: old)
    }

    @Test func rowInfoForScreenReaders() throws {
        var outline = try Outline(specs(regions))
        outline.expandAll()
        let bd = try outline.node(id: "bd")
        let info = outline.info(Row(node: bd, isDetail: false))
        #expect(info.depth == 1 && info.positionInSet == 2 && info.setSize == 2)
        #expect(info.isExpandable && info.isExpanded)
    }

    @Test func deepTreeDoesNotOverflow() throws {
        let depth = 100_000
        var list = [NodeSpec(key: "n0", title: "n0", expanded: true)]
        for i in 1 ..< depth { list.append(NodeSpec(key: "n\(i)", title: "n\(i)", expanded: true, parent: i - 1)) }
        var outline = try Outline(list)
        #expect(outline.rowCount == depth)
        let top = outline.topLevelNodes[0]
        #expect(outline.collapse(top).deleted.count == depth - 1)
        #expect(outline.expand(top).inserted.count == depth - 1)
        let last = try outline.node(id: "n\(depth - 1)")
        #expect(outline.displayIndex(of: last) == depth - 1)
        outline.collapseAll()
        #expect(outline.rowCount == 1)
        outline.reveal(last)
        #expect(outline.rowCount == depth)
    }
}
