import OutlineAppearance
import UnfoldCanvas

/// The colours of a theme as the painter uses them: a look's colours
/// (`Appearance.Colors`, read through: `palette.text`), and the colours of a
/// selected row's content. Kinds may override text and background.
@dynamicMemberLookup
package struct Palette: Sendable, Equatable {
    /// The look's colours in the theme (the selection's changed by `style.accent: active`).
    package var colors: Appearance.Colors
    /// Title, disclosure and drawn icons on a selected row (`style.accent:
    /// active`: the look's text on its accent); nil: they keep their colours.
    package var selectedText: Color?
    /// Subtitles and notes on a selected row: `selectedText` at 85%, dimmer
    /// than the title and still 4.5:1 against the accent.
    package var selectedSecondaryText: Color? { selectedText?.fading(217) }

    /// One of the look's colours (`palette.background`).
    package subscript(dynamicMember color: WritableKeyPath<Appearance.Colors, Color>) -> Color {
        get { colors[keyPath: color] }
        set { colors[keyPath: color] = newValue }
    }

    /// The colours of the `ios` look in the light theme, as it draws them
    /// by default (its selection in the accent).
    package static let light = Palette.of(.light)
    /// The colours of the `ios` look in the dark theme, as it draws them by default.
    package static let dark = Palette.of(.dark)

    /// A look's colours as the painter uses them.
    package init(_ colors: Appearance.Colors) {
        self.colors = colors
    }

    /// The colours of a preset in a theme, with the selection of a focused
    /// list (`accent: active`: the accent colour under the look's text for
    /// it) or not.
    package static func of(
        _ theme: Appearance.Theme, preset: Appearance.Preset = .ios, accent: Appearance.Accent = .active
    ) -> Palette {
        var p = Palette(preset.look.colors(theme))
        if accent == .active {
            p.selection = p.accent
            p.selectedText = p.accentText
        }
        return p
    }
}
