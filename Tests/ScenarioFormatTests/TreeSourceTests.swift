import Foundation
import OutlineEngine
import Testing
import UnfoldSupport

@testable import ScenarioFormat
@testable import UnfoldTreeSources

/// A fresh folder for files the importers read, removed at the end.
final class Folder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-trees-\(UUID().uuidString)").path
    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String = "") -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The scenario `source:` line makes, parsed as if the scenario were in this folder.
    func scenario(_ source: String) throws(ScenarioError) -> Scenario {
        try Scenario.parse("name: t\nsource: \(source)\n", file: path + "/t.yaml", baseDirectory: path)
    }

    func error(_ source: String) -> ScenarioError? {
        do {
            _ = try scenario(source)
            return nil
        } catch { return error }
    }
}

/// Each node as `  ` × depth + title (+ `  annotation`, ` [icon]`, `+`
/// expanded, `*` selected, `#` highlighted).
func lines(_ s: Scenario) -> [String] {
    var depth: [Int] = []
    return s.nodes.enumerated().map { i, n in
        let d = n.parent.map { depth[$0] + 1 } ?? 0
        depth.append(d)
        return String(repeating: "  ", count: d) + n.title + (n.annotation.map { "  " + $0.text } ?? "") + (n.icon.map { " [\($0)]" } ?? "")
            + (n.expanded ? " +" : "") + (s.initialSelection == i ? " *" : "") + (n.highlighted ? " #" : "")
    }
}

