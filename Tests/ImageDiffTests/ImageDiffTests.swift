import Canvas
import ImageDiff
import Testing

func canvas(_ draw: (inout Pixmap) -> Void) -> Pixmap {
    var p = try! Pixmap(width: 60, height: 40, fill: .white)
    draw(&p)
    return p
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

    @Test func differentSizesNeverMatchAndPadTheDiff() throws {
        let a = canvas { _ in }
        let b = try Pixmap(width: 70, height: 40, fill: .white)
        var options = DiffOptions()
        options.drawDiff = true
        let r = compare(a, b, options: options)
        #expect(!r.matches && r.sizesDiffer)
        #expect(r.diff?.width == 70 && r.diff?.height == 40)
        #expect(r.diff?.pixel(x: 65, y: 5) == Color(r: 255, g: 0, b: 0))
    }

    @Test func sideBySideHoldsAllThree() throws {
        let a = canvas { _ in }
        let s = try DiffPainter.sideBySide(expected: a, actual: a, diff: a)
        #expect(s.width == 60 * 3 + 32 && s.height == 40)
    }
}

@Suite struct TransparencyTests {
    @Test func transparentDiffersFromWhiteAtThresholdZero() throws {
        let white = try Pixmap(width: 4, height: 4, fill: .white)
        let clear = try Pixmap(width: 4, height: 4, fill: .clear)
        var exact = DiffOptions()
        exact.threshold = 0
        #expect(compare(white, clear, options: exact).differentPixels == 16)
    }
}
