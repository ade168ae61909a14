import OutlineAppearance
import UnfoldCanvas

/// The colours of a theme as the painter uses them (`Appearance.Colors`,
/// which each look describes, as pixels' colours). Kinds may override text
/// and background.
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
    package var accent: Color
    /// Under the pointer.
    package var hover: Color
    /// Drawn folders (`style.icons: glyph`): a manila folder, blue in Finder.
    package var folder: Color
    /// Title, disclosure and drawn icons on a selected row (`style.accent: active`:
    /// white on the accent colour); nil: they keep their colours.
    package var selectedText: Color?

    /// The colours of the `ios` look in the light theme.
    package static let light = Palette(Appearance.Preset.ios.look.light)
    /// The colours of the `ios` look in the dark theme.
    package static let dark = Palette(Appearance.Preset.ios.look.dark)

    /// A look's colours as the painter uses them.
    package init(_ c: Appearance.Colors) {
        (background, text, secondaryText) = (c.background, c.text, c.secondaryText)
        (guide, separator, chevron, selection) = (c.guide, c.separator, c.chevron, c.selection)
        (detailBackground, badgeBackground, badgeText) = (c.detailBackground, c.badgeBackground, c.badgeText)
        (icon, accent, hover, folder) = (c.icon, c.accent, c.hover, c.folder)
    }

    /// The colours of a preset in a theme, with the selection of a focused
    /// list (`accent: active`: the accent colour under white text) or not.
    package static func of(
        _ theme: Appearance.Theme, preset: Appearance.Preset = .ios, accent: Appearance.Accent = .inactive
    ) -> Palette {
        var p = Palette(preset.look.colors(theme))
        if accent == .active {
            p.selection = p.accent
            p.selectedText = p.accent == .white ? .black : .white
        }
        return p
    }
}
