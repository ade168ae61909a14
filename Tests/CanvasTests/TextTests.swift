import Foundation
import Testing
import UnfoldCanvas

@Suite struct TextTests {
    let typesetter = try! Typesetter(fonts: try! FontSet.locate())

    @Test func kerningTightensPairs() {
        let av = typesetter.width("AV", size: 40, weight: .regular)
        let apart = typesetter.width("A", size: 40, weight: .regular) + typesetter.width("V", size: 40, weight: .regular)
        #expect(av < apart)
    }

    @Test func latinChineseAndMissingGlyphsAllDraw() throws {
        for text in ["Hello", "河北省", "\u{10FFFD}"] {
            var p = try Pixmap(width: 120, height: 40, fill: .white)
            typesetter.draw(text, into: &p, x: 4, baseline: 30, size: 24, weight: .regular, color: .black)
            #expect(p.pixels.contains { $0 < 128 }, "\(text) drew nothing")
        }
    }

    /// Semibold is darker in every script: Latin from its semibold font, and
    /// scripts whose bundled font has no bold (Hebrew, Arabic, Korean) by
    /// emboldening the regular outlines, with the same advances. The vector
    /// outline is emboldened as the pixels are.
    @Test func semiboldIsDarkerThanRegularInEveryScript() throws {
        func ink(_ text: String, _ weight: FontWeight) throws -> Int {
            var p = try Pixmap(width: 200, height: 40)
            typesetter.draw(text, into: &p, x: 2, baseline: 30, size: 24, weight: weight, color: .black)
            return stride(from: 3, to: p.pixels.count, by: 4).reduce(0) { $0 + Int(p.pixels[$1]) }
        }
        for text in ["Settings", "שלום", "مرحبا", "안녕하세요"] {
            #expect(try ink(text, .semibold) > ink(text, .regular) * 21 / 20, "\(text)")
        }
        #expect(typesetter.width("שלום", size: 24, weight: .semibold) == typesetter.width("שלום", size: 24, weight: .regular))
        let placed = { (weight: FontWeight) in self.typesetter.placedGlyphs("שלום", x: 0, baseline: 30, size: 24, weight: weight).glyphs }
        #expect(placed(.semibold).allSatisfy { $0.key.emboldened } && !placed(.regular).contains { $0.key.emboldened })
        func width(_ path: Path) -> Double {
            let xs = path.elements.flatMap { element -> [Double] in
                switch element {
                case let .move(p), let .line(p): [p.x]
                case let .quad(c, p): [c.x, p.x]
                case let .cubic(c1, c2, p): [c1.x, c2.x, p.x]
                case .close: []
                }
            }
            return (xs.max() ?? 0) - (xs.min() ?? 0)
        }
        let bounds = { (glyphs: [Typesetter.PlacedGlyph]) in glyphs.map { width(self.typesetter.outline(of: $0.key)) }.reduce(0, +) }
        #expect(bounds(placed(.semibold)) > bounds(placed(.regular)))
        #expect(!typesetter.placedGlyphs("Settings", x: 0, baseline: 30, size: 24, weight: .semibold).glyphs.contains { $0.key.emboldened })
    }

    @Test func ellipsisFitsTheWidth() {
        let long = "Configuration Network Accessibility Settings"
        let cut = typesetter.ellipsized(long, size: 17, weight: .regular, maxWidth: 120)
        #expect(cut.hasSuffix("…") && typesetter.width(cut, size: 17, weight: .regular) <= 120)
        #expect(typesetter.ellipsized("Short", size: 17, weight: .regular, maxWidth: 120) == "Short")
    }

    @Test func wrappingBreaksAtSpacesAndBetweenChineseCharacters() {
        let lines = typesetter.wrap("one two three four five six", size: 17, weight: .regular, maxWidth: 80)
        #expect(lines.count > 1 && lines.allSatisfy { typesetter.width($0, size: 17, weight: .regular) <= 80 })
        #expect(lines.joined(separator: " ") == "one two three four five six")
        let cjk = typesetter.wrap("河北省石家庄市长安区建华南街道", size: 17, weight: .regular, maxWidth: 60)
        #expect(cjk.count > 2 && cjk.joined() == "河北省石家庄市长安区建华南街道")
    }

    @Test func drawingIsDeterministic() throws {
        var a = try Pixmap(width: 200, height: 40, fill: .white)
        var b = a
        for i in 0 ..< 2 {
            let t = try Typesetter(fonts: FontSet.locate())
            if i == 0 {
                t.draw("Tap 河北省 AV…", into: &a, x: 3, baseline: 28, size: 19, weight: .regular, color: .black)
            } else {
                t.draw("Tap 河北省 AV…", into: &b, x: 3, baseline: 28, size: 19, weight: .regular, color: .black)
            }
        }
        #expect(a == b)
    }
}

@Suite struct BandTests {
    @Test func drawingInBandsGivesTheSamePixels() throws {
        let fonts = try FontSet.locate()
        let typesetters = try (0 ..< 3).map { _ in try Typesetter(fonts: fonts) }
        func picture(bands: Int) throws -> Pixmap {
            try Pixmap(width: 120, height: 61, bands: bands) { band, surface in
                surface.fill(surface.clip, color: .white)
                surface.fill(.polygon([Point(3, 2), Point(110, 30), Point(20, 58)]), color: Color(hex: 0x3366CC, alpha: 200))
                typesetters[band].draw("Tg 河北 AV", into: surface, x: 5, baseline: 33, size: 26, weight: .regular, color: .black)
            }
        }
        let one = try picture(bands: 1)
        #expect(try picture(bands: 2) == one)
        #expect(try picture(bands: 3) == one)
    }
}

@Suite struct WrapTests {
    @Test func aLongFirstWordBreaksBetweenCharacters() throws {
        let t = try Typesetter(fonts: FontSet.locate())
        let lines = t.wrap("Supercalifragilisticexpialidocious is long", size: 17, weight: .regular, maxWidth: 80)
        #expect(lines.count > 2 && lines.allSatisfy { t.width($0, size: 17, weight: .regular) <= 80 })
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "Supercalifragilisticexpialidociousislong")
    }
}

/// The fonts built into the library are the files in `Fonts/` (a stale build
/// would embed old bytes: SwiftPM does not track `.incbin`).
@Test func theBundledFontsAreTheFilesInFonts() throws {
    let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts")
    for font in FontSet.BundledFont.allCases {
        let file = try Data(contentsOf: fonts.appendingPathComponent(font.fileName))
        #expect(font.bytes.count == file.count && font.bytes.elementsEqual(file), "\(font.fileName): rebuild clean")
    }
}
