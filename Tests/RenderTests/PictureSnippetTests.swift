import Foundation
import Testing
import UnfoldRender

/// The snippet a writer pastes: the picture a reader should see, sized in
/// CSS pixels, escaped, in one theme or both.
@Suite struct PictureSnippetTests {
    /// A folder holding files whose PNG headers say these sizes (nothing else is read).
    private func folder(_ sizes: [String: (Int, Int)], also: [String] = []) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-snippet-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, size) in sizes {
            let be = { (n: Int) in [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] }
            let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(size.0) + be(size.1)
            try Data(header).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        for name in also { try Data().write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    @Test func theFullyOpenStateAtItsCSSSizeAsSVGWhereWritten() throws {
        let path = try folder(["state-00.png": (200, 80), "state-01.png": (200, 241), "state-02.png": (200, 80)], also: ["state-01.svg"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let files = ["state-00.png", "state-01.png", "state-02.png", "state-01.svg"]
        #expect(PictureSnippet.picture(in: path, files: files, scale: 2) == .init(file: "state-01.svg", width: 100, height: 121))
        #expect(PictureSnippet.picture(in: path, files: ["state-00.png", "state-01.png"], scale: 1)?.file == "state-01.png")
        #expect(PictureSnippet.picture(in: path, files: ["updates.json"], scale: 2) == nil)
    }

    @Test func theAnimationWhenThereIsOne() throws {
        let path = try folder(["state-00.png": (200, 80), "animation.png": (200, 300)], also: ["animation.svg"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let picture = PictureSnippet.picture(in: path, files: ["state-00.png", "animation.png", "animation.svg"], scale: 2)
        #expect(picture == .init(file: "animation.svg", width: 100, height: 150))
    }

    /// The animation that was written, whichever: the GIF or the WebP when
    /// no animated PNG was, `animation.svg` alone at its own size.
    @Test func theGIFTheWebPOrTheSVGWhenThatIsTheAnimation() throws {
        let path = try folder(["state-00.png": (200, 80)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let le = { (n: Int, bytes: Int) in (0 ..< bytes).map { UInt8(n >> (8 * $0) & 255) } }
        try Data(Array("GIF89a".utf8) + le(200, 2) + le(300, 2)).write(to: URL(fileURLWithPath: path + "/animation.gif"))
        var webp = Array("RIFF".utf8) + le(100, 4) + Array("WEBPVP8X".utf8) + le(10, 4) + [0x12, 0, 0, 0] + le(199, 3) + le(299, 3)
        webp += [0, 0]
        try Data(webp).write(to: URL(fileURLWithPath: path + "/animation.webp"))
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="150.5" viewBox="0 0 100 150.5">"#.utf8)
            .write(to: URL(fileURLWithPath: path + "/animation.svg"))
        #expect(PictureSnippet.picture(in: path, files: ["state-00.png", "animation.gif"], scale: 2) == .init(file: "animation.gif", width: 100, height: 150))
        #expect(PictureSnippet.picture(in: path, files: ["animation.webp"], scale: 2) == .init(file: "animation.webp", width: 100, height: 150))
        #expect(PictureSnippet.picture(in: path, files: ["state-00.png", "animation.svg"], scale: 2) == .init(file: "animation.svg", width: 100, height: 151))
    }

    @Test func oneThemeIsAnImgAndTwoAPictureWithPathsEscaped() {
        let picture = PictureSnippet.Picture(file: "animation.png", width: 195, height: 120)
        #expect(
            PictureSnippet.html(picture, light: "img/a\"b", alt: "R&D")
                == "<img alt=\"R&amp;D\" src=\"img/a%22b/animation.png\" width=\"195\" height=\"120\" />")
        let both = PictureSnippet.html(picture, light: "img/a-light", dark: "my docs/a,b-dark", alt: "x")
        // A space or a comma would split `srcset`: they are percent-encoded.
        #expect(both.hasPrefix("<picture>\n") && both.contains("srcSet=\"my%20docs/a%2Cb-dark/animation.png\" />"))
        #expect(both.contains("<img alt=\"x\" src=\"img/a-light/animation.png\" width=\"195\" height=\"120\" />"))
        // MDX and JSX need every empty element closed: no tag is left open.
        for tag in ["<img ", "<source "] {
            for part in both.components(separatedBy: tag).dropFirst() { #expect(part.prefix(while: { $0 != ">" }).hasSuffix(" /")) }
        }
    }

    /// A docs site whose reader switches themes with a toggle gets that
    /// site's own switch, in its pages' markup: Starlight's classes,
    /// Docusaurus' component, VitePress' `dark` class, Material's URL ends,
    /// Sphinx themes' classes on rST images, mdBook's theme classes; every
    /// empty element closed.
    @Test func eachSiteSwitchesThemesItsOwnWay() {
        let picture = PictureSnippet.Picture(file: "animation.svg", width: 195, height: 120)
        func html(_ site: PictureSnippet.Site) -> String {
            PictureSnippet.html(picture, light: "/img/a&b-light", dark: "/img/a&b-dark", alt: "R&D \"x\"", site: site)
        }
        #expect(
            html(.starlight) == """
                <img alt="R&amp;D &quot;x&quot;" src="/img/a%26b-light/animation.svg" width="195" height="120" class="dark:sl-hidden" />
                <img alt="R&amp;D &quot;x&quot;" src="/img/a%26b-dark/animation.svg" width="195" height="120" class="light:sl-hidden" />
                """)
        #expect(html(.docusaurus).hasPrefix("<ThemedImage ") && PictureSnippet.Site.docusaurus.preamble == "import ThemedImage from '@theme/ThemedImage';")
        #expect(html(.docusaurus).contains("sources={{ light: \"/img/a%26b-light/animation.svg\", dark: \"/img/a%26b-dark/animation.svg\" }} />"))
        #expect(html(.vitepress).contains("class=\"unfold-dark\" />") && html(.vitepress).contains(":root.dark .unfold-light { display: none; }"))
        #expect(html(.github).contains("(prefers-color-scheme: dark)"))
        for site in PictureSnippet.Site.all {
            #expect(PictureSnippet.Site(name: site.name)?.name == site.name)
            for tag in ["<img ", "<source ", "<ThemedImage "] {
                for part in html(site).components(separatedBy: tag).dropFirst() { #expect(part.prefix(while: { $0 != ">" }).hasSuffix(" /")) }
            }
            // One theme is the same plain image on every site.
            #expect(PictureSnippet.html(picture, light: "img", alt: "x", site: site).hasPrefix("<img alt=\"x\" src=\"img/animation.svg\""))
        }
        #expect(
            html(.mkdocs) == """
                ![R&amp;D "x"](/img/a%26b-light/animation.svg#only-light){ width="195" height="120" }
                ![R&amp;D "x"](/img/a%26b-dark/animation.svg#only-dark){ width="195" height="120" }
                """)
        #expect(
            html(.sphinx) == """
                .. image:: /img/a&b-light/animation.svg
                   :alt: R&D "x"
                   :width: 195px
                   :height: 120px
                   :class: only-light

                .. image:: /img/a&b-dark/animation.svg
                   :alt: R&D "x"
                   :width: 195px
                   :height: 120px
                   :class: only-dark
                """)
        #expect(html(.mdbook).contains("html:is(.coal, .navy, .ayu) .unfold-light, html:not(.coal, .navy, .ayu) .unfold-dark { display: none; }"))
        #expect(html(.hugo) == html(.github))
        #expect(PictureSnippet.Site(name: "gitbook") == nil)
    }

    /// An alt text written to break out of its markup stays text: on one
    /// line under an rST directive (no line break starts another directive),
    /// escaped in a Markdown image (no `](` ends it), and a live tree's piece
    /// under rST's `raw` directive is indented whole.
    @Test func altTextStaysTextInEveryMarkup() {
        let picture = PictureSnippet.Picture(file: "state-00.png", width: 10, height: 10)
        let hostile = "a\n\n.. raw:: html\n\n   <script>x()</script>\u{2028}](javascript:x) *b* \u{202E}c"
        func html(_ site: PictureSnippet.Site) -> String { PictureSnippet.html(picture, light: "l", dark: "d", alt: hostile, site: site) }
        let rst = html(.sphinx).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rst.filter { $0.hasPrefix(".. ") }.count == 2 && rst.filter { $0.hasPrefix("   :alt: ") }.count == 2)
        #expect(!html(.sphinx).contains("\u{2028}") && !html(.sphinx).contains("\u{202E}"))
        let md = html(.mkdocs)
        #expect(md.components(separatedBy: "\n").count == 2 && md.contains("\\]\\(javascript:x\\) \\*b\\*") && !md.contains("<script"))
        // Sphinx reads a path: written as it is, its whitespace escaped (docutils drops it from a URI otherwise).
        let spaced = PictureSnippet.html(picture, light: "my docs/l", dark: "my docs/d", alt: "x", site: .sphinx)
        #expect(spaced.hasPrefix(".. image:: my\\ docs/l/state-00.png\n") && spaced.contains(".. image:: my\\ docs/d/state-00.png\n"))
        #expect(PictureSnippet.Site.sphinx.rawHTML("<div>\n\n  <p>x</p>\n</div>") == ".. raw:: html\n\n   <div>\n\n     <p>x</p>\n   </div>")
    }
}
