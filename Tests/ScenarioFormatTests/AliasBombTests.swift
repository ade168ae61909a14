import Testing

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
        let budget = Document.nodeBudget(bytes: text.utf8.count)
        #expect(budget < 200_000)
        #expect {
            try Scenario.parse(text, file: "bomb.yaml")
        } throws: { error in
            "\(error)".contains("more than \(budget) nodes") && "\(error)".contains("aliases")
        }
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