@Suite struct TreeSourceTests {
    @Test func aMarkdownListWithFoldersSelectionAnnotationsPlaceholdersAndCollapsedFolders() throws {
        let f = Folder()
        f.write(
            "tree.md",
            """
            # Files

            Prose with a - dash, and a code block that is not the tree:

            ```
            - not this
            ```

            - Sources/
              - **App.swift** the entry point
              - Views/ <!-- collapsed -->
                - `List View.swift`
                - ...
            * [README.md](README.md) read me
            1. Package.swift

            A second list:

            - one
            - two
            """)
        let s = try f.scenario("{markdown: tree.md}")
        #expect(
            lines(s) == [
                "Sources [folder] +", "  App.swift  the entry point [swift] #", "  Views [folder]", "    List View.swift [swift]", "    …",
                "README.md  read me [md]", "Package.swift [swift]",
            ])
        #expect(s.nodeLocations[1].line == 10 && s.nodeLocations[1].column == 5)
        #expect(lines(try f.scenario("{markdown: tree.md, list: 2}")) == ["one [file]", "two [file]"])
        let third = f.error("{markdown: tree.md, list: 3}")
        #expect(third?.message == "there is no list 3: \(f.path)/tree.md has 2 lists" && third?.line == 2)
    }

    @Test func aMarkdownFileWithoutAListIsBadInput() {
        let f = Folder()
        f.write("prose.md", "# Title\n\nJust prose.\n\n---\n")
        let e = f.error("{markdown: prose.md}")
        #expect(e?.message == "the Markdown file has no list and no tree drawing" && e?.file == f.path + "/prose.md")
        let gone = f.error("{markdown: gone.md}")
        #expect(gone?.message == "no such file \(f.path)/gone.md" && gone?.line == 2 && gone?.file != f.path + "/gone.md")
    }

    @Test func aFolderListsFoldersFirstAsFileBrowsersDo() throws {
        let f = Folder()
        for file in [
            "root/Tools/t", "root/cmake/c", "root/src10/s", "root/src2/s", "root/README.md", "root/b.txt", "root/File10.txt", "root/file2.txt", "root/file02.txt", "root/a.swift",
        ] {
            f.write(file)
        }
        let s = try f.scenario("{directory: root, depth: 1}")
        #expect(
            lines(s).map { $0.split(separator: " ")[0] } == [
                "cmake", "src2", "src10", "Tools", "a.swift", "b.txt", "file2.txt", "file02.txt", "File10.txt", "README.md",
            ])
        // A total order: ties in letters and numbers fall to the bytes, so the input's order never shows.
        #expect(NameOrder.precedes("Read", "read") && !NameOrder.precedes("read", "Read") && !NameOrder.precedes("a", "a"))
        #expect(NameOrder.precedes("v9", "v10") && NameOrder.precedes("v1", "v1a") && NameOrder.precedes("x", "x0"))
        #expect(NameOrder.precedes("a99999999999999999999999", "a100000000000000000000000"))
    }

    @Test func aFolderLeavesOutWhatIsIgnored() throws {
        let f = Folder()
        for file in ["root/b.txt", "root/a.swift", "root/Z/z.md", "root/A/é.txt", "root/A/e.txt", "root/.hidden", "root/x.log", "root/build/out.o", "root/A/keep.log"] {
            f.write(file)
        }
        f.write("root/.gitignore", "*.log\n!keep.log\nbuild/\n")
        let s = try f.scenario("{directory: root, open: 0}")
        #expect(lines(s) == ["A [folder]", "  e.txt [txt]", "  keep.log [log]", "  é.txt [txt]", "Z [folder]", "  z.md [md]", "a.swift [swift]", "b.txt [txt]"])
        let opened = try f.scenario("{directory: root, depth: 1, exclude: [Z], hidden: true}")
        #expect(lines(opened) == ["A [folder] +", ".gitignore [file]", ".hidden [file]", "a.swift [swift]", "b.txt [txt]"])
        let limited = f.error("{directory: root, limit: 3}")
        #expect(limited?.message == "\(f.path)/root has more than 3 entries within depth 8" && limited?.line == 2)
        #expect(f.error("{directory: nowhere}")?.message == "no such folder \(f.path)/nowhere")
    }

    @Test func linksInsideTheRootAreFollowedOutsideNotAndLoopsAreBadInput() throws {
        let f = Folder()
        f.write("outside/secret.txt")
        f.write("root/real/file.txt")
        try FileManager.default.createSymbolicLink(atPath: f.path + "/root/alias", withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: f.path + "/root/away", withDestinationPath: "../outside")
        #expect(lines(try f.scenario("{directory: root}")) == ["alias [folder] +", "  file.txt [txt]", "real [folder] +", "  file.txt [txt]", "away [file]"])
        try FileManager.default.createSymbolicLink(atPath: f.path + "/root/real/loop", withDestinationPath: "..")
        let loop = f.error("{directory: root}")
        #expect(loop?.message.hasSuffix("/loop is a link back into a folder it is in (a loop)") == true)
        #expect(loop?.hint == "leave it out with `exclude: [\"alias/loop\"]`")
    }

    @Test func treeJSONAndOPMLWithItsExpansionState() throws {
        let f = Folder()
        f.write(
            "t.json",
            #"[{"type":"directory","name":".","contents":[{"type":"directory","name":"src","contents":[{"type":"file","name":"a.c"}]},{"type":"link","name":"l","target":"src"}]},{"type":"report","directories":1,"files":2}]"#
        )
        #expect(lines(try f.scenario("{tree: t.json}")) == ["src [folder]", "  a.c [c]", "l [folder]"])
        f.write("bad.json", #"[{"type":"report"}]"#)
        let bad = f.error("{tree: bad.json}")
        #expect(bad?.message == "this is not `tree -J` output: it does not start with a directory")
        #expect(bad?.hint.contains("`source: {file: data.json, children: KEY, title: KEY}`") == true)
        // A scenario given as a tree is told apart by what it holds: an object, not a list.
        f.write("scenario.json", #"{"name": "s", "tree": [{"title": "a"}]}"#)
        #expect(f.error("{tree: scenario.json}")?.hint.hasPrefix("a scenario file is rendered as it is") == true)
        f.write(
            "o.opml",
            """
            <?xml version="1.0"?>
            <opml version="2.0"><head><expansionState>1, 3</expansionState></head>
            <body>
              <outline text="A"><outline text="A1"/><outline text="A2 &amp; more"><outline text="deep"/></outline></outline>
              <outline title="B"><outline text="B1"/></outline>
            </body></opml>
            """)
        // Row 1 is A; once A is open, row 3 is "A2 & more".
        #expect(lines(try f.scenario("{opml: o.opml}")) == ["A +", "  A1", "  A2 & more +", "    deep", "B", "  B1"])
        // OmniOutliner counts from 0: the same rows.
        f.write("omni.opml", try String(contentsOfFile: f.path + "/o.opml", encoding: .utf8).replacingOccurrences(of: "1, 3", with: "0, 2"))
        #expect(lines(try f.scenario("{opml: omni.opml}")) == ["A +", "  A1", "  A2 & more +", "    deep", "B", "  B1"])
        // A field that holds no row numbers is a convenience lost, never an error: it is ignored (the animation starts all open), and the line that tells what was read says so.
        f.write("odd.opml", try String(contentsOfFile: f.path + "/o.opml", encoding: .utf8).replacingOccurrences(of: "1, 3", with: "first, third"))
        let odd = try Scenario.imported(from: f.path + "/odd.opml")
        #expect(lines(odd) == ["A +", "  A1", "  A2 & more +", "    deep", "B +", "  B1"])
        #expect(odd.origin?.hasSuffix("<expansionState> holds 'first', which is not a row number: it is ignored") == true)
        f.write("broken.opml", "<opml><body>\n  <outline text=\"x\">\n</body></opml>")
        let broken = f.error("{opml: broken.opml}")
        #expect(broken?.message == "malformed OPML: </body> closes <outline> (line 2)" && broken?.line == 3 && broken?.column == 1)
        f.write("entity.opml", "<opml><body><outline text=\"a &nope; b\"/></body></opml>")
        #expect(f.error("{opml: entity.opml}")?.message == "malformed OPML: unknown entity &nope;")
    }

    @Test func oneSourceAtATimeAndDuplicateNamesGetDistinctIds() throws {
        let f = Folder()
        #expect(f.error("{markdown: a.md, opml: b.opml}")?.message == "`source` names 2 trees: opml, markdown")
        f.write("dup.md", "- a/\n  - x\n  - x\n- a\n")
        let s = try f.scenario("{markdown: dup.md}")
        let outline = try s.makeOutline()
        #expect(outline.nodes.map { outline.id(of: $0) } == ["a", "a/x", "a/x-2", "a-2"])
    }

    /// A Starlight-style `.mdx` page: prose bullets above the tree, the tree in
    /// a `<FileTree>` block. Without `list:` the tree is read; `list: 1` still
    /// names the first list.
    @Test func anMdxPageGivesTheListInItsFileTree() throws {
        let f = Folder()
        let page = f.write(
            "project.mdx",
            """
            ---
            title: Project structure
            ---
            import { FileTree } from '@astrojs/starlight/components';

            - `astro.config.mjs` — the Astro configuration
            - `package.json` — the scripts

            <FileTree>
            - src/
              - content/
                - docs/
                  - index.mdx
            - astro.config.mjs an **important** file
            </FileTree>
            """)
        let tree = try Scenario.imported(from: page)
        // The tree, its inline marks kept as the annotation's runs, not drawn as asterisks.
        #expect(tree.nodes.map(\.title) == ["src", "content", "docs", "index.mdx", "astro.config.mjs"])
        #expect(tree.nodes[4].annotation == Annotation([.init("an "), .init("important", .bold), .init(" file")]))
        #expect(!tree.nodes.contains { $0.title.contains("package.json") })
        let first = try f.scenario("{ markdown: project.mdx, list: 1 }")
        #expect(first.nodes.map { $0.annotation?.text } == ["— the Astro configuration", "— the scripts"])
        #expect(MarkdownTree.plainText("a **b** `c` *d* 2 * 3 **e") == "a b c d 2 * 3 **e")
        #expect(
            MarkdownTree.annotation("a **b `x`** `*c*` *d* 2 * 3 **e  ")?.runs == [
                .init("a "), .init("b x", .bold), .init(" "), .init("*c*", .code), .init(" "), .init("d", .italic),
                .init(" 2 * 3 **e"),
            ])
        #expect(MarkdownTree.annotation("  ") == nil)
        // Several bold names are several highlighted rows; none is selected.
        f.write("two.md", "- **src/**\n  - a.md\n- **README.md** start *here*\n")
        let two = try f.scenario("{ markdown: two.md }")
        #expect(lines(two) == ["src [folder] + #", "  a.md [md]", "README.md  start here [md] #"])
        #expect(two.initialSelection == nil)
        // A scenario node's `annotation` is written as a Markdown note is.
        let written = try Scenario.parse("name: t\ntree: [ { title: a.ts, annotation: 'the **entry** point', highlighted: true } ]\n", file: "t.yaml")
        #expect(written.nodes[0].annotation == Annotation([.init("the "), .init("entry", .bold), .init(" point")]) && written.nodes[0].highlighted)
    }

    /// The text of a numbered step, indented under its item after a blank
    /// line, belongs to the item: the steps are one list.
    @Test func aNumberedListWithParagraphsIsOneList() throws {
        let f = Folder()
        f.write("steps.md", "1. Install\n\n   Run the installer.\n\n2. Configure\n   - settings.yaml\n3. Run\n\nAfter the list.\n")
        let s = try f.scenario("{ markdown: steps.md }")
        #expect(s.nodes.map(\.title) == ["Install", "Configure", "settings.yaml", "Run"])
        #expect(f.error("{ markdown: steps.md, list: 2 }")?.message.contains("has 1 list") == true)
    }

    @Test func fromAPathMakesAScenarioWithTheDefaultSteps() throws {
        let f = Folder()
        let md = f.write("My Tree.md", "- a/\n  - b\n")
        let s = try Scenario.imported(from: md)
        #expect(s.name == "My-Tree" && s.canvas.height == nil && s.steps.map(\.text) == ["collapseAll", "expandAll"])
        // A Markdown list is all open: the animation starts on it, as the page shows it.
        #expect(s.nodes.map(\.expanded) == [true, false])
        // Nothing to open: one still picture, not three identical ones.
        #expect(try Scenario.imported(from: f.write("flat.md", "- a\n- b\n")).steps.isEmpty)
        #expect(throws: ScenarioError.self) { try Scenario.imported(from: f.path + "/missing") }
    }

    /// Where the extension names no kind of tree, or several (`.txt`), what
    /// the file holds does: a drawing, a list, OPML, `tree -J` output.
    @Test func aSourceIsToldByWhatItHoldsWhereItsNameDoesNotTell() throws {
        let f = Folder()
        let drawing = f.write("tree.txt", "$ tree\n.\n├── src/        # the code\n│   └── main.rs\n└── Cargo.toml\n\n1 directory, 2 files\n")
        #expect(lines(try Scenario.imported(from: drawing)) == ["src  the code [folder] +", "  main.rs [rs]", "Cargo.toml [toml]"])
        let windows = f.write("TREE", "Folder PATH listing\nC:.\n+---docs\n|       intro.md\n\\---src\n        app.js\n")
        #expect(lines(try Scenario.imported(from: windows)) == ["docs [folder] +", "  intro.md [md]", "src [folder] +", "  app.js [js]"])
        let list = f.write("notes.txt", "My files:\n\n- a/\n  - b\n")
        #expect(lines(try Scenario.imported(from: list)) == ["a [folder] +", "  b [file]"])
        let opml = f.write("feeds.xml", "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body><outline text=\"A\"><outline text=\"B\"/></outline></body></opml>\n")
        #expect(lines(try Scenario.imported(from: opml)).map { $0.replacingOccurrences(of: " +", with: "") } == ["A", "  B"])
        let json = f.write("listing", #"[{"type":"directory","name":".","contents":[{"type":"file","name":"a.md"}]}]"#)
        #expect(lines(try Scenario.imported(from: json)) == ["a.md [md]"])
        // A scenario's `source:` names the drawing by its own key.
        #expect(lines(try f.scenario("{drawing: tree.txt, depth: 1}")) == ["src  the code [folder]", "Cargo.toml [toml]"])
        // A drawing with a line like a list item is still a drawing; a page with a drawing in a code block is a page.
        let noted = f.write("noted.txt", "- made by tree\nsrc\n└── a.rs\n")
        #expect(lines(try Scenario.imported(from: noted)).suffix(2) == ["src [folder] +", "  a.rs [rs]"])
        let page = f.write("page.txt", "Files:\n\n```\nsrc\n└── b.rs\n```\n")
        #expect(lines(try Scenario.imported(from: page)) == ["src [folder] +", "  b.rs [rs]"])
        // Only a name that says nothing, or several things, is read for what it holds.
        func refused(_ path: String) -> String? {
            do {
                _ = try Scenario.imported(from: path)
                return nil
            } catch { return error.message }
        }
        #expect(refused(f.write("x.log", "- a\n  - b\n")) == "cannot tell what kind of tree this is")
        #expect(refused(f.write("main.c", "/*\n * a comment\n */\n")) == "cannot tell what kind of tree this is")
        #expect(refused(f.write("plain.txt", "just words\n")) == "cannot tell what kind of tree this is")
        #expect(refused(f.write("empty.txt", " \n")) == "the file holds no tree: it is empty")
        #expect(refused(f.write("s.yaml", "name: s\ntree:\n  - title: a\n")) == "this is a scenario file, not a tree")
        // A scenario that fails under another name keeps its own error; a Markdown page's gets the hint to use --from.
        #expect(Scenario.treeSourceGivenAsScenario(f.path + "/broken.txt") == nil)
        #expect(Scenario.treeSourceGivenAsScenario(f.path + "/list.md")?.message == "a Markdown file is not a scenario file (.yaml, .yml or .unfold.json)")
        #expect(f.error("{drawing: notes.txt}")?.message == "\(f.path)/notes.txt holds no `tree` drawing")
    }

    @Test func windowsLineEndsGitignoreStarsBrokenXMLAndManyTwins() throws {
        let f = Folder()
        f.write("crlf.md", "# T\r\n\r\n- a/\r\n  - b\r\n- c\r\n")
        #expect(lines(try f.scenario("{markdown: crlf.md}")) == ["a [folder] +", "  b [file]", "c [file]"])
        for file in ["r/latest/x.txt", "r/a/test/y.txt", "r/a/b/c/z.txt", "r/a/xb/w.txt", "r/Cargo.lock"] { f.write(file) }
        f.write("r/.gitignore", "**/test\na/**/c\n")
        #expect(
            lines(try f.scenario("{directory: r, open: 0}")) == [
                "a [folder]", "  b [folder]", "  xb [folder]", "    w.txt [txt]", "latest [folder]", "  x.txt [txt]", "Cargo.lock [file]",
            ])
        f.write("bad.opml", "<opml></opml x")
        #expect(f.error("{opml: bad.opml}")?.message == "malformed OPML: </opml> has attributes")
        f.write("twins.md", String(repeating: "- a\n", count: 20000))
        let twins = try f.scenario("{markdown: twins.md}")
        #expect(twins.nodes.count == 20000 && twins.nodes.last?.key == "a-20000")
    }
}

