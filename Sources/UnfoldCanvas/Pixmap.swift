import CUnfoldPixels
import OutlineAppearance
import UnfoldSupport

/// An RGBA8 image in memory, the surface everything is drawn on.
///
/// Memory contract: `pixels` holds `height` rows, top row first, each `stride`
/// (= `width * 4`) bytes; each pixel is four bytes R, G, B, A, with colour
/// *premultiplied* by alpha (so a half-transparent white is 128,128,128,128).
/// Opaque images, the common case, are the same premultiplied or not.
public struct Pixmap: Sendable, Equatable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// The premultiplied bytes, laid out as above. Read-only: the size never changes.
    public private(set) var pixels: [UInt8]
    /// Bytes from one row to the next: `width * 4`.
    public var stride: Int { width * 4 }
    /// The whole pixmap as a rectangle.
    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// The largest pixmap accepted: 2^28 pixels (1 GiB of RGBA), so that no
    /// input number can ask for an unbounded allocation.
    public static let maxPixels = 1 << 28

    /// An image size that cannot be: not positive, or over `maxPixels`.
    public enum SizeError: DescribedError, Equatable {
        /// An image of `width` × `height` pixels was asked for.
        case tooLarge(width: Int, height: Int)
        /// The size, the limit, and what to lower.
        public var description: String {
            switch self {
            case let .tooLarge(w, h):
                "an image of \(w)x\(h) pixels is too large: the limit is \(Pixmap.maxPixels) pixels; lower the size or the scale"
            }
        }
    }

    /// A pixmap filled with one colour.
    public init(width: Int, height: Int, fill: Color = .clear) throws(SizeError) {
        guard width > 0, height > 0, width <= Self.maxPixels / height else {
            throw .tooLarge(width: width, height: height)
        }
        self.width = width
        self.height = height
        let p = fill.premultiplied
        if p == 0 {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
            withWords { $0.update(repeating: p) }
        }
    }

    /// Wraps existing premultiplied RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "pixel count must match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The premultiplied pixel at (x, y).
    public func pixel(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }

    /// The pixels as 32-bit words in memory order (R in the lowest byte on
    /// little-endian machines): the one way to see them as words. The buffer
    /// is valid only inside `body`.
    package func withWords<T>(_ body: (UnsafeBufferPointer<UInt32>) throws -> T) rethrows -> T {
        try pixels.withUnsafeBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// Writes the pixels as 32-bit words; the buffer is valid only inside `body`.
    package mutating func withWords<T>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> T) rethrows -> T {
        try pixels.withUnsafeMutableBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// Copies `source` onto this pixmap with its top-left corner at (x, y), replacing pixels (no blending).
    package mutating func copy(_ source: Pixmap, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1 else { return }
        let bytes = (x1 - x0) * 4
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                for row in y0 ..< y1 {
                    let d = (row * width + x0) * 4
                    let s = ((row - y) * source.width + (x0 - x)) * 4
                    guard let to = dst.baseAddress, let from = src.baseAddress else { return }
                    (to + d).update(from: from + s, count: bytes)
                }
            }
        }
    }

    /// A scaled-down copy for thumbnails: each output pixel is the mean of a
    /// `factor` × `factor` block of source pixels; columns and rows past the
    /// last whole block are dropped, and an image smaller than one block
    /// becomes one pixel, its mean. O(width × height).
    package func downscaled(by factor: Int) -> Pixmap {
        guard factor > 1 else { return self }
        let w = max(1, width / factor), h = max(1, height / factor)
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            pixels.withUnsafeBufferPointer { unfold_downscale($0.baseAddress, width, height, factor, buffer.baseAddress, w, h) }
            initialized = w * h * 4  // every pixel is written
        }
        return Pixmap(width: w, height: h, pixels: out)
    }
}
