import Canvas
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How two images are compared. The defaults suit snapshot tests: colour
/// differences below a perceptual threshold are ignored, and anti-aliased
/// pixels do not count, but no other pixel may differ.
public struct DiffOptions: Sendable, Equatable {
    /// 0...1: the largest YIQ colour distance (as a fraction of the largest
    /// possible, square-rooted as pixelmatch does) still counted as equal. 0 is exact.
    public var threshold: Double = 0.1
    /// Count pixels that look like anti-aliasing as differences too.
    public var countAntiAliasing: Bool = false
    /// Differing pixels allowed before the images count as different.
    public var maxDifferentPixels: Int = 0
    /// Differing pixels allowed, as a fraction of all pixels (0...1).
    public var maxDifferentRatio: Double = 0
    /// Regions (in the expected image's pixels) that are not compared.
    public var ignore: [PixelRect] = []
    /// Draw a diff image.
    public var drawDiff: Bool = false

    public init() {}
}

/// What a comparison found.
public struct DiffResult: Sendable {
    public var expectedSize: (width: Int, height: Int)
    public var actualSize: (width: Int, height: Int)
    /// Pixels over the threshold that are not anti-aliasing (or all of them, with `countAntiAliasing`).
    public var differentPixels: Int
    /// Pixels over the threshold that look like anti-aliasing.
    public var antiAliasedPixels: Int
    /// The bounding box of every pixel over the threshold; nil when there is none.
    public var bounds: PixelRect?
    /// The largest colour distance found, 0...1 on the threshold's scale.
    public var maxDistance: Double
    /// Unchanged pixels faded to grey, differences red, anti-aliased ones
    /// yellow; nil unless asked for, or when padding two very differently
    /// shaped images to the larger size would exceed the pixmap limit.
    public var diff: Pixmap?
    /// Whether the images count as the same under the options.
    public var matches: Bool

    public var sizesDiffer: Bool { expectedSize != actualSize }
}

/// Compares two images pixel by pixel (after Kotsarenko & Ramos, "Measuring
/// perceived color difference using YIQ NTSC transmission color space", 2010,
/// and Vysniauskas, "Anti-aliased pixel and intensity slope detector", 2009,
/// as pixelmatch does). Byte-equal images return at once. Images of different
/// sizes never match; the diff then covers the larger size.
public func compare(_ expected: Pixmap, _ actual: Pixmap, options: DiffOptions = DiffOptions()) -> DiffResult {
    let sameSize = expected.width == actual.width && expected.height == actual.height
    var result = DiffResult(expectedSize: (expected.width, expected.height), actualSize: (actual.width, actual.height),
                            differentPixels: 0, antiAliasedPixels: 0, bounds: nil, maxDistance: 0, diff: nil, matches: sameSize)
    guard sameSize else {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        result.differentPixels = w * h - min(expected.width, actual.width) * min(expected.height, actual.height)
        result.bounds = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        result.maxDistance = 1
        if options.drawDiff { result.diff = sizeMismatchDiff(expected, actual, width: w, height: h) }
        return result
    }
    if expected.pixels == actual.pixels {
        if options.drawDiff { result.diff = DiffPainter.faded(expected) }
        return result
    }
    let width = expected.width, height = expected.height
    let maxDelta = 35215.0 * options.threshold * options.threshold
    var diff = options.drawDiff ? DiffPainter.faded(expected) : nil
    var x0 = width, y0 = height, x1 = 0, y1 = 0
    var worst = 0.0
    expected.pixels.withUnsafeBytes { a in
        actual.pixels.withUnsafeBytes { b in
            let wa = a.bindMemory(to: UInt32.self), wb = b.bindMemory(to: UInt32.self)
            for y in 0 ..< height {
                let row = y * width
                // Whole equal rows first: memcmp is far faster than a pixel loop.
                if memcmp(wa.baseAddress! + row, wb.baseAddress! + row, width * 4) == 0 { continue }
                var x = 0
                while x < width {
                    // Skip equal runs quickly; most pixels of a snapshot are equal.
                    if wa[row + x] == wb[row + x] { x += 1; continue }
                    defer { x += 1 }
                    if !options.ignore.isEmpty, options.ignore.contains(where: { $0.contains(x, y) }) { continue }
                    let delta = colorDelta(wa[row + x], wb[row + x], yOnly: false)
                    worst = max(worst, abs(delta))
                    guard abs(delta) > maxDelta else { continue }
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
                    let antiAliased = !options.countAntiAliasing
                        && (isAntiAliased(wa, wb, x, y, width, height) || isAntiAliased(wb, wa, x, y, width, height))
                    if antiAliased {
                        result.antiAliasedPixels += 1
                        diff?.setPixel(x, y, DiffPainter.antiAliased)
                    } else {
                        result.differentPixels += 1
                        diff?.setPixel(x, y, DiffPainter.different)
                    }
                }
            }
        }
    }
    if x1 > x0 { result.bounds = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }
    result.maxDistance = (worst / 35215).squareRoot()
    result.diff = diff
    let allowed = max(options.maxDifferentPixels, Int(options.maxDifferentRatio * Double(width * height)))
    result.matches = result.differentPixels <= allowed
    return result
}

