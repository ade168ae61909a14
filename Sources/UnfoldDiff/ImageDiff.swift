import UnfoldCanvas

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How two images are compared. The defaults are pixelmatch v7.2.0's, and
/// suit snapshot tests: colour differences below a perceptual threshold are
/// ignored and anti-aliased pixels do not count, but no other pixel may differ.
public struct DiffOptions: Sendable, Equatable {
    /// 0...1: the largest YIQ colour distance (as a fraction of the largest
    /// possible, square-rooted as pixelmatch does) still counted as equal. 0 is exact.
    public var threshold: Double
    /// Count pixels that look like anti-aliasing as differences too (pixelmatch's `includeAA`).
    public var countAntiAliasing: Bool
    /// Blend translucent pixels over pixelmatch's checkerboard before comparing
    /// them; false: over white.
    public var checkerboard: Bool
    /// Differing pixels allowed before the images count as different.
    public var maxDifferentPixels: Int
    /// Differing pixels allowed, as a fraction of all pixels (0...1).
    public var maxDifferentRatio: Double
    /// Whether images of different sizes may match (their overlap still must).
    public var allowSizeChange: Bool
    /// Regions (in the expected image's pixels) that are not compared.
    public var ignore: [PixelRect]
    /// Draw a diff image.
    public var drawDiff: Bool
    /// How the diff image looks.
    public var style: DiffStyle

    /// Options that differ from pixelmatch's defaults where you say so: by
    /// default threshold 0.1, anti-aliasing not counted, no pixel allowed to
    /// differ, sizes must match, no diff image.
    ///
    ///     let lenient = DiffOptions(threshold: 0.2, maxDifferentPixels: 50)
    public init(
        threshold: Double = 0.1, countAntiAliasing: Bool = false, checkerboard: Bool = true, maxDifferentPixels: Int = 0,
        maxDifferentRatio: Double = 0, allowSizeChange: Bool = false, ignore: [PixelRect] = [], drawDiff: Bool = false,
        style: DiffStyle = DiffStyle()
    ) {
        self.threshold = threshold
        self.countAntiAliasing = countAntiAliasing
        self.checkerboard = checkerboard
        self.maxDifferentPixels = maxDifferentPixels
        self.maxDifferentRatio = maxDifferentRatio
        self.allowSizeChange = allowSizeChange
        self.ignore = ignore
        self.drawDiff = drawDiff
        self.style = style
    }

    /// The comparison's algorithm and version: references record it, and a
    /// change of it is named when references fail.
    public static let algorithm = "pixelmatch 7.2.0"

    /// The differing pixels these options allow in an image of `pixels` pixels.
    public func allowedPixels(of pixels: Int) -> Int {
        max(maxDifferentPixels, Int(maxDifferentRatio * Double(pixels)))
    }
}

/// The diff image, pixelmatch's way: unchanged pixels as the expected image in
/// faded grey, differences in `different` (or `darker` where the actual image
/// is darker), anti-aliased pixels in `antiAliased`.
public struct DiffStyle: Sendable, Equatable {
    /// 0...1: how much of the expected image shows under the diff (pixelmatch's `alpha`).
    public var alpha: Double = 0.1
    /// Pixels that differ only as anti-aliasing does (pixelmatch's `aaColor`): yellow.
    public var antiAliased = Color(r: 255, g: 255, b: 0)
    /// Pixels that differ (pixelmatch's `diffColor`): red.
    public var different = Color(r: 255, g: 0, b: 0)
    /// Differences where the actual pixel is darker (pixelmatch's `diffColorAlt`); nil: `different`.
    public var darker: Color?
    /// Only the differences, over transparency (pixelmatch's `diffMask`).
    public var mask = false

    /// pixelmatch's look: the expected image faded to 10%, red differences, yellow anti-aliasing.
    public init() {}
}

