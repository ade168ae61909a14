import Foundation
import Testing
import UnfoldTreeSources

@testable import ScenarioFormat

/// The smaller points a docs writer meets with `--from`, each pinned.
@Suite struct SmallPointsTests {
    /// `--depth` limits every source, OPML and `tree -J` included.
    @Test func depthLimitsEverySource() throws {
        let f = Folder()
        let opml = f.write("o.opml", "<opml version=\"2.0\"><body><outline text=\"A\"><outline text=\"B\"><outline text=\"C\"/></outline></outline></body></opml>")
        #expect(
            lines(try Scenario.imported(from: opml, options: ImportOptions(source: TreeSourceOptions(depth: 2)))).map { $0.replacingOccurrences(of: " +", with: "") } == [
                "A", "  B",
            ])
        let json = f.write(
            "t.json", #"[{"type":"directory","name":".","contents":[{"type":"directory","name":"src","contents":[{"type":"file","name":"a.c"}]}]}]"#)
        #expect(lines(try Scenario.imported(from: json, options: ImportOptions(source: TreeSourceOptions(depth: 1)))) == ["src [folder]"])
        let md = f.write("m.md", "- a/\n  - b/\n    - c.md\n")
        let limited = lines(try Scenario.imported(from: md, options: ImportOptions(source: TreeSourceOptions(depth: 2))))
        #expect(limited == ["a [folder] +", "  b [folder]"], "\(limited)")
        #expect(try f.scenario("{opml: o.opml, depth: 1}").nodes.count == 1)
    }

    /// A link to a folder is a folder in `tree -J` as in the folder source: with
    /// `contents` (`tree -l`), or when its target names a folder of the tree;
    /// a link to a file, outside the tree or to nothing stays a leaf.
    @Test func aLinkToAFolderIsAFolderInTreeJSON() throws {
        let f = Folder()
        let json = f.write(
            "t.json",
            #"""
            [{"type":"directory","name":".","contents":[
              {"type":"link","name":"flink","target":"real/a.txt"},
              {"type":"link","name":"lnk","target":"real"},
              {"type":"link","name":"out","target":"../elsewhere"},
              {"type":"link","name":"abs","target":"/usr"},
              {"type":"directory","name":"real","contents":[
                {"type":"file","name":"a.txt"},
                {"type":"link","name":"up","target":"../real/"}
              ]},
              {"type":"link","name":"followed","target":"real","contents":[{"type":"file","name":"a.txt"}]}
            ]},{"type":"report","directories":3,"files":2}]
            """#)
        let drawn = lines(try Scenario.imported(from: json, options: ImportOptions()))
        #expect(["lnk [folder]", "  up [folder]", "followed [folder]"].allSatisfy { name in drawn.contains { $0.hasPrefix(name) } }, "\(drawn)")
        #expect(!drawn.contains { $0.hasPrefix("flink [folder]") || $0.hasPrefix("out [folder]") || $0.hasPrefix("abs [folder]") }, "\(drawn)")
    }

    /// `--still`: one picture of the whole tree, every folder open, no steps,
    /// from any source, and only the states unless other outputs are asked.
    @Test func oneFullyOpenStill() throws {
        let f = Folder()
        let md = f.write("m.md", "- a/\n  - b/\n    - c.md\n- d.md\n")
        let still = try Scenario.imported(from: md, options: ImportOptions(still: true))
        #expect(lines(still) == ["a [folder] +", "  b [folder] +", "    c.md [md]", "d.md [md]"] && still.steps.isEmpty)
        f.write("root/src/lib/a.swift")
        let folder = try Scenario.imported(from: f.path + "/root", options: ImportOptions(still: true))
        #expect(lines(folder) == ["src [folder] +", "  lib [folder] +", "    a.swift [swift]"] && folder.steps.isEmpty, "\(lines(folder))")
    }

    /// `**/*.swift` leaves out the root's `Package.swift` too, as `.gitignore` does.
    @Test func aDoubleStarMatchesNoFolderToo() throws {
        let f = Folder()
        f.write("root/Package.swift")
        f.write("root/Sources/a.swift")
        f.write("root/README.md")
        let s = try Scenario.imported(from: f.path + "/root", options: ImportOptions(source: TreeSourceOptions(exclude: ["**/*.swift"])))
        #expect(lines(s) == ["Sources [folder] +", "README.md [md]"])
    }

    /// `--open` is 1 unless told: `--depth 2` and `--depth 2 --open 1` are the same picture.
    @Test func theDefaultOpenIsOne() throws {
        let f = Folder()
        f.write("root/src/lib/a.swift")
        f.write("root/docs/b.md")
        let plain = try Scenario.imported(from: f.path + "/root", options: ImportOptions(source: TreeSourceOptions(depth: 2)))
        let told = try Scenario.imported(from: f.path + "/root", options: ImportOptions(source: TreeSourceOptions(depth: 2, open: 1)))
        #expect(lines(plain) == lines(told) && plain.steps == told.steps)
    }

    /// The hint for too many entries names the flags and the scenario keys alike.
    @Test func theLimitsHintNamesBothSpellings() throws {
        let f = Folder()
        for i in 0 ..< 5 { f.write("root/f\(i).md") }
        let e = try #require(f.errorImporting(f.path + "/root", ImportOptions(source: TreeSourceOptions(limit: 3))))
        #expect(e.hint.contains("`--limit`") && e.hint.contains("`limit:`"))
    }
}