@Suite struct RowStateStepTests {
    @Test func checkboxesLoadingRowsAndMarksParseAndPlay() throws {
        let s = try Scenario.parse(
            """
            name: t
            style: { checkboxes: true }
            tree:
              - { id: a, title: A, expanded: true, children: [ { id: x, title: X, checked: true }, { id: y, title: Y } ] }
              - { id: b, title: B, loading: true }
            steps:
              - check: a
              - focus: a/x
              - hover: false
              - drop: { node: a/y, position: before }
              - drop: false
              - remove: b/loading
            """, file: "t.yaml")
        // The engine adds the "Loading…" row under a node whose children load.
        #expect(s.style.checkboxes == true && s.nodes.map(\.title) == ["A", "X", "Y", "B"] && s.nodes[3].loading)
        #expect(s.steps.map(\.text) == ["check a", "focus a/x", "hover none", "drop before a/y", "drop none", "remove b/loading"])
        var outline = try s.makeOutline()
        let b = try outline.node(id: "b"), row = try outline.node(id: "b/loading")
        #expect(outline.isLoading(b) && outline.isLoadingRow(row) && outline.title(of: row) == Outline.loadingRowTitle)
        #expect(outline.checkState(of: try outline.node(id: "a")) == .mixed)
        for step in s.steps.prefix(4) { _ = try step.apply(to: &outline) }
        #expect(outline.checkState(of: try outline.node(id: "a")) == .checked)
        #expect(outline.focus == (try outline.node(id: "a/x")) && outline.dropTarget?.position == .before)
        // Removing the "Loading…" row ends the loading.
        for step in s.steps.dropFirst(4) { _ = try step.apply(to: &outline) }
        #expect(!outline.isLoading(b) && !outline.isExpandable(b))
    }