/// What a comparison found.
public struct DiffResult: Sendable {
    /// The size of the expected image.
    public var expectedSize: PixelSize
    /// The size of the actual image.
    public var actualSize: PixelSize
    /// Pixels of the overlap over the threshold that are not anti-aliasing (or
    /// all of them, with `countAntiAliasing`): pixelmatch's result.
    public var differentPixels: Int
    /// Pixels over the threshold that look like anti-aliasing (not counted).
    public var antiAliasedPixels: Int
    /// The bounding box of the counted pixels; nil when there is none.
    public var bounds: PixelRect?
    /// The largest colour distance found, 0...1 on the threshold's scale.
    public var maxDistance: Double
    /// The diff image when asked for: the overlap drawn as pixelmatch does,
    /// padded to the larger size in the difference colour.
    public var diff: RGBAImage?
    /// Whether the images count as the same under the options.
    public var matches: Bool

    /// A layout change: the sizes differ, and only the overlap was compared pixel by pixel.
    public var sizesDiffer: Bool { expectedSize != actualSize }
}

/// Compares two images pixel by pixel exactly as pixelmatch v7.2.0 does
/// (Kotsarenko & Ramos' YIQ distance, Vysniauskas' anti-aliasing detector,
/// translucent pixels over its checkerboard), so its counts and diff images
/// are ours. Images of different sizes are compared where they overlap (top
/// left aligned) and never match unless `allowSizeChange`.
/// O(width × height); equal rows are skipped with `memcmp` speed.
package func compare(_ expected: RGBAImage, _ actual: RGBAImage, options: DiffOptions = DiffOptions()) -> DiffResult {
    let size = PixelSize(width: min(expected.width, actual.width), height: min(expected.height, actual.height))
    let overlap = PixelRect(x0: 0, y0: 0, x1: size.width, y1: size.height)
    // Both crops exist: each image has at least one pixel.
    guard let a = expected.cropped(overlap), let b = actual.cropped(overlap) else { preconditionFailure("empty image") }
    var result = compareRows(a, b, originY: 0, imageHeight: size.height, options: options)
    result.expectedSize = PixelSize(width: expected.width, height: expected.height)
    result.actualSize = PixelSize(width: actual.width, height: actual.height)
    if result.sizesDiffer {
        result.matches = result.matches && options.allowSizeChange
        if let diff = result.diff {
            result.diff = padded(
                diff,
                to: PixelSize(
                    width: max(expected.width, actual.width),
                    height: max(expected.height, actual.height)),
                color: options.style.different)
        }
    }
    return result
}

