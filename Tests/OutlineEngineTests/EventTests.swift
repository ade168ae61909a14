import OutlineEngine
import Testing

@Suite struct EventTests {
    @Test func tapTogglesExpandableRowsByDefault() throws {
        var outline = try Outline(specs("a\n  b"))
        let outcome = outline.tap(try outline.node(id: "a"))
        #expect(outcome.handler == .builtIn && outcome.action == .toggle && outcome.update.inserted == [1])
    }

    @Test func tapOnLeafOfDetailKindTogglesDetail() throws {
        var list = specs("a")
        list[0].kind = "note"
        var outline = try Outline(list)
        outline.handlers.kindsWithDetail = ["note"]
        let outcome = outline.tap(try outline.node(id: "a"))
        #expect(outcome.action == .toggleDetail && shown(outline) == ["a", "a*"])
    }

    @Test func eventsBubbleFromKindToAncestorsToOutline() throws {
        var list = specs("p+\n  c+\n    t")
        list[0].kind = "province"
        list[1].kind = "city"
        list[2].kind = "town"
        var outline = try Outline(list)
        let t = try outline.node(id: "p/c/t"), c = try outline.node(id: "p/c"), p = try outline.node(id: "p")
        outline.handlers.byKind["town"] = ["tap": .pass]
        outline.handlers.byKind["province"] = ["tap": .select]
        #expect(outline.resolve("tap", for: t) == (.kind("province", of: p), .select))
        outline.handlers.byNode[c] = ["tap": .ignore]
        #expect(outline.resolve("tap", for: t) == (.node(c), .ignore))
        outline.handlers.outline["longPress"] = .showDetail
        let outcome = outline.send("longPress", to: t)
        #expect(outcome.handler == .outline && shown(outline) == ["p", "p/c", "p/c/t", "p/c/t*"])
        #expect(outline.send("swipe", to: t).action == nil)
    }
}
