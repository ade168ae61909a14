/// A colour with straight (not premultiplied) 8-bit channels.
public struct Color: Sendable, Equatable, Hashable {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Opacity, 0 (transparent) ... 255 (opaque).
    public var a: UInt8

    /// A colour from its components; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// `0xRRGGBB`, opaque unless `alpha` says otherwise.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8(hex >> 16 & 0xFF), g: UInt8(hex >> 8 & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
    }

    /// Fully transparent.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque white.
    public static let white = Color(hex: 0xFFFFFF)
    /// Opaque black.
    public static let black = Color(hex: 0x000000)

    /// The same colour with its alpha multiplied by `factor` (0...256 = 0...1).
    package func fading(_ factor: Int) -> Color {
        Color(r: r, g: g, b: b, a: UInt8((Int(a) * min(max(factor, 0), 256) + 128) >> 8))
    }

    /// Premultiplied RGBA packed in memory order (R at the lowest address, little-endian).
    var premultiplied: UInt32 {
        let a = UInt32(self.a)
        func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return m(r) | m(g) << 8 | m(b) << 16 | a << 24
    }
}
