import Foundation
import OutlineAppearance
import Testing
import UnfoldCanvas

@testable import UnfoldPaint

/// Every look, in light and dark, passes WCAG 2.2 AA: 4.5:1 for text
/// (notes and text on a selected or highlighted row included) and 3:1 for a
/// highlight against the rows around it.
@Suite struct ContrastTests {
    /// WCAG's relative luminance of an opaque colour.
    static func luminance(_ color: Color) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
    }

    /// WCAG's contrast ratio of two opaque colours, 1...21.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// `color` drawn over the opaque `background`.
    static func over(_ color: Color, _ background: Color) -> Color {
        let alpha = Int(color.a)
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 {
            let sum: Int = Int(f) * alpha + Int(b) * (255 - alpha) + 127
            return UInt8(sum / 255)
        }
        return Color(r: mix(color.r, background.r), g: mix(color.g, background.g), b: mix(color.b, background.b))
    }

    /// Each pair a picture draws text on, with what it is, in one look, theme and accent.
    static func textPairs(_ p: Palette, style: Appearance.Style) -> [(String, Color, Color)] {
        let hovered = over(p.hover, p.background)
        let tiles = style.icons == .tile ? [("a tile's letter", Color.white, p.icon)] : []
        return tiles + [
            ("a strip's labels", p.text, p.detailBackground),
            ("titles", p.text, p.background), ("notes", p.secondaryText, p.background),
            ("a detail row's text", p.secondaryText, p.detailBackground), ("a badge's number", p.badgeText, p.badgeBackground),
            ("titles under the pointer", p.text, hovered), ("notes under the pointer", p.secondaryText, hovered),
            ("a selected title", p.selectedText ?? p.text, p.selection),
            ("a selected row's notes", over(p.selectedSecondaryText ?? p.secondaryText, p.selection), p.selection),
            ("a check mark", p.accentText, p.accent),
        ]
    }

    @Test(arguments: Appearance.Preset.allCases, Appearance.Theme.allCases)
    func everyTextPassesAA(preset: Appearance.Preset, theme: Appearance.Theme) {
        for accent in Appearance.Accent.allCases {
            let pairs = Self.textPairs(.of(theme, preset: preset, accent: accent), style: Appearance.Style(preset: preset))
            for (what, text, background) in pairs {
                let ratio = Self.contrast(text, background)
                #expect(ratio >= 4.5, "\(preset) \(theme) \(accent): \(what) at \(ratio):1")
            }
        }
    }

    @Test(arguments: Appearance.Preset.allCases, Appearance.Theme.allCases)
    func aHighlightStandsOutFromItsRows(preset: Appearance.Preset, theme: Appearance.Theme) {
        #expect(Appearance.Style(preset: preset).accent == .active, "the looks highlight with the accent")
        let p = Palette.of(theme, preset: preset)
        for (what, row) in [("the rows", p.background), ("a row under the pointer", Self.over(p.hover, p.background))] {
            let ratio = Self.contrast(p.selection, row)
            #expect(ratio >= 3, "\(preset) \(theme): a highlight against \(what) at \(ratio):1")
        }
    }

    /// The formula against WCAG's own examples: black on white is 21:1, a
    /// colour against itself 1:1, and #767676 the lightest grey that passes on white.
    @Test func theRatioIsWCAGs() {
        #expect(Self.contrast(.black, .white) == 21)
        #expect(Self.contrast(Color(hex: 0x3D50F5), Color(hex: 0x3D50F5)) == 1)
        #expect(Self.contrast(Color(hex: 0x767676), .white) >= 4.5)
        #expect(Self.contrast(Color(hex: 0x777777), .white) < 4.5)
    }
}
