import Foundation
import Testing
import UnfoldSupport

@testable import ScenarioFormat
@testable import UnfoldTreeSources

/// Trees on pages in the docs markups beside Markdown, read as their
/// readers see them: reStructuredText (Sphinx), AsciiDoc (Antora), Org, and
/// the tables of contents of Sphinx and mdBook. Each page is written for
/// the test, in the way such sites write their layouts.
@Suite struct MarkupPageTests {
    @Test func anRSTLiteralBlockHoldsTheDrawingNotTheProseList() throws {
        let f = Folder()
        let path = f.write(
            "layout.rst",
            """
            Project layout
            ==============

            - Install the package first.
            - Then make a project.

            The project looks like this::

                mysite/
                ├── manage.py
                └── mysite/
                    ├── settings.py   # the settings
                    └── urls.py

            Read on.
            """)
        let s = try Scenario.imported(from: path)
        #expect(
            lines(s) == [
                "mysite [folder] +", "  manage.py [py]", "  mysite [folder] +", "    settings.py  the settings [py]", "    urls.py [py]",
            ])
        #expect(s.origin == "\(path):7: tree drawing 1 of 1, 5 rows")
        #expect(s.nodeLocations[1].line == 10)
    }

    /// A `code-block` with its options, and Django's tree drawn by indentation alone.
    @Test func anRSTCodeBlockWithOptionsAndAnIndentationTree() throws {
        let f = Folder()
        let page = """
            .. note:: Names are case-sensitive.

            .. code-block:: text
               :caption: The layout

               mysite/
                   manage.py
                   mysite/
                       __init__.py
                       settings.py
            """
        #expect(
            f.rows(f.write("django.rst", page)) == [
                "mysite [folder] +", "  manage.py [py]", "  mysite [folder] +", "    __init__.py [py]", "    settings.py [py]",
            ])
    }

    /// A nested bullet list, with rST's literals and links: the name is what the reader sees.
    @Test func anRSTListKeepsItsMarksOut() throws {
        let f = Folder()
        let page = """
            * ``docs/``

              * ``conf.py`` -- the configuration
              * `Index <index.html>`_
              * :doc:`The guide <guide>`

            * **README.rst**
            """
        #expect(
            f.rows(f.write("list.rst", page)) == [
                "docs [folder] +", "  conf.py  -- the configuration [py]", "  Index [file]", "  The guide [file]", "README.rst [rst] #",
            ])
    }

    /// Sphinx's own folders keep their `_` (a link's `_` comes after a
    /// closing backtick), and a literal block opened by an item's own line
    /// ends where the item's text goes on.
    @Test func anRSTItemsLiteralBlockAndUnderscoredNames() throws {
        let f = Folder()
        let names = "* ``docs/``\n\n  * ``_static/``\n  * ``_build/``\n  * `Guide <guide.html>`_\n"
        #expect(f.rows(f.write("names.rst", names)) == ["docs [folder] +", "  _static [folder] +", "  _build [folder] +", "  Guide [file]"])
        let item = "- Layout::\n\n      src/\n      └── a.py\n\n  More about it.\n- docs/\n"
        #expect(f.rows(f.write("item.rst", item)) == ["src [folder] +", "  a.py [py]"])
        // A toctree with no entries is no tree; the page's other tree is read.
        let empty = ".. toctree::\n   :hidden:\n\nText::\n\n    app/\n        main.py\n        util.py\n"
        #expect(f.rows(f.write("empty.rst", empty)) == ["app [folder] +", "  main.py [py]", "  util.py [py]"])
    }

    /// What a reader never sees is no tree (an Org comment, an AsciiDoc
    /// comment block), and an Org quote's list is the page's; a Markdown
    /// README without an extension is not taken for AsciiDoc for its `----`.
    @Test func hiddenBlocksAreNoTreesAndQuotesArePageText() throws {
        let f = Folder()
        let org = "#+begin_comment\n- old/\n  - a.el\n#+end_comment\n#+begin_quote\n- lisp/\n  - b.el\n#+end_quote\n"
        #expect(f.rows(f.write("quote.org", org)) == ["lisp [folder] +", "  b.el [el]"])
        let adoc = "= Layout\n\n////\n* old/\n** a.rb\n////\n\n* lib/\n** b.rb\n"
        #expect(f.rows(f.write("comment.adoc", adoc)) == ["lib [folder] +", "  b.rb [rb]"])
        let readme = f.write("README", "Title\n\n----\n\n- src/\n  - main.c\n    - deep.h\n")
        #expect(try TreeSourceKind.of(file: readme)?.key == "markdown")
    }

    @Test func aTocTreeIsTheListOfItsPages() throws {
        let f = Folder()
        let page = """
            Welcome
            =======

            .. toctree::
               :maxdepth: 2
               :caption: Contents

               install
               Getting started <guide/start>
               api/*

            Indices
            -------
            """
        let path = f.write("index.rst", page)
        let s = try Scenario.imported(from: path)
        #expect(lines(s) == ["install [file]", "Getting started [file]", "api/* [file]"])
        #expect(s.nodeLocations.map(\.line) == [8, 9, 10])
        // MyST writes the same in a fence, its options as YAML.
        let myst = "```{toctree}\n---\nmaxdepth: 1\n---\ninstall\nUsage <usage>\n```\n"
        #expect(f.rows(f.write("index.md", myst)) == ["install [file]", "Usage [file]"])
    }

    @Test func anRSTPageWithoutATreeSaysWhatItHasAndHowToWriteOne() throws {
        let f = Folder()
        let path = f.write("prose.rst", "Setup\n=====\n\n- Install it first.\n- Then run it.\n\n.. code-block:: bash\n\n   pip install it\n")
        let e = try #require(f.errorImporting(path))
        #expect(
            e.message
                == "the reStructuredText page has no tree: line 4: a list of 2 items, not nested; line 7: a code block (bash) with no tree drawing")
        #expect(e.hint.contains("a line ending in `::`") && e.hint.contains(".. toctree::") && e.hint.contains("--list N"))
    }

    @Test func anAsciiDocListingBlockAndANestedList() throws {
        let f = Folder()
        let page = """
            = Antora layout
            :navtitle: Layout

            * Make the component first.
            * Then add pages.

            .The files
            [source,text]
            ----
            docs/
            ├── antora.yml
            └── modules/
                └── ROOT/
            ----
            """
        let path = f.write("layout.adoc", page)
        #expect(lines(try Scenario.imported(from: path)) == ["docs [folder] +", "  antora.yml [yml]", "  modules [folder] +", "    ROOT [folder] +"])
        let list = """
            * `modules/`
            ** *nav.adoc* -- the navigation
            ** xref:pages/index.adoc[The start page]
            * link:README.adoc[README]
            """
        #expect(
            f.rows(f.write("list.adoc", list)) == [
                "modules [folder] +", "  nav.adoc  -- the navigation [adoc] #", "  The start page [file]", "README [file]",
            ])
        let e = try #require(f.errorImporting(f.write("prose.adoc", "= Setup\n\n....\nnpm install\n....\n")))
        #expect(e.message == "the AsciiDoc page has no tree: line 3: a code block with no tree drawing")
        #expect(e.hint.contains("a `----` line"))
    }

    @Test func anOrgExampleBlockAndAPlainList() throws {
        let f = Folder()
        let page = """
            #+title: Layout
            * The layout
            #+BEGIN_EXAMPLE
            init.el
            lisp/
            |-- setup.el
            `-- keys.el
            #+END_EXAMPLE
            """
        #expect(f.rows(f.write("layout.org", page)) == ["init.el [el]", "lisp [folder] +", "  setup.el [el]", "  keys.el [el]"])
        // A headline at the margin is no item; a plain list under it is the tree.
        let list = "* Files\n- =lisp/=\n  - [X] [[file:setup.el][setup.el]]\n  - *keys.el* the bindings\n"
        #expect(f.rows(f.write("list.org", list)) == ["lisp [folder] +", "  setup.el [el]", "  keys.el  the bindings [el] #"])
        let e = try #require(f.errorImporting(f.write("prose.org", "* Setup\n#+begin_src sh\nmake\n#+end_src\n")))
        #expect(e.message == "the Org page has no tree: line 2: a code block (sh) with no tree drawing")
        #expect(e.hint.contains("#+begin_example"))
    }

    /// A mark that is not one in the page's markup is text, in Markdown as
    /// escaped (`\_`) and in the others as written (`*` with nothing to pair).
    @Test func marksThatPairNothingAreText() throws {
        let f = Folder()
        #expect(f.rows(f.write("escaped.md", "- site/\n  - \\_config.yml\n  - \\*draft\\* notes\n")) == ["site [folder] +", "  _config.yml [yml]", "  *draft* notes [file]"])
        #expect(f.rows(f.write("plain.org", "- lisp/\n  - a.el  *not bold and _not_ a mark\n")) == ["lisp [folder] +", "  a.el  *not bold and _not_ a mark [el]"])
    }

    /// In a `<FileTree>`, a name with spaces is quoted, as Starlight reads it.
    @Test func aFileTreeQuotesANameWithSpaces() throws {
        let f = Folder()
        let page = "<FileTree>\n- docs/\n  - \"READ ME.md\" the first page\n  - “My Notes/”\n</FileTree>\n"
        #expect(f.rows(f.write("quoted.mdx", page)) == ["docs [folder] +", "  READ ME.md  the first page [md]", "  My Notes [folder] +"])
    }

    /// mdBook's `SUMMARY.md`: the book's title is no row, the prefix
    /// chapter, the numbered ones with their sub-chapters, the parts, a
    /// draft and the suffix chapter (in no part) are.
    @Test func anMdBookSummaryIsItsChapters() throws {
        let f = Folder()
        let page = """
            # Summary

            [Introduction](README.md)

            # User guide

            - [Installation](guide/install.md)
            - [Reading books](guide/reading.md)
                - [Keys](guide/keys.md)

            ---

            # Reference

            - [Draft chapter]()

            ---

            [Contributors](misc/contributors.md)
            """
        let s = try Scenario.imported(from: f.write("SUMMARY.md", page))
        #expect(
            lines(s) == [
                "Introduction [file]", "User guide [folder] +", "  Installation [file]", "  Reading books [folder] +", "    Keys [file]",
                "Reference [folder] +", "  Draft chapter [file]", "Contributors [file]",
            ])
    }

    /// A file without an extension is read as the markup its start shows.
    @Test func theMarkupIsKnownByItsStart() throws {
        #expect(RSTPage.looksLikeAPage(".. toctree::\n") && !RSTPage.looksLikeAPage("- a\n"))
        #expect(AsciiDocPage.looksLikeAPage("= Title\n") && !AsciiDocPage.looksLikeAPage("# Title\n"))
        #expect(OrgPage.looksLikeAPage("#+TITLE: x\n") && !OrgPage.looksLikeAPage("* x\n"))
        let f = Folder()
        #expect(try TreeSourceKind.of(file: f.write("LAYOUT", "= Layout\n\n* src/\n** a.rb\n"))?.key == "asciidoc")
    }
}

extension Folder {
    /// The rows of the tree read from `path`, as `lines` shows them.
    func rows(_ path: String) -> [String] {
        do { return lines(try Scenario.imported(from: path)) } catch { return ["error: \(error.message)"] }
    }
}
