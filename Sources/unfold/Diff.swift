import ArgumentParser
import Canvas
import Dispatch
import Foundation
import ImageDiff
import PNGCodec
import Render
import ScenarioFormat

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images and explain how they differ.",
        discussion: "Exit status: 0 when they match within the budget, 1 when they differ, 2 on bad input.")

    @Argument(help: "The expected image.")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @OptionGroup var comparison: ComparisonOptions

    @Option(name: .long, help: "Write a diff image here: unchanged pixels faded, differences red, anti-aliasing yellow.")
    var out: String?

    @Option(name: .long, help: "Write expected | actual | diff side by side here.")
    var sideBySide: String?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run() throws {
        let (fileA, fileB) = try (readFile(expected), readFile(actual))
        if fileA == fileB {  // equal files: nothing to decode
            print(json ? "{\"match\": true, \"expected\": \(jsonString(expected)), \"actual\": \(jsonString(actual)), \"identical\": true}"
                       : "match: the files are identical")
            return
        }
        var options = try comparison.diffOptions()
        if out == nil, sideBySide == nil, let (result, decoded) = try compareDifferingRows(fileA, fileB, options: options) {
            print(line(for: result))
            // Exit with the decoded rows still mapped: the kernel drops them at
            // exit faster than freeing them first (a millisecond of a ~19 ms run).
            fflush(nil)
            withExtendedLifetime(decoded) { Foundation.exit(result.matches ? 0 : 1) }
        }
        // Decode both at once, one per core.
        let (a, b) = try decodeBoth(fileA, expected, fileB, actual)
        options.drawDiff = out != nil || sideBySide != nil
        let result = compare(a, b, options: options)
        if let out, let diff = result.diff { try writePNG(diff, to: out) }
        if let sideBySide, let diff = result.diff {
            try writePNG(try DiffPainter.sideBySide(expected: a, actual: b, diff: diff), to: sideBySide)
        }
        try report(result)
    }

    func report(_ result: DiffResult) throws {
        print(line(for: result))
        if !result.matches { throw ExitCode(1) }
    }

    func line(for result: DiffResult) -> String {
        json ? result.json(expected: expected, actual: actual) : result.summary(expected: expected, actual: actual)
    }

    /// Without a diff image to draw, only the rows that differ matter: decode
    /// both files to packed rows, find the first and last rows that differ,
    /// and compare that band with two rows of context on each side (all that
    /// the anti-aliasing detector reads), which gives the same result as
    /// comparing the whole images. nil when the files need the full path.
    func compareDifferingRows(_ fileA: [UInt8], _ fileB: [UInt8], options: DiffOptions) throws -> (DiffResult, (PNG.Rows, PNG.Rows))? {
        // Images of different sizes take the full path (which explains the sizes): do not decode them twice.
        guard let sa = PNG.size(of: fileA), let sb = PNG.size(of: fileB), sa == sb else { return nil }
        let decoded = try decodeRowsBoth(fileA, expected, fileB, actual)
        guard let (a, b) = decoded, let span = a.differingRows(b) else { return nil }
        let y0 = max(0, (span?.lowerBound ?? 0) - 2), y1 = min(a.height, (span?.upperBound ?? 0) + 3)
        var band = options
        band.ignore = options.ignore.map { PixelRect(x0: $0.x0, y0: $0.y0 - y0, x1: $0.x1, y1: $0.y1 - y0) }
        var result = compare(a.pixmap(rows: y0 ..< y1), b.pixmap(rows: y0 ..< y1), options: band)
        result.expectedSize = (a.width, a.height)
        result.actualSize = (b.width, b.height)
        result.bounds = result.bounds.map { PixelRect(x0: $0.x0, y0: $0.y0 + y0, x1: $0.x1, y1: $0.y1 + y0) }
        let allowed = max(options.maxDifferentPixels, Int(options.maxDifferentRatio * Double(a.width * a.height)))
        result.matches = result.differentPixels <= allowed
        return (result, (a, b))
    }
}

/// Comparison options shared by `diff` and `test`.
struct ComparisonOptions: ParsableArguments {
    @Option(help: "Colour distance (0-1, YIQ) under which pixels count as equal.")
    var threshold = 0.1

    @Flag(help: "Count anti-aliased pixels as differences too.")
    var countAntiAliasing = false

    @Option(help: "Differing pixels allowed.")
    var maxPixels = 0

    @Option(help: "Differing pixels allowed, as a fraction of all pixels (0-1).")
    var maxRatio = 0.0

    @Option(help: "A region to ignore, x,y,width,height in pixels (repeatable).")
    var ignore: [String] = []

    func validate() throws {
        if !(0 ... 1).contains(threshold) { throw ValidationError("--threshold must be between 0 and 1") }
        if maxPixels < 0 { throw ValidationError("--max-pixels must be 0 or more") }
        if !(0 ... 1).contains(maxRatio) { throw ValidationError("--max-ratio must be between 0 and 1") }
        _ = try regions()
    }

