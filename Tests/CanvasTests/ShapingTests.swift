import Foundation
import Testing

@testable import UnfoldCanvas

/// Shaping, bidi and fallback, seen through the shaped glyphs: which font,
/// which cluster, in which visual order, at which offsets.
@Suite struct ShapingTests {
    let typesetter: Typesetter
    /// Face indices, in `FontSet.sources` order.
    let latin = 0, arabic = 2, hebrew = 3, devanagari = 4, thai = 5, cjk = 6, emoji = 7

    init() throws {
        typesetter = try Typesetter(fonts: FontSet.locate())
    }

    func shape(_ text: String, _ direction: TextDirection = .leftToRight) -> ShapedLine {
        typesetter.shaped(text, size: 20, weight: .regular, direction: direction)
    }

    @Test func arabicJoinsAndRunsRightToLeft() {
        let word = shape("بيت")  // beh, yeh, teh: initial, medial and final forms
        #expect(word.glyphs.map(\.face) == [arabic, arabic, arabic])
        #expect(word.glyphs.map(\.cluster) == [2, 1, 0], "the first letter is drawn rightmost")
        #expect(word.glyphs.map(\.x) == word.glyphs.map(\.x).sorted())
        // Joined forms are other glyphs than the letters alone.
        let alone = ["ب", "ي", "ت"].map { shape($0).glyphs[0].id }
        #expect(word.glyphs.map(\.id).reversed() != alone)
        #expect(word.glyphs.last?.id != alone[0], "beh takes its initial form")
    }

    @Test func lamAlefIsOneLigature() {
        let ligature = shape("لا")
        #expect(ligature.glyphs.count == 1 && ligature.glyphs[0].cluster == 0)
        #expect(!ligature.startsCluster[1], "no cut between lam and alef")
    }

    @Test func hebrewKeepsItsEnglishAndDigitsInOrder() {
        // The first strong letter is Hebrew, so the line reads right to left;
        // "abc 123" inside it still reads left to right.
        let line = shape("שלום abc 123")
        func x(_ scalar: Int) -> Int? { line.glyphs.first { $0.cluster == scalar }?.x }
        let shin = x(0), a = x(5), c = x(7), one = x(9), three = x(11)
        #expect(a! < c! && c! < one! && one! < three! && three! < shin!)
        #expect(line.glyphs.filter { $0.cluster <= 3 }.allSatisfy { $0.face == hebrew })
        #expect(line.glyphs.filter { (5 ... 7).contains($0.cluster) }.allSatisfy { $0.face == latin })
        #expect(line.glyphs.max { $0.x < $1.x }?.cluster == 0, "shin is rightmost")
    }

    @Test func neutralTextTakesTheOutlinesDirection() {
        // Digits read left to right either way; the "!" goes to the end of the line, which is the left in RTL.
        let rtl = shape("123!", .rightToLeft).glyphs.map(\.cluster)
        let ltr = shape("123!", .leftToRight).glyphs.map(\.cluster)
        #expect(ltr == [0, 1, 2, 3])
        #expect(rtl == [3, 0, 1, 2])
    }

    @Test func devanagariVowelSignAndConjunctStayInTheirClusters() {
        let ki = shape("कि")  // the i sign is drawn before the consonant it follows
        #expect(ki.glyphs.allSatisfy { $0.face == devanagari && $0.cluster == 0 })
        #expect(!ki.startsCluster[1])
        let ksha = shape("क्ष")  // ka, virama, ssa: one conjunct
        #expect(ksha.glyphs.allSatisfy { $0.cluster == 0 })
        #expect(ksha.glyphs.count < 3, "the virama does not show: the letters join")
    }

    @Test func thaiMarksSitOnTheirBases() {
        let line = shape("ที่")  // tho thahan, sara ii, mai ek: two marks stacked over the base
        #expect(line.glyphs.allSatisfy { $0.face == thai && $0.cluster == 0 })
        #expect(line.glyphs.count == 3)
        // The marks add no width: the cluster is as wide as its base.
        #expect(line.width == shape("ท").width)
        #expect(Set(line.glyphs.map(\.y)).count > 1 || Set(line.glyphs.map(\.x)).count > 1)
    }