/// Compares two bands of rows cut from two images of the same size, the
/// band's first row being row `originY` of images `imageHeight` rows tall
/// (which places the checkerboard and the ignored regions, and sizes the
/// ratio budget). To give the whole comparison's answer, a band must hold two
/// rows beyond every differing row (or the image's edge): the anti-aliasing
/// detector reads that far.
package func compareRows(_ a: RGBAImage, _ b: RGBAImage, originY: Int, imageHeight: Int, options: DiffOptions) -> DiffResult {
    precondition(a.width == b.width && a.height == b.height, "bands of different sizes")
    let width = a.width, height = a.height
    let size = PixelSize(width: width, height: height)
    var result = DiffResult(
        expectedSize: size, actualSize: size, differentPixels: 0, antiAliasedPixels: 0,
        bounds: nil, maxDistance: 0, diff: nil, matches: true)
    let style = options.style
    let maxDelta = 35215 * options.threshold * options.threshold
    let alpha = min(max(style.alpha, 0), 1)
    let (aaWord, diffWord, darkerWord) = (style.antiAliased.opaque, style.different.opaque, (style.darker ?? style.different).opaque)
    var x0 = width, y0 = height, x1 = 0, y1 = 0
    var worst = 0.0

    // `diff`, when drawn, is valid only during this call.
    func run(_ wa: UnsafeBufferPointer<UInt32>, _ wb: UnsafeBufferPointer<UInt32>, _ diff: UnsafeMutableBufferPointer<UInt32>?) {
        guard let baseA = wa.baseAddress, let baseB = wb.baseAddress else { return }
        let image1 = Image(words: wa, width: width, height: height, originY: originY, checkerboard: options.checkerboard)
        let image2 = Image(words: wb, width: width, height: height, originY: originY, checkerboard: options.checkerboard)
        let drawsEqual = diff != nil && !style.mask
        for y in 0 ..< height {
            let row = y * width
            // Whole equal rows first: memcmp is far faster than a pixel loop.
            if memcmp(baseA + row, baseB + row, width * 4) == 0 {
                if drawsEqual, let diff { for i in row ..< row + width { diff[i] = grayPixel(wa[i], alpha: alpha) } }
                continue
            }
            for x in 0 ..< width {
                let i = row + x
                var delta = 0.0
                if wa[i] != wb[i], options.ignore.isEmpty || !options.ignore.contains(where: { $0.contains(x, y + originY) }) {
                    delta = image1.colorDelta(wa[i], wb[i], at: i)
                    worst = max(worst, abs(delta))
                }
                guard abs(delta) > maxDelta else {
                    if drawsEqual, let diff { diff[i] = grayPixel(wa[i], alpha: alpha) }
                    continue
                }
                if !options.countAntiAliasing,
                    image1.isAntiAliased(x, y, other: image2) || image2.isAntiAliased(x, y, other: image1)
                {
                    result.antiAliasedPixels += 1
                    if drawsEqual, let diff { diff[i] = aaWord }
                } else {
                    result.differentPixels += 1
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
                    if let diff { diff[i] = delta < 0 ? darkerWord : diffWord }
                }
            }
        }
    }

    a.withWords { wa in
        b.withWords { wb in
            if options.drawDiff, var image = try? RGBAImage(width: width, height: height, fill: .clear) {
                image.withWords { run(wa, wb, $0) }
                result.diff = image
            } else {
                run(wa, wb, nil)
            }
        }
    }
    if x1 > x0 { result.bounds = PixelRect(x0: x0, y0: y0 + originY, x1: x1, y1: y1 + originY) }
    result.maxDistance = (worst / 35215).squareRoot()
    result.matches = result.differentPixels <= options.allowedPixels(of: width * imageHeight)
    return result
}

/// One image's pixels as pixelmatch reads them: straight RGBA words.
private struct Image {
    let words: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int
    /// Rows above the band, so that byte offsets (and with them the checkerboard) are the whole image's.
    let originY: Int
    let checkerboard: Bool

    /// The YIQ distance of two different pixels at index `i`, negative when the
    /// second is darker. Translucent pixels are blended over the backdrop.
    @inline(__always)
    func colorDelta(_ p: UInt32, _ q: UInt32, at i: Int) -> Double {
        let (dr, dg, db) = difference(p, q, at: i)
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let iq = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let qq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * qq * qq
        return y > 0 ? -delta : delta
    }

