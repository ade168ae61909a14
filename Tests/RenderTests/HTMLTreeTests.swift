import Foundation
import OutlineAppearance
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldSupport

@testable import UnfoldRender
@testable import UnfoldSVG

/// The live tree (`--outputs html`): its structure without a script, its
/// state, that it stays self-contained and inert whatever the tree says, and
/// its bytes. (Its keyboard, its accessibility and its likeness to the PNG
/// are checked in headless Chromium: scripts/check-html.py.)
@Suite struct HTMLTreeTests {
    let yaml = """
        name: live
        canvas: { width: 420, height: fit, scale: 2 }
        style: { checkboxes: true }
        tree:
          - id: src
            title: src
            expanded: true
            children:
              - { id: main, title: "<script>alert(1)</script> & \\"x\\"", annotation: "the </ul> entry", checked: true }
              - id: lib
                title: lib
                children:
                  - { id: deep, title: deep.swift, highlighted: true }
          - { id: readme, title: README.md }
        steps:
          - collapse: src
        """

    func html(_ yaml: String? = nil, theme: Scenario.Theme? = nil, workers: Int = 1, site: PictureSnippet.Site? = nil, file: String = "outline.html") throws -> String {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.html]
        options.theme = theme
        options.workers = workers
        options.liveTree = site?.liveTree
        let result = try ScenarioRenderer.render(try Scenario.parse(yaml ?? self.yaml, file: "live.yaml"), options: options)
        #expect(result.files.map(\.path) == ["outline.html"] + [site?.liveTree?.pieceFile].compactMap { $0 })
        return String(decoding: try #require(result.files.first { $0.path == file }).bytes, as: UTF8.self)
    }

