import OutlineAppearance
import UnfoldCanvas

/// The colours of a theme. Kinds may override text and background.
package struct Palette: Sendable, Equatable {
    package var background: Color
    package var text: Color
    package var secondaryText: Color
    package var guide: Color
    package var separator: Color
    package var chevron: Color
    package var selection: Color
    package var detailBackground: Color
    package var badgeBackground: Color
    package var badgeText: Color
    package var icon: Color
    /// Checked boxes, the focus ring and where a dragged row would drop.
    package var accent: Color = Color(hex: 0x0A84FF)
    /// Under the pointer.
    package var hover: Color = Color(hex: 0x787880, alpha: 0x1F)
    /// Drawn folders (`style.icons: glyph`): a manila folder, blue in Finder.
    package var folder: Color = Color(hex: 0xD8A94F)
    /// Title, disclosure and drawn icons on a selected row (`style.accent: active`:
    /// white on the accent colour); nil: they keep their colours.
    package var selectedText: Color?

    package static let light = Palette(
        background: Color(hex: 0xFFFFFF), text: Color(hex: 0x1C1C1E), secondaryText: Color(hex: 0x6D6D72),
        guide: Color(hex: 0xC8C8C8), separator: Color(hex: 0xDDDDDD), chevron: Color(hex: 0x555555),
        selection: Color(hex: 0xD6E4FF), detailBackground: Color(hex: 0xF2F2F7),
        badgeBackground: Color(hex: 0xE5E5EA), badgeText: Color(hex: 0x3C3C43), icon: Color(hex: 0x0A84FF))

    package static let dark = Palette(
        background: Color(hex: 0x1C1C1E), text: Color(hex: 0xF2F2F7), secondaryText: Color(hex: 0x98989F),
        guide: Color(hex: 0x48484A), separator: Color(hex: 0x38383A), chevron: Color(hex: 0xAEAEB2),
        selection: Color(hex: 0x2C3E66), detailBackground: Color(hex: 0x2C2C2E),
        badgeBackground: Color(hex: 0x3A3A3C), badgeText: Color(hex: 0xEBEBF5), icon: Color(hex: 0x0A84FF))

    /// The colours of a preset in a theme, with the selection of a focused
    /// list (`accent: active`: the accent colour under white text) or not.
    package static func of(
        _ theme: Appearance.Theme, preset: Appearance.Preset = .ios, accent: Appearance.Accent = .inactive
    ) -> Palette {
        var p = colors(theme, preset: preset)
        if accent == .active {
            p.selection = p.accent
            p.selectedText = p.accent == .white ? .black : .white
        }
        return p
    }

    private static func colors(_ theme: Appearance.Theme, preset: Appearance.Preset) -> Palette {
        let light = theme == .light
        switch preset {
        case .ios:
            return light ? .light : .dark
        case .macos:  // a sidebar's grey, a grey selection pill
            var p = light ? Palette.light : Palette.dark
            p.background = Color(hex: light ? 0xF5F5F7 : 0x2A2A2C)
            p.text = Color(hex: light ? 0x1D1D1F : 0xE5E5E7)
            p.selection = Color(hex: light ? 0xDCDCE0 : 0x46464A)
            p.chevron = Color(hex: light ? 0x8A8A8E : 0x9A9A9E)
            p.icon = Color(hex: light ? 0x1E7CF2 : 0x3B8EF5)
            // Finder's sidebar draws folders, and an emphasized selection, in the accent colour: systemBlue,
            // #007AFF light and #0A84FF dark (Apple Human Interface Guidelines, Color: system colors, macOS).
            p.accent = Color(hex: light ? 0x007AFF : 0x0A84FF)
            p.folder = p.accent
            return p
        case .explorer:  // a code editor's side bar
            var p = light ? Palette.light : Palette.dark
            p.background = Color(hex: light ? 0xF3F3F3 : 0x252526)
            p.text = Color(hex: light ? 0x3B3B3B : 0xCCCCCC)
            // VS Code's default themes (Light Modern, Dark Modern, from Light+/Dark+): tree.indentGuidesStroke
            // is #A9A9A9 light and #585858 dark (VS Code theme color reference, colorRegistry defaults).
            p.guide = Color(hex: light ? 0xA9A9A9 : 0x585858)
            p.selection = Color(hex: light ? 0xE4E6F1 : 0x37373D)
            p.chevron = Color(hex: light ? 0x424242 : 0xC5C5C5)
            p.icon = Color(hex: light ? 0x6C6C6C : 0xA0A0A0)
            p.accent = Color(hex: light ? 0x005FB8 : 0x0078D4)
            p.hover = Color(hex: light ? 0xE8E8E8 : 0x2A2D2E)
            return p
        case .plain:  // black on white, or the reverse
            var p = light ? Palette.light : Palette.dark
            p.background = Color(hex: light ? 0xFFFFFF : 0x000000)
            p.text = Color(hex: light ? 0x000000 : 0xFFFFFF)
            p.selection = Color(hex: light ? 0xE8E8E8 : 0x303030)
            p.chevron = Color(hex: light ? 0x000000 : 0xFFFFFF)
            p.icon = Color(hex: light ? 0x404040 : 0x5A5A5A)
            p.accent = Color(hex: light ? 0x000000 : 0xFFFFFF)
            return p
        }
    }
}

extension Color {
    init(_ c: RGBA) { self.init(r: c.r, g: c.g, b: c.b, a: c.a) }
}