    /// The brightness difference of two pixels, the centre pixel being at index `i`.
    @inline(__always)
    func brightnessDelta(_ p: UInt32, _ q: UInt32, at i: Int) -> Double {
        if p == q { return 0 }
        let (dr, dg, db) = difference(p, q, at: i)
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// Channel differences, blended over the backdrop when either pixel is translucent.
    @inline(__always)
    func difference(_ p: UInt32, _ q: UInt32, at i: Int) -> (Double, Double, Double) {
        let r1 = Int(p & 0xFF), g1 = Int(p >> 8 & 0xFF), b1 = Int(p >> 16 & 0xFF), a1 = Int(p >> 24)
        let r2 = Int(q & 0xFF), g2 = Int(q >> 8 & 0xFF), b2 = Int(q >> 16 & 0xFF), a2 = Int(q >> 24)
        guard a1 < 255 || a2 < 255 else { return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2)) }
        let (rb, gb, bb) = backdrop(at: i)
        let da = a1 - a2
        return (
            Double(r1 * a1 - r2 * a2 - rb * da) / 255, Double(g1 * a1 - g2 * a2 - gb * da) / 255,
            Double(b1 * a1 - b2 * a2 - bb * da) / 255
        )
    }

    /// pixelmatch's backdrop for the pixel at index `i`: white, or its
    /// checkerboard, which is keyed on the byte offset k = 4i (k is even, so red is always 48).
    @inline(__always)
    func backdrop(at i: Int) -> (Int, Int, Int) {
        guard checkerboard else { return (255, 255, 255) }
        let k = Double((originY * width + i) * 4)
        return (48, 48 + 159 * (Int(k / 1.618033988749895) & 1), 48 + 159 * (Int(k / 2.618033988749895) & 1))
    }

    /// Whether the pixel at (x, y) looks like anti-aliasing: among its 8
    /// neighbours (visited column by column, the first strict extreme kept)
    /// it has both a darker and a brighter one and at most two equal to it,
    /// and the darkest or the brightest of them has three or more equal
    /// neighbours in both images.
    func isAntiAliased(_ x: Int, _ y: Int, other: Image) -> Bool {
        let xs = max(x - 1, 0), xe = min(x + 1, width - 1), ys = max(y - 1, 0), ye = min(y + 1, height - 1)
        let i = y * width + x
        let center = words[i]
        var zeroes = x == xs || x == xe || y == ys || y == ye ? 1 : 0
        var least = 0.0, most = 0.0
        var dark = (0, 0), bright = (0, 0)
        for nx in xs ... xe {
            for ny in ys ... ye where nx != x || ny != y {
                let delta = brightnessDelta(center, words[ny * width + nx], at: i)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < least {
                    least = delta; dark = (nx, ny)
                } else if delta > most {
                    most = delta; bright = (nx, ny)
                }
            }
        }
        guard least != 0, most != 0 else { return false }
        return (hasManySiblings(dark.0, dark.1) && other.hasManySiblings(dark.0, dark.1))
            || (hasManySiblings(bright.0, bright.1) && other.hasManySiblings(bright.0, bright.1))
    }

    /// Whether a pixel has three or more neighbours of exactly its colour.
    func hasManySiblings(_ x: Int, _ y: Int) -> Bool {
        let xs = max(x - 1, 0), xe = min(x + 1, width - 1), ys = max(y - 1, 0), ye = min(y + 1, height - 1)
        let center = words[y * width + x]
        var zeroes = x == xs || x == xe || y == ys || y == ye ? 1 : 0
        for nx in xs ... xe {
            for ny in ys ... ye where nx != x || ny != y {
                if words[ny * width + nx] == center {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}

/// pixelmatch's backdrop pixel: the brightness of `p` faded towards white by
/// `alpha` and by its own opacity, truncated as a byte store truncates.
@inline(__always)
func grayPixel(_ p: UInt32, alpha: Double) -> UInt32 {
    let r = Double(p & 0xFF), g = Double(p >> 8 & 0xFF), b = Double(p >> 16 & 0xFF), a = Double(p >> 24)
    let value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * alpha * a / 255
    let v = UInt32(value)
    return v | v << 8 | v << 16 | 0xFF00_0000
}

/// `image` in the top-left corner of a larger canvas of `color`.
func padded(_ image: RGBAImage, to size: PixelSize, color: Color) -> RGBAImage? {
    guard var out = try? RGBAImage(width: size.width, height: size.height, fill: color.withAlpha(255)) else { return nil }
    out.copy(image, x: 0, y: 0)
    return out
}

extension Color {
    /// The colour opaque, as a straight word.
    var opaque: UInt32 { withAlpha(255).straight }

    func withAlpha(_ a: UInt8) -> Color { Color(r: r, g: g, b: b, a: a) }
}

extension PixelRect {
    func contains(_ x: Int, _ y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}
