import OutlineEngine
import Testing

@Suite struct IdentityTests {
    @Test func idsArePathsOfKeysOrTitles() throws {
        let outline = try Outline(specs("gd=广东省\n  广州市\n    a/b"))
        let node = try outline.node(id: "gd/广州市/a%2Fb")
        #expect(outline.title(of: node) == "a/b")
        #expect(try outline.node(id: "广州市") == outline.parent(of: node))
    }

    @Test func duplicateSiblingKeysAreAnError() {
        #expect(throws: OutlineError.duplicateID("a/b", first: 1, second: 2)) {
            try Outline(specs("a\n  b\n  b"))
        }
    }

    @Test func sameKeyUnderDifferentParentsIsFineButAmbiguousBare() throws {
        let outline = try Outline(specs("a\n  x\nb\n  x"))
        #expect(throws: OutlineError.ambiguousID("x", candidates: ["a/x", "b/x"])) { try outline.node(id: "x") }
        #expect(outline.title(of: try outline.node(id: "b/x")) == "x")
    }

    @Test func unknownIDSuggestsClosest() throws {
        let outline = try Outline(specs("shandong\n  jinan\nhebei"))
        #expect(throws: OutlineError.unknownID("jinn", closest: ["shandong/jinan"])) { try outline.node(id: "jinn") }
    }

    @Test func parentsMustComeFirst() {
        #expect(throws: OutlineError.invalidParent(spec: 0, parent: 1)) {
            try Outline([NodeSpec(title: "a", parent: 1), NodeSpec(title: "b")])
        }
    }
}