    /// Every row is a list item, nested as the tree is; folders are
    /// `<details>`, open as the first state has them (the steps are the
    /// reader's to take), closed folders' rows there all the same.
    @Test func foldersAreDetailsOpenAsTheFirstStateHasThem() throws {
        let page = try html()
        #expect(page.components(separatedBy: "<li").count - 1 == 5)
        #expect(page.components(separatedBy: "<details").count - 1 == 2)
        #expect(page.contains("<details open><summary"))
        #expect(page.contains("<details><summary"), "lib is closed in the first state")
        #expect(page.contains(">deep.swift</span>"), "a closed folder's rows are in the page")
        let order = ["src", "&lt;script&gt;", "lib", "deep.swift", "README.md"].map { try? #require(page.range(of: ">\($0)")).lowerBound }
        #expect(order == order.sorted { ($0 ?? page.startIndex) < ($1 ?? page.startIndex) })
        #expect(page.contains("data-check=\"true\"") && page.contains("data-selected=\"\""))
    }

    /// A detail row is drawn in its row's item (a leaf's, and a folder's
    /// summary, so that it shows while the folder is closed), is no item of
    /// its own, and is read as the row's description.
    @Test func aDetailRowIsPartOfItsRow() throws {
        let page = try html(
            """
            name: details
            canvas: { width: 300, height: fit, scale: 1 }
            tree:
              - { id: app, title: App.swift, detail: true, detailText: a1b2c3d First }
              - { id: src, title: src, detail: true, detailText: e4f5 Second, children: [ { title: main.swift } ] }
            """)
        let tree = try #require(page.firstMatch(of: /<ul aria-label="[^"]*">(.*)<\/ul><script>/)).1
        #expect(tree.components(separatedBy: "<li").count - 1 == 3, "\(tree)")
        let leaf = try #require(tree.firstMatch(of: /^<li><div class="u[0-9a-f]{8}-r">(.*?)<\/div><\/li>/)).1
        #expect(leaf.contains(">App.swift</span>") && leaf.contains(">a1b2c3d First</span>") && !leaf.contains("<li"), "\(leaf)")
        let summary = try #require(tree.firstMatch(of: /<summary[^>]*>(.*?)<\/summary><ul>/)).1
        #expect(summary.contains(">src</span>") && summary.contains(">e4f5 Second</span>"), "\(summary)")
        #expect(summary.components(separatedBy: "-f\"/>").count == 2, "one focus ring, the row's")
        #expect(tree.matches(of: /id="u[0-9a-f]{8}-D\d+">/).count == 2)
    }

    /// Each scenario's component has a name of its own: readable for a
    /// plain name, with a hash for any other, so that no two names meet.
    @Test func eachTreeImportsUnderANameOfItsOwn() {
        #expect(LiveTreeSnippet.componentName("docs-tree2") == "UnfoldDocsTree2")
        let names = ["a-b", "a_b", "ab", "aB", "a--b", "-ab", "数", "木", "1a", "a-1"].map(LiveTreeSnippet.componentName)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }, "\(names)")
    }

    /// The file is a page of its own (what a checker of whole pages asks
    /// for), the tree in it between two comments, to paste.
    @Test func aPageOfItsOwnAroundThePieceToPaste() throws {
        let page = try html()
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"und\"><head><meta charset=\"utf-8\"><title>A tree of 5 entries"))
        #expect(page.contains("<main><h1 class=\"unfold-heading\">A tree of 5 entries") && page.hasSuffix("</main></body></html>\n"))
    }

    /// What a tree says is text: escaped, never markup; nothing outside the
    /// file is referred to; the one script is the project's.
    @Test func hostileNamesStayTextAndTheFileSelfContained() throws {
        let page = try html()
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
        #expect(page.contains("the &lt;/ul&gt; entry"))
        let bidi = try html(yaml.replacingOccurrences(of: "title: README.md", with: "title: \"txt.\\u202Eexe\""))
        #expect(bidi.contains("txt.&#x202E;exe") && !bidi.contains("\u{202E}"), "what reorders text is a reference, inert in a terminal")
        #expect(page.components(separatedBy: "<script").count == 2 && page.contains("<script>\(HTMLTreeScript.source)</script>"))
        let references = page.matches(of: /(?:href=|src=|url\()"?([^")]*)/).map { String($0.1) }
        #expect(!references.isEmpty && references.allSatisfy { $0.hasPrefix("#") }, "\(references.filter { !$0.hasPrefix("#") })")
        #expect(!page.contains("@import") && !page.contains("javascript:") && !page.contains("http"))
    }

    /// Every name is in the tree's namespace, a hash of what it draws and of
    /// the scenario's name: two trees on one page share none (two scenarios
    /// of one tree neither), the same tree is the same bytes.
    @Test func namesAreTheTreesOwnAndTheBytesTheSame() throws {
        let page = try html(), other = try html(yaml.replacingOccurrences(of: "README.md", with: "LICENSE"))
        let namespace = try #require(page.firstMatch(of: /data-unfold-tree="(u[0-9a-f]{8}-)"/)).1
        let otherNamespace = try #require(other.firstMatch(of: /data-unfold-tree="(u[0-9a-f]{8}-)"/)).1
        let renamed = try html(yaml.replacingOccurrences(of: "name: live", with: "name: twin"))
        let renamedNamespace = try #require(renamed.firstMatch(of: /data-unfold-tree="(u[0-9a-f]{8}-)"/)).1
        #expect(namespace != otherNamespace && namespace != renamedNamespace, "the same tree of two scenarios shares no name")
        #expect(!page.contains("\u{1}"), "no stand-in namespace is left")
        let start = try #require(page.range(of: "<!-- unfold tree -->\n")), end = try #require(page.range(of: "<!-- /unfold tree -->"))
        let tree = page[start.upperBound ..< end.lowerBound]
        #expect(tree.hasPrefix("<div class=\"\(namespace)tree\"") && tree.hasSuffix("</script></div>\n"))
        let classes = tree.matches(of: /class="([^"]*)"/).flatMap { $0.1.split(separator: " ") }
        #expect(!classes.isEmpty && classes.allSatisfy { $0.hasPrefix(namespace) }, "\(classes.filter { !$0.hasPrefix(namespace) })")
        let ids = tree.matches(of: /id="([^"]*)"/).map(\.1)
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix(namespace) } && Set(ids).count == ids.count)
        let again = try html(), twoWorkers = try html(workers: 2)
        #expect(page == again && page == twoWorkers)
    }

    /// Both themes unless one is fixed; the canvas's colour follows them.
    @Test func bothThemesUnlessOneIsFixed() throws {
        #expect(try html().contains("@media (prefers-color-scheme:dark){.u"))
        let dark = try html(theme: .dark)
        let light = try html(theme: .light)
        #expect(!dark.contains("prefers-color-scheme") && dark != light)
    }

    /// The scenario's animation: its duration and easing, at once for a reader who asked for less motion.
    @Test func opensAndClosesWithTheScenariosAnimation() throws {
        let animation = "\nanimation: { frames: 11, frameDelay: 30, easing: easeOut, style: slide }"
        let page = try html(yaml.replacingOccurrences(of: "style: { checkboxes: true }", with: "style: { checkboxes: true }" + animation))
        #expect(page.contains("data-ms=\"300\" data-motion=\"slide\" data-easing=\"cubic-bezier(.33,1,.68,1)\""), "\(page.prefix(400))")
        #expect(page.contains("transition:transform 300ms cubic-bezier(.33,1,.68,1)") && page.contains("prefers-reduced-motion:reduce"))
    }

    /// A site's own theme switch replaces the reader's system theme: its
    /// root's selector before each rule of the other theme.
    @Test func aSitesOwnThemeSwitch() throws {
        let page = try html(site: .vitepress)
        #expect(!page.contains("prefers-color-scheme") && page.contains(":root.dark .u") && page.contains("<script>"))
        #expect(try html(site: .docusaurus).contains("[data-theme=\"dark\"] .u"))
    }

    /// For MDX pages (Starlight, Docusaurus), the same tree as JSX: no
    /// comment, no script, `className`, the style as a template literal,
    /// every word of the tree a string expression (MDX reads none as
    /// Markdown: `__init__.py` stays a name, never bold).
    @Test func theMDXFormIsJSX() throws {
        let braces = yaml.replacingOccurrences(of: "title: README.md", with: "title: \"{name}.md\"")
            .replacingOccurrences(of: "title: lib\n", with: "title: __init__.py\n")
        let mdx = try html(braces, site: .starlight, file: "outline.mdx")
        #expect(!mdx.contains("<!--") && !mdx.contains("<script") && !mdx.contains(" class=\"") && mdx.contains(" className=\""))
        #expect(mdx.contains("<style>{`.u") && mdx.contains("}`}</style>") && mdx.contains(#">{"\u007Bname\u007D.md"}</span>"#))
        #expect(mdx.contains(#">{"__init__.py"}</span>"#) && mdx.contains(#"<ul aria-label={"A tree of 5 entries"#))
        #expect(mdx.contains(#"{"\u003Cscript\u003Ealert(1)\u003C/script\u003E \u0026 \"x\""}"#))
        let outside = mdx.replacing(/<style>\{`[^`]*`\}<\/style>/, with: "").replacing(/\{"(?:[^"\\]|\\.)*"\}/, with: "")
        #expect(!outside.contains("{") && !outside.contains("}") && !outside.contains("__init__"))
        #expect(mdx.contains(":root[data-theme=\"dark\"] .u"))
        let page = try html(braces, site: .starlight)
        #expect(page.contains("<script>") && page.contains(" class=\"") && page.contains("{name}.md"))
    }

    /// For VitePress, a Vue component: the tree in its template under
    /// `v-pre` (a name's `{{ }}` is text, never an expression), its style
    /// in the component's, no script.
    @Test func theVitePressFormIsAVueComponent() throws {
        let mustache = yaml.replacingOccurrences(of: "title: README.md", with: "title: \"{{ constructor }}.md\"")
        let vue = try html(mustache, site: .vitepress, file: "outline.vue")
        #expect(vue.hasPrefix("<template><div class=\"u") && vue.contains(" v-pre><svg") && vue.contains("</ul></div></template>\n<style>.u"))
        #expect(!vue.contains("<script") && vue.hasSuffix("</style>\n") && vue.contains("{{ constructor }}.md"))
    }

    /// A right-to-left tree turns its chevrons the other way and says its direction.
    @Test func rightToLeftTurnsTheOtherWay() throws {
        let page = try html(yaml.replacingOccurrences(of: "canvas: { width: 420,", with: "canvas: { direction: rtl, width: 420,"))
        #expect(page.contains(" dir=\"rtl\"") && page.contains("rotate(-90deg)"))
    }
}
