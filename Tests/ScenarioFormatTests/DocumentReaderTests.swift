import Foundation
import OutlineEngine
import Testing
import UnfoldSupport

@testable import ScenarioFormat

/// Scenario files are read as they come, JSON by a JSON reader and YAML by
/// libyaml's events, with aliases given as the parts they name.
@Suite struct DocumentReaderTests {
    static let json = #"{"name": "j", "tree": [{"id": "a", "title": "A", "expanded": true, "children": [{"title": "b\u00e9\n"}]}]}"#

    @Test func jsonAndTheSameYAMLReadAlike() throws {
        let fromJSON = try Scenario.parse(Self.json, file: "j.json")
        let fromYAML = try Scenario.parse("name: j\ntree:\n  - id: a\n    title: A\n    expanded: true\n    children:\n      - title: \"bé\\n\"\n", file: "j.yaml")
        #expect(fromJSON.nodes == fromYAML.nodes)
        #expect(fromJSON.nodes.map(\.title) == ["A", "bé\n"] && fromJSON.nodes[1].parent == 0)
        // Positions are the nodes' own, in both.
        #expect(fromJSON.nodeLocations.map(\.column) == [24, 81])
        #expect(fromYAML.nodeLocations.map(\.line) == [3, 7])
    }

    /// JSON as YAML reads it (a comment, a trailing comma) is still read: YAML tries again.
    @Test func jsonThatIsOnlyYAMLIsReadAsYAML() throws {
        let scenario = try Scenario.parse("{\"name\": \"y\", # a comment\n \"tree\": [{\"title\": \"a\"},]}", file: "y.json")
        #expect(scenario.nodes.map(\.title) == ["a"])
        // Neither JSON nor YAML: YAML's error, with its position (libyaml's end of the text is the line after).
        let error = parseError("{\"name\": \"y\", \"tree\": [{\"title\": \"a\"}")
        #expect(error?.message == "syntax error: did not find expected ',' or ']' while parsing a flow sequence" && error?.line == 2)
    }

