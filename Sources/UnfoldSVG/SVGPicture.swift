import OutlineAppearance
import OutlineLayout
import UnfoldCanvas
import UnfoldPaint
import UnfoldSupport

/// A frame as an SVG document: the shapes the pixel painter rasterizes
/// (`OutlinePainter.record`), text as the bundled fonts' glyph outlines (so
/// it looks the same everywhere) with the text itself kept, invisible, for
/// search, copy and screen readers. Sized in points, drawn in device pixels
/// (`viewBox`), so that drawn at the PNG's size it is the PNG's geometry.
/// Unless the theme is fixed, it carries both themes: the scenario's as the
/// base and the other under `@media (prefers-color-scheme)`. No script, no
/// external reference. The same frame gives the same bytes.
package enum SVGPicture {
    /// The document of `frame` on a canvas `height` points tall, drawn in
    /// `appearance` (its `canvas.padding` included); `bothThemes` adds the
    /// other theme's colours. `title` names the picture for screen readers.
    /// O(rows drawn + glyphs).
    package static func document(
        _ frame: FrameLayout, height: Double, appearance: Appearance, typesetter: Typesetter, bothThemes: Bool, title: String
    ) throws(SVGError) -> String {
        let themes = Themes(appearance: appearance, typesetter: typesetter, bothThemes: bothThemes)
        let markup = SVGMarkup(alternateScheme: themes.alternateScheme)
        let body = try themes.markup(into: markup) { $0.record(frame, height: height) }
        let size = themes.base.pixelSize(height: height)
        return themes.document(width: size.width, height: size.height, title: title, markup: markup, body: body)
    }
}

/// A vector picture that cannot be made.
package enum SVGError: DescribedError {
    /// The light and dark pictures of a frame are not the same shapes.
    case themesDiffer

    package var description: String {
        switch self {
        case .themesDiffer:
            "the light and dark pictures of a frame hold different shapes, so one SVG cannot carry both; "
                + "fix the theme with --theme light or --theme dark"
        }
    }
}

/// The painters of the base theme (the scenario's) and of the other one, and
/// the document around what they draw.
struct Themes {
    let base: OutlinePainter
    let alternate: OutlinePainter?
    /// `prefers-color-scheme`'s value for the alternate theme.
    var alternateScheme: String? { alternate.map { $0.appearance.canvas.theme == .dark ? "dark" : "light" } }

    init(appearance: Appearance, typesetter: Typesetter, bothThemes: Bool) {
        base = OutlinePainter(appearance: appearance, typesetter: typesetter)
        var other = appearance
        other.canvas.theme = appearance.canvas.theme == .dark ? .light : .dark
        alternate = bothThemes ? OutlinePainter(appearance: other, typesetter: typesetter) : nil
    }

    /// What `draw` records with each theme's painter, as markup in both
    /// themes' colours, its shapes moved by `moved`. Throws when the two
    /// recordings are not the same shapes.
    func markup(into markup: SVGMarkup, moved: Point? = nil, _ draw: (OutlinePainter) -> VectorRecording) throws(SVGError) -> String {
        var base = draw(self.base)
        var other = alternate.map(draw) ?? base
        guard SVGMarkup.sameShapes(base, other) else { throw SVGError.themesDiffer }
        if let moved {
            base = base.moved(dx: moved.x, dy: moved.y)
            other = other.moved(dx: moved.x, dy: moved.y)
        }
        return zip(base.items, other.items).map { markup.item($0, alternate: $1, outlines: base.outlines) }.joined()
    }

    /// A rectangle `width` × `height` pixels in the canvas's colour in both
    /// themes; nothing when the canvas is transparent.
    func background(width: Int, height: Int, markup: SVGMarkup) -> String {
        let color = base.palette.background, other = alternate?.palette.background ?? color
        guard color.a > 0 || other.a > 0 else { return "" }
        return "<rect class=\"\(markup.colorClass(.init(base: color, alternate: other)))\" width=\"\(width)\" height=\"\(height)\"/>"
    }

    /// Whether a row's background differs from the canvas's in either theme.
    func drawsBackground(of box: RowBox) -> Bool {
        [base, alternate].contains { painter in
            guard let painter else { return false }
            return painter.record(box, layers: .background).items.contains {
                guard case let .shape(_, color, _) = $0 else { return true }
                return color != painter.palette.background
            }
        }
    }

    /// The root element around `body`, drawn on a canvas `width` × `height`
    /// pixels, inside the canvas's padding, with `extraStyle` among the style rules.
    func document(width: Int, height: Int, title: String, markup: SVGMarkup, body: String, extraStyle: String = "", rootAttributes: String = "") -> String {
        let margin = base.paddingPixels, scale = base.scale
        let (w, h) = (width + 2 * margin, height + 2 * margin)
        // The padding, in the canvas's colours.
        let frame = margin > 0 ? background(width: w, height: h, markup: markup) : ""
        // The canvas's border, over the rows, in both themes' colours.
        let edges = base.border(width: width, height: height)
        let guide = edges.isEmpty ? "" : markup.colorClass(.init(base: base.palette.guide, alternate: alternate?.palette.guide ?? base.palette.guide))
        let border = edges.map { r in
            "<rect class=\"\(guide)\" x=\"\(r.x0)\" y=\"\(r.y0)\" width=\"\(r.x1 - r.x0)\" height=\"\(r.y1 - r.y0)\"/>"
        }
        // Inside the padding, nothing of the rows shows past the canvas (a row sliding below a fixed height).
        var content = body + border.joined()
        if margin > 0 {
            let canvas = markup.clipAttribute(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
            content = "<g transform=\"translate(\(margin) \(margin))\"\(canvas)>\(content)</g>"
        }
        let style = markup.style(extra: extraStyle)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGMarkup.number(Double(w) / scale))\" "
            + "height=\"\(SVGMarkup.number(Double(h) / scale))\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" "
            + "aria-label=\"\(MarkupText.escaped(title))\"\(rootAttributes)>"
            + "<title>\(MarkupText.escaped(title))</title>\(style)\(markup.defs)\(frame)\(content)</svg>\n"
    }
}
