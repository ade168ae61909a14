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

    /// A large outline is indexed in blocks: a repeat is found inside a
    /// block, across blocks, and under another parent it is no repeat;
    /// the error names the first repeat in order, and a repeat that comes
    /// later than another does not hide it.
    @Test func repeatsAreFoundInsideAndAcrossBlocksOfALargeOutline() throws {
        func siblings(_ keys: [Int]) -> [NodeSpec] {
            [NodeSpec(key: "p", title: "p")] + keys.map { NodeSpec(key: "k\($0)", title: "t", parent: 0) }
        }
        let distinct = Array(0 ..< 300)
        var inside = distinct
        inside[131] = 130  // spec 132 repeats spec 131, in one block
        #expect(throws: OutlineError.duplicateID("p/k130", first: 131, second: 132)) { try Outline(siblings(inside)) }
        var across = distinct
        across[250] = 3  // spec 251 repeats spec 4, many blocks before it
        across[280] = 279
        #expect(throws: OutlineError.duplicateID("p/k3", first: 4, second: 251)) { try Outline(siblings(across)) }
        var bothInOneBlock = distinct  // specs 128 ... 191 are one block
        bothInOneBlock[139] = 138  // spec 140 repeats spec 139, in the block
        bothInOneBlock[149] = 4  // spec 150 repeats spec 5, before the block
        #expect(throws: OutlineError.duplicateID("p/k138", first: 139, second: 140)) { try Outline(siblings(bothInOneBlock)) }
        bothInOneBlock[139] = 4  // now spec 140 repeats spec 5
        bothInOneBlock[149] = 148
        #expect(throws: OutlineError.duplicateID("p/k4", first: 5, second: 140)) { try Outline(siblings(bothInOneBlock)) }
        // Nodes added to an outline that has nodes already are indexed too.
        var grown = try Outline(siblings(distinct))
        let p = try grown.node(id: "p")
        try grown.insert((0 ..< 200).map { NodeSpec(key: "x\($0)", title: "x") }, under: p)
        #expect(try grown.node(id: "p/x150") != grown.node(id: "p/x149") && grown.key(of: try grown.node(id: "p/x199")) == "x199")
        var underTwo = siblings(distinct)
        underTwo += [NodeSpec(key: "q", title: "q")] + distinct.map { NodeSpec(key: "k\($0)", title: "t", parent: 301) }
        #expect(try Outline(underTwo).nodeCount == 602)
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

    /// A key that is a path (a merged chain of folders): found by the full id,
    /// by its last part alone, and as the start of a path; removing the node
    /// forgets it; a key with an empty part is refused.
    @Test func aKeyThatIsAPathIsFoundByItsFullIdAndItsLastPart() throws {
        var outline = try Outline([
            NodeSpec(key: "src/content/docs", title: "src/content/docs"), NodeSpec(key: "index.mdx", title: "index.mdx", parent: 0),
            NodeSpec(key: "src", title: "src"),
        ])
        let docs = try outline.node(id: "src/content/docs")
        #expect(outline.id(of: docs) == "src/content/docs")
        let index = try outline.node(id: "src/content/docs/index.mdx")
        #expect(outline.parent(of: index) == docs)
        #expect(try outline.node(id: "docs") == docs)
        #expect(try outline.node(id: "docs/index.mdx") == index)
        #expect(try outline.node(id: "src") != docs)
        #expect(throws: OutlineError.self) { try outline.node(id: "src/content") }
        try outline.remove(docs)
        #expect(throws: OutlineError.self) { try outline.node(id: "docs") }
        #expect(throws: OutlineError.invalidKey("a//b", spec: 0)) { try Outline([NodeSpec(key: "a//b", title: "x")]) }
        #expect(throws: OutlineError.invalidKey("a/", spec: 0)) { try Outline([NodeSpec(key: "a/", title: "x")]) }
    }

    @Test func parentsMustComeFirst() {
        #expect(throws: OutlineError.invalidParent(spec: 0, parent: 1)) {
            try Outline([NodeSpec(title: "a", parent: 1), NodeSpec(title: "b")])
        }
    }
}