    @Test func aMeaningErrorInJSONIsNotReadAgainAsYAML() {
        let error = parseError(#"{"name": "j", "tree": [{"title": "a", "colour": "red"}]}"#)
        #expect(error?.message == "unknown key 'colour' in a node" && error?.line == 1 && error?.column == 39)
    }

    @Test func aSecondDocumentIsAnError() {
        let error = parseError("name: x\ntree: []\n---\nname: y\n")
        #expect(error?.message == "the file holds more than one YAML document" && error?.line == 3)
    }

    @Test func anAliasMustNameAnEarlierAnchor() {
        let error = parseError("name: x\ntree:\n  - *node\n  - &node {title: a}\n")
        #expect(error?.message == "the alias '*node' names no anchor before it" && error?.line == 3 && error?.column == 5)
    }

    /// Anchors anywhere (a node, a mapping of handlers, a scalar) repeat what they name.
    @Test func aliasesRepeatTheirPart() throws {
        let text = """
            name: x
            tree:
              - &leaf {title: a, on: &on {tap: toggle}}
              - {title: b, children: [*leaf, {title: &c c, on: *on}]}
              - {title: *c}
            """
        let scenario = try Scenario.parse(text, file: "x.yaml")
        #expect(scenario.nodes.map(\.title) == ["a", "b", "a", "c", "c"])
        #expect(scenario.nodes.map(\.parent) == [nil, nil, 1, 1, nil])
        #expect(scenario.handlers.byNode.keys.sorted() == [0, 2, 3])
    }

    /// Aliases outside the tree count too: a bomb in `kinds:` is refused, fast.
    @Test func aliasesOutsideTheTreeAreCounted() {
        var text = "name: x\ntree: []\nkinds:\n  k0: &k0 {height: 44, detail: {text: x}}\n"
        for level in 1 ..< 40 { text += "  k\(level): &k\(level) [*k\(level - 1), *k\(level - 1)]\n" }
        let error = parseError(text)
        #expect(error?.message.contains("aliases (`*name`) repeat more than") == true)
    }

    /// A tree's node fields may come in any order, `children` first too.
    @Test func childrenBeforeTheTitleKeepTheOrder() throws {
        let scenario = try Scenario.parse("name: x\ntree:\n  - children: [{title: c}]\n    title: p\n  - title: q\n", file: "x.yaml")
        #expect(scenario.nodes.map(\.title) == ["p", "c", "q"] && scenario.nodes.map(\.parent) == [nil, 0, nil])
        let twice = parseError("name: x\ntree:\n  - {title: p, children: [], children: []}\n")
        #expect(twice?.message == "duplicate key 'children' in a node")
    }

    /// A node's fields go into it as they come: a key written twice is
    /// refused where it is written again, an unknown one by name.
    @Test func aNodeKeyWrittenTwiceIsRefusedWhereItRepeats() throws {
        let twice = parseError("name: x\ntree:\n  - {title: p, id: a, title: q}\n")
        #expect(twice?.message == "duplicate key 'title' in a node" && twice?.line == 3 && twice?.column == 23)
        let unknown = parseError("name: x\ntree:\n  - {title: p, titel: q}\n")
        #expect(unknown?.message == "unknown key 'titel' in a node" && unknown?.hint == "did you mean 'title'?")
        let untitled = parseError("name: x\ntree:\n  - {id: a, expanded: true}\n")
        #expect(untitled?.message == "a node has no `title:`" && untitled?.line == 3 && untitled?.column == 5)
    }

    @Test func dataIsReadAsItComes() throws {
        let reader = try Document.reader(bytes: Array(#"[{"n": "a", "kids": [{"n": "b"}]}, {"n": "c"}]"#.utf8), file: "d.json")
        #expect(reader.isJSON)
        var scenario = Scenario(name: "d", outline: try Outline([]))
        var data = reader
        var open: [Int] = []
        let first = try data.required()
        try NodeStream.read(
            &data, first: first, single: false, list: "the data", item: "a model", childrenKey: "kids",
            open: { parent, _ in
                scenario.nodes.append(NodeSpec(title: "", parent: parent))
                open.append(scenario.nodes.count - 1)
                return scenario.nodes.count - 1
            },
            field: { key, start, data throws(ScenarioError) in
                if key.text == "n" { scenario.nodes[open[open.count - 1]].title = try data.value(start).string("n") }
                return 0
            },
            close: { _, _ in open.removeLast() })
        #expect(scenario.nodes.map(\.title) == ["a", "b", "c"] && scenario.nodes.map(\.parent) == [nil, 0, nil])
    }
}

/// Reading a scenario builds its outline once, to check it; `makeOutline()`
/// gives that outline until a property it is made from changes.
@Suite struct CheckedOutlineTests {
    @Test func aChangedScenarioMakesItsOutlineAgain() throws {
        var scenario = try Scenario.parse("name: x\ntree:\n  - {id: a, title: A, children: [{title: b}]}\n", file: "x.yaml")
        #expect(try scenario.makeOutline().visibleRows.count == 1)
        scenario.nodes[0].expanded = true
        #expect(try scenario.makeOutline().visibleRows.count == 2)
        scenario.collapse = .reset
        #expect(try scenario.makeOutline().collapsePolicy == .reset)
        scenario.initialSelection = 1
        #expect(try scenario.makeOutline().selection != nil)
        scenario.initialDetails = [0]
        scenario.kinds["k"] = Scenario.Kind(height: 44, detail: Scenario.Kind.Detail(text: "d"))
        scenario.nodes[0].kind = "k"
        #expect(try scenario.makeOutline().visibleRows.count == 3)
    }
}

@Suite struct SnippetSettingsTests {
    @Test func snippetIsAMappingOrTrue() throws {
        let set = try Scenario.parse("name: x\nsnippet: {site: vitepress, baseURL: /img, alt: Files}\ntree: []\n", file: "x.yaml").snippet
        #expect(set?.site == "vitepress" && set?.baseURL == "/img" && set?.alt == "Files" && set?.siteLocation.line == 2)
        #expect(try Scenario.parse("name: x\nsnippet: true\ntree: []\n", file: "x.yaml").snippet?.site == nil)
        #expect(try Scenario.parse("name: x\nsnippet: true\ntree: []\n", file: "x.yaml").snippet != nil)
        #expect(try Scenario.parse("name: x\nsnippet: false\ntree: []\n", file: "x.yaml").snippet == nil)
        #expect(parseError("name: x\nsnippet: {theme: dark}\ntree: []\n")?.message == "unknown key 'theme' in `snippet`")
    }
}

@Suite struct LocationSizeTests {
    /// Every node of a tree has a location: 24 bytes each.
    @Test func aLocationTakes24Bytes() {
        #expect(MemoryLayout<ScenarioLocation>.stride == 24)
        #expect(ScenarioLocation(file: "f", line: Int.max, column: 3).line == Int(Int32.max))
    }
}

/// What the reader's budgets and limits hold against, as an attacker writes it.
@Suite struct HostileDocumentTests {
    /// Anchors nested deep, each holding what follows: every token is kept
    /// once, not once per open anchor (that would be 2·10^7 copies here).
    @Test func nestedAnchorsKeepEachTokenOnce() throws {
        var text = "[\n"
        for level in 0 ..< 1_000 { text += "&a\(level) [" }
        text += String(repeating: "0, ", count: 20_000) + "0" + String(repeating: "]", count: 1_000) + "]\n"
        var reader = try Document.reader(bytes: Array(text.utf8), file: "t.yaml", json: false)
        var tokens = 0
        while try reader.next() != nil { tokens += 1 }
        #expect(tokens == 2 + 2 * 1_000 + 20_001)
        #expect(reader.tape.count == tokens - 2)  // all but the outer list's start and end, once
    }

    /// Aliases nest deeper than anything the file writes: refused at the depth limit, not built.
    @Test func aliasesCannotNestPastTheLimit() {
        var text = "name: x\nkinds:\n  k0: &a0 " + String(repeating: "[", count: 1_000) + "1" + String(repeating: "]", count: 1_000) + "\n"
        for level in 1 ..< 4 {
            text += "  k\(level): &a\(level) " + String(repeating: "[", count: 1_000) + "*a\(level - 1)" + String(repeating: "]", count: 1_000) + "\n"
        }
        text += "tree: []\n"
        let error = parseError(text)
        #expect(error?.message == "nesting is at least 2001 levels deep with aliases given; the limit is 2000", "\(String(describing: error))")
        #expect(error?.line == 4)  // where `*a0` gives its 1000 levels inside 1000 more
    }

    /// Brackets in a comment do not hide a deep list from the first check.
    @Test func bracketsInACommentDoNotHideNesting() {
        let text = "# " + String(repeating: "]", count: 5_000) + "\nname: x\nsteps: " + String(repeating: "[", count: 2_100) + "\ntree: []\n"
        #expect(parseError(text)?.message.hasSuffix("the limit is 2000") == true)
    }

    /// A bomb in values outside the tree is refused by the smaller budget of values.
    @Test func aliasesInValuesHaveTheirOwnBudget() {
        var text = "name: x\n# " + String(repeating: "padding ", count: 100_000) + "\nkinds:\n  k0: &k0 [1, 2]\n"
        for level in 1 ..< 40 { text += "  k\(level): &k\(level) [*k\(level - 1), *k\(level - 1)]\n" }
        text += "tree: []\n"
        let budget = Document.valueBudget(bytes: text.utf8.count)
        let error = parseError(text)
        #expect(error?.message == "aliases (`*name`) repeat more than \(budget) values outside the tree, more than a file of its size holds without them")
        // At the alias, read from the file, whose part went past the budget: a line of `kinds`.
        #expect((6 ..< 45).contains(error?.line ?? 0) && error?.column == 14, "\(String(describing: error))")
    }

    @Test func anAliasInsideItsOwnAnchorIsAnError() {
        let error = parseError("name: x\ntree:\n  - &a {title: a, children: [*a]}\n")
        #expect(error?.message == "the alias '*a' is inside the part it names" && error?.column == 30)
    }

    @Test func aSecondTreeIsRefusedBeforeItIsRead() {
        let error = parseError("name: x\ntree: [{title: a}]\ntree: [{title: b}]\n")
        #expect(error?.message == "duplicate key 'tree' in the scenario" && error?.line == 3)
    }

    /// Data read as JSON, refused on its syntax, then read as YAML: the nodes of the first reading are gone.
    @Test func dataReadAgainAsYAMLIsReadOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-data-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"title": "a"}, {"title": "b"},]"#.utf8).write(to: URL(fileURLWithPath: folder + "/data.json"))
        let text = "name: x\nsource: {file: data.json}\n"
        let scenario = try Scenario.parse(text, file: folder + "/x.yaml", baseDirectory: folder)
        #expect(scenario.nodes.map(\.title) == ["a", "b"])
        let twice = #"{"children": [{"title": "a"}], "children": [{"title": "b"}]}"#
        try Data(twice.utf8).write(to: URL(fileURLWithPath: folder + "/data.json"))
        #expect {
            try Scenario.parse(text, file: folder + "/x.yaml", baseDirectory: folder)
        } throws: { error in
            (error as? ScenarioError)?.message == "duplicate key 'children' in the data"
        }
    }
}

