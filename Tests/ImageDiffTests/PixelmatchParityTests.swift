import Foundation
import Testing
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG

/// pixelmatch v7.2.0's own test suite (fixtures, options, expected counts and
/// diff images), kept beside this file with its ISC licence
/// (`pixelmatch-v7.2.0/`), or `UNFOLD_PIXELMATCH_FIXTURES`.
enum Pixelmatch {
    static let folder: String = {
        if let path = ProcessInfo.processInfo.environment["UNFOLD_PIXELMATCH_FIXTURES"] { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pixelmatch-v7.2.0").path
    }()

    struct Case: CustomStringConvertible, Sendable {
        var a, b, diff: String
        var options: DiffOptions
        var mismatch: Int
        var description: String { "\(a)/\(b) → \(diff)" }
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/cases.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(root["cases"] as? [[String: Any]])
        return try list.map { c in
            let o = c["options"] as? [String: Any] ?? [:]
            var options = DiffOptions()
            options.drawDiff = true
            if let t = o["threshold"] as? Double { options.threshold = t }
            if let aa = o["includeAA"] as? Bool { options.countAntiAliasing = aa }
            if let alpha = o["alpha"] as? Double { options.style.alpha = alpha }
            if let mask = o["diffMask"] as? Bool { options.style.mask = mask }
            if let c = o["aaColor"] as? [Int] { options.style.antiAliased = color(c) }
            if let c = o["diffColor"] as? [Int] { options.style.different = color(c) }
            if let c = o["diffColorAlt"] as? [Int] { options.style.darker = color(c) }
            return Case(
                a: try #require(c["a"] as? String), b: try #require(c["b"] as? String),
                diff: try #require(c["diff"] as? String), options: options,
                mismatch: try #require(c["mismatch"] as? Int))
        }
    }

    static func color(_ c: [Int]) -> Color { Color(r: UInt8(c[0]), g: UInt8(c[1]), b: UInt8(c[2])) }

    static func file(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/fixtures/" + name + ".png")))
    }
}

@Suite struct PixelmatchParityTests {
    @Test func everyCaseGivesItsCountAndDiffImage() throws {
        for c in try Pixelmatch.cases() {
            let a = try PNG.decode(try Pixelmatch.file(c.a)), b = try PNG.decode(try Pixelmatch.file(c.b))
            let result = compare(a, b, options: c.options)
            #expect(result.differentPixels == c.mismatch, "\(c)")
            let expected = try PNG.decode(try Pixelmatch.file(c.diff))
            #expect(result.diff == expected, "\(c): the diff image differs")
            // The file comparison (band path without a diff image) counts the same.
            var count = c.options
            count.drawDiff = false
            let files = try Comparison(expected: try Pixelmatch.file(c.a), actual: try Pixelmatch.file(c.b), options: count)
            #expect(files.result.differentPixels == c.mismatch, "\(c), from the files")
        }
    }
}
