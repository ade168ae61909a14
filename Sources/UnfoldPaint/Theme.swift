import OutlineAppearance
import UnfoldCanvas

/// The colours of a theme. Kinds may override text and background.
public struct Palette: Sendable, Equatable {
    public var background: Color
    public var text: Color
    public var secondaryText: Color
    public var guide: Color
    public var separator: Color
    public var chevron: Color
    public var selection: Color
    public var detailBackground: Color
    public var badgeBackground: Color
    public var badgeText: Color
    public var icon: Color

    public static let light = Palette(
        background: Color(hex: 0xFFFFFF), text: Color(hex: 0x1C1C1E), secondaryText: Color(hex: 0x6D6D72),
        guide: Color(hex: 0xC8C8C8), separator: Color(hex: 0xDDDDDD), chevron: Color(hex: 0x555555),
        selection: Color(hex: 0xD6E4FF), detailBackground: Color(hex: 0xF2F2F7),
        badgeBackground: Color(hex: 0xE5E5EA), badgeText: Color(hex: 0x3C3C43), icon: Color(hex: 0x0A84FF))

    public static let dark = Palette(
        background: Color(hex: 0x1C1C1E), text: Color(hex: 0xF2F2F7), secondaryText: Color(hex: 0x98989F),
        guide: Color(hex: 0x48484A), separator: Color(hex: 0x38383A), chevron: Color(hex: 0xAEAEB2),
        selection: Color(hex: 0x2C3E66), detailBackground: Color(hex: 0x2C2C2E),
        badgeBackground: Color(hex: 0x3A3A3C), badgeText: Color(hex: 0xEBEBF5), icon: Color(hex: 0x0A84FF))

    public static func of(_ theme: Appearance.Theme) -> Palette { theme == .light ? .light : .dark }
}

extension Color {
    init(_ c: RGBA) { self.init(r: c.r, g: c.g, b: c.b, a: c.a) }
}