    @Test func emojiComeFromTheEmojiFontAndDraw() throws {
        let line = shape("Go 🚀")
        #expect(line.glyphs.last?.face == emoji)
        #expect(line.glyphs.first?.face == latin)
        var p = try Pixmap(width: 60, height: 40, fill: .white)
        typesetter.draw("🚀", into: &p, x: 4, baseline: 30, size: 28, weight: .regular, color: .black)
        #expect(p.pixels.filter { $0 < 128 }.count > 40, "the rocket drew ink")
    }

    @Test func fallbackGoesByRunsAndEachScriptGetsItsFont() {
        let line = shape("Hi 河北 مرحبا ท")
        let faces = Set(line.glyphs.map(\.face))
        #expect(faces == [latin, cjk, arabic, thai])
        // The spaces stay with the font before them.
        #expect(line.glyphs.first { $0.cluster == 2 }?.face == latin)
    }

    @Test func kerningReadsTheWholeKernTable() {
        // Open Sans's kern subtable says it is shorter than it is; FreeType
        // read only its first pairs, which missed ‘A. HarfBuzz reads it all.
        func kerned(_ pair: String) -> Bool {
            let whole = typesetter.width(pair, size: 40, weight: .regular)
            let apart = pair.map { typesetter.width(String($0), size: 40, weight: .regular) }.reduce(0, +)
            return whole < apart
        }
        #expect(kerned("AV") && kerned("To") && kerned("‘A"))
    }

    @Test func ellipsisCutsBetweenClustersAndAtTheLogicalEnd() {
        let hindi = "क्षत्रिय क्षेत्र की कहानी"
        let full = shape(hindi)
        for maxWidth in stride(from: 30.0, to: Double(full.width) / 64, by: 7) {
            let cut = typesetter.ellipsized(hindi, size: 20, weight: .regular, maxWidth: maxWidth)
            #expect(cut.hasSuffix("…") && typesetter.width(cut, size: 20, weight: .regular) <= maxWidth)
            let kept = cut.dropLast()
            #expect(hindi.hasPrefix(kept))
            #expect(full.startsCluster[kept.unicodeScalars.count], "\(cut) splits a cluster")
        }
        // Right to left, the ellipsis ends the text, so it is drawn leftmost.
        let arabic = typesetter.ellipsized("المستندات والصور القديمة", size: 20, weight: .regular, maxWidth: 120, direction: .rightToLeft)
        let line = shape(arabic, .rightToLeft)
        #expect(arabic.hasSuffix("…") && line.width <= 120 * 64)
        #expect(line.glyphs.first?.cluster == arabic.unicodeScalars.count - 1)
    }

    /// File names that differ only at the end: cut at the end they read alike,
    /// cut in the middle each keeps its own extension, and still fits.
    @Test func middleTruncationKeepsTheEndsThatTellNamesApart() {
        let names = ["find-common-ancestor.d.ts", "find-common-ancestor.ts"]
        let maxWidth = typesetter.width("find-common-ances", size: 20, weight: .regular)
        let ends = names.map { typesetter.ellipsized($0, size: 20, weight: .regular, maxWidth: maxWidth) }
        #expect(ends[0] == ends[1], "cut at the end, both read \(ends[0])")
        let middles = names.map { typesetter.ellipsized($0, size: 20, weight: .regular, maxWidth: maxWidth, truncation: .middle) }
        #expect(middles[0] != middles[1])
        #expect(middles[0].hasSuffix(".d.ts") && middles[1].hasSuffix(".ts") && !middles[1].hasSuffix(".d.ts"))
        for (name, cut) in zip(names, middles) {
            let parts = cut.split(separator: "…", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && name.hasPrefix(parts[0]) && name.hasSuffix(parts[1]), "\(cut)")
            #expect(parts[0].count > 2, "the start is kept too: \(cut)")
            #expect(typesetter.width(cut, size: 20, weight: .regular) <= maxWidth)
        }
        #expect(typesetter.ellipsized(names[1], size: 20, weight: .regular, maxWidth: 500, truncation: .middle) == names[1])
    }

