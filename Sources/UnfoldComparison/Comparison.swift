import Dispatch
import Foundation
import UnfoldCanvas
import UnfoldDiff
import UnfoldPNG
import UnfoldSupport

/// The one place that compares two images or two PNG files and says how they
/// differ, for `unfold diff`, `unfold test` and the Swift test helpers alike.
///
/// Files are decoded by one rule (`PNG.decode`), compared pixel by pixel
/// exactly as pixelmatch v7.2.0 does (Kotsarenko & Ramos' YIQ distance,
/// Vysniauskas' anti-aliasing detector, translucent pixels over its
/// checkerboard), so its counts and diff images are ours, and judged by the
/// options' budgets. Images of different sizes are compared where they
/// overlap (top left aligned); a size change is a verdict of its own
/// ("layout change"). O(width × height); equal rows are skipped at `memcmp` speed.
///
///     let comparison = try Comparison(expected: referencePNG, actual: newPNG)
///     if !comparison.matches { print(comparison.summary) }
public struct Comparison: Sendable {
    /// The pixel comparison (for identical files: no differences).
    public var result: DiffResult
    /// Both files held the same bytes (still decoded once, to be sure they are a PNG).
    public var identical: Bool
    /// The decoded images, kept when a diff image was drawn (for a side-by-side picture).
    package var images: (expected: RGBAImage, actual: RGBAImage)?
    /// What the PNG reader tolerated in each file (a missing IEND, a damaged ancillary chunk).
    package var warnings: (expected: PNGWarnings, actual: PNGWarnings) = ([], [])

    /// Whether the images count as the same under the options.
    public var matches: Bool { result.matches }

    /// The version of the comparison algorithm: pixelmatch's, whose counts
    /// and diff images are the contract. A future change of it is opt-in and
    /// gets a new version. The one id: `unfold diff --json` names it and
    /// references' environment stamps record it.
    package static let algorithm = DiffOptions.algorithm

    /// One line that says what was found, e.g. `differ: 212 different pixels
    /// (0.0530%), 17 anti-aliased, in x 3-90, y 10-14 px; largest colour distance 0.412`
    /// or `layout change: 780x1688 → 780x1776; the overlap matches`.
    public var summary: String {
        if identical { return "match: the files are identical" }
        let r = result
        let ratio = String(format: "%.4f%%", Double(r.differentPixels) / Double(max(1, overlap.pixels)) * 100)
        let box = r.bounds.map { " in x \($0.x0)-\($0.x1), y \($0.y0)-\($0.y1) px" } ?? ""
        let found = "\(r.differentPixels) different pixels (\(ratio)), \(r.antiAliasedPixels) anti-aliased\(box)"
        let distance = String(format: "; largest colour distance %.3f", r.maxDistance)
        guard r.sizesDiffer else { return "\(r.matches ? "match" : "differ"): \(found)\(distance)" }
        let overlapText =
            r.differentPixels == 0
            ? "the overlap (\(overlap)) matches" : "in the overlap (\(overlap)), \(found)"
        return "layout change: \(r.expectedSize) → \(r.actualSize)\(r.matches ? " (allowed)" : ""); \(overlapText)"
    }

    /// Where both images have pixels.
    package var overlap: PixelSize {
        PixelSize(
            width: min(result.expectedSize.width, result.actualSize.width),
            height: min(result.expectedSize.height, result.actualSize.height))
    }

    /// The comparison as one JSON object, naming the two inputs.
    public func json(expected: String, actual: String) -> String {
        let r = result
        let box = r.bounds.map { "{\"x\": \($0.x0), \"y\": \($0.y0), \"width\": \($0.x1 - $0.x0), \"height\": \($0.y1 - $0.y0)}" } ?? "null"
        return "{\"match\": \(r.matches), \"expected\": \(JSONText.quoted(expected)), \"actual\": \(JSONText.quoted(actual)), "
            + "\"identical\": \(identical), \"layoutChange\": \(r.sizesDiffer), "
            + "\"expectedSize\": [\(r.expectedSize.width), \(r.expectedSize.height)], "
            + "\"actualSize\": [\(r.actualSize.width), \(r.actualSize.height)], "
            + "\"differentPixels\": \(r.differentPixels), \"antiAliasedPixels\": \(r.antiAliasedPixels), \"bounds\": \(box), "
            + "\"maxDistance\": \(String(format: "%.4f", r.maxDistance)), \"algorithm\": \"\(Self.algorithm)\"}"
    }
}

/// A file that is not a readable PNG.
public struct UnreadableImage: DescribedError {
    /// Which of the two files.
    public enum Side: String, Sendable {
        /// The reference, or the first file.
        case expected
        /// The new picture, or the second file.
        case actual
    }
    /// Which file is not a readable PNG.
    public var side: Side
    /// What is wrong with it.
    public var error: PNGError
    /// Which file, and what is wrong with it.
    public var description: String { "the \(side.rawValue) image is not a readable PNG: \(error)" }
}