/// The YIQ distance of two premultiplied pixels, blended over white (pixelmatch's
/// convention for transparency); negative when the second is darker. With
/// `yOnly`, the brightness difference alone.
@inline(__always)
func colorDelta(_ p: UInt32, _ q: UInt32, yOnly: Bool) -> Double {
    let white = colorDelta(p, q, yOnly: yOnly, over: 1)
    // Over white, transparent and white look the same: when the alphas
    // differ, take the larger distance of the two backdrops.
    guard !yOnly, p >> 24 != q >> 24 else { return white }
    let black = colorDelta(p, q, yOnly: false, over: 0)
    return abs(black) > abs(white) ? black : white
}

/// The distance of two premultiplied pixels composited over white (`over` 1)
/// or black (0).
@inline(__always)
func colorDelta(_ p: UInt32, _ q: UInt32, yOnly: Bool, over backdrop: Double) -> Double {
    // Premultiplied over a grey backdrop: c + (255 - a) * backdrop.
    let pa = (255 - Double(p >> 24)) * backdrop, qa = (255 - Double(q >> 24)) * backdrop
    let r1 = Double(p & 0xFF) + pa, g1 = Double(p >> 8 & 0xFF) + pa, b1 = Double(p >> 16 & 0xFF) + pa
    let r2 = Double(q & 0xFF) + qa, g2 = Double(q >> 8 & 0xFF) + qa, b2 = Double(q >> 16 & 0xFF) + qa
    let y = luma(r1, g1, b1) - luma(r2, g2, b2)
    if yOnly { return y }
    let i = (0.59597799 * r1 - 0.27417610 * g1 - 0.32180189 * b1) - (0.59597799 * r2 - 0.27417610 * g2 - 0.32180189 * b2)
    let q = (0.21147017 * r1 - 0.52261711 * g1 + 0.31114694 * b1) - (0.21147017 * r2 - 0.52261711 * g2 + 0.31114694 * b2)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return r1 + g1 + b1 > r2 + g2 + b2 ? -delta : delta
}

@inline(__always)
func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.29889531 * r + 0.58662247 * g + 0.11448223 * b }

/// Whether the pixel at (x, y) of `a` looks like anti-aliasing: among its 8
/// neighbours it has both a darker and a brighter one, at most two equal to
/// it, and the darkest or the brightest of them sits in a flat area (three or
/// more equal neighbours) in both images, which is how edges of shapes look.
func isAntiAliased(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>,
                   _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool {
    let xs = max(x - 1, 0), xe = min(x + 1, width - 1), ys = max(y - 1, 0), ye = min(y + 1, height - 1)
    let center = a[y * width + x]
    var equal = (x == xs || x == xe || y == ys || y == ye) ? 1 : 0
    var least = 0.0, most = 0.0
    var dark = (-1, -1), bright = (-1, -1)
    for ny in ys ... ye {
        for nx in xs ... xe where nx != x || ny != y {
            let d = colorDelta(center, a[ny * width + nx], yOnly: true)
            if d == 0 {
                equal += 1
                if equal > 2 { return false }
            } else if d < least {
                least = d; dark = (nx, ny)
            } else if d > most {
                most = d; bright = (nx, ny)
            }
        }
    }
    guard least != 0, most != 0 else { return false }
    return (hasManySiblings(a, dark.0, dark.1, width, height) && hasManySiblings(b, dark.0, dark.1, width, height))
        || (hasManySiblings(a, bright.0, bright.1, width, height) && hasManySiblings(b, bright.0, bright.1, width, height))
}

/// Whether a pixel has three or more neighbours of exactly its colour.
func hasManySiblings(_ img: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool {
    let xs = max(x - 1, 0), xe = min(x + 1, width - 1), ys = max(y - 1, 0), ye = min(y + 1, height - 1)
    let center = img[y * width + x]
    var equal = (x == xs || x == xe || y == ys || y == ye) ? 1 : 0
    for ny in ys ... ye {
        for nx in xs ... xe where nx != x || ny != y {
            if img[ny * width + nx] == center {
                equal += 1
                if equal > 2 { return true }
            }
        }
    }
    return false
}

/// The expected image faded, padded in red to the larger size; nil when that
/// size is over the pixmap limit (each image alone may be under it).
func sizeMismatchDiff(_ expected: Pixmap, _ actual: Pixmap, width: Int, height: Int) -> Pixmap? {
    guard var diff = try? Pixmap(width: width, height: height, fill: DiffPainter.different) else { return nil }
    diff.copy(DiffPainter.faded(expected), x: 0, y: 0)
    // Where only one image has pixels, the diff stays red.
    let common = PixelRect(x0: min(expected.width, actual.width), y0: 0, x1: width, y1: height)
    diff.fill(common, color: DiffPainter.different)
    diff.fill(PixelRect(x0: 0, y0: min(expected.height, actual.height), x1: width, y1: height), color: DiffPainter.different)
    return diff
}

extension PixelRect {
    func contains(_ x: Int, _ y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}