    /// Cut in the middle, Devanagari keeps whole clusters on both sides and
    /// Arabic keeps its first and last words, right to left, within the width.
    @Test func middleTruncationSplitsNoClusterInEitherDirection() {
        let hindi = "क्षत्रिय क्षेत्र की कहानी"
        let full = shape(hindi)
        for maxWidth in stride(from: 30.0, to: Double(full.width) / 64, by: 7) {
            let cut = typesetter.ellipsized(hindi, size: 20, weight: .regular, maxWidth: maxWidth, truncation: .middle)
            #expect(typesetter.width(cut, size: 20, weight: .regular) <= maxWidth)
            let parts = cut.split(separator: "…", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && hindi.hasPrefix(parts[0]) && hindi.hasSuffix(parts[1]), "\(cut)")
            let head = parts[0].unicodeScalars.count, tail = hindi.unicodeScalars.count - parts[1].unicodeScalars.count
            #expect(full.startsCluster[head], "\(cut) splits a cluster at its start")
            #expect(full.startsCluster[tail], "\(cut) splits a cluster at its end")
        }
        let title = "المستندات والصور القديمة"
        let arabic = typesetter.ellipsized(title, size: 20, weight: .regular, maxWidth: 120, direction: .rightToLeft, truncation: .middle)
        let parts = arabic.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2 && title.hasPrefix(parts[0]) && title.hasSuffix(parts[1]) && !parts[1].isEmpty, "\(arabic)")
        let line = shape(arabic, .rightToLeft)
        #expect(line.width <= 120 * 64 && line.direction == .rightToLeft)
        // The start is drawn on the right: the first letter's glyph is the rightmost.
        #expect(line.glyphs.last?.cluster == 0)
    }

    @Test func wrappingNeverSplitsAClusterAndKeepsEveryCharacter() {
        let hindi = "क्षत्रियक्षेत्रकीकहानी"  // no spaces: every line break is an emergency one
        let full = shape(hindi)
        let lines = typesetter.wrap(hindi, size: 20, weight: .regular, maxWidth: 50)
        #expect(lines.count > 1 && lines.joined() == hindi)
        #expect(lines.allSatisfy { typesetter.width($0, size: 20, weight: .regular) <= 50 })
        var offset = 0
        for line in lines.dropLast() {
            offset += line.unicodeScalars.count
            #expect(full.startsCluster[offset], "a line ends inside a cluster at \(offset)")
        }
    }

    @Test func aWrappedLineKeepsItsParagraphsDirection() {
        let lines = typesetter.wrap("שלום עולם Apple Banana Cherry", size: 20, weight: .regular, maxWidth: 110)
        #expect(lines.count > 1)
        #expect(lines.dropFirst().allSatisfy { shape($0).direction == .rightToLeft })
        #expect(lines.dropFirst().contains { $0.hasPrefix("\u{200F}") }, "\(lines)")
        #expect(lines.map { $0.replacingOccurrences(of: "\u{200F}", with: "") }.joined(separator: " ") == "שלום עולם Apple Banana Cherry")
        let latin = typesetter.wrap("Apple Banana Cherry Damson", size: 20, weight: .regular, maxWidth: 110)
        #expect(!latin.joined().unicodeScalars.contains { $0.value == 0x200E || $0.value == 0x200F })
    }

    @Test func wrappedLinesFitAsTheyAreDrawn() {
        // Cut Arabic words take other forms (a medial letter becomes final) and can grow: every line, shaped alone, fits.
        let arabic = "رحلةإلىالإسكندريةفيالصيفالماضيمعالعائلة"
        for maxWidth in stride(from: 30.0, through: 150, by: 10) {
            let lines = typesetter.wrap(arabic, size: 20, weight: .regular, maxWidth: maxWidth, direction: .rightToLeft)
            #expect(lines.joined() == arabic)
            for line in lines where line.count > 1 {
                #expect(typesetter.width(line, size: 20, weight: .regular, direction: .rightToLeft) <= maxWidth, "\(maxWidth): \(line)")
            }
        }
    }

    @Test func wrappingEdgeCases() {
        let t = typesetter
        // Leading spaces never make an empty first line.
        #expect(t.wrap("   Configuration", size: 20, weight: .regular, maxWidth: 60).first?.isEmpty == false)
        // A first character wider than the line still makes progress, one cluster a line.
        #expect(t.wrap("WWW", size: 40, weight: .regular, maxWidth: 10) == ["W", "W", "W"])
        #expect(t.wrap("ab", size: 20, weight: .regular, maxWidth: 0) == ["a", "b"])
        // A zero-width space is a place to break (Thai words, for one).
        let thai = t.wrap("สวัสดีครับ\u{200B}ภาษาไทย", size: 20, weight: .regular, maxWidth: 100)
        #expect(thai.count == 2 && thai[0].hasSuffix("\u{200B}") && thai[1] == "ภาษาไทย")
    }

    @Test func nestedDirectionsReorderByLevel() {
        // An English phrase isolated inside a Hebrew one inside an English line: levels 0, 1 and 2.
        let text = "Go \u{2067}שלום \u{2066}abc\u{2069} עולם\u{2069} now"
        let line = shape(text)
        func x(_ scalar: Int) -> Int { line.glyphs.first { $0.cluster == scalar }?.x ?? -1 }
        let g = 0, shin = 4, a = 10, c = 12, ayin = 15, n = 21
        #expect(x(g) < x(ayin) && x(ayin) < x(a) && x(a) < x(c) && x(c) < x(shin) && x(shin) < x(n))
    }

    @Test func fontFilesAreReadOnceAndShared() throws {
        let fonts = try FontSet.locate()
        let directory = FontSet(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Fonts")
        for set in [fonts, directory] {
            let typesetters = try (0 ..< 3).map { _ in try Typesetter(fonts: set) }
            let widths = typesetters.map { $0.width("Hello 河北 مرحبا 🚀", size: 20, weight: .regular) }
            #expect(Set(widths).count == 1)
        }
        // While a face holds a file's bytes, reading the file again gives the same bytes object.
        guard case let .file(path) = directory.regular else { return }
        let held = try FontFileBytes.read(path)
        #expect(try FontFileBytes.read(path) === held)
        #expect(throws: TextError.self) { try Typesetter(fonts: FontSet(regular: .file("/nonexistent.ttf"), semibold: .bundled(.semibold), fallbacks: [])) }
    }

    @Test func invisibleCharactersDrawNothing() {
        // A zero-width space, a word joiner, bidi isolates and a soft hyphen: no font has all of them, and none draws a box.
        let plain = typesetter.width("ab cd", size: 20, weight: .regular)
        let marked = "a\u{200B}b \u{2066}c\u{2060}d\u{2069}\u{AD}"
        #expect(typesetter.width(marked, size: 20, weight: .regular) == plain)
        #expect(shape(marked).glyphs.allSatisfy { $0.face >= 0 })
    }

    @Test func canonicallyEquivalentTextsAreShapedEachAsItIs() {
        // Swift's == calls these equal; the cache must not hand one's glyphs to the other.
        let composed = "Caf\u{E9} menu", decomposed = "Cafe\u{301} menu"
        let a = shape(composed), b = shape(decomposed)
        #expect(a.advances.count == composed.unicodeScalars.count + 1)
        #expect(b.advances.count == decomposed.unicodeScalars.count + 1)
        #expect(typesetter.ellipsized(decomposed, size: 20, weight: .regular, maxWidth: 40).hasSuffix("…"))
    }

    @Test func controlCharactersAreSkipped() {
        #expect(typesetter.width("a\u{7}b", size: 20, weight: .regular) == typesetter.width("ab", size: 20, weight: .regular))
    }
}

