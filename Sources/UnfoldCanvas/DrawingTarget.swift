import OutlineAppearance

/// What a painter draws on, in device pixels: a pixmap's memory (`Surface`)
/// or a list of vector shapes (`VectorSurface` in UnfoldSVG). The painter decides
/// every shape once and hands it to either, so a vector picture has the
/// pixels' geometry.
package protocol DrawingTarget {
    /// The picture's size in device pixels.
    var width: Int { get }
    var height: Int { get }
    /// The rectangle no drawing leaves.
    var clip: PixelRect { get }
    /// True when shapes that would change no pixel must still be drawn (a
    /// vector picture whose colours change with the reader's theme).
    var drawsEveryShape: Bool { get }
    /// The same target seen through the part of its clip inside `rect`.
    func clipped(to rect: PixelRect) -> Self
    /// Fills whole pixels of a rectangle, source-over.
    func fill(_ rect: PixelRect, color: Color)
    /// Replaces the pixels of a rectangle with a colour (no blending).
    func clear(_ rect: PixelRect, to color: Color)
    /// Fills a path (non-zero rule, anti-aliased), source-over.
    func fill(_ path: Path, color: Color, transform: Transform, clip: PixelRect?)
    /// Draws one line of text set by `typesetter`, its pen starting at `x` and
    /// its baseline on pixel row `baseline` (`Typesetter.draw`).
    func drawText(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?, direction: TextDirection)
    /// Draws text that only decorates (a tile's letter) as `drawText` does,
    /// but keeps no copy of it for search, copy and screen readers, which
    /// would read the letter as part of the row.
    func drawDecoration(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?)
}

extension DrawingTarget {
    /// Fills a path without a transform.
    package func fill(_ path: Path, color: Color, clip: PixelRect? = nil) {
        fill(path, color: color, transform: .identity, clip: clip)
    }

    /// Strokes the lines of a polyline with butt ends (`Path.stroke`).
    package func stroke(_ points: [Point], width: Double, color: Color, transform: Transform = .identity, clip: PixelRect? = nil) {
        fill(.stroke(points, width: width, transform: transform), color: color, transform: .identity, clip: clip)
    }
}

extension Surface: DrawingTarget {
    /// Pixels that a shape would not change are left alone.
    package var drawsEveryShape: Bool { false }

    package func drawText(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?, direction: TextDirection
    ) {
        typesetter.draw(text, into: self, x: x, baseline: baseline, size: size, weight: weight, color: color, clip: clip, direction: direction)
    }

    /// Pixels have no text to search: the same as `drawText`.
    package func drawDecoration(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?
    ) {
        drawText(text, typesetter: typesetter, x: x, baseline: baseline, size: size, weight: weight, color: color, clip: clip, direction: .leftToRight)
    }
}
