import Foundation
import OutlineEngine
import Testing

@testable import ScenarioFormat
@testable import UnfoldTreeSources

/// Tree sources 100 000 levels deep (or as deep as the format allows) are
/// read in time linear in their size and without recursion: a quadratic
/// reader takes minutes here, a recursive one crashes. (`unfold-bench
/// sources` measures the times.)
@Suite struct DeepInputTests {
    static let levels = 100_000

    /// Each node's parent is the node before it: one chain, `levels` deep.
    func isOneChain(_ s: Scenario, _ count: Int = levels) -> Bool {
        s.nodes.count == count && s.nodes.indices.allSatisfy { s.nodes[$0].parent == ($0 == 0 ? nil : $0 - 1) }
    }

    @Test func opmlNestedAHundredThousandLevels() throws {
        let f = Folder()
        var text = "<opml><body>\n"
        for i in 0 ..< Self.levels { text += "<outline text=\"n\(i)\">" }
        text += String(repeating: "</outline>", count: Self.levels) + "\n</body></opml>\n"
        let s = try Scenario.imported(from: f.write("deep.opml", text))
        #expect(isOneChain(s) && s.nodes.last?.title == "n99999")
    }

    /// Rows inside other elements, each inside the one before: the parent is
    /// the innermost open row, found without looking through the elements.
    @Test func opmlRowsInsideAHundredThousandOtherElements() throws {
        let f = Folder()
        var text = "<opml><body><outline text=\"top\">\n"
        for i in 0 ..< Self.levels { text += "<x><outline text=\"n\(i)\"/>" }
        text += String(repeating: "</x>", count: Self.levels) + "</outline></body></opml>\n"
        let s = try Scenario.imported(from: f.write("wide.opml", text))
        #expect(s.nodes.count == Self.levels + 1 && s.nodes.dropFirst().allSatisfy { $0.parent == 0 })
    }

    @Test func treeJSONNestedAHundredThousandLevels() throws {
        let f = Folder()
        var text = #"[{"type":"directory","name":".","contents":["#
        for i in 0 ..< Self.levels { text += #"{"type":"directory","name":"d\#(i)","contents":["# }
        text += String(repeating: "]}", count: Self.levels) + #"]},{"type":"report","directories":100000,"files":0}]"#
        let s = try Scenario.imported(from: f.write("deep.json", text))
        #expect(isOneChain(s) && s.nodes.last?.title == "d99999" && s.nodes.allSatisfy { $0.icon == "folder" })
    }

    /// A list n levels deep needs n²/2 bytes of indentation: 100 000 items in
    /// chains 300 deep (15 MB).
    @Test func markdownWithAHundredThousandItemsInChainsThreeHundredDeep() throws {
        let f = Folder()
        var text = ""
        for i in 0 ..< Self.levels { text += String(repeating: " ", count: i % 300) + "- n\(i)\n" }
        let s = try Scenario.imported(from: f.write("deep.md", text))
        #expect(s.nodes.count == Self.levels)
        #expect(s.nodes.indices.allSatisfy { s.nodes[$0].parent == ($0 % 300 == 0 ? nil : $0 - 1) })
    }

    /// The same in reStructuredText, whose lists nest as Markdown's do.
    @Test func rstWithAHundredThousandItemsInChainsThreeHundredDeep() throws {
        let f = Folder()
        var text = ""
        for i in 0 ..< Self.levels { text += String(repeating: " ", count: i % 300) + "* n\(i)\n" }
        let s = try Scenario.imported(from: f.write("deep.rst", text))
        #expect(s.nodes.count == Self.levels)
        #expect(s.nodes.indices.allSatisfy { s.nodes[$0].parent == ($0 % 300 == 0 ? nil : $0 - 1) })
    }

    /// Items full of marks that open and never close (`[[a [[a …`) or
    /// never pair (`*a *a …`): each line is searched once for each kind of
    /// mark, not once from every mark in it (600 KB: minutes if it were).
    @Test func longItemsOfMarksThatNeverPair() throws {
        let f = Folder()
        let marks = String(repeating: "[[a =a *a _a ", count: 166)
        let text = (0 ..< 300).map { "- n\($0).el " + marks + "\n" }.joined()
        let s = try Scenario.imported(from: f.write("marks.org", text), options: ImportOptions(source: TreeSourceOptions(list: 1)))
        #expect(s.nodes.count == 300 && s.nodes[0].title == "n0.el")
        #expect(s.nodes[0].annotation?.text == marks.trimmingCharacters(in: .whitespaces))
    }

    /// A folder is read at most 64 levels deep (`source.depth`).
    @Test func aFolderSixtyFourLevelsDeep() throws {
        let f = Folder()
        f.write("root/" + (0 ..< 64).map { "d\($0)" }.joined(separator: "/") + "/leaf.txt")
        let s = try f.scenario("{directory: root, depth: 64}")
        #expect(isOneChain(s, 64) && s.nodes.last?.title == "d63")
    }

    /// Keys `tree` does not write, in any order and nesting, are read past;
    /// `contents` before a leaf's `type` are not entries.
    @Test func treeJSONSkipsWhatItDoesNotUse() throws {
        let f = Folder()
        let deepJunk = String(repeating: "[", count: Self.levels) + String(repeating: "]", count: Self.levels)
        f.write(
            "t.json",
            """
            [{"type": "directory", "name": ".", "contents": [
              {"contents": [{"type": "file", "name": "ghost"}], "type": "file", "name": "a \\u00e9\\ud83d\\ude00 \\"q\\"", "size": -1.5e3},
              {"name": "src", "extra": \(deepJunk), "type": "directory", "contents": [{"type": "link", "name": "l", "target": null}]}
            ]}, {"type": "report", "directories": 1, "files": 2}]
            """)
        #expect(lines(try f.scenario("{tree: t.json}")) == ["a é😀 \"q\" [file]", "src [folder]", "  l [file]"])
    }

    @Test func malformedTreeJSONSaysWhere() {
        let f = Folder()
        for (text, message, line, column) in [
            (#"[{"type": "directory", "contents": [{"type": "file"}]}]"#, "an entry has no `name:`", 1, 37),
            ("[{\"type\": \"directory\",\n \"contents\": [{\"type\": \"file\", \"name\": \"a\",}]}]", "malformed JSON: a key in double quotes expected", 2, 44),
            (#"[{"type": "directory", "contents": [{"type": "file", "name": "a"}]}"#, "malformed JSON: the file ends inside a list", 1, 68),
            (
                #"[{"type": "directory", "contents": [{"type": "file", "name": 01}]}]"#,
                "malformed JSON: a value expected (text in double quotes, a number, true, false, null, [ or {)", 1, 62
            ),
            (#"[{"type": "directory", "contents": [{"type": "file", "name": "a", "name": "b"}]}]"#, "duplicate key 'name' in an entry", 1, 67),
            (#"{"type": "directory"}"#, "this is not `tree -J` output: it does not start with a directory", 1, 1),
            (#"[]"#, "this is not `tree -J` output: it does not start with a directory", 1, 1),
            ("", "the file is empty", 1, 1),
        ] {
            f.write("bad.json", text)
            let e = f.error("{tree: bad.json}")
            #expect(e?.message == message && e?.line == line && e?.column == column, "\(text)")
            #expect(e?.file == f.path + "/bad.json")
        }
    }
}
