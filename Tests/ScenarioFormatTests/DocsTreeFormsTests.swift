import Foundation
import Testing
import UnfoldSupport

@testable import ScenarioFormat
@testable import UnfoldTreeSources

/// The other forms docs print trees in, read as their readers see them:
/// trees drawn by indentation alone, pasted terminal output with its colours
/// and icon glyphs, drawings cut at a level, and lists that are not file trees.
@Suite struct DocsTreeFormsTests {
    func read(_ page: String, _ name: String = "page.md") throws -> [String] {
        let f = Folder()
        return lines(try Scenario.imported(from: f.write(name, page)))
    }

    /// The Django tutorial's layout: four spaces a level, folders by their `/`.
    @Test func anIndentationTreeIsADrawing() throws {
        let django = """
            Look at what startproject created:

            ```
            mysite/
                manage.py
                mysite/
                    __init__.py
                    settings.py
                    urls.py
            ```
            """
        #expect(
            try read(django) == [
                "mysite [folder] +", "  manage.py [py]", "  mysite [folder] +", "    __init__.py [py]", "    settings.py [py]", "    urls.py [py]",
            ])
    }

    /// The Helm docs' chart layout: two spaces a level and aligned `#` notes,
    /// a code block indented in a list, and a folder known by its entries.
    @Test func alignedNotesAndAnIndentedBlock() throws {
        let helm = """
            1. A chart is organized as a collection of files:

               ```text
               wordpress/
                 Chart.yaml          # A YAML file containing information about the chart
                 values.yaml         # The default configuration values for this chart
                 charts/             # A directory containing any charts upon which this chart depends.
                 templates           // A directory of templates
                                     # that, combined with values, will generate manifests
                   NOTES.txt
                   +page.svelte
                   $id.tsx
               ```
            """
        #expect(
            try read(helm) == [
                "wordpress [folder] +", "  Chart.yaml  A YAML file containing information about the chart [yaml]",
                "  values.yaml  The default configuration values for this chart [yaml]",
                "  charts  A directory containing any charts upon which this chart depends. [folder] +",
                "  templates  A directory of templates that, combined with values, will generate manifests [folder] +",
                "    NOTES.txt [txt]", "    +page.svelte [svelte]", "    $id.tsx [tsx]",
            ])
    }

    /// Code that is indented is still code: the page's error lists it as a code block.
    @Test func indentedCodeStaysCode() throws {
        let blocks = [
            "```python\ndef main():\n    print(\"hi\")\n    return 0\n```", "```yaml\nimage:\n  repository: nginx\n  tag: stable\n```",
            "```\nfirst\n   second\n third\n```", "```\nsetup\n  build\n  test\n```", "```pug\nul\n  li.item\n  li.item\n```",
            "```\n+----+------+\n| id | name |\n+----+------+\n```", "```\n├──────┼──────┤\n│ a    │ b    │\n└──────┴──────┘\n```", "```\nsrc/\n  main.c\n```\n\n```\nonly.md\n```",
        ]
        let f = Folder()
        for (i, block) in blocks.enumerated().dropLast() {
            let path = f.write("code\(i).md", block + "\n")
            let e = try #require(f.errorImporting(path), "\(block)")
            #expect(e.message.contains("with no tree drawing"), "\(block)")
        }
        #expect(lines(try Scenario.imported(from: f.write("last.md", blocks.last ?? ""))) == ["src [folder] +", "  main.c [c]"])
        // A page's nested list comes before a tree drawn by indentation.
        let both = f.write("both.md", "```\nsrc/\n  main.c\n```\n\n- docs/\n  - intro.md\n")
        #expect(lines(try Scenario.imported(from: both)) == ["docs [folder] +", "  intro.md [md]"])
    }

    /// `tree -C` colours (with the escape character, or with it lost in the
    /// paste), `eza --icons` glyphs, no-break spaces and a full-width space
    /// before a Japanese note: the names and notes the reader sees.
    @Test func terminalOutputIsReadAsTheTerminalShowedIt() throws {
        let e = "\u{1B}"
        let coloured = "```\n\(e)[01;34m.\(e)[0m\n├── \(e)[01;34mquickstart\(e)[0m\n│   └── index.md\n└── [01;32mrun.sh[0m\n```\n"
        #expect(try read(coloured) == ["quickstart [folder] +", "  index.md [md]", "run.sh [sh]"])
        let icons = "```\n\u{F115} .\n├── \u{F115} src\n│\u{A0}\u{A0} └── \u{E7A8} main.rs\n└── \u{F48A}  README.md\n```\n"
        #expect(try read(icons) == ["src [folder] +", "  main.rs [rs]", "README.md [md]"])
        let japanese = "```\ndocs\n├── 設定.md\u{3000}← 最初に読む\n└── 使い方.md　　# 使い方\n```\n"
        #expect(try read(japanese) == ["docs [folder] +", "  設定.md  最初に読む [md]", "  使い方.md  使い方 [md]"])
    }

    /// Where the page shows `tree -L 2` (or `eza --level=2`), an entry at the
    /// second level may be a folder whose entries were cut: drawn as neither.
    @Test func aDrawingCutAtALevelAssertsNoFileThere() throws {
        let cut = "```console\n$ tree -L 2\n.\n├── src\n│   ├── lib\n│   └── main.go\n└── go.mod\n```\n"
        #expect(try read(cut) == ["src [folder] +", "  lib", "  main.go", "go.mod [mod]"])
        let rooted = "```\n$ eza --tree --level=1 app\napp\n├── routes\n└── server.ts\n```\n"
        #expect(try read(rooted) == ["app [folder] +", "  routes", "  server.ts"])
        let prompts = "```\nuser@host:~/app$ tree -dL 1\n.\n└── src\n```\n\n```\n➜  app tree -aL1\napp\n└── lib\n```\n"
        #expect(try read(prompts) == ["src"])
        let f = Folder()
        #expect(lines(try Scenario.imported(from: f.write("p.md", prompts), options: ImportOptions(source: TreeSourceOptions(tree: 2)))) == ["app [folder] +", "  lib"])
        let sizes = "```\n$ tree -h\n.\n├── [4.0K]  src\n│   └── [ 120]  main.c\n└── 📁 assets\n```\n"
        #expect(try read(sizes) == ["src [folder] +", "  main.c [c]", "assets [folder] +"])
        let uncut = "```\n$ tree\n.\n├── src\n│   └── lib\n└── go.mod\n```\n"
        #expect(try read(uncut) == ["src [folder] +", "  lib [file]", "go.mod [mod]"])
    }

    /// A plain list keeps its items whole; a name that can be a file's, or is
    /// marked out, is split from its note; task boxes are checks; an mdBook
    /// draft chapter is one name; an emoji before a name is the page's icon.
    @Test func listsAreReadByWhatTheyAre() throws {
        let f = Folder()
        let guide = f.write(
            "guide.md",
            "- Getting started\n  - Create a Page\n  - [Draft chapter]()\n  - [Deploy](deploy.md) to the web\n  - app.js the entry\n"
                + "  - Makefile  builds it\n  - LICENSE (MIT)\n")
        #expect(
            lines(try Scenario.imported(from: guide)) == [
                "Getting started [folder] +", "  Create a Page [file]", "  Draft chapter [file]", "  Deploy  to the web [file]", "  app.js  the entry [js]",
                "  Makefile  builds it [file]", "  LICENSE  (MIT) [file]",
            ])
        let tasks = f.write("tasks.md", "- [x] Write the docs\n  - [ ] Review them\n- 📁 **src/**\n  - 📄 main.c\n- 📂 assets\n")
        let s = try Scenario.imported(from: tasks)
        #expect(
            lines(s) == ["Write the docs [folder] +", "  Review them [file]", "src [folder] + #", "  main.c [c]", "assets [folder] +"])
        #expect(s.nodes.map(\.checked) == [true, false, false, false, false] && s.style.checkboxes == true)
        let fileTree = f.write("ft.mdx", "<FileTree>\n- Create a Page\n</FileTree>\n")
        #expect(lines(try Scenario.imported(from: fileTree)) == ["Create  a Page [file]"])
    }
}
