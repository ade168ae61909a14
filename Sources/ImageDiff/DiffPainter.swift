import Canvas

/// The pictures that explain a difference.
public enum DiffPainter {
    static let different = Color(r: 255, g: 0, b: 0)
    static let antiAliased = Color(r: 255, g: 255, b: 0)

    /// The image as faded grey (10% of its brightness over white), the backdrop of a diff.
    public static func faded(_ image: Pixmap) -> Pixmap {
        var out = image.pixels
        out.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices {
                let p = words[i]
                let white = 255 - Double(p >> 24)
                let y = luma(Double(p & 0xFF) + white, Double(p >> 8 & 0xFF) + white, Double(p >> 16 & 0xFF) + white)
                let v = UInt32(255 + ((y - 255) * 0.1).rounded())
                words[i] = v | v << 8 | v << 16 | 0xFF00_0000
            }
        }
        return Pixmap(width: image.width, height: image.height, pixels: out)
    }

    /// Expected | actual | diff, side by side on a neutral backdrop, top-aligned.
    public static func sideBySide(expected: Pixmap, actual: Pixmap, diff: Pixmap) throws -> Pixmap {
        let gap = 16
        let height = max(expected.height, actual.height, diff.height)
        let width = expected.width + actual.width + diff.width + 2 * gap
        var out = try Pixmap(width: width, height: height, fill: Color(hex: 0x808080))
        out.copy(expected, x: 0, y: 0)
        out.copy(actual, x: expected.width + gap, y: 0)
        out.copy(diff, x: expected.width + actual.width + 2 * gap, y: 0)
        return out
    }
}

extension Pixmap {
    mutating func setPixel(_ x: Int, _ y: Int, _ color: Color) {
        let i = (y * width + x) * 4
        pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b; pixels[i + 3] = color.a
    }
}
