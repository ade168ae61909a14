import CUnfoldPixels
import OutlineAppearance

/// Anti-aliased scan conversion with integer arithmetic only: coordinates are
/// rounded to 1/256 pixel, and each pixel ("cell") accumulates the signed
/// height of the edges that cross it (`cover`) and twice the area they leave
/// to their left (`area`), as FreeType's and libart's rasterizers do. A sweep
/// along each row turns these into coverage (non-zero rule, clamped). The
/// same path gives the same pixels on every CPU.
struct Rasterizer {
    static let one = 256

    let clip: PixelRect
    /// Cells of the clip box's rows, `width + 1` per row: column 0 collects
    /// the cover of everything left of the box.
    private var cover: [Int32]
    private var area: [Int32]
    private let width: Int

    init(clip: PixelRect) {
        self.clip = clip
        width = clip.x1 - clip.x0
        cover = [Int32](repeating: 0, count: (width + 1) * (clip.y1 - clip.y0))
        area = cover
    }

    mutating func add(polygon: [Point]) {
        guard polygon.count > 1 else { return }
        var prev = fixed(polygon[polygon.count - 1])
        for p in polygon {
            let q = fixed(p)
            line(prev.0, prev.1, q.0, q.1)
            prev = q
        }
    }

    private func fixed(_ p: Point) -> (Int, Int) {
        // Clamp far-away points so that products stay well inside Int64.
        let limit = 1 << 20
        func f(_ v: Double) -> Int {
            guard v.isFinite else { return 0 }
            return Int((min(max(v, -Double(limit)), Double(limit)) * Double(Self.one)).rounded())
        }
        return (f(p.x), f(p.y))
    }

    /// ⌊a / b⌋ for either sign of b (Swift's `/` rounds toward zero).
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Adds the edge from (x0, y0) to (x1, y1), in 1/256 pixel.
    private mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        guard y0 != y1 else { return }
        let sign = y1 > y0 ? 1 : -1
        // Walk top to bottom.
        let (ax, ay, bx, by) = sign > 0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let one = Self.one
        let top = max(ay, clip.y0 * one), bottom = min(by, clip.y1 * one)
        guard top < bottom else { return }
        func xAt(_ y: Int) -> Int { ax + Self.floorDiv((bx - ax) * (y - ay), by - ay) }
        var y = top
        var x = xAt(top)
        while y < bottom {
            let row = Self.floorDiv(y, one)
            let yEnd = min(bottom, (row + 1) * one)
            let xEnd = yEnd == by ? bx : xAt(yEnd)
            span(row: row, x, y - row * one, xEnd, yEnd - row * one, sign)
            x = xEnd
            y = yEnd
        }
    }

    /// An edge piece inside one pixel row, split at pixel columns.
    private mutating func span(row: Int, _ xa: Int, _ fya: Int, _ xb: Int, _ fyb: Int, _ sign: Int) {
        let one = Self.one
        if xa == xb {
            let cx = Self.floorDiv(xa, one)
            cell(row, cx, xa - cx * one, xa - cx * one, fyb - fya, sign)
            return
        }
        func yAt(_ x: Int) -> Int { fya + Self.floorDiv((fyb - fya) * (x - xa), xb - xa) }
        var x = xa, fy = fya
        if xb > xa {
            var cx = Self.floorDiv(xa, one)
            var boundary = (cx + 1) * one
            while xb > boundary {
                let ny = yAt(boundary)
                cell(row, cx, x - cx * one, one, ny - fy, sign)
                x = boundary; fy = ny; cx += 1; boundary += one
            }
            cell(row, cx, x - cx * one, xb - cx * one, fyb - fy, sign)
        } else {
            var cx = Self.floorDiv(xa - 1, one)
            var boundary = cx * one
            while xb < boundary {
                let ny = yAt(boundary)
                cell(row, cx, x - cx * one, 0, ny - fy, sign)
                x = boundary; fy = ny; cx -= 1; boundary -= one
            }
            cell(row, cx, x - cx * one, xb - cx * one, fyb - fy, sign)
        }
    }

    /// Records a piece inside pixel (cx, row): `dy` of height (top to bottom)
    /// between in-cell x positions fx0 and fx1.
    private mutating func cell(_ row: Int, _ cx: Int, _ fx0: Int, _ fx1: Int, _ dy: Int, _ sign: Int) {
        guard dy != 0, cx < clip.x1 else { return }
        let r = (row - clip.y0) * (width + 1)
        if cx < clip.x0 {
            cover[r] += Int32(sign * dy)  // left of the box: only its winding matters
        } else {
            let i = r + 1 + cx - clip.x0
            cover[i] += Int32(sign * dy)
            area[i] += Int32(sign * dy * (fx0 + fx1))
        }
    }

    /// Sweeps the cells and hands each row's coverage (0...255) to `emit(y, x0, coverage)`.
    func sweep(_ emit: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let one = Self.one
        let full = 2 * one * one
        var coverage = [UInt8](repeating: 0, count: width)
        for row in 0 ..< (clip.y1 - clip.y0) {
            let r = row * (width + 1)
            var acc = Int(cover[r])
            var any = acc != 0
            for x in 0 ..< width {
                let i = r + 1 + x
                let c = Int(cover[i]), a = Int(area[i])
                // Twice the covered area: everything right of the edges to the
                // left, plus this cell's share right of its own edges.
                let value = abs((acc + c) * 2 * one - a)
                acc += c
                let v = value >= full ? 255 : (value * 255 + full / 2) / full
                coverage[x] = UInt8(v)
                if v != 0 { any = true }
            }
            if any {
                coverage.withUnsafeBufferPointer { emit(clip.y0 + row, clip.x0, $0) }
            }
        }
    }
}

extension Surface {
    /// Fills a path (non-zero rule, anti-aliased) with a colour, source-over.
    package func fill(_ path: Path, color: Color, transform: Transform = .identity, clip: PixelRect? = nil) {
        let polygons = path.polygons(transform)
        guard color.a > 0, !polygons.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let box = PixelRect(
            x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)),
            x1: Int(maxX.rounded(.up)) + 1, y1: Int(maxY.rounded(.up)) + 1)
        let area = box.intersection(clip ?? self.clip).intersection(self.clip)
        guard !area.isEmpty else { return }
        var raster = Rasterizer(clip: area)
        for polygon in polygons { raster.add(polygon: polygon) }
        let source = color.premultiplied
        raster.sweep { y, x0, coverage in
            blend(row: y, x0: x0, coverage: coverage, source: source)
        }
    }

    /// Source-over of a premultiplied colour through a row of coverage values
    /// that lies inside the clip (`unfold_blend_row`, in C so that a debug
    /// build blends at a usable speed). O(coverage).
    func blend(row y: Int, x0: Int, coverage: UnsafeBufferPointer<UInt8>, source: UInt32) {
        guard let base = coverage.baseAddress else { return }
        unfold_blend_row(words + y * width + x0, base, coverage.count, source)
    }
}
