import CUnfoldPixels
import OutlineAppearance
import UnfoldCanvas

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
    package func allowedPixels(of pixels: Int) -> Int {
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
    let ignore = options.ignore.flatMap { [Int64($0.x0), Int64($0.y0), Int64($0.x1), Int64($0.y1)] }
    var found = unfold_pixelmatch_result()
    // The pixel loop is in C (`unfold_pixelmatch`), which a debug build runs at a usable speed.
    // The pointers are valid during the call only.
    func run(_ wa: UnsafeBufferPointer<UInt32>, _ wb: UnsafeBufferPointer<UInt32>, _ diff: UnsafeMutableBufferPointer<UInt32>?) {
        ignore.withUnsafeBufferPointer { ignore in
            var input = unfold_pixelmatch_input(
                a: wa.baseAddress, b: wb.baseAddress, width: width, height: height, origin_y: originY,
                max_delta: 35215 * options.threshold * options.threshold, count_anti_aliasing: options.countAntiAliasing ? 1 : 0,
                checkerboard: options.checkerboard ? 1 : 0, ignore: ignore.baseAddress, ignore_count: options.ignore.count,
                diff: diff?.baseAddress, mask: style.mask ? 1 : 0, alpha: min(max(style.alpha, 0), 1), aa_color: style.antiAliased.opaque,
                diff_color: style.different.opaque, darker_color: (style.darker ?? style.different).opaque)
            found = unfold_pixelmatch(&input)
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
    result.differentPixels = found.different
    result.antiAliasedPixels = found.anti_aliased
    if found.x1 > found.x0 {
        result.bounds = PixelRect(x0: found.x0, y0: found.y0 + originY, x1: found.x1, y1: found.y1 + originY)
    }
    result.maxDistance = (found.worst / 35215).squareRoot()
    result.matches = result.differentPixels <= options.allowedPixels(of: width * imageHeight)
    return result
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
