import Foundation
import OutlineEngine
import Testing
import UnfoldSupport
import UnfoldTreeSources

@testable import ScenarioFormat

/// A tree read with `--from` plays steps that end where they began, so that
/// its animation loops without a jump, and no step leaves the picture as it was.
@Suite struct FromLoopTests {
    /// The visible rows of a state, as their ids.
    private func rows(_ state: Playback.State) -> [String] {
        state.outline.visibleRows.map { state.outline.id(of: $0.node) }
    }

    private func played(_ path: String, _ options: ImportOptions = ImportOptions()) throws -> (Scenario, Playback) {
        let scenario = try Scenario.imported(from: path, options: options)
        return (scenario, try Playback(scenario))
    }

    @Test func aFolderOpenOneLevelEndsOpenOneLevel() throws {
        let f = Folder()
        f.write("root/src/app/main.swift")
        f.write("root/src/lib.swift")
        f.write("root/docs/guide.md")
        let (scenario, playback) = try played(f.path + "/root")
        #expect(scenario.steps.map(\.text) == ["expandAll", "collapseAll", "expandOnly docs, src"])
        // Back where it began, the tree rests longer, 60 ms more for each of its 5 rows; also with `--hold-ms`.
        #expect(scenario.steps.map(\.hold) == [nil, nil, 800 + 5 * 60])
        var slower = scenario
        slower.rest(3000)
        #expect(slower.animation.hold == 3000 && slower.steps.map(\.hold) == [nil, nil, 3000 + 5 * 60])
        let first = try #require(playback.states.first), last = try #require(playback.states.last)
        #expect(rows(first) == ["docs", "docs/guide.md", "src", "src/app", "src/lib.swift"])
        #expect(rows(last) == rows(first))
        #expect(last.outline.expandedNodes() == first.outline.expandedNodes())
        // Every step changes the rows.
        for (before, after) in zip(playback.states, playback.states.dropFirst()) { #expect(rows(before) != rows(after)) }
    }

    /// A folder that holds a single folder merges with it in a look that
    /// compacts folders (explorer): the default steps are made on the merged
    /// rows, and play in every look.
    @Test func compactFoldersPlayTheirDefaultStepsInEveryLook() throws {
        let f = Folder()
        f.write("root/src/app/views/main.swift")
        f.write("root/docs/guide.md")
        let imported = try Scenario.imported(from: f.path + "/root")
        for preset in Appearance.Preset.allCases {
            var scenario = imported
            scenario.apply(preset: preset)
            let playback = try Playback(scenario)
            #expect(playback.states.count == scenario.steps.count + 1, "\(preset)")
            if preset == .explorer {
                // Every merged folder opens one level: all are open, and the loop ends opening all.
                #expect(scenario.steps.map(\.text) == ["collapseAll", "expandAll"])
                #expect(rows(try #require(playback.states.last)).contains("src/app/views/main.swift"))
            }
        }
    }

    /// The same tree, with a chain of single folders, from every tree source:
    /// its default steps play in every look.
    @Test func everySourcePlaysItsDefaultStepsInEveryLook() throws {
        let f = Folder()
        f.write("root/src/app/views/main.swift")
        f.write("root/docs/guide.md")
        let sources = [
            f.path + "/root",
            f.write("list.md", "- src/\n  - app/\n    - views/\n      - main.swift\n- docs/\n  - guide.md\n"),
            f.write("drawing.md", "```\n.\n├── src\n│   └── app\n│       └── views\n│           └── main.swift\n└── docs\n    └── guide.md\n```\n"),
            f.write(
                "tree.json",
                #"[{"type":"directory","name":".","contents":[{"type":"directory","name":"src","contents":[{"type":"directory","name":"app","contents":[{"type":"directory","name":"views","contents":[{"type":"file","name":"main.swift"}]}]}]},{"type":"directory","name":"docs","contents":[{"type":"file","name":"guide.md"}]}]},{"type":"report","directories":5,"files":2}]"#
            ),
            f.write(
                "outline.opml",
                #"<opml version="2.0"><body><outline text="src"><outline text="app"><outline text="views"><outline text="main.swift"/></outline></outline></outline><outline text="docs"><outline text="guide.md"/></outline></body></opml>"#
            ),
        ]
        for source in sources {
            let imported = try Scenario.imported(from: source)
            #expect(imported.steps.count >= 2, "\(source)")
            for preset in Appearance.Preset.allCases {
                var scenario = imported
                scenario.apply(preset: preset)
                #expect(throws: Never.self, "\(source) in \(preset)") { _ = try Playback(scenario) }
            }
        }
    }

    /// All open already (`--depth 2 --open 2`): no "expand all" that changes nothing.
    @Test func aTreeAllOpenStartsWithCollapsing() throws {
        let f = Folder()
        f.write("root/src/lib.swift")
        f.write("root/docs/guide.md")
        let (scenario, playback) = try played(f.path + "/root", ImportOptions(source: TreeSourceOptions(depth: 2, open: 2)))
        #expect(scenario.steps.map(\.text) == ["collapseAll", "expandAll"])
        #expect(rows(try #require(playback.states.last)) == rows(try #require(playback.states.first)))
    }

    /// A Markdown list starts open, as the page shows it (what a poster, a
    /// reader who asked for less motion and a viewer that does not animate
    /// see): collapse all, and open again, resting there longer.
    @Test func aMarkdownListStartsOnTheOpenTree() throws {
        let f = Folder()
        let md = f.write("tree.md", "- src/\n  - a.swift\n- README.md\n")
        let (scenario, playback) = try played(md)
        #expect(scenario.steps.map(\.text) == ["collapseAll", "expandAll"] && scenario.steps.map(\.hold) == [nil, 800 + 3 * 60])
        #expect(rows(try #require(playback.states.first)) == ["src", "src/a.swift", "README.md"])
        #expect(rows(try #require(playback.states.last)) == rows(try #require(playback.states.first)))
        // A source with no folder open starts all open too.
        let closed = f.write("closed.md", "- src/ <!-- collapsed -->\n  - a.swift\n- README.md\n")
        #expect(rows(try #require(try played(closed).1.states.first)) == ["src", "src/a.swift", "README.md"])
    }

    /// Stills are cropped to their own rows; the animation keeps one canvas.
    @Test func stillsOfATreeFitEachState() throws {
        let f = Folder()
        f.write("root/src/lib.swift")
        let (scenario, _) = try played(f.path + "/root")
        #expect(scenario.canvas.height == nil && scenario.canvas.fitsEachState)
    }

    @Test func expandOnlyIsAStepOfItsOwn() throws {
        let s = try Scenario.parse(
            """
            name: t
            tree:
              - { id: a, title: A, children: [ { id: b, title: B, children: [ { title: C } ] } ] }
              - { id: d, title: D, children: [ { title: E } ] }
            steps: [ { expandAll: true }, { expandOnly: [a/b, d] } ]
            """, file: "t.yaml")
        let playback = try Playback(s)
        let last = try #require(playback.states.last)
        // `a/b` keeps its flag under the collapsed `a`; `d` shows its child.
        #expect(rows(last) == ["a", "d", "d/E"])
        #expect(last.outline.expandedNodes().map(last.outline.id(of:)) == ["a/b", "d"])
        #expect(s.steps.last?.text == "expandOnly a/b, d")
        #expect(throws: ScenarioError.self) { try Playback(try Scenario.parse("name: t\ntree: [ {title: A} ]\nsteps: [ {expandOnly: [nope]} ]\n", file: "t.yaml")) }
    }
}
