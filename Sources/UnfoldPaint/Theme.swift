import OutlineAppearance
import UnfoldCanvas

/// The colours of a theme as the painter uses them: a look's colours
/// (`Appearance.Colors`, read through: `palette.text`), and the colours of a
/// selected row's content. Kinds may override text and background.
@dynamicMemberLookup
package struct Palette: Sendable, Equatable {
    /// The look's colours in the theme (the selection's changed by `style.accent: active`).
    package var colors: Appearance.Colors
    /// Title, disclosure and drawn icons on a selected row (`style.accent: active`:
    /// white on the accent colour); nil: they keep their colours.
    package var selectedText: Color?

    /// One of the look's colours (`palette.background`).
    package subscript(dynamicMember color: WritableKeyPath<Appearance.Colors, Color>) -> Color {
        get { colors[keyPath: color] }
        set { colors[keyPath: color] = newValue }
    }

    /// The colours of the `ios` look in the light theme.
    package static let light = Palette(Appearance.Preset.ios.look.light)
    /// The colours of the `ios` look in the dark theme.
    package static let dark = Palette(Appearance.Preset.ios.look.dark)

    /// A look's colours as the painter uses them.
    package init(_ colors: Appearance.Colors) {
        self.colors = colors
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