extension Comparison {
    /// Compares two decoded images.
    public init(_ expected: RGBAImage, _ actual: RGBAImage, options: DiffOptions = DiffOptions()) {
        self.init(
            result: UnfoldDiff.compare(expected, actual, options: options), identical: false,
            images: options.drawDiff ? (expected, actual) : nil)
    }

    /// Expected | actual | diff side by side; nil without a diff image.
    package func sideBySide() throws(Pixmap.SizeError) -> RGBAImage? {
        guard let images, let diff = result.diff else { return nil }
        return try DiffPainter.sideBySide(expected: images.expected, actual: images.actual, diff: diff)
    }

    /// Compares two PNG files held in memory. Equal bytes are decoded once, to
    /// check that they are a PNG. Without a diff image to draw, two images of
    /// one size are decoded to packed rows and only the band of rows that
    /// differ is expanded and compared (with the two rows on each side that
    /// the anti-aliasing detector reads), which gives the whole comparison's
    /// answer. Both files decode at once, on two threads.
    public init(expected: [UInt8], actual: [UInt8], options: DiffOptions = DiffOptions()) throws(UnreadableImage) {
        if expected == actual {
            let (image, warnings) = try Self.read(expected, .expected)
            self.init(
                result: UnfoldDiff.compare(image, image, options: options), identical: true,
                images: options.drawDiff ? (image, image) : nil, warnings: (warnings, warnings))
            return
        }
        if !options.drawDiff, let sa = PNG.size(of: expected), let sb = PNG.size(of: actual), sa == sb,
            let (band, warnings) = try Self.compareDifferingRows(expected, actual, options: options)
        {
            self.init(result: band, identical: false, images: nil, warnings: warnings)
            return
        }
        let (a, b) = try Self.inParallel(expected, actual) { bytes throws(PNGError) in try PNG.read(bytes) }
        self.init(a.image, b.image, options: options)
        warnings = (a.warnings, b.warnings)
    }

    static func read(_ bytes: [UInt8], _ side: UnreadableImage.Side) throws(UnreadableImage) -> (RGBAImage, PNGWarnings) {
        do { return try PNG.read(bytes) } catch { throw UnreadableImage(side: side, error: error) }
    }

    /// The band comparison; nil when a file needs libpng or the formats differ.
    static func compareDifferingRows(_ expected: [UInt8], _ actual: [UInt8], options: DiffOptions) throws(UnreadableImage)
        -> (DiffResult, (PNGWarnings, PNGWarnings))?
    {
        let (ra, rb) = try inParallel(expected, actual) { bytes throws(PNGError) in try PNG.Rows(bytes) }
        guard let a = ra, let b = rb, let span = a.differingRows(b) else { return nil }
        let y0 = max(0, (span?.lowerBound ?? 0) - 2), y1 = min(a.height, (span?.upperBound ?? 0) + 3)
        var result: DiffResult
        do {
            result = UnfoldDiff.compareRows(
                try a.image(rows: y0 ..< y1), try b.image(rows: y0 ..< y1), originY: y0, imageHeight: a.height, options: options)
        } catch {
            throw UnreadableImage(side: .expected, error: error)
        }
        let size = PixelSize(width: a.width, height: a.height)
        result.expectedSize = size
        result.actualSize = size
        return (result, (a.warnings, b.warnings))
    }

    /// Runs `decode` on both files at once, one per core; throws for the first that fails.
    static func inParallel<T: Sendable>(
        _ expected: [UInt8], _ actual: [UInt8],
        _ decode: @escaping @Sendable ([UInt8]) throws(PNGError) -> T
    ) throws(UnreadableImage) -> (T, T) {
        let slots = Slots<Result<T, PNGError>>()
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            slots.set(i, Result { () throws(PNGError) -> T in try decode(i == 0 ? expected : actual) })
        }
        guard let ra = slots.get(0), let rb = slots.get(1) else { preconditionFailure("concurrentPerform skipped an iteration") }
        switch (ra, rb) {
        case let (.success(a), .success(b)): return (a, b)
        case let (.failure(error), _): throw UnreadableImage(side: .expected, error: error)
        case let (_, .failure(error)): throw UnreadableImage(side: .actual, error: error)
        }
    }
}

/// Two values, each set by its own thread.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private var values: [T?] = [nil, nil]
    private let lock = NSLock()
    func set(_ i: Int, _ value: T) { lock.lock(); values[i] = value; lock.unlock() }
    func get(_ i: Int) -> T? { lock.lock(); defer { lock.unlock() }; return values[i] }
}
