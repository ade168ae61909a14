import CUnfoldPixels
import Foundation
import OutlineAppearance

/// An 8-bit RGBA image with straight (not premultiplied) alpha: pixels exactly
/// as a PNG file stores them. Comparison works on these, as pixelmatch does,
/// because premultiplying loses the colour of translucent pixels.
///
/// Memory contract: `bytes` holds `height` rows, top row first, each
/// `width * 4` bytes R, G, B, A. The size is fixed at creation.
public struct RGBAImage: Sendable, Equatable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// The pixels: `height` rows, top first, of `width` pixels R, G, B, A.
    public private(set) var bytes: [UInt8]

    /// Wraps straight RGBA bytes; `bytes.count` must be `width * height * 4`,
    /// and the size within `Pixmap.maxPixels`.
    public init(width: Int, height: Int, bytes: [UInt8]) throws(Pixmap.SizeError) {
        guard width > 0, height > 0, width <= Pixmap.maxPixels / height else {
            throw .tooLarge(width: width, height: height)
        }
        precondition(bytes.count == width * height * 4, "RGBAImage: \(bytes.count) bytes for \(width)x\(height) pixels")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image of one colour.
    public init(width: Int, height: Int, fill: Color) throws(Pixmap.SizeError) {
        guard width > 0, height > 0, width <= Pixmap.maxPixels / height else {
            throw .tooLarge(width: width, height: height)
        }
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        let word = fill.straight
        withWords { words in words.update(repeating: word) }
    }

    /// The pixel at (x, y).
    public func pixel(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
    }

    /// Reads the pixels as 32-bit words in memory order (R in the lowest byte on
    /// little-endian machines). The buffer is valid only inside `body`.
    package func withWords<T>(_ body: (UnsafeBufferPointer<UInt32>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// Writes the pixels as 32-bit words; the buffer is valid only inside `body`.
    package mutating func withWords<T>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> T) rethrows -> T {
        try bytes.withUnsafeMutableBufferPointer { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0) }
        }
    }

    /// The pixels inside `rect`, clipped to the image; nil when nothing is left.
    public func cropped(_ rect: PixelRect) -> RGBAImage? {
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !r.isEmpty else { return nil }
        if r.x0 == 0, r.y0 == 0, r.x1 == width, r.y1 == height { return self }
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        var out = [UInt8]()
        out.reserveCapacity(w * h * 4)
        for y in r.y0 ..< r.y1 {
            let start = (y * width + r.x0) * 4
            out.append(contentsOf: bytes[start ..< start + w * 4])
        }
        return try? RGBAImage(width: w, height: h, bytes: out)
    }

    /// Copies `source` with its top-left corner at (x, y), replacing pixels; what falls outside is dropped.
    public mutating func copy(_ source: RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0 ..< y1 {
            let d = (row * width + x0) * 4, s = ((row - y) * source.width + (x0 - x)) * 4
            bytes.replaceSubrange(d ..< d + (x1 - x0) * 4, with: source.bytes[s ..< s + (x1 - x0) * 4])
        }
    }

    /// The same picture premultiplied, for drawing on.
    public var premultiplied: Pixmap {
        var out = bytes
        for i in Swift.stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a != 255 else { continue }
            for c in 0 ..< 3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
        }
        return Pixmap(width: width, height: height, pixels: out)
    }
}

extension Pixmap {
    /// Whether every pixel is opaque. O(pixels).
    package var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { unfold_is_opaque($0.baseAddress, width * height) != 0 }
    }

    /// The picture with straight alpha, as PNG stores it. Opaque pixels are the
    /// same either way; a translucent one gets back the nearest straight colour. O(pixels).
    public var straight: RGBAImage {
        var out = pixels
        out.withUnsafeMutableBufferPointer { unfold_unpremultiply($0.baseAddress, width * height) }
        // The size was checked when the pixmap was made.
        return RGBAImage(unchecked: width, height, out)
    }
}

extension Pixmap {
    /// Whether a PNG of this picture decodes to exactly `image`: the same
    /// size and, with alpha made straight as PNG stores it, the same bytes.
    /// This is how a snapshot test tells a picture from its reference: by
    /// every pixel, never by a hash that a chosen file could match.
    /// O(pixels); copies nothing when the picture is opaque.
    package func hasPixels(of image: RGBAImage) -> Bool {
        guard width == image.width, height == image.height else { return false }
        let stored = isOpaque ? pixels : straight.bytes
        // The buffers are valid inside the closures; both hold width × height × 4 bytes.
        return stored.withUnsafeBytes { a in
            image.bytes.withUnsafeBytes { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress, a.count == b.count else { return false }
                return memcmp(pa, pb, a.count) == 0
            }
        }
    }
}

extension RGBAImage {
    /// For sizes already checked (a pixmap's own).
    init(unchecked width: Int, _ height: Int, _ bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

extension Color {
    /// Straight RGBA packed in memory order (R at the lowest address, little-endian).
    package var straight: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
}
