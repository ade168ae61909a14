import Foundation
import UnfoldSupport

/// The HTML that shows a rendered picture on a page, ready to paste into a
/// README or a docs page: `unfold render --snippet` (and `--theme
/// light,dark`) prints it. It names the picture a reader should see (the
/// animation, else the fully open state; SVG where it was written), sizes
/// it in CSS pixels so that a 2× picture shows at the size of its text, and
/// with two themes shows the dark one under `prefers-color-scheme: dark`.
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

    /// An `<img>` of `picture` in the folder `light` (a path as the page
    /// names it); with `dark`, a `<picture>` whose dark source shows under
    /// `prefers-color-scheme: dark`. Paths are percent-encoded as URLs and,
    /// with `alt`, escaped for HTML attributes. The markup is HTML and
    /// MDX/JSX alike: empty elements closed with `/>`, and `srcSet` as JSX
    /// names it (HTML attribute names are read in any case). O(length).
    package static func html(_ picture: Picture, light: String, dark: String? = nil, alt: String) -> String {
        let img = "<img alt=\"\(attribute(alt))\" src=\"\(url(light + "/" + picture.file))\" width=\"\(picture.width)\" height=\"\(picture.height)\" />"
        guard let dark else { return img }
        return """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcSet="\(url(dark + "/" + picture.file))" />
              \(img)
            </picture>
            """
    }

    /// `text` safe inside a double-quoted HTML attribute (`MarkupText`). O(length).
    static func attribute(_ text: String) -> String { MarkupText.escaped(text) }

    /// A path as a URL inside an attribute: percent-encoded where a URL
    /// cannot hold the character as it is, and a comma too (`srcset` splits
    /// its candidates at commas and spaces). O(length).
    static func url(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ",")
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
