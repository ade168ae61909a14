/// A colour with straight (not premultiplied) 8-bit channels: how a look,
/// a style or a scenario names one, and what pictures are drawn with.
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

    /// A colour from `#RRGGBB` (opaque) or `#RRGGBBAA`; nil for any other text.
    public init?(hex: String) {
        guard hex.first == "#", hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let value = hex.count == 7 ? v << 8 | 0xFF : v
        self.init(r: UInt8(value >> 24), g: UInt8(value >> 16 & 0xFF), b: UInt8(value >> 8 & 0xFF), a: UInt8(value & 0xFF))
    }
}
