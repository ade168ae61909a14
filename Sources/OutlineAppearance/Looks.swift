extension Appearance {
    /// The colours of one theme of a look, as plain values; the painter turns
    /// them into pixels. Kinds may override text and background.
    package struct Colors: Sendable, Equatable {
        /// The canvas.
        package var background: Color
        /// Titles.
        package var text: Color
        /// Subtitles, annotations and detail rows.
        package var secondaryText: Color
        /// Indent guides.
        package var guide: Color
        /// Separators between rows.
        package var separator: Color
        /// The disclosure chevron or triangle.
        package var chevron: Color
        /// A selected row.
        package var selection: Color
        /// A detail row's background.
        package var detailBackground: Color
        /// The count badge.
        package var badgeBackground: Color
        /// The count badge's number.
        package var badgeText: Color
        /// Icons: tiles, symbols and documents.
        package var icon: Color
        /// Checked boxes, the focus ring, where a dragged row would drop, and
        /// an active selection (`style.accent: active`): at least 3:1 against
        /// the background (WCAG AA for a highlight).
        package var accent: Color
        /// Titles, disclosures, drawn icons and a check mark on the accent (a
        /// label covers only the icon and the name); at least 4.5:1 against
        /// it, notes (drawn at 85%) included.
        package var accentText: Color
        /// Under the pointer.
        package var hover: Color
        /// Drawn folders (`style.icons: glyph`).
        package var folder: Color
    }

    /// A look Unfold knows, described in one place: its style (sizes,
    /// disclosure, selection, icons, truncation) and its colours in the light
    /// and the dark theme. `Preset` names the looks; `Preset.look` is the one
    /// table of them.
    package struct Look: Sendable {
        /// The style a scenario of this look starts from.
        package var style: Style
        /// The colours in the light theme.
        package var light: Colors
        /// The colours in the dark theme.
        package var dark: Colors

        /// The colours in `theme`.
        package func colors(_ theme: Theme) -> Colors { theme == .light ? light : dark }
    }
}

extension Appearance.Preset {
    /// This preset's style and colours.
    package var look: Appearance.Look {
        switch self {
        case .ios: Self.iosLook
        case .macos: Self.macosLook
        case .explorer: Self.explorerLook
        case .plain: Self.plainLook
        case .starlight: Self.starlightLook
        }
    }

    private static func hex(_ value: UInt32, alpha: UInt8 = 255) -> Color {
        Color(hex: value, alpha: alpha)
    }

    private static func style(_ preset: Appearance.Preset, _ change: (inout Appearance.Style) -> Void) -> Appearance.Style {
        var style = Appearance.Style()
        style.preset = preset
        change(&style)
        return style
    }

    /// An iOS table view's colours (UIKit's system colours). The accent is
    /// systemBlue's accessible variant (#0040DD light, #409CFF dark: Apple
    /// Human Interface Guidelines, Color), and notes are a little darker
    /// (lighter in dark) than UIKit's, and letter tiles a darker blue under
    /// their white letter, so that every text passes WCAG AA.
    private static let iosLight = Appearance.Colors(
        background: hex(0xFFFFFF), text: hex(0x1C1C1E), secondaryText: hex(0x646468), guide: hex(0xC8C8C8), separator: hex(0xDDDDDD),
        chevron: hex(0x555555), selection: hex(0xD6E4FF), detailBackground: hex(0xF2F2F7), badgeBackground: hex(0xE5E5EA),
        badgeText: hex(0x3C3C43), icon: hex(0x0066D6), accent: hex(0x0040DD), accentText: hex(0xFFFFFF), hover: hex(0x787880, alpha: 0x1F), folder: hex(0xD8A94F))
    private static let iosDark = Appearance.Colors(
        background: hex(0x1C1C1E), text: hex(0xF2F2F7), secondaryText: hex(0xABABB0), guide: hex(0x48484A), separator: hex(0x38383A),
        chevron: hex(0xAEAEB2), selection: hex(0x2C3E66), detailBackground: hex(0x2C2C2E), badgeBackground: hex(0x3A3A3C),
        badgeText: hex(0xEBEBF5), icon: hex(0x0066D6), accent: hex(0x409CFF), accentText: hex(0x000000), hover: hex(0x787880, alpha: 0x1F), folder: hex(0xD8A94F))

    /// An iOS table view: tall rows, chevrons, badges, guides and separators.
    private static let iosLook = Appearance.Look(style: style(.ios) { _ in }, light: iosLight, dark: iosDark)

    /// NSOutlineView, the Finder sidebar: a sidebar's grey, a selection
    /// pill (grey when the list is not focused). Finder draws folders in
    /// systemBlue, #007AFF light and #0A84FF dark (Apple Human Interface
    /// Guidelines, Color: system colors, macOS); the focused selection is its
    /// accessible variant, as in `ios`.
    private static let macosLook = Appearance.Look(
        style: style(.macos) { s in
            (s.indent, s.rowHeight, s.fontSize, s.padding) = (16, 24, 13, 8)
            (s.badges, s.guides, s.separators) = (false, false, false)
            (s.disclosure, s.selection, s.icons) = (.triangle, .pill, .glyph)
            s.truncation = .middle
        },
        light: themed(iosLight) { c in
            (c.background, c.text, c.selection, c.chevron) = (hex(0xF5F5F7), hex(0x1D1D1F), hex(0xDCDCE0), hex(0x8A8A8E))
            (c.secondaryText, c.icon, c.folder) = (hex(0x5F5F64), hex(0x1E7CF2), hex(0x007AFF))
        },
        dark: themed(iosDark) { c in
            (c.background, c.text, c.selection, c.chevron) = (hex(0x2A2A2C), hex(0xE5E5E7), hex(0x46464A), hex(0x9A9A9E))
            (c.secondaryText, c.icon, c.folder) = (hex(0xB5B5BA), hex(0x3B8EF5), hex(0x0A84FF))
        })