    @Test func loadingStartsAndEndsByStep() throws {
        let s = try Scenario.parse(
            """
            name: t
            tree: [ { id: b, title: B, expanded: true } ]
            steps:
              - load: b
              - insert: { parent: b, node: { title: C } }
            """, file: "t.yaml")
        #expect(s.steps.map(\.text) == ["load b", "insert C under b"])
        var outline = try s.makeOutline()
        let b = try outline.node(id: "b")
        let started = try s.steps[0].apply(to: &outline)
        #expect(outline.isLoading(b) && started.inserted == [1] && started.changed == [0])
        let loaded = try s.steps[1].apply(to: &outline)
        #expect(!outline.isLoading(b) && loaded.deleted == [1] && loaded.inserted == [1] && loaded.changed == [0])
        #expect(outline.visibleRows.map { outline.title(of: $0.node) } == ["B", "C"])
        // A node with children cannot start loading them: the file says where.
        let e = parseError("name: t\ntree: [ { id: b, title: B, children: [ { title: C } ] } ]\nsteps:\n  - load: b\n")
        #expect(e?.message == "step 'load b': 'b' has children: only a node without children can be loading them (remove them first)" && e?.line == 4)
    }

    @Test func aLoadingNodeWithChildrenIsBadInput() {
        let e = parseError("name: t\ntree: [ { title: A, loading: true, children: [ { title: B } ] } ]\n")
        #expect(e?.message == "a node still `loading` has no children yet" && e?.line == 2)
    }
}

