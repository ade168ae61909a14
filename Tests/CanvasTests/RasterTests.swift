import OutlineAppearance
import Testing

@testable import UnfoldCanvas

func coverageSum(_ p: Pixmap) -> Int {
    stride(from: 3, to: p.pixels.count, by: 4).reduce(0) { $0 + Int(p.pixels[$1]) }
}

@Suite struct RasterTests {
    @Test func pixelAlignedRectangleIsExact() throws {
        var p = try Pixmap(width: 10, height: 10)
        p.fill(.rect(x: 2, y: 3, width: 4, height: 5), color: .black)
        for y in 0 ..< 10 {
            for x in 0 ..< 10 {
                let inside = (2 ..< 6).contains(x) && (3 ..< 8).contains(y)
                #expect(p.pixel(x: x, y: y).a == (inside ? 255 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() throws {
        var p = try Pixmap(width: 4, height: 4)
        p.fill(.rect(x: 0.5, y: 0, width: 2, height: 4), color: .black)
        #expect(p.pixel(x: 0, y: 1).a == 128 && p.pixel(x: 1, y: 1).a == 255 && p.pixel(x: 2, y: 1).a == 128)
    }

    @Test func triangleCoverageMatchesItsArea() throws {
        var p = try Pixmap(width: 40, height: 40)
        p.fill(.polygon([Point(3.3, 2.7), Point(35.1, 10.2), Point(12.8, 37.9)]), color: .black)
        let area = abs((35.1 - 3.3) * (37.9 - 2.7) - (12.8 - 3.3) * (10.2 - 2.7)) / 2
        #expect(abs(Double(coverageSum(p)) / 255 - area) < 1.5)
    }

    @Test func nonZeroRuleFillsOverlapsAndCutsHoles() throws {
        var p = try Pixmap(width: 20, height: 20)
        var same = Path.rect(x: 0, y: 0, width: 10, height: 10)
        same.move(to: Point(5, 5)); same.line(to: Point(15, 5)); same.line(to: Point(15, 15)); same.line(to: Point(5, 15)); same.close()
        p.fill(same, color: .black)
        #expect(p.pixel(x: 7, y: 7).a == 255)
        var q = try Pixmap(width: 20, height: 20)
        var hole = Path.rect(x: 0, y: 0, width: 20, height: 20)
        hole.move(to: Point(5, 5)); hole.line(to: Point(5, 15)); hole.line(to: Point(15, 15)); hole.line(to: Point(15, 5)); hole.close()
        q.fill(hole, color: .black)
        #expect(q.pixel(x: 10, y: 10).a == 0 && q.pixel(x: 2, y: 2).a == 255)
    }

    @Test func clippingLeavesTheRestAlone() throws {
        var p = try Pixmap(width: 10, height: 10, fill: .white)
        p.fill(.rect(x: -5, y: -5, width: 30, height: 30), color: .black, clip: PixelRect(x0: 2, y0: 2, x1: 4, y1: 4))
        #expect(p.pixel(x: 3, y: 3) == .black && p.pixel(x: 4, y: 3) == .white && p.pixel(x: 1, y: 1) == .white)
    }

    @Test func sourceOverBlendsWithAlpha() throws {
        var p = try Pixmap(width: 1, height: 1, fill: .white)
        p.fill(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1), color: Color(r: 0, g: 0, b: 0, a: 128))
        #expect(p.pixel(x: 0, y: 0) == Color(r: 127, g: 127, b: 127, a: 255))
    }

    @Test func roundedRectangleAndRotationAreDeterministic() throws {
        var a = try Pixmap(width: 30, height: 30)
        a.fill(
            .roundedRect(x: 2, y: 2, width: 26, height: 20, radius: 6), color: .black,
            transform: .rotation(degrees: 33, about: Point(15, 15)))
        var b = try Pixmap(width: 30, height: 30)
        b.fill(
            .roundedRect(x: 2, y: 2, width: 26, height: 20, radius: 6), color: .black,
            transform: .rotation(degrees: 33, about: Point(15, 15)))
        #expect(a == b)
        #expect(a.pixel(x: 0, y: 0).a == 0 && a.pixel(x: 15, y: 15).a == 255)
        #expect(DeterministicMath.sinCos(degrees: 90) == (1, 0))
        let (s, c) = DeterministicMath.sinCos(degrees: 30)
        #expect(abs(s - 0.5) < 1e-15 && abs(c - 0.75.squareRoot()) < 1e-15)
    }

    @Test func strokesHaveTheirWidth() throws {
        var p = try Pixmap(width: 20, height: 20)
        p.stroke([Point(2, 10), Point(18, 10)], width: 2, color: .black)
        #expect(p.pixel(x: 10, y: 9).a == 255 && p.pixel(x: 10, y: 10).a == 255 && p.pixel(x: 10, y: 11).a == 0)
    }

    @Test func hugeSizesAreRefused() {
        #expect(throws: Pixmap.SizeError.self) { try Pixmap(width: 100_000, height: 100_000) }
    }
}

@Suite struct FloorDivisionTests {
    /// Edges that lean left divide by a negative run; rounding toward zero
    /// there put crossing heights up to 2/256 px off.
    @Test func floorsForEitherSign() {
        #expect(Rasterizer.floorDiv(-9, -3) == 3)
        #expect(Rasterizer.floorDiv(-512, -256) == 2)
        #expect(Rasterizer.floorDiv(-1, -300) == 0)
        #expect(Rasterizer.floorDiv(7, -2) == -4)
        #expect(Rasterizer.floorDiv(-7, 2) == -4)
        #expect(Rasterizer.floorDiv(7, 2) == 3)
        #expect(Rasterizer.floorDiv(-6, 3) == -2)
    }
}
