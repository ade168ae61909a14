import Foundation
import Testing
import UnfoldSupport

@testable import ScenarioFormat
@testable import UnfoldTreeSources

/// The trees docs pages hold, read as a person reads them: a `tree` drawing
/// in a code block, a `<FileTree>` block picked by its number, and an error
/// that lists what the page has when it holds no tree.
@Suite struct PageTreeTests {
    /// As Docusaurus's installation page keeps its tree: prose bullets first,
    /// then `tree` output in a `bash` block.
    static let installation = """
        # Installation

        - Node.js version 24.14 or above (which can be checked by running `node -v`).
        - When installing Node.js, check all the checkboxes related to dependencies.

        ```bash
        my-website
        ├── blog
        │   ├── 2019-05-28-hola.md
        │   └── 2021-08-26-welcome
        │       └── index.md
        ├── docs/             # the pages
        │   └── intro.md
        ├── package.json
        └── sidebars.js       // the sidebar
        ```
        """

    @Test func aTreeDrawingInACodeBlockIsReadNotTheProseList() throws {
        let f = Folder()
        let path = f.write("installation.mdx", Self.installation)
        let s = try Scenario.imported(from: path)
        #expect(
            lines(s) == [
                "my-website [folder] +", "  blog [folder] +", "    2019-05-28-hola.md [md]", "    2021-08-26-welcome [folder] +",
                "      index.md [md]", "  docs  the pages [folder] +", "    intro.md [md]", "  package.json [json]", "  sidebars.js  the sidebar [js]",
            ])
        #expect(s.origin == "\(path):6: tree drawing 1 of 1, 9 rows")
        #expect(s.nodeLocations[1].line == 8)
    }

    @Test func asciiDrawingsAndTreesOfTheCurrentFolderToo() throws {
        let f = Folder()
        let ascii = f.write("a.md", "```\n.\n|-- src\n|   `-- main.c\n`-- Makefile\n\n2 directories, 2 files\n```\n")
        #expect(lines(try Scenario.imported(from: ascii)) == ["src [folder] +", "  main.c [c]", "Makefile [file]"])
    }

    /// In a code block a name is literal (`__init__.py` is no bold), a note
    /// comes after any of the marks pages use, `tree -F`'s marks go, and a
    /// drawing indented in a list is read as it is drawn.
    @Test func namesAreLiteralAndNotesFollowAnyMark() throws {
        let f = Folder()
        let page = """
            - The layout:

              ```
              ./
              ├── __init__.py
              ├── __tests__/        <- Jest's tests
              ├── components/   👈 the UI
              ├── run.sh*
              ├── latest@ -> v2
              └── notes.md  ← read me
              ```
            """
        let path = f.write("layout.md", page)
        #expect(
            lines(try Scenario.imported(from: path)) == [
                "__init__.py [py]", "__tests__  Jest's tests [folder] +", "components  👈 the UI [folder] +", "run.sh [sh]", "latest [file]",
                "notes.md  read me [md]",
            ])
        let rooted = f.write("rooted.md", "Install:\n\n   ```\n   src\n   └── main.c\n   ```\n")
        #expect(lines(try Scenario.imported(from: rooted)) == ["src [folder] +", "  main.c [c]"])
    }

    /// Windows' `tree /F`, box drawing and ASCII (`/A`): folders on branches, files under the bars.
    @Test func windowsTreeOutputIsRead() throws {
        let f = Folder()
        let box = """
            Folder PATH listing for volume OS
            Volume serial number is 1234-ABCD
            C:.
            │   README.md
            │
            ├───docs
            │       index.md
            │
            └───src
                │   main.py
                │
                └───utils
                        helpers.py
            """
        let expected = ["README.md [md]", "docs [folder] +", "  index.md [md]", "src [folder] +", "  main.py [py]", "  utils [folder] +", "    helpers.py [py]"]
        #expect(lines(try Scenario.imported(from: f.write("box.md", "```\n" + box + "\n```\n"))) == expected)
        let ascii = box.replacingOccurrences(of: "├───", with: "+---").replacingOccurrences(of: "└───", with: "\\---")
            .replacingOccurrences(of: "│", with: "|")
        #expect(lines(try Scenario.imported(from: f.write("ascii.md", "```\n" + ascii + "\n```\n"))) == expected)
    }

    @Test func aPageWithoutATreeSaysWhatItHas() throws {
        let f = Folder()
        let path = f.write("prose.md", "# Hi\n\n- Install it first.\n- Then run it.\n\n```bash\nnpm install\n```\n")
        let e = try #require(f.errorImporting(path))
        #expect(
            e.message == "the Markdown file has no tree: line 3: a list of 2 items, not nested; line 6: a code block (bash) with no tree drawing")
        #expect(e.hint.contains("--list N"))
        // Asked for, a flat list is read as it is.
        #expect(lines(try Scenario.imported(from: path, options: ImportOptions(source: TreeSourceOptions(list: 1)))) == ["Install it first. [file]", "Then run it. [file]"])
    }

    @Test func theFileTreeBlockIsPickedByItsNumber() throws {
        let f = Folder()
        let path = f.write(
            "i18n.mdx",
            "<FileTree>\n- src/\n  - a.md\n</FileTree>\n\nText\n\n<FileTree>\n- docs/\n  - en/\n  - ko/\n</FileTree>\n")
        let first = try Scenario.imported(from: path)
        #expect(lines(first).first == "src [folder] +" && first.origin == "\(path):2: <FileTree> 1 of 2, 2 rows")
        let second = try Scenario.imported(from: path, options: ImportOptions(source: TreeSourceOptions(fileTree: 2)))
        #expect(lines(second).first == "docs [folder] +" && second.origin == "\(path):9: <FileTree> 2 of 2, 3 rows")
        #expect(f.errorImporting(path, ImportOptions(source: TreeSourceOptions(fileTree: 3)))?.message == "there is no <FileTree> 3: \(path) has 2 <FileTree>s")
        // A scenario names it as `filetree:`.
        #expect(lines(try f.scenario("{markdown: i18n.mdx, filetree: 2}")).first == "docs [folder] +")
    }

    /// `--tree N` (`tree:` in `source:`) counts every tree of the page in
    /// page order, whatever its form; a number past them lists them all.
    @Test func everyTreeOfAPageIsCountedInPageOrder() throws {
        let f = Folder()
        let page = """
            # Guide

            1. Install the app.
            2. Run it.

            ```
            my-app/
            ├── src/
            │   └── main.rs
            └── Cargo.toml
            ```

            - docs/
              - intro.md

            <FileTree>
            - a/
              - b
            </FileTree>
            """
        let path = f.write("guide.md", page)
        let drawing = try Scenario.imported(from: path, options: ImportOptions(source: TreeSourceOptions(tree: 1)))
        #expect(lines(drawing).first == "my-app [folder] +" && drawing.origin == "\(path):6: tree 1 of 3, 4 rows")
        #expect(lines(try Scenario.imported(from: path, options: ImportOptions(source: TreeSourceOptions(tree: 3)))) == ["a [folder] +", "  b [file]"])
        #expect(
            f.errorImporting(path, ImportOptions(source: TreeSourceOptions(tree: 4)))?.message
                == "there is no tree 4: \(path) has 3 trees: line 6: a tree drawing of 4 entries; line 13: a list of 2 entries; "
                + "line 17: a <FileTree> block of 2 entries")
        #expect(f.errorImporting(path, ImportOptions(source: TreeSourceOptions(tree: 1, list: 1)))?.message.hasPrefix("more than one of a tree's") == true)
        // A scenario names it as `tree:` beside `markdown:`.
        #expect(lines(try f.scenario("{markdown: guide.md, tree: 2}")).first == "docs [folder] +")
    }

    /// Nextra's `<FileTree>` of tags and Fumadocs' `<Files>`: entries nested
    /// as the tags nest, a folder closed unless `defaultOpen`, names with
    /// spaces kept whole; both are trees of the page, counted by `--tree`.
    @Test func componentTreesOfNextraAndFumadocsAreRead() throws {
        let f = Folder()
        let page = """
            <FileTree>
              <FileTree.Folder name="pages" defaultOpen>
                <FileTree.File name="_meta.js" />
                <FileTree.Folder name="fruits">
                  <FileTree.File name="apple.mdx" />
                </FileTree.Folder>
                <FileTree.File name="index.mdx" />
              </FileTree.Folder>
            </FileTree>

            <Files>
              <Folder name='app' defaultOpen={true}>
                <File name="my page.tsx" />
                <Folder name="empty" />
              </Folder>
              <File name="package.json" />
            </Files>
            """
        let path = f.write("files.mdx", page)
        let nextra = try Scenario.imported(from: path, options: ImportOptions(still: true))
        #expect(
            lines(nextra) == [
                "pages [folder] +", "  _meta.js [js]", "  fruits [folder] +", "    apple.mdx [mdx]", "  index.mdx [mdx]",
            ], "\(lines(nextra))")
        #expect(nextra.origin == "\(path):2: <FileTree> 1 of 2, 5 rows")
        let opened = try MarkdownTree.read(path, choice: .init(), at: ScenarioLocation(file: path, line: 0, column: 0))
        #expect(opened.nodes.map(\.expanded) == [true, false, false, false, false])
        // A tree on one line closes its block: the list after it is a list again.
        let one = f.write("one.mdx", "<FileTree><FileTree.Folder name=\"a\"><FileTree.File name=\"b.md\" /></FileTree.Folder></FileTree>\n\n- x\n- y\n")
        #expect(lines(try Scenario.imported(from: one, options: ImportOptions(still: true))) == ["a [folder] +", "  b.md [md]"])
        #expect(
            f.errorImporting(one, ImportOptions(source: TreeSourceOptions(tree: 3)))?.message.hasSuffix("line 1: a <FileTree> block of 2 entries; line 3: a list of 2 entries")
                == true)
        let fumadocs = try Scenario.imported(from: path, options: ImportOptions(source: TreeSourceOptions(tree: 2), still: true))
        #expect(lines(fumadocs) == ["app [folder] +", "  my page.tsx [tsx]", "  empty [folder]", "package.json [json]"], "\(lines(fumadocs))")
    }

    /// Fences as CommonMark reads them: a longer fence holds a shorter one,
    /// a block left open runs to the end, and the prompt line is no entry.
    @Test func fencesNestCloseAtTheEndAndSkipThePrompt() throws {
        let f = Folder()
        // The outer four-backtick block shows a fenced example; the real tree comes after it.
        let nested = f.write("n.md", "````md\n```\nnot a tree\n```\n````\n\n```\n$ tree\n.\n├── a\n└── b\n")
        #expect(lines(try Scenario.imported(from: nested)) == ["a [file]", "b [file]"])
        let inline = f.write("i.md", "```tree``` is a command.\n\n- src/\n  - a.md\n")
        #expect(lines(try Scenario.imported(from: inline)).first == "src [folder] +")
        #expect(
            f.errorImporting(nested, ImportOptions(source: TreeSourceOptions(list: 1, fileTree: 1)))?.message
                == "more than one of a tree's, a list's and a <FileTree> block's numbers were given")
    }

    /// The alt text names the top of the tree: its top-level names, or
    /// under one root, the root and what it holds (the root alone says
    /// little: every project's tree has one).
    @Test func theAltTextNamesWhatTheTopHolds() throws {
        let f = Folder()
        let oneRoot = try Scenario.imported(from: f.write("one.md", "- site/\n  - docs/\n    - a.md\n  - src/\n  - tests/\n  - b/\n  - README.md\n"))
        #expect(oneRoot.altText == "A tree of 7 entries: site, holding docs, src, tests and 2 more")
        let several = try Scenario.imported(from: f.write("two.md", "- src/\n  - a.c\n- README.md\n"))
        #expect(several.altText == "A tree of 3 entries: src and README.md")
        #expect(try Scenario.imported(from: f.write("leaf.md", "- README.md\n- LICENSE\n")).altText == "A tree of 2 entries: README.md and LICENSE")
        #expect(try Scenario.imported(from: f.write("alone.md", "- a/\n")).altText == "A tree of 1 entry: a")
    }

    /// A page with one tree and nothing else says nothing about its choice.
    @Test func aPageWithOneTreeNeedsNoWordOnWhatWasRead() throws {
        let f = Folder()
        #expect(try Scenario.imported(from: f.write("t.md", "- src/\n  - a.md\n")).origin == nil)
    }
}

extension Folder {
    func errorImporting(_ path: String, _ options: ImportOptions = ImportOptions()) -> ScenarioError? {
        do {
            _ = try Scenario.imported(from: path, options: options)
            return nil
        } catch { return error }
    }
}

/// A page's lines are split where `split(whereSeparator: \.isNewline)`
/// splits them, with the same numbers, without an array of them.
@Suite struct TextLinesTests {
    @Test func linesAreSplitAtEveryLineEndAsSplitDoes() {
        let texts = [
            "", "a", "a\n", "\n\n", "a\r\nb", "a\rb\n\rc", "a\u{0B}b\u{0C}c", "a\u{85}b", "a\u{2028}b\u{2029}c", "é\r\n👍🏽\n  - x",
            "\r", "\r\n", "a\u{2027}b\u{80}c",
        ]
        for text in texts {
            let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().map { "\($0.offset + 1):\($0.element)" }
            #expect(TextLines(text).map { "\($0.number):\($0.line)" } == expected, "\(text.debugDescription)")
        }
    }
}
