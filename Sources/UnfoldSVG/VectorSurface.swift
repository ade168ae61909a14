import OutlineAppearance
import UnfoldCanvas

/// A picture recorded as shapes instead of pixels, for vector formats: every
/// fill in drawing order with its colour, and text as glyphs placed where the
/// pixels have them, each glyph's outline kept once. Coordinates are device
/// pixels, as on a `Surface` of the same size.
package final class VectorRecording {
    /// One thing drawn.
    package enum Item: Equatable {
        /// A path filled with the non-zero rule, seen through `clip` (nil: wholly inside the picture's clip).
        case shape(Path, Color, clip: PixelRect?)
        /// A line of text: its glyphs, and the text itself for readers that
        /// search or copy it (empty for a decoration, which they skip).
        case text(String, glyphs: [Typesetter.PlacedGlyph], size: Double, color: Color, clip: PixelRect?)
    }

    package let width: Int
    package let height: Int
    /// What was drawn, first drawn first (later items cover earlier ones).
    package private(set) var items: [Item] = []
    /// The outline of every glyph drawn, in pixels from its origin (`Typesetter.outline(of:)`).
    package private(set) var outlines: [Typesetter.PlacedGlyph.Key: Path] = [:]

    /// An empty recording of a picture `width` × `height` pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same recording moved by (`dx`, `dy`) pixels and drawn unclipped:
    /// a part defined once and placed where it is used. Text moves by whole
    /// pixels (its glyphs sit on them), so move parts with text by whole pixels.
    package func moved(dx: Double, dy: Double) -> VectorRecording {
        let copy = VectorRecording(width: width, height: height)
        let shift = Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
        let (x, y) = (Int(dx.rounded()), Int(dy.rounded()))
        copy.outlines = outlines
        copy.items = items.map { item in
            switch item {
            case let .shape(path, color, _):
                return .shape(path.applying(shift), color, clip: nil)
            case let .text(text, glyphs, size, color, _):
                let placed = glyphs.map { Typesetter.PlacedGlyph(key: $0.key, x: $0.x + x, y: $0.y + y) }
                return .text(text, glyphs: placed, size: size, color: color, clip: nil)
            }
        }
        return copy
    }

    /// Where to draw: the whole picture.
    package var surface: VectorSurface {
        VectorSurface(recording: self, clip: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// Records a path seen through `clip`: dropped when none of it can show,
    /// without its clip when all of it shows. O(path).
    func add(_ path: Path, color: Color, clip: PixelRect) {
        guard let inside = path.pixelBounds, !clip.isEmpty else { return }
        guard !inside.intersection(clip).isEmpty else { return }
        items.append(.shape(path, color, clip: inside.intersection(clip) == inside ? nil : clip))
    }

    /// Records a line of text, its glyphs' outlines from `typesetter`, and
    /// the text itself unless it only decorates (not `searchable`).
    func add(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color, clip: PixelRect,
        direction: TextDirection, searchable: Bool = true
    ) {
        guard !clip.isEmpty else { return }
        let (glyphs, boxes) = typesetter.placedGlyphs(text, x: x, baseline: baseline, size: size, weight: weight, direction: direction)
        for glyph in glyphs where outlines[glyph.key] == nil { outlines[glyph.key] = typesetter.outline(of: glyph.key) }
        // Unclipped when every glyph's ink, where it is placed, is inside the clip (marks and other scripts' glyphs included).
        let unclipped = glyphs.allSatisfy { glyph in
            guard let ink = outlines[glyph.key]?.pixelBounds else { return true }
            let placed = PixelRect(x0: ink.x0 + glyph.x, y0: ink.y0 + glyph.y, x1: ink.x1 + glyph.x, y1: ink.y1 + glyph.y)
            return placed.intersection(clip) == placed
        }
        items.append(.text(searchable ? text : "", glyphs: glyphs, size: size, color: color, clip: unclipped ? nil : clip))
        for box in boxes { add(box, color: color, clip: clip) }
    }
}

/// Draws into a `VectorRecording` through a clip rectangle, as a `Surface`
/// draws into pixels. Every shape is recorded, even one that changes no pixel,
/// so that recordings of one frame in two themes hold the same shapes.
package struct VectorSurface: DrawingTarget {
    /// Where the shapes go; shared by every clipped copy.
    package let recording: VectorRecording
    package let clip: PixelRect
    package var width: Int { recording.width }
    package var height: Int { recording.height }
    package var drawsEveryShape: Bool { true }

    package func clipped(to rect: PixelRect) -> VectorSurface {
        VectorSurface(recording: recording, clip: clip.intersection(rect))
    }

    package func fill(_ rect: PixelRect, color: Color) {
        recording.add(.rect(x: Double(rect.x0), y: Double(rect.y0), width: Double(rect.x1 - rect.x0), height: Double(rect.y1 - rect.y0)), color: color, clip: clip)
    }

    /// A vector picture cannot unpaint: clearing to a colour paints it, clearing to nothing does nothing.
    package func clear(_ rect: PixelRect, to color: Color) {
        if color.a > 0 { fill(rect, color: color) }
    }

    package func fill(_ path: Path, color: Color, transform: Transform, clip: PixelRect?) {
        recording.add(transform == .identity ? path : path.applying(transform), color: color, clip: clip.map { $0.intersection(self.clip) } ?? self.clip)
    }

    package func drawText(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?, direction: TextDirection
    ) {
        recording.add(
            text, typesetter: typesetter, x: x, baseline: baseline, size: size, weight: weight, color: color,
            clip: clip.map { $0.intersection(self.clip) } ?? self.clip, direction: direction)
    }

    /// The letter's glyphs, without the text that readers search and copy.
    package func drawDecoration(
        _ text: String, typesetter: Typesetter, x: Double, baseline: Int, size: Double, weight: FontWeight, color: Color,
        clip: PixelRect?
    ) {
        recording.add(
            text, typesetter: typesetter, x: x, baseline: baseline, size: size, weight: weight, color: color,
            clip: clip.map { $0.intersection(self.clip) } ?? self.clip, direction: .leftToRight, searchable: false)
    }
}

extension Path {
    /// The whole pixels that hold every point and control point (so the
    /// whole shape); nil for an empty path. O(elements).
    package var pixelBounds: PixelRect? {
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)?
        func add(_ p: Point) {
            guard let b = box else { return box = (p.x, p.y, p.x, p.y) }
            box = (min(b.x0, p.x), min(b.y0, p.y), max(b.x1, p.x), max(b.y1, p.y))
        }
        for element in elements {
            switch element {
            case let .move(p), let .line(p): add(p)
            case let .quad(c, p):
                add(c)
                add(p)
            case let .cubic(c1, c2, p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        return box.map {
            PixelRect(x0: Int($0.x0.rounded(.down)), y0: Int($0.y0.rounded(.down)), x1: Int($0.x1.rounded(.up)), y1: Int($0.y1.rounded(.up)))
        }
    }

    /// The path with every point moved by `transform`. O(elements).
    package func applying(_ transform: Transform) -> Path {
        var path = Path()
        let t = transform.apply
        for element in elements {
            switch element {
            case let .move(p): path.move(to: t(p))
            case let .line(p): path.line(to: t(p))
            case let .quad(c, p): path.quad(to: t(p), control: t(c))
            case let .cubic(c1, c2, p): path.cubic(to: t(p), control1: t(c1), control2: t(c2))
            case .close: path.close()
            }
        }
        return path
    }
}