    func regions() throws -> [PixelRect] {
        try ignore.map { text in
            let n = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard n.count == 4, n[2] > 0, n[3] > 0 else {
                throw ValidationError("--ignore '\(text)' must be x,y,width,height, e.g. --ignore 0,0,390,44")
            }
            return PixelRect(x0: n[0], y0: n[1], x1: n[0] + n[2], y1: n[1] + n[3])
        }
    }

    func diffOptions() throws -> DiffOptions {
        var o = DiffOptions()
        o.threshold = threshold
        o.countAntiAliasing = countAntiAliasing
        o.maxDifferentPixels = maxPixels
        o.maxDifferentRatio = maxRatio
        o.ignore = try regions()
        return o
    }
}

/// Reads a file, or exits 2 saying which and why.
func readFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        let exists = FileManager.default.fileExists(atPath: path)
        FileHandle.standardError.write(Data("error: \(path): \(exists ? "cannot read the file" : "no such file")\n".utf8))
        throw ExitCode(2)
    }
    return [UInt8](data)
}

/// Decodes two PNGs on two threads, or exits 2 naming the first that is not a readable PNG.
func decodeBoth(_ a: [UInt8], _ pathA: String, _ b: [UInt8], _ pathB: String) throws -> (Pixmap, Pixmap) {
    try inParallel(a, pathA, b, pathB) { bytes throws(PNGError) in try PNG.decode(bytes) }
}

/// Decodes two PNGs to packed rows on two threads; nil when either needs libpng.
func decodeRowsBoth(_ a: [UInt8], _ pathA: String, _ b: [UInt8], _ pathB: String) throws -> (PNG.Rows, PNG.Rows)? {
    let (ra, rb) = try inParallel(a, pathA, b, pathB) { bytes throws(PNGError) in try PNG.Rows(bytes) }
    guard let ra, let rb else { return nil }
    return (ra, rb)
}

/// Runs `decode` on both files at once, one per core; exits 2 naming the
/// first file it fails on.
func inParallel<T: Sendable>(_ a: [UInt8], _ pathA: String, _ b: [UInt8], _ pathB: String,
                             _ decode: @escaping @Sendable ([UInt8]) throws(PNGError) -> T) throws -> (T, T) {
    let results = ResultPair<T>()
    DispatchQueue.concurrentPerform(iterations: 2) { i in
        results.set(i, Result { () throws(PNGError) -> T in try decode(i == 0 ? a : b) })
    }
    let (ra, rb) = results.both()
    for (result, path) in [(ra, pathA), (rb, pathB)] {
        if case let .failure(error) = result {
            FileHandle.standardError.write(Data("error: \(path): not a readable PNG: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
    return (try ra.get(), try rb.get())
}

/// Two results, each set by its own thread.
private final class ResultPair<T: Sendable>: @unchecked Sendable {
    private var slots: [Result<T, PNGError>?] = [nil, nil]
    private let lock = NSLock()
    func set(_ i: Int, _ r: Result<T, PNGError>) { lock.lock(); slots[i] = r; lock.unlock() }
    func both() -> (Result<T, PNGError>, Result<T, PNGError>) { (slots[0]!, slots[1]!) }
}

func writePNG(_ pixmap: Pixmap, to path: String) throws {
    do {
        try AtomicFile.write(try PNG.encode(pixmap, threads: ProcessInfo.processInfo.activeProcessorCount), to: path)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(2)
    }
}

extension DiffResult {
    func summary(expected: String, actual: String) -> String {
        if sizesDiffer {
            return "\(actual) differs from \(expected): size \(actualSize.width)x\(actualSize.height), expected \(expectedSize.width)x\(expectedSize.height)"
        }
        let total = expectedSize.width * expectedSize.height
        let box = bounds.map { " in x \($0.x0)-\($0.x1), y \($0.y0)-\($0.y1) px" } ?? ""
        let ratio = String(format: "%.4f%%", Double(differentPixels) / Double(max(1, total)) * 100)
        let verdict = matches ? "match" : "differ"
        return "\(verdict): \(differentPixels) different pixels (\(ratio)), \(antiAliasedPixels) anti-aliased\(box); "
            + String(format: "largest colour distance %.3f", maxDistance)
    }

    func json(expected: String, actual: String) -> String {
        let box = bounds.map { "{\"x\": \($0.x0), \"y\": \($0.y0), \"width\": \($0.x1 - $0.x0), \"height\": \($0.y1 - $0.y0)}" } ?? "null"
        return "{\"match\": \(matches), \"expected\": \(jsonString(expected)), \"actual\": \(jsonString(actual)), "
            + "\"expectedSize\": [\(expectedSize.width), \(expectedSize.height)], \"actualSize\": [\(actualSize.width), \(actualSize.height)], "
            + "\"differentPixels\": \(differentPixels), \"antiAliasedPixels\": \(antiAliasedPixels), \"bounds\": \(box), "
            + "\"maxDistance\": \(String(format: "%.4f", maxDistance))}"
    }
}