@Suite struct LineBreakTests {
    func breaks(_ text: String) -> [Bool] { LineBreaks.opportunities(Array(text)) }

    @Test func afterSpacesNotBeforeThem() {
        #expect(breaks("a b") == [false, false, true])
        #expect(breaks("a  b") == [false, false, false, true])
    }

    @Test func betweenIdeographsButNotBeforeClosingOrAfterOpeningPunctuation() {
        #expect(breaks("河北省") == [false, true, true])
        #expect(breaks("河。北") == [false, false, true])
        #expect(breaks("河（北）") == [false, true, false, false])
        #expect(breaks("ラーメン") == [false, false, true, true], "no break before the long-vowel mark")
    }

    @Test func afterAHyphenInsideAWordOnly() {
        #expect(breaks("well-known") == [false, false, false, false, false, true, false, false, false, false])
        #expect(breaks("a -1") == [false, false, true, false])
    }

    @Test func neverBeforeAnEllipsisOrAComma() {
        #expect(breaks("a …") == [false, false, false])
        #expect(breaks("河，") == [false, false])
    }

    @Test func wrappedChineseNeverStartsALineWithClosingPunctuation() throws {
        let t = try Typesetter(fonts: FontSet.locate())
        let text = "河北省，石家庄市。长安区、建华南街道。"
        for width in stride(from: 40.0, through: 120, by: 5) {
            let lines = t.wrap(text, size: 17, weight: .regular, maxWidth: width)
            #expect(lines.joined() == text)
            #expect(lines.dropFirst().allSatisfy { !"，。、".contains($0.first ?? "x") }, "\(lines)")
        }
    }
}
