import Testing
import UnfoldSupport

@testable import ScenarioFormat

/// YAML aliases repeat an anchored part: a small file of nested aliases
/// names millions of nodes. It is refused once it has named more than a
/// file of its size can hold otherwise, whatever it would have named.
@Suite struct AliasBombTests {
    /// `levels` lists, each holding the one before twice: 2^levels leaves in a file of about 60 × levels bytes.
    static func bomb(levels: Int) -> String {
        var text = "name: bomb\ntree:\n  - title: l0\n    children: &l0 [ {title: a}, {title: b} ]\n"
        for k in 1 ..< levels {
            text += "  - title: l\(k)\n    children: &l\(k) [ {title: a, children: *l\(k - 1)}, {title: b, children: *l\(k - 1)} ]\n"
        }
        return text
    }

    @Test func aFileWhoseAliasesNameMillionsOfNodesIsRefused() throws {
        let text = Self.bomb(levels: 24)
        #expect(text.utf8.count < 2500)
        #expect {
            try Scenario.parse(text, file: "bomb.yaml")
        } throws: { error in
            "\(error)".contains("aliases (`*name`) repeat more than") && "\(error)".contains("nodes the file writes")
        }
    }

    /// Comments buy no allowance: the same bomb padded with 600 KB of `#`
    /// lines is refused after as many nodes, not millions.
    @Test func paddingBuysNoAliases() throws {
        let padding = String(repeating: "# " + String(repeating: "x", count: 78) + "\n", count: 7500)
        let text = Self.bomb(levels: 24) + padding
        #expect(text.utf8.count > 600_000 && Document.nodeBudget(bytes: text.utf8.count) > 9_000_000)
        var plain: ScenarioError?, padded: ScenarioError?
        do { _ = try Scenario.parse(Self.bomb(levels: 24), file: "bomb.yaml") } catch { plain = error }
        do { _ = try Scenario.parse(text, file: "bomb.yaml") } catch { padded = error }
        #expect(padded != nil && padded?.message == plain?.message && padded?.line == plain?.line, "\(String(describing: padded))")
    }

    /// Few nodes, each repeating one long text through an alias: the text is
    /// counted as it is read, not the nodes alone.
    @Test func aLongTextRepeatedByAliasesIsRefused() throws {
        var text = "name: notes\ntree:\n  - { title: n0, annotation: &a \"\(String(repeating: "x", count: 9000))\" }\n"
        for i in 1 ... 3000 { text += "  - { title: n\(i), annotation: *a }\n" }
        let budget = Document.textBudget(bytes: text.utf8.count)
        #expect(3000 * 9000 > budget)
        #expect {
            try Scenario.parse(text, file: "notes.yaml")
        } throws: { error in
            "\(error)".contains("more than \(budget) bytes of text")
        }
    }

    @Test func aFewRepeatsAreRead() throws {
        let scenario = try Scenario.parse(Self.bomb(levels: 6), file: "small.yaml")
        // 2 + 6 + 14 + 30 + 62 + 126 nodes under the six tops.
        #expect(scenario.nodes.count == 6 + (2 + 6 + 14 + 30 + 62 + 126))
    }
}

/// A file that starts with a UTF-8 byte-order mark (as Windows editors
/// write them) is read as the text after it, YAML and JSON alike.
@Suite struct ByteOrderMarkTests {
    @Test func aByteOrderMarkIsNotText() throws {
        let yaml = try Scenario.parse("\u{FEFF}name: bom\ntree: [ { title: A } ]\n", file: "bom.yaml")
        #expect(yaml.name == "bom" && yaml.nodes.map(\.title) == ["A"])
        let json = try Scenario.parse("\u{FEFF}{\"name\": \"bom\", \"tree\": [{\"title\": \"A\"}]}", file: "bom.json")
        #expect(json.name == "bom")
        do {
            _ = try Scenario.parse("\u{FEFF}name: bom\nnope: 1\ntree: [ { title: A } ]\n", file: "bom.yaml")
            Issue.record("an unknown key was read")
        } catch {
            #expect(error.line == 2 && error.column == 1, "\(error)")
        }
    }
}

/// Where libyaml takes over from the project's YAML scanner, the tokens it
/// reads past are checked to be those the scanner gave; and a file can be
/// read with libyaml alone (`UNFOLD_YAML=libyaml`), token for token the same.
@Suite struct YAMLHandOffTests {
    static let text = "name: t\ntree:\n  - { title: A, children: [ { title: B } ] }\n  - &c { title: C }\n  - *c\n"

    func tokens(_ libyamlAlone: Bool) throws -> [String] {
        var source = YAMLTokens(bytes: Array(Self.text.utf8), file: "t.yaml", libyamlAlone: libyamlAlone)
        var out: [String] = []
        while let token = try source.nextToken() { out.append("\(token.kind) \(token.text) \(token.line):\(token.column)") }
        return out
    }

    @Test func libyamlAloneGivesTheSameTokens() throws {
        #expect(try tokens(false) == tokens(true) && (try tokens(true)).count > 10)
    }

    @Test func aDigestTellsTokensApart() {
        let a = DocumentToken(kind: .scalar, text: "title", line: 3, column: 7)
        var same = TokenDigest(), moved = TokenDigest(), other = TokenDigest()
        same.add(a)
        var b = a
        b.column = 8
        moved.add(b)
        var c = a
        c.text = "titles"
        other.add(c)
        var again = TokenDigest()
        again.add(a)
        #expect(same == again && same != moved && same != other)
    }
}