@Suite struct CompactFolderTests {
    /// Chains of single-child folders share a row named by the chain, keep the
    /// last folder's id, and start open only if the whole chain was open.
    /// `--preset explorer` (`apply(preset:)`) and `style: {preset: explorer}` give the same tree.
    @Test func aPresetGivesTheSameTreeWhicheverWayItIsChosen() throws {
        let tree = "tree:\n  - { title: src, children: [ { title: content, children: [ { title: a.md }, { title: b.md } ] } ] }\n"
        let styled = try Scenario.parse("name: t\nstyle: { preset: explorer }\n" + tree, file: "t.yaml")
        var chosen = try Scenario.parse("name: t\n" + tree, file: "t.yaml")
        chosen.apply(preset: .explorer)
        #expect(chosen.nodes.map(\.title) == styled.nodes.map(\.title))
        #expect(chosen.nodes.map(\.title) == ["src/content", "a.md", "b.md"])
    }

    @Test func singleChildFolderChainsShareARow() throws {
        let s = try Scenario.parse(
            """
            name: t
            style: { compactFolders: true }
            tree:
              - { id: src, title: Sources, expanded: true, children: [ { id: app, title: App, expanded: true, children: [
                  { id: views, title: Views, children: [ { title: a.swift }, { title: b.swift } ] } ] } ] }
              - { id: docs, title: docs, icon: folder, expanded: true, children: [ { id: img, title: img, icon: folder } ] }
              - { id: one, title: One, children: [ { title: only.md } ] }
            steps: [ { expand: views }, { collapse: img } ]
            """, file: "t.yaml")
        #expect(lines(s) == ["Sources/App/Views", "  a.swift", "  b.swift", "docs/img [folder]", "One", "  only.md"])
        let outline = try s.makeOutline()
        #expect(
            outline.nodes.map { outline.id(of: $0) } == [
                "src/app/views", "src/app/views/a.swift", "src/app/views/b.swift", "docs/img", "one", "one/only.md",
            ])
        #expect(s.steps.map(\.text) == ["expand views", "collapse img"])
    }

    /// A merged row keeps its last folder's full id, so that the steps written
    /// for the tree without merging still name it, and its open state.
    @Test func mergedRowsKeepTheirLastFoldersFullIdAndOpenState() throws {
        let s = try Scenario.parse(
            """
            name: t
            style: { preset: explorer }
            tree:
              - { id: src, title: src, children: [ { id: content, title: content, children: [
                  { id: docs, title: docs, expanded: true, children: [ { title: index.mdx } ] } ] } ] }
            steps: [ { collapse: src/content/docs }, { expand: src/content/docs/index.mdx }, { collapse: docs } ]
            """, file: "t.yaml")
        #expect(lines(s) == ["src/content/docs +", "  index.mdx"])
        var outline = try s.makeOutline()
        let docs = try outline.node(id: "src/content/docs")
        #expect(try outline.node(id: "docs") == docs && outline.isExpanded(docs))
        #expect(outline.id(of: try outline.node(id: "src/content/docs/index.mdx")) == "src/content/docs/index.mdx")
        // A path may start at a key only one node has, as one written for the last folder before merging did.
        #expect(try outline.node(id: "docs/index.mdx") == outline.node(id: "src/content/docs/index.mdx"))
        _ = try s.steps[0].apply(to: &outline)
        #expect(!outline.isExpanded(docs))
        // An id that is not a merged row's whole key is unknown, and says which ids are close.
        #expect(throws: OutlineError.self) { try outline.node(id: "src/content") }
        #expect(throws: OutlineError.self) { try outline.node(id: "src/docs") }
    }

    /// `open: 1` counts levels on the rows as drawn: a merged top row starts
    /// open, and the one below it closed, whichever way the look is chosen.
    @Test func aFolderSourcesOpenLevelsCountMergedRowsAsOne() throws {
        let f = Folder()
        f.write("root/src/content/docs/index.mdx")
        f.write("root/src/content/docs/guides/a/one.md")
        f.write("root/src/content/docs/guides/b.md")
        f.write("root/README.md")
        let styled = try Scenario.parse(
            "name: t\nstyle: { preset: explorer }\nsource: {directory: root, open: 1}\n", file: f.path + "/t.yaml", baseDirectory: f.path)
        let expected = [
            "src/content/docs [folder] +", "  guides [folder]", "    a [folder]", "      one.md [md]", "    b.md [md]",
            "  index.mdx [mdx]", "README.md [md]",
        ]
        #expect(lines(styled) == expected)
        var chosen = try f.scenario("{directory: root, open: 1}")
        chosen.apply(preset: .explorer)
        #expect(lines(chosen) == expected)
        let two = try Scenario.parse(
            "name: t\nstyle: { compactFolders: true }\nsource: {directory: root, open: 2}\n", file: f.path + "/t.yaml", baseDirectory: f.path)
        #expect(lines(two).prefix(2) == ["src/content/docs [folder] +", "  guides [folder] +"])
        let outline = try styled.makeOutline()
        #expect(outline.id(of: try outline.node(id: "src/content/docs/guides/a")) == "src/content/docs/guides/a")
    }

    /// Highlighted folders keep their rows, so that the highlight stays on the folder the page marked.
    @Test func aHighlightedFolderKeepsItsRow() throws {
        let s = try Scenario.parse(
            """
            name: t
            style: { compactFolders: true }
            tree:
              - { title: src, highlighted: true, children: [ { title: content, children: [ { title: a.md }, { title: b.md } ] } ] }
            """, file: "t.yaml")
        #expect(lines(s) == ["src #", "  content", "    a.md", "    b.md"])
    }

    /// `--from` a folder with `--preset explorer`: `--open` is 1 unless told,
    /// so the merged top row opens either way (and the steps start by
    /// collapsing, as the tree is all open).
    @Test func fromAFolderTheMergedTreeStillHasSomethingToExpand() throws {
        let f = Folder()
        f.write("proj/src/content/docs/index.mdx")
        f.write("proj/README.md")
        var plain = try Scenario.imported(from: f.path + "/proj")
        plain.apply(preset: .explorer)
        #expect(lines(plain) == ["src/content/docs [folder] +", "  index.mdx [mdx]", "README.md [md]"])
        var opened = try Scenario.imported(from: f.path + "/proj", options: ImportOptions(source: TreeSourceOptions(open: 1)))
        opened.apply(preset: .explorer)
        #expect(lines(opened) == ["src/content/docs [folder] +", "  index.mdx [mdx]", "README.md [md]"])
    }

    @Test func anIdWithASlashIsRefusedWhereItIsWritten() {
        let e = parseError("name: t\ntree:\n  - { id: a/b, title: A }\n")
        #expect(e?.message == "invalid id 'a/b': an id must not contain '/'" && e?.line == 3)
    }

    @Test func aNodeFieldWrittenAnotherWayReadsAsItDidAndAMistakeIsReportedWhereItIs() throws {
        // Fields written plainly are taken from their tokens; these go the general way.
        let long = String(repeating: "é", count: 6_000)  // 12,000 bytes, 6,000 characters: within the limit
        let scenario = try Scenario.parse(
            "name: t\ntree:\n  - { title: \"\(long)\", expanded: yes, highlighted: On, checked: FALSE, detail: off }\n", file: "t.yaml")
        let node = try #require(scenario.nodes.first)
        #expect(node.title == long && node.expanded && node.highlighted && node.checked == false)
        let cases: [(String, String)] = [
            ("{ title: A, expanded: maybe }", "`expanded` must be true or false, not 'maybe'"),
            ("{ title: [A] }", "`title` must be text, not a list"),
            ("{ title: A, id: {a: 1} }", "`id` must be text, not a mapping"),
            ("{ title: \(String(repeating: "x", count: 10_001)) }", "`title` is 10001 characters long; the limit is 10000"),
        ]
        for (node, message) in cases {
            let e = parseError("name: t\ntree:\n  - \(node)\n")
            #expect(e?.message == message && e?.line == 3, "\(node): \(String(describing: e))")
        }
    }
}