    /// A code editor's file tree. VS Code's default themes (Light Modern,
    /// Dark Modern, from Light+/Dark+): tree.indentGuidesStroke is #A9A9A9
    /// light and #585858 dark (VS Code theme color reference, colorRegistry
    /// defaults). The focused selection is Light Modern's #005FB8 under white;
    /// in dark, #3794FF (Dark Modern's link blue) under black, as no blue
    /// under white stands out 3:1 from the dark background.
    private static let explorerLook = Appearance.Look(
        style: style(.explorer) { s in
            (s.indent, s.rowHeight, s.fontSize, s.padding) = (10, 22, 13, 6)
            (s.badges, s.guides, s.separators) = (false, true, false)
            (s.disclosure, s.selection, s.icons) = (.chevron, .row, .glyph)
            s.compactFolders = true
            s.truncation = .middle
        },
        light: themed(iosLight) { c in
            (c.background, c.text, c.guide, c.selection) = (hex(0xF3F3F3), hex(0x3B3B3B), hex(0xA9A9A9), hex(0xE4E6F1))
            (c.chevron, c.icon, c.accent, c.hover) = (hex(0x424242), hex(0x6C6C6C), hex(0x005FB8), hex(0xE8E8E8))
            c.secondaryText = hex(0x646469)
        },
        dark: themed(iosDark) { c in
            (c.background, c.text, c.guide, c.selection) = (hex(0x252526), hex(0xCCCCCC), hex(0x585858), hex(0x37373D))
            (c.chevron, c.icon, c.hover) = (hex(0xC5C5C5), hex(0xA0A0A0), hex(0x2A2D2E))
            (c.secondaryText, c.accent, c.accentText) = (hex(0xA1A1A7), hex(0x3794FF), hex(0x000000))
        })

    /// For print: black on white, or light grey on a dark grey (the
    /// #1E1E1E of dark editor and window backgrounds); no badges, guides or
    /// separators; icons drawn in one grey; a selected row in inverse video.
    private static let plainLook = Appearance.Look(
        style: style(.plain) { s in
            (s.rowHeight, s.fontSize) = (32, 15)
            (s.badges, s.guides, s.separators) = (false, false, false)
            (s.disclosure, s.icons) = (.triangle, .mono)
        },
        light: themed(iosLight) { c in
            (c.background, c.text, c.selection, c.chevron) = (hex(0xFFFFFF), hex(0x000000), hex(0xE8E8E8), hex(0x000000))
            (c.secondaryText, c.icon, c.accent) = (hex(0x66666B), hex(0x404040), hex(0x000000))
        },
        dark: themed(iosDark) { c in
            (c.background, c.text, c.selection, c.chevron) = (hex(0x1E1E1E), hex(0xEDEDED), hex(0x3A3A3A), hex(0xEDEDED))
            (c.secondaryText, c.icon, c.accent, c.accentText) = (hex(0xA5A5AB), hex(0x9A9A9A), hex(0xEDEDED), hex(0x000000))
        })

    /// Starlight's `<FileTree>` (its `props.css` and `FileTree.astro`): 13-px
    /// monospaced text (`--sl-text-xs`, `--__sl-font-mono`: Liberation Mono
    /// where the fonts before it in the list are missing) on `--sl-color-gray-6`, names in
    /// `--sl-color-white`, icons, markers and notes in `--sl-color-gray-3`,
    /// guides and the box's 1-px border in `--sl-color-gray-5`, highlighted entries in
    /// `--sl-color-text-invert` on `--sl-color-text-accent` (hue 234), behind
    /// the icon and the name only (`.highlight`), the name semibold, as
    /// Unfold draws bold (the `<strong>` it was written as), notes 26 px after the name
    /// (`.comment`'s 1.625rem), 35 px a level (a folder's `details`
    /// 1.5rem, its list's 0.5rem margin, 1-px border and 0.125rem padding). In dark, notes are gray-3 made lighter
    /// (#9DA2AB) to pass WCAG AA.
    private static let starlightLook = Appearance.Look(
        style: style(.starlight) { s in
            (s.indent, s.rowHeight, s.fontSize, s.padding) = (35, 27, 13, 16)
            (s.badges, s.guides, s.separators) = (false, true, false)
            (s.disclosure, s.selection, s.icons) = (.triangle, .label, .mono)
            (s.noteGap, s.monospace, s.border) = (26, true, true)
        },
        light: themed(iosLight) { c in
            (c.background, c.text, c.secondaryText, c.guide) = (hex(0xECEDF3), hex(0x16181D), hex(0x545864), hex(0xC0C2C9))
            (c.chevron, c.icon, c.accent, c.folder) = (hex(0x545864), hex(0x545864), hex(0x3D50F5), hex(0x545864))
            (c.selection, c.hover) = (hex(0xCFD4FC), hex(0x16181D, alpha: 0x14))
        },
        dark: themed(iosDark) { c in
            (c.background, c.text, c.guide) = (hex(0x23272E), hex(0xFFFFFF), hex(0x343841))
            (c.chevron, c.icon, c.folder) = (hex(0x868C98), hex(0x868C98), hex(0x868C98))
            (c.secondaryText, c.accent, c.accentText) = (hex(0x9DA2AB), hex(0xBDC3FF), hex(0x171D4F))
            (c.selection, c.hover) = (hex(0x171D4F), hex(0xFFFFFF, alpha: 0x14))
        })

    private static func themed(_ base: Appearance.Colors, _ change: (inout Appearance.Colors) -> Void) -> Appearance.Colors {
        var colors = base
        change(&colors)
        return colors
    }
}