/// A large file is parsed on a thread ahead of its reader: the reader gets
/// the same tokens, anchors and error, in the same order.
@Suite struct ReadAheadTests {
    /// Every token of `source` as text (kind, text, anchor, place), then the error that ends it, if any.
    static func drain(_ source: inout some DocumentTokenSource) -> [String] {
        var out: [String] = []
        do {
            while let token = try source.nextToken() {
                let anchor = token.isAnchored ? source.takeAnchor() ?? "?" : ""
                out.append("\(token.kind) \(token.text) &\(anchor) \(token.line):\(token.column)")
            }
        } catch {
            out.append("error \(error.message) \(error.line):\(error.column)")
        }
        return out
    }

    /// Many chunks (more than wait at once), anchors and aliases among them, and text that ends in an error or not.
    @Test func theTokensAreThoseOfTheSourceInOrder() throws {
        var text = "items:\n"
        for i in 0 ..< 30_000 { text += i % 1000 == 7 ? "  - &a\(i) {n: \(i)}\n" : i % 1000 == 9 ? "  - *a\(i - 2)\n" : "  - x\(i)\n" }
        for ending in ["", "  - [unclosed\n"] {
            let bytes = Array((text + ending).utf8)
            var plain = YAMLTokens(bytes: bytes, file: "big.yaml")
            var ahead = try #require(ReadAheadTokens(YAMLTokens(bytes: bytes, file: "big.yaml")))
            let expected = Self.drain(&plain)
            #expect(expected.count > ReadAheadTokens.tokensPerChunk * (ReadAheadTokens.most + 1))
            #expect(Self.drain(&ahead) == expected)
            #expect(ending.isEmpty == !(expected.last ?? "").hasPrefix("error"))
        }
        var json = try #require(ReadAheadTokens(JSONStream(bytes: Array("[1, 2,, 3]".utf8), file: "bad.json")))
        #expect(
            Self.drain(&json) == [
                "sequenceStart  & 1:1", "scalar 1 & 1:2", "scalar 2 & 1:5",
                "error malformed JSON: a value expected (text in double quotes, a number, true, false, null, [ or {) 1:7",
            ])
    }

    /// A scenario of more than a megabyte is read ahead, and reads as it would otherwise: its nodes, and an error's place.
    @Test func aLargeScenarioReadsAsASmallOneWould() throws {
        var text = "name: big\ntree:\n"
        for i in 0 ..< 40_000 { text += "  - {id: n\(i), title: Node \(i)}\n" }
        #expect(text.utf8.count >= ReadAheadTokens.fromBytes)
        let scenario = try Scenario.parse(text, file: "big.yaml")
        #expect(scenario.nodes.count == 40_000 && scenario.nodes[39_999].title == "Node 39999")
        let error = #expect(throws: ScenarioError.self) { try Scenario.parse(text + "  - {id: n1, title: again}\n", file: "big.yaml") }
        #expect(error?.message.hasPrefix("duplicate id 'n1'") == true && error?.line == 40_003 && error?.column == 5)
        // A reader that stops at its first node lets the thread go (it ends after the chunk it is making).
        let early = #expect(throws: ScenarioError.self) { try Scenario.parse("name: big\ntree:\n  - {titel: x}\n" + text.dropFirst(16), file: "big.yaml") }
        #expect(early?.message == "unknown key 'titel' in a node" && early?.line == 3)
        let broken = #expect(throws: ScenarioError.self) { try Scenario.parse(text + "  - {id: [\n", file: "big.yaml") }
        #expect(broken?.message.hasPrefix("syntax error") == true && broken?.line == 40_004)
    }

    /// When the system makes no thread, there is no read-ahead (and nothing waits for one): the caller
    /// reads the source, untouched, and a large file gives the tokens it gives when read ahead.
    @Test func noThreadMeansTheCallerReads() throws {
        nonisolated(unsafe) var asked = 0
        let noThread: DetachedThread.Starter = { _, _ in
            asked += 1
            return false
        }
        let yaml = YAMLTokens(bytes: Array("[a, &b c, *b]".utf8), file: "a.yaml")
        #expect(ReadAheadTokens(yaml, start: noThread) == nil)
        var untouched = yaml
        #expect(Self.drain(&untouched) == ["sequenceStart  & 1:1", "scalar a & 1:2", "scalar c &b 1:5", "alias b & 1:11", "sequenceEnd  & 1:13"])
        var text = "items:\n"
        for i in 0 ..< 100_000 { text += "  - item \(i)\n" }
        let bytes = Array(text.utf8)
        #expect(bytes.count >= ReadAheadTokens.fromBytes)
        func tokens(_ reader: inout DocumentReader) throws -> [String] {
            var out: [String] = []
            while let token = try reader.next() { out.append("\(token.kind) \(token.text) \(token.line):\(token.column)") }
            return out
        }
        var onCaller = try Document.reader(bytes: bytes, file: "big.yaml", start: noThread)
        var readAhead = try Document.reader(bytes: bytes, file: "big.yaml")
        let expected = try tokens(&readAhead)
        let read = try tokens(&onCaller)
        #expect(asked == 2 && expected.count == 100_005 && read == expected)
    }
}
