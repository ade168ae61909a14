import OutlineAppearance
import Testing
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG

func canvas(_ draw: (inout Pixmap) -> Void) -> RGBAImage {
    var p = try! Pixmap(width: 60, height: 40, fill: .white)
    draw(&p)
    return p.straight
}

@Suite struct ImageDiffTests {
    @Test func equalImagesMatch() {
        let a = canvas { $0.fill(.polygon([Point(5, 5), Point(50, 12), Point(20, 35)]), color: .black) }
        let r = compare(a, a)
        #expect(r.matches && r.differentPixels == 0 && r.bounds == nil && r.maxDistance == 0)
    }

    @Test func aMovedBlockIsFoundWithItsBounds() {
        let a = canvas { $0.fill(PixelRect(x0: 10, y0: 10, x1: 20, y1: 20), color: .black) }
        let b = canvas { $0.fill(PixelRect(x0: 12, y0: 10, x1: 22, y1: 20), color: .black) }
        var options = DiffOptions()
        options.drawDiff = true
        let r = compare(a, b, options: options)
        #expect(!r.matches && r.differentPixels == 40)
        #expect(r.bounds == PixelRect(x0: 10, y0: 10, x1: 22, y1: 20))
        #expect(r.diff?.pixel(x: 10, y: 15) == Color(r: 255, g: 0, b: 0))
        #expect(r.diff?.pixel(x: 15, y: 15) != Color(r: 255, g: 0, b: 0))
    }

    @Test func darkerPixelsCanHaveTheirOwnColour() {
        let white = canvas { _ in }
        let black = canvas { $0.fill(PixelRect(x0: 10, y0: 10, x1: 20, y1: 20), color: .black) }
        var options = DiffOptions()
        options.drawDiff = true
        options.style.darker = Color(r: 0, g: 255, b: 0)
        #expect(compare(white, black, options: options).diff?.pixel(x: 15, y: 15) == Color(r: 0, g: 255, b: 0))
        #expect(compare(black, white, options: options).diff?.pixel(x: 15, y: 15) == Color(r: 255, g: 0, b: 0))
    }

    @Test func smallColourChangesStayUnderTheThreshold() {
        let a = canvas { $0.fill(PixelRect(x0: 0, y0: 0, x1: 60, y1: 40), color: Color(hex: 0x808080)) }
        let b = canvas { $0.fill(PixelRect(x0: 0, y0: 0, x1: 60, y1: 40), color: Color(hex: 0x838383)) }
        #expect(compare(a, b).matches)
        var exact = DiffOptions()
        exact.threshold = 0
        #expect(compare(a, b, options: exact).differentPixels == 60 * 40)
    }

    @Test func antiAliasedEdgesAreDetectedAndCanBeCounted() {
        let a = canvas { $0.fill(.polygon([Point(5, 5.0), Point(55, 9.0), Point(20, 35.0)]), color: .black) }
        let b = canvas { $0.fill(.polygon([Point(5, 5.3), Point(55, 9.3), Point(20, 35.3)]), color: .black) }
        let r = compare(a, b)
        #expect(r.antiAliasedPixels > 0)
        var strict = DiffOptions()
        strict.countAntiAliasing = true
        #expect(compare(a, b, options: strict).differentPixels == r.differentPixels + r.antiAliasedPixels)
    }

    @Test func budgetsAndIgnoredRegions() {
        let a = canvas { _ in }
        let b = canvas { $0.fill(PixelRect(x0: 0, y0: 0, x1: 3, y1: 3), color: .black) }
        var options = DiffOptions()
        options.maxDifferentPixels = 9
        #expect(compare(a, b, options: options).matches)
        options.maxDifferentPixels = 8
        #expect(!compare(a, b, options: options).matches)
        options.maxDifferentRatio = 0.01
        #expect(compare(a, b, options: options).matches)
        var ignore = DiffOptions()
        ignore.ignore = [PixelRect(x0: 0, y0: 0, x1: 3, y1: 3)]
        #expect(compare(a, b, options: ignore).matches)
    }

