import Foundation
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
    /// relative to `folder`): the animation when there is one, else the
    /// fully open state (the tallest still), each as SVG when that was
    /// written. Its size is read from the PNG's header, over `scale`. Nil
    /// when the render wrote no picture. O(states) headers read.
    package static func picture(in folder: String, files: [String], scale: Int) -> Picture? {
        let written = Set(files)
        var still: (file: String, width: Int, height: Int)?
        if written.contains(RenderedFile.animationPath), let size = pngSize(folder + "/" + RenderedFile.animationPath) {
            still = (RenderedFile.animationPath, size.width, size.height)
        } else {
            // The tallest state shows the most rows: the fully open tree. The first of equals.
            for file in files.filter({ $0.hasPrefix("state-") && $0.hasSuffix(".png") }).sorted() {
                guard let size = pngSize(folder + "/" + file), size.height > still?.height ?? 0 else { continue }
                still = (file, size.width, size.height)
            }
        }
        guard let still, scale > 0 else { return nil }
        let svg = String(still.file.dropLast(4)) + ".svg"
        return Picture(
            file: written.contains(svg) ? svg : still.file, width: (still.width + scale - 1) / scale, height: (still.height + scale - 1) / scale)
    }

    /// The snippet of `picture` in the folder `light` (a path as the page
    /// names it): an `<img>`, or with `dark` the two themes as `site`
    /// switches them. Paths are percent-encoded as URLs and, with `alt`,
    /// escaped for HTML attributes. The markup is HTML and MDX/JSX alike:
    /// empty elements closed with `/>`, and `srcSet` as JSX names it (HTML
    /// attribute names are read in any case). O(length).
    package static func html(_ picture: Picture, light: String, dark: String? = nil, alt: String, site: Site = .github) -> String {
        let themes = Themes(picture: picture, light: url(light + "/" + picture.file), dark: dark.map { url($0 + "/" + picture.file) }, alt: attribute(alt))
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
        /// The markup of a picture in both themes (the dark one's URL given).
        let themed: @Sendable (_ themes: Themes, _ dark: String) -> String

        /// GitHub and any HTML page: a `<picture>` whose dark source follows the
        /// reader's system theme, the one switch a README has.
        package static let github = Site(name: "github") { themes, dark in
            """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcSet="\(dark)" />
              \(themes.image(themes.light))
            </picture>
            """
        }
        /// Astro Starlight: two images that the theme's `sl-hidden` classes show one at a time.
        package static let starlight = Site(name: "starlight") { themes, dark in
            themes.image(themes.light, " class=\"dark:sl-hidden\"") + "\n" + themes.image(dark, " class=\"light:sl-hidden\"")
        }
        /// Docusaurus: its `ThemedImage` component, imported in the page (MDX).
        package static let docusaurus = Site(name: "docusaurus") { themes, dark in
            """
            import ThemedImage from '@theme/ThemedImage';

            <ThemedImage alt="\(themes.alt)" width={\(themes.picture.width)} height={\(themes.picture.height)} \
            sources={{ light: "\(themes.light)", dark: "\(dark)" }} />
            """
        }
        /// VitePress: two images and the rule that shows one by the theme's `dark` class on the root.
        package static let vitepress = Site(name: "vitepress") { themes, dark in
            """
            \(themes.image(themes.light, " class=\"unfold-light\""))
            \(themes.image(dark, " class=\"unfold-dark\""))

            <style>
            :root:not(.dark) .unfold-dark, :root.dark .unfold-light { display: none; }
            </style>
            """
        }

        /// Every site, in the order `--site` lists them.
        package static let all = [github, starlight, docusaurus, vitepress]

        /// The site named `name`; nil for another name.
        package init?(name: String) {
            guard let site = Self.all.first(where: { $0.name == name }) else { return nil }
            self = site
        }

        private init(name: String, themed: @escaping @Sendable (Themes, String) -> String) {
            self.name = name
            self.themed = themed
        }
    }

    /// `text` safe inside a double-quoted HTML attribute (`MarkupText`). O(length).
    static func attribute(_ text: String) -> String { MarkupText.escaped(text) }

    /// A path as a URL inside an attribute: percent-encoded where a URL
    /// cannot hold the character as it is, and a comma (`srcset` splits its
    /// candidates at commas and spaces), `&` and `'` too (a JavaScript
    /// string in MDX decodes no entity). O(length).
    static func url(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ",&'")
        return attribute(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// A PNG's width and height in pixels, from its header; nil for another file.
    private static func pngSize(_ path: String) -> (width: Int, height: Int)? {
        guard let header = try? InputFile.prefix(of: path, count: 24), header.count == 24,
            header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        let number = { (at: Int) in header[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
