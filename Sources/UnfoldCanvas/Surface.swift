import Dispatch
import OutlineAppearance

/// Where drawing goes: a pixmap's memory seen through a clip rectangle that no
/// drawing leaves. Surfaces with disjoint clips over one pixmap may draw at
/// the same time, which is how a frame is drawn in bands on several cores.
/// The rasterizer's coverage of a pixel does not depend on the clip, so the
/// pixels are the same however the frame is split.
///
/// Lifetime: a surface points into memory it does not own. It is valid only
/// inside the closure it is handed to (`withSurface`, `init(bands:)`,
/// `drawInBands`) and must not be stored or escape it.
package struct Surface {
    let words: UnsafeMutablePointer<UInt32>
    package let width: Int
    package let height: Int
    package let clip: PixelRect

    /// The same memory seen through the part of this surface's clip inside `rect`.
    package func clipped(to rect: PixelRect) -> Surface {
        Surface(words: words, width: width, height: height, clip: clip.intersection(rect))
    }
}

extension Pixmap {
    /// Draws through a surface over the whole pixmap (or `clip`).
    package mutating func withSurface<T>(clip: PixelRect? = nil, _ body: (Surface) throws -> T) rethrows -> T {
        let (w, h) = (width, height)
        let bounds = self.bounds
        return try withWords { words in
            // Never empty: a pixmap has at least one pixel.
            guard let base = words.baseAddress else { preconditionFailure("a pixmap without pixels") }
            return try body(Surface(words: base, width: w, height: h, clip: (clip ?? bounds).intersection(bounds)))
        }
    }

    /// A new pixmap drawn in `bands` horizontal bands on as many threads, with
    /// no clearing first: `body(band, surface)` must write every pixel of its
    /// band (a painter starts by filling its background) and may only touch
    /// state of its own band.
    package init(width: Int, height: Int, bands: Int, drawing body: (Int, Surface) -> Void) throws(SizeError) {
        guard width > 0, height > 0, width <= Self.maxPixels / height else {
            throw .tooLarge(width: width, height: height)
        }
        // `body` writes every pixel, so the memory need not be cleared first.
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.withMemoryRebound(to: UInt32.self) { words in
                guard let base = words.baseAddress else { return }
                Self.draw(into: base, width: width, height: height, bands: bands, body)
            }
            initialized = count
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Splits the pixmap into `count` horizontal bands and draws them on as
    /// many threads: `body(band, surface)` runs concurrently for different
    /// bands, so it may only touch state of its own band (a typesetter per band).
    package mutating func drawInBands(_ count: Int, _ body: (Int, Surface) -> Void) {
        let (w, h) = (width, height)
        withSurface { whole in Self.draw(into: whole.words, width: w, height: h, bands: count, body) }
    }

    private static func draw(
        into words: UnsafeMutablePointer<UInt32>, width: Int, height: Int, bands count: Int,
        _ body: (Int, Surface) -> Void
    ) {
        let bands = max(1, min(count, height))
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked((words, body))
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let (words, body) = shared.value
                let y0 = height * band / bands, y1 = height * (band + 1) / bands
                body(band, Surface(words: words, width: width, height: height, clip: PixelRect(x0: 0, y0: y0, x1: width, y1: y1)))
            }
        }
    }

    /// Fills a path (non-zero rule, anti-aliased) with a colour, source-over.
    package mutating func fill(_ path: Path, color: Color, transform: Transform = .identity, clip: PixelRect? = nil) {
        withSurface { $0.fill(path, color: color, transform: transform, clip: clip) }
    }

    /// Strokes a polyline with butt ends.
    package mutating func stroke(_ points: [Point], width: Double, color: Color, transform: Transform = .identity, clip: PixelRect? = nil) {
        withSurface { $0.stroke(points, width: width, color: color, transform: transform, clip: clip) }
    }

    /// Fills whole pixels of a rectangle, source-over.
    package mutating func fill(_ rect: PixelRect, color: Color) {
        withSurface { $0.fill(rect, color: color) }
    }
}

/// Bands write disjoint rows of one buffer, each with its own state.
private struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
