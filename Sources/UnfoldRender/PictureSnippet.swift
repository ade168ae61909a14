import Foundation
import ScenarioFormat
import UnfoldSVG
import UnfoldSupport

/// The HTML that shows a rendered picture on a page, ready to paste into a
/// README or a docs page: `unfold render --snippet` (and `--theme
/// light,dark`) prints it. It names the picture a reader should see (the
/// animation, else the fully open state; SVG where it was written), sizes
/// it in CSS pixels so that a 2× picture shows at the size of its text, and
/// with two themes shows the dark one as the page's site switches themes
/// (`Site`: a README's `prefers-color-scheme`, or a docs site's own toggle).
package enum PictureSnippet {
    /// A picture a page shows: its file in a render's folder, and its size in CSS pixels.
    package struct Picture: Sendable, Equatable {
        /// The file, relative to the render's folder (`animation.svg`).
        package var file: String
        /// The width in CSS pixels (the picture's pixels over its scale).
        package var width: Int
        /// The height in CSS pixels.
        package var height: Int

        /// A picture from its parts.
        package init(file: String, width: Int, height: Int) {
            self.file = file
            self.width = width
            self.height = height
        }
    }

    /// The picture of a render to show, from the files it wrote (`files`,
    /// relative to `folder`): the animation when there is one (the animated
    /// PNG, else the GIF, else the WebP), else the fully open state (the
    /// tallest still), each as SVG where that was written. Its size is read
    /// from the picture's header, over `scale`, or from the SVG when it was
    /// written alone. Nil when the render wrote no picture. O(states) headers read.
    package static func picture(in folder: String, files: [String], scale: Int) -> Picture? {
        guard scale > 0 else { return nil }
        let written = Set(files)
        func css(_ file: String, _ size: (width: Int, height: Int)) -> Picture {
            Picture(file: file, width: (size.width + scale - 1) / scale, height: (size.height + scale - 1) / scale)
        }
        let animationSVG = "animation.svg"
        let raster = ["animation.png", "animation.gif", "animation.webp"].lazy.filter(written.contains)
            .compactMap { file in headerSize(folder + "/" + file).map { css(file, $0) } }.first
        if let raster {
            return written.contains(animationSVG) ? Picture(file: animationSVG, width: raster.width, height: raster.height) : raster
        }
        // `animation.svg` written without a raster animation: its own size, in CSS pixels.
        if written.contains(animationSVG), let size = svgSize(folder + "/" + animationSVG) {
            return Picture(file: animationSVG, width: size.width, height: size.height)
        }
        // The tallest state shows the most rows: the fully open tree. The first of equals.
        var still: Picture?, tallest = 0
        for file in files.filter({ $0.hasPrefix("state-") && $0.hasSuffix(".png") }).sorted() {
            guard let size = headerSize(folder + "/" + file), size.height > tallest else { continue }
            (still, tallest) = (css(file, size), size.height)
        }
        guard let still else { return nil }
        let svg = String(still.file.dropLast(4)) + ".svg"
        return written.contains(svg) ? Picture(file: svg, width: still.width, height: still.height) : still
    }

    /// The snippet of `picture` in the folder `light` (a path as the page
    /// names it): an `<img>`, or with `dark` the two themes as `site`
    /// switches them. Paths are percent-encoded as URLs and, with `alt`,
    /// escaped for HTML attributes. The markup is HTML and MDX/JSX alike:
    /// empty elements closed with `/>`, and `srcSet` as JSX names it (HTML
    /// attribute names are read in any case). O(length).
    package static func html(_ picture: Picture, light: String, dark: String? = nil, alt: String, site: Site = .github) -> String {
        let shortAlt = bounded(alt)
        let themes = Themes(
            picture: picture, light: url(light + "/" + picture.file), dark: dark.map { url($0 + "/" + picture.file) }, alt: attribute(shortAlt),
            text: oneLine(shortAlt), paths: (light + "/" + picture.file, dark.map { $0 + "/" + picture.file }))
        guard let dark = themes.dark else { return themes.image(themes.light) }
        return site.themed(themes, dark)
    }

    /// A picture in its light and dark themes, each ready for an attribute:
    /// what a site's markup is made of.
    struct Themes {
        let picture: Picture
        let light: String
        let dark: String?
        let alt: String
        /// The alt text unescaped, on one line, without characters that reorder or break text: for markups other than HTML.
        let text: String
        /// The pictures' paths as given, not made URLs: for a markup that reads a file's path (Sphinx).
        let paths: (light: String, dark: String?)

        /// An `<img>` of the picture at `source`, with `extra` attributes (` class="…"`).
        func image(_ source: String, _ extra: String = "") -> String {
            "<img alt=\"\(alt)\" src=\"\(source)\" width=\"\(picture.width)\" height=\"\(picture.height)\"\(extra) />"
        }
    }

    /// A docs site, as far as a snippet cares: how its pages show a light
    /// picture in the light theme and a dark one in the dark theme. A site
    /// whose reader switches themes with a toggle needs the site's own
    /// switch, not the operating system's (`prefers-color-scheme`). One more
    /// site is one more value in `all`.
    package struct Site: Sendable {
        /// The name `--site` takes.
        package let name: String
        /// What a page needs once, before any picture (an import); nil for nothing.
        package let preamble: String?
        /// How its pages take a live tree (`--outputs html`): their theme
        /// switch and markup; nil where pages cannot hold one (GitHub strips
        /// styles and scripts).
        package let liveTree: HTMLTree.Host?
        /// The markup of a picture in both themes (the dark one's URL given).
        let themed: @Sendable (_ themes: Themes, _ dark: String) -> String
        /// How a page of the site holds a live tree's piece of HTML (as it is, or in rST's `raw` directive).
        package let rawHTML: @Sendable (_ piece: String) -> String

        /// GitHub and any HTML page: a `<picture>` whose dark source follows the
        /// reader's system theme, the one switch a README has.
        package static let github = Site(name: "github", liveTree: nil) { themes, dark in
            """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcSet="\(dark)" />
              \(themes.image(themes.light))
            </picture>
            """
        }
        /// Astro Starlight: two images that the theme's `sl-hidden` classes show one at a time.
        package static let starlight = Site(
            name: "starlight", liveTree: HTMLTree.Host(themes: (":root[data-theme=\"dark\"]", ":root[data-theme=\"light\"]"), jsx: true)
        ) { themes, dark in
            themes.image(themes.light, " class=\"dark:sl-hidden\"") + "\n" + themes.image(dark, " class=\"light:sl-hidden\"")
        }
        /// Docusaurus: its `ThemedImage` component, imported once in the page (MDX).
        package static let docusaurus = Site(
            name: "docusaurus", preamble: "import ThemedImage from '@theme/ThemedImage';",
            liveTree: HTMLTree.Host(themes: ("[data-theme=\"dark\"]", "[data-theme=\"light\"]"), jsx: true)
        ) { themes, dark in
            """
            <ThemedImage alt="\(themes.alt)" width={\(themes.picture.width)} height={\(themes.picture.height)} \
            sources={{ light: "\(themes.light)", dark: "\(dark)" }} />
            """
        }
        /// VitePress: two images and the rule that shows one by the theme's `dark` class on the root.
        package static let vitepress = Site(name: "vitepress", liveTree: HTMLTree.Host(themes: (":root.dark", ":root:not(.dark)"), vue: true)) {
            themes, dark in
            """
            \(themes.image(themes.light, " class=\"unfold-light\""))
            \(themes.image(dark, " class=\"unfold-dark\""))

            <style>
            :root:not(.dark) .unfold-dark, :root.dark .unfold-light { display: none; }
            </style>
            """
        }

        /// MkDocs with Material: Markdown images whose URLs end in
        /// `#only-light` and `#only-dark`, which Material's stylesheet shows
        /// by its palette (`data-md-color-scheme`); sized by the `attr_list`
        /// extension, as Material's setup has it.
        package static let mkdocs = Site(
            name: "mkdocs", liveTree: HTMLTree.Host(themes: ("[data-md-color-scheme=\"slate\"]", "[data-md-color-scheme=\"default\"]"))
        ) { themes, dark in
            let alt = markdownText(themes.text), size = "{ width=\"\(themes.picture.width)\" height=\"\(themes.picture.height)\" }"
            return "![\(alt)](\(themes.light)#only-light)\(size)\n![\(alt)](\(dark)#only-dark)\(size)"
        }
        /// Sphinx: two `image` directives of reStructuredText, classed
        /// `only-light` and `only-dark`, which the Furo and PyData themes show
        /// by their theme switch (`data-theme`, or the system's in their auto mode).
        package static let sphinx = Site(name: "sphinx", liveTree: HTMLTree.Host(), rawHTML: rstRaw) { themes, dark in
            // Sphinx reads the argument as a path under the docs' source (a URL only with a scheme), without its unescaped whitespace.
            let path = { (path: String, url: String) in path.contains("://") ? url : rstPath(path) }
            return [(path(themes.paths.light, themes.light), "only-light"), (path(themes.paths.dark ?? "", dark), "only-dark")].map { url, theme in
                """
                .. image:: \(url)
                   :alt: \(themes.text)
                   :width: \(themes.picture.width)px
                   :height: \(themes.picture.height)px
                   :class: \(theme)
                """
            }.joined(separator: "\n\n")
        }
        /// mdBook: two images and the rule that shows one by the theme class
        /// mdBook puts on the root (`coal`, `navy` and `ayu` are its dark themes).
        package static let mdbook = Site(name: "mdbook", liveTree: HTMLTree.Host(themes: (mdBookDark, mdBookLight))) { themes, dark in
            """
            \(themes.image(themes.light, " class=\"unfold-light\""))
            \(themes.image(dark, " class=\"unfold-dark\""))

            <style>
            \(mdBookDark) .unfold-light, \(mdBookLight) .unfold-dark { display: none; }
            </style>
            """
        }
        /// Hugo: raw HTML (with Goldmark's `markup.goldmark.renderer.unsafe`),
        /// a `<picture>` that follows the reader's system theme, as themes differ in their switches.
        package static let hugo = Site(name: "hugo", liveTree: HTMLTree.Host(), themed: github.themed)

        /// mdBook's dark themes and the others, as its root's class names them.
        static let mdBookDark = "html:is(.coal, .navy, .ayu)", mdBookLight = "html:not(.coal, .navy, .ayu)"

        /// A path as an rST directive's argument: on one line, its backslashes
        /// and whitespace backslash-escaped (docutils drops unescaped whitespace from a URI).
        static func rstPath(_ path: String) -> String {
            oneLine(path).reduce(into: "") { out, c in
                if c == "\\" || c.isWhitespace { out.append("\\") }
                out.append(c)
            }
        }

        /// A live tree's piece in rST's `raw` directive, each line indented under it.
        @Sendable static func rstRaw(_ piece: String) -> String {
            ".. raw:: html\n\n" + piece.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "   " + $0 }.joined(separator: "\n")
        }

        /// Every site, in the order `--site` lists them.
        package static let all = [github, starlight, docusaurus, vitepress, mkdocs, sphinx, mdbook, hugo]

        /// The site named `name`; nil for another name.
        package init?(name: String) {
            guard let site = Self.all.first(where: { $0.name == name }) else { return nil }
            self = site
        }

        /// The site a scenario file's `snippet.site` names, or the error at `location` that lists them.
        package static func named(_ name: String, at location: ScenarioLocation) throws(ScenarioError) -> Site {
            if let site = Site(name: name) { return site }
            throw ScenarioError(
                file: location.file, line: location.line, column: location.column,
                message: "`snippet.site` '\(InertText(name))' is not one of \(all.map(\.name).joined(separator: ", "))",
                hint: didYouMean(name, all.map(\.name), fallback: "write the docs site whose theme switch the page uses, e.g. `site: starlight`"))
        }

        private init(
            name: String, preamble: String? = nil, liveTree: HTMLTree.Host?, rawHTML: @escaping @Sendable (String) -> String = { $0 },
            themed: @escaping @Sendable (Themes, String) -> String
        ) {
            self.name = name
            self.preamble = preamble
            self.liveTree = liveTree
            self.rawHTML = rawHTML
            self.themed = themed
        }
    }

    /// `text` safe inside a double-quoted HTML attribute (`MarkupText`), and
    /// printed to a terminal: characters that reorder text or break lines as
    /// character references. O(length).
    static func attribute(_ text: String) -> String { MarkupText.escaped(text, acting: .references) }

    /// `text` on one line, for a markup other than HTML (an rST option, a
    /// Markdown image): every line break, control and bidirectional control
    /// character a space, so that it can neither end the line it is on nor
    /// reorder what a terminal shows. O(length).
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
                        || [.lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
                        ? " " : scalar
                }))
    }

    /// The characters Markdown may read as markup that both CommonMark and
    /// Python-Markdown (MkDocs) take back from a backslash.
    static let markdownMarks: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", ">"]

    /// `text` as Markdown text: every character Markdown may read as markup
    /// backslash-escaped, and `&` and `<` as references. O(length).
    static func markdownText(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case _ where markdownMarks.contains(c): out += "\\" + String(c)
            default: out.append(c)
            }
        }
        return out
    }

    /// The most characters of an alt text: a longer one is cut after its last
    /// whole word within it, with "…" (a screen reader reads it whole; a tree's
    /// own names are in the picture).
    package static let altLength = 250

    /// `alt` within `altLength` characters, cut at a word. O(length).
    static func bounded(_ alt: String) -> String {
        guard alt.count > altLength else { return alt }
        let head = alt.prefix(altLength - 1)
        let cut = head.lastIndex(where: { $0 == " " }).map { head[..<$0] } ?? head
        return cut + "…"
    }

    /// A path as a URL inside an attribute: percent-encoded where a URL
    /// cannot hold the character as it is, and a comma (`srcset` splits its
    /// candidates at commas and spaces), `&` and `'` too (a JavaScript
    /// string in MDX decodes no entity), and parentheses (a Markdown image
    /// ends its URL at one). O(length).
    static func url(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ",&'()")
        return attribute(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// A PNG's, GIF's or animated WebP's width and height in pixels, from
    /// its header; nil for another file. O(1).
    private static func headerSize(_ path: String) -> (width: Int, height: Int)? {
        guard let header = try? InputFile.prefix(of: path, count: 30) else { return nil }
        func big(_ at: Int) -> Int { header[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func little(_ at: Int, _ count: Int) -> Int { header[at ..< at + count].reversed().reduce(0) { $0 << 8 | Int($1) } }
        if header.count >= 24, header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return (big(16), big(20)) }
        if header.count >= 10, header.starts(with: Array("GIF8".utf8)) { return (little(6, 2), little(8, 2)) }
        // An animated WebP holds its canvas in its extended header (`VP8X`): each side less one, in 24 bits.
        if header.count >= 30, header.starts(with: Array("RIFF".utf8)), Array(header[8 ..< 16]) == Array("WEBPVP8X".utf8) {
            return (little(24, 3) + 1, little(27, 3) + 1)
        }
        return nil
    }

    /// The `width` and `height` of an SVG Unfold wrote (its root's first
    /// attributes, in CSS pixels); nil for another file. O(1).
    private static func svgSize(_ path: String) -> (width: Int, height: Int)? {
        guard let start = try? InputFile.prefix(of: path, count: 512) else { return nil }
        let root = String(decoding: start, as: UTF8.self).prefix { $0 != ">" }
        func number(_ name: String) -> Int? {
            guard let range = root.range(of: " \(name)=\"") else { return nil }
            return Double(root[range.upperBound...].prefix { $0 != "\"" }).flatMap { $0 > 0 && $0 < 1e6 ? Int($0.rounded(.up)) : nil }
        }
        guard root.hasPrefix("<svg"), let width = number("width"), let height = number("height") else { return nil }
        return (width, height)
    }
}