@Suite struct TreeSourceFuzzTests {
    /// The Examples' Markdown list, OPML outline and `tree -J` file, mutated
    /// byte by byte (fixed seed): each read gives a tree or a ScenarioError
    /// naming the file, never a crash or a hang. CI runs it longer under
    /// AddressSanitizer (UNFOLD_FUZZ_ITERATIONS).
    @Test func mutatedTreeSourcesFailCleanly() throws {
        let f = Folder()
        var mutator = Mutator(state: 11, alphabet: Array(" -*/`[]()<>!&;#\"'=\n\r\t…x0".utf8))
        let iterations = ProcessInfo.processInfo.environment["UNFOLD_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 300
        var read = 0, refused = 0
        for (file, form) in [("files.md", "markdown"), ("outline.opml", "opml"), ("project.tree.json", "tree")] {
            let original = Array(try String(contentsOfFile: examplesPath("trees/" + file), encoding: .utf8).utf8)
            for _ in 0 ..< iterations {
                let bytes = mutator.mutate(original, upTo: 8)
                try Data(bytes).write(to: URL(fileURLWithPath: f.path + "/" + file))
                do {
                    _ = try f.scenario("{\(form): \(file)}")
                    read += 1
                } catch {
                    #expect(!error.message.isEmpty && (error.file == f.path + "/" + file || error.file == f.path + "/t.yaml"))
                    refused += 1
                }
            }
        }
        #expect(read + refused == 3 * iterations && read > 0 && refused > 0)
    }
}

@Suite struct FontFileTests {
    @Test func fontFilesAreCheckedWhereTheScenarioNamesThem() throws {
        let f = Folder()
        let font = URL(fileURLWithPath: examplesPath("fonts/DejaVuSerif.ttf")).path
        try FileManager.default.copyItem(atPath: font, toPath: f.path + "/DejaVuSerif.ttf")
        let ok = try Scenario.parse(
            "name: t\nfonts: [ { file: DejaVuSerif.ttf, weight: semibold } ]\ntree: [ { title: A } ]\n", file: f.path + "/t.yaml", baseDirectory: f.path)
        #expect(ok.fonts.map(\.path) == [ProjectBoundary(root: f.path).root + "/DejaVuSerif.ttf"] && ok.fonts[0].weight == .semibold)
        do {
            _ = try Scenario.parse("name: t\nfonts:\n  - { file: Brand.ttf }\ntree: [ { title: A } ]\n", file: f.path + "/t.yaml", baseDirectory: f.path)
            Issue.record("a missing font file was accepted")
        } catch {
            #expect(error.message == "no such font file \(f.path)/Brand.ttf" && error.line == 3)
        }
        f.write("notes.ttf", "not a font")
        do {
            _ = try Scenario.parse("name: t\nfonts: [ { file: notes.ttf } ]\ntree: [ { title: A } ]\n", file: f.path + "/t.yaml", baseDirectory: f.path)
            Issue.record("a text file was accepted as a font")
        } catch {
            #expect(error.message == "\(f.path)/notes.ttf is not a TrueType or OpenType font" && error.line == 2)
        }
    }
}