    /// A size change compares the overlap and says where it differs.
    @Test func differentSizesCompareTheOverlap() throws {
        var tall = try Pixmap(width: 60, height: 50, fill: .white)
        tall.fill(PixelRect(x0: 5, y0: 20, x1: 15, y1: 24), color: .black)
        let a = canvas { _ in }
        var options = DiffOptions()
        options.drawDiff = true
        let r = compare(a, tall.straight, options: options)
        #expect(!r.matches && r.sizesDiffer)
        #expect(r.differentPixels == 40 && r.bounds == PixelRect(x0: 5, y0: 20, x1: 15, y1: 24))
        #expect(r.diff?.width == 60 && r.diff?.height == 50)
        #expect(r.diff?.pixel(x: 30, y: 45) == Color(r: 255, g: 0, b: 0))
        options.allowSizeChange = true
        #expect(!compare(a, tall.straight, options: options).matches)
        let unchanged = canvas { _ in }
        var longer = try Pixmap(width: 60, height: 50, fill: .white)
        longer.fill(PixelRect(x0: 0, y0: 40, x1: 60, y1: 50), color: .black)
        #expect(compare(unchanged, longer.straight, options: options).matches)
    }

    @Test func sideBySideHoldsAllThree() throws {
        let a = canvas { _ in }
        let s = try DiffPainter.sideBySide(expected: a, actual: a, diff: a)
        #expect(s.width == 60 * 3 + 32 && s.height == 40)
    }

    /// A band of rows compared at its place gives the whole comparison's counts.
    @Test func aBandWithTwoRowsOfContextAgreesWithTheWhole() throws {
        let a = canvas { $0.fill(.polygon([Point(5, 5.0), Point(55, 9.0), Point(20, 35.0)]), color: Color(r: 0, g: 0, b: 0, a: 140)) }
        let b = canvas { $0.fill(.polygon([Point(5, 5.4), Point(55, 9.2), Point(20, 35.3)]), color: Color(r: 0, g: 0, b: 0, a: 140)) }
        let whole = compare(a, b)
        let rows = PixelRect(x0: 0, y0: 2, x1: 60, y1: 39)
        let band = compareRows(a.cropped(rows)!, b.cropped(rows)!, originY: 2, imageHeight: 40, options: DiffOptions())
        #expect(band.differentPixels == whole.differentPixels && band.antiAliasedPixels == whole.antiAliasedPixels)
        #expect(band.bounds == whole.bounds)
    }
}

@Suite struct TransparencyTests {
    @Test func transparentDiffersFromWhite() throws {
        let white = try RGBAImage(width: 4, height: 4, fill: .white)
        let clear = try RGBAImage(width: 4, height: 4, fill: .clear)
        #expect(compare(white, clear).differentPixels == 16)
    }

    /// pixelmatch's own pixel cases: translucent pixels over the checkerboard or white.
    @Test func translucentPixelsBlendOverTheCheckerboard() throws {
        let a = try RGBAImage(width: 1, height: 1, bytes: [0, 0, 0, 128])
        let b = try RGBAImage(width: 1, height: 1, bytes: [127, 127, 127, 255])
        var white = DiffOptions()
        white.checkerboard = false
        #expect(compare(a, b, options: white).differentPixels == 0)
        #expect(compare(a, b).differentPixels == 1)
    }
}

/// The one text that describes a comparison, for the CLI, `unfold test` and the helpers.
@Suite struct ComparisonTextTests {
    @Test func aDifferenceNamesCountsAndPlace() {
        let a = canvas { _ in }
        let b = canvas { $0.fill(PixelRect(x0: 10, y0: 10, x1: 20, y1: 12), color: .black) }
        #expect(
            Comparison(a, b).summary
                == "differ: 20 different pixels (0.8333%), 0 anti-aliased in x 10-20, y 10-12 px; largest colour distance 0.966")
    }

    @Test func aSizeChangeIsALayoutChangeWithTheOverlapsRows() throws {
        let a = canvas { _ in }
        var tall = try Pixmap(width: 60, height: 50, fill: .white)
        tall.fill(PixelRect(x0: 0, y0: 30, x1: 60, y1: 31), color: .black)
        let c = Comparison(a, tall.straight)
        #expect(!c.matches)
        #expect(c.summary.hasPrefix("layout change: 60x40 → 60x50; in the overlap (60x40), 60 different pixels"))
        #expect(c.summary.contains("y 30-31 px"))
        #expect(c.json(expected: "a", actual: "b").contains("\"layoutChange\": true"))
        #expect(Comparison(a, canvas { _ in }).summary.hasPrefix("match: 0 different pixels"))
    }

    @Test func identicalFilesAreStillDecoded() throws {
        let png = try PNG.encode(canvas { _ in })
        #expect(try Comparison(expected: png, actual: png).identical)
        let broken = Array("not a png".utf8)
        #expect(throws: UnreadableImage.self) { try Comparison(expected: broken, actual: broken) }
        #expect(throws: UnreadableImage.self) { try Comparison(expected: [], actual: []) }
    }
}
