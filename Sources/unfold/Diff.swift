import ArgumentParser
import Foundation
import OutlineAppearance
import Unfold
import UnfoldSupport

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
        var options = try comparison.diffOptions()
        options.drawDiff = out != nil || sideBySide != nil
        let result: Comparison
        do {
            result = try Comparison(expected: fileA, actual: fileB, options: options)
        } catch {
            let path = error.side == .expected ? expected : actual
            throw fail("error: \(InertText(path)): not a readable PNG: \(error.error)")
        }
        for (path, warning) in [(expected, result.warnings.expected), (actual, result.warnings.actual)] where !warning.isEmpty {
            FileHandle.standardError.write(Data("warning: \(InertText(path)): \(warning)\n".utf8))
        }
        if let out, let diff = result.result.diff { try writePNG(diff, to: out) }
        if let sideBySide, let picture = try result.sideBySide() { try writePNG(picture, to: sideBySide) }
        print(json ? result.json(expected: expected, actual: actual) : result.summary)
        if !result.matches { throw ExitCode(1) }
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

    @Flag(help: "Let images of different sizes match when their overlap does.")
    var allowSizeChange = false

    @Flag(
        name: .customLong("checkerboard"), inversion: .prefixedNo,
        help: "Blend translucent pixels over pixelmatch's checkerboard (or over white) before comparing.")
    var checkerboard = true

    @Option(help: "How much of the expected image shows in the diff image (0-1).")
    var alpha = 0.1

    @Option(help: "Colour of anti-aliased pixels in the diff image: R,G,B or #rrggbb.")
    var aaColor = RGB(Color(r: 255, g: 255, b: 0))

    @Option(help: "Colour of differing pixels in the diff image.")
    var diffColor = RGB(Color(r: 255, g: 0, b: 0))

    @Option(help: "Colour of differing pixels where the actual image is darker (default: --diff-color).")
    var diffColorAlt: RGB?

    @Flag(help: "Draw only the differences, over transparency.")
    var diffMask = false

    func validate() throws {
        if !(0 ... 1).contains(threshold) { throw ValidationError("--threshold must be between 0 and 1") }
        if !(0 ... (1 << 40)).contains(maxPixels) { throw ValidationError("--max-pixels must be between 0 and \(1 << 40)") }
        if !(0 ... 1).contains(maxRatio) { throw ValidationError("--max-ratio must be between 0 and 1") }
        if !(0 ... 1).contains(alpha) { throw ValidationError("--alpha must be between 0 and 1") }
        _ = try regions()
    }

    func regions() throws -> [PixelRect] {
        try ignore.map { text in
            let n = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            // Every number within what a picture can hold, so that the corner's sum cannot overflow.
            let side = 0 ... (1 << 29)
            guard n.count == 4, n[2] > 0, n[3] > 0, n.allSatisfy(side.contains) else {
                throw ValidationError("--ignore '\(text)' must be x,y,width,height, each from 0 to \(side.upperBound), e.g. --ignore 0,0,390,44")
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
        o.allowSizeChange = allowSizeChange
        o.checkerboard = checkerboard
        o.style.alpha = alpha
        o.style.antiAliased = aaColor.color
        o.style.different = diffColor.color
        o.style.darker = diffColorAlt?.color
        o.style.mask = diffMask
        return o
    }
}

/// Reads a PNG file the user named (a regular file, at most
/// `Limits.fileBytes`), or exits 2 saying which and why.
func readFile(_ path: String) throws -> [UInt8] {
    do {
        return try InputFile.contents(of: path, limit: Limits.fileBytes)
    } catch {
        throw fail("error: \(InertText(path)): \(error.message("file")) (\(error.hint))")
    }
}

func writePNG(_ image: RGBAImage, to path: String) throws {
    do {
        try AtomicFile.write(try PNG.encode(image, threads: ProcessInfo.processInfo.activeProcessorCount), to: path)
    } catch {
        throw fail("error: \(error)")
    }
}

/// A colour on the command line: `R,G,B` (0-255 each) or `#rrggbb`.
struct RGB: ExpressibleByArgument, Sendable {
    var color: Color

    init(_ color: Color) { self.color = color }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#"), text.count == 7, let hex = UInt32(text.dropFirst(), radix: 16) {
            color = Color(hex: hex)
            return
        }
        let parts = text.split(separator: ",").compactMap { UInt8($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3 else { return nil }
        color = Color(r: parts[0], g: parts[1], b: parts[2])
    }

    var defaultValueDescription: String { "\(color.r),\(color.g),\(color.b)" }
}
