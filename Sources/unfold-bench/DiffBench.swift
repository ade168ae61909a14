import ArgumentParser
import Foundation
import UnfoldCanvas
import UnfoldDiff
import UnfoldPNG

/// `unfold-bench diff A.png B.png`: median milliseconds to decode both PNGs
/// and to compare the decoded buffers (threshold and anti-aliasing detection on).
struct DiffBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Time decoding two PNGs and comparing them (YIQ threshold 0.1, anti-aliasing detection).")

    @Argument var expected: String
    @Argument var actual: String

    @Option(help: "Timed runs.")
    var runs = 21

    @Flag(help: "One JSON line.")
    var json = false

    func run() throws {
        let a = try [UInt8](Data(contentsOf: URL(fileURLWithPath: expected)))
        let b = try [UInt8](Data(contentsOf: URL(fileURLWithPath: actual)))
        let decode = medianMilliseconds(runs: runs) { (try! PNG.decode(a).width, try! PNG.decode(b).width) }
        let (pa, pb) = (try PNG.decode(a), try PNG.decode(b))
        var result = compare(pa, pb)
        let diff = medianMilliseconds(runs: runs) { () -> Int in
            result = compare(pa, pb)
            return result.differentPixels
        }
        if json {
            print(
                "{\"peer\": \"unfold\", \"decode_ms\": \(ms(decode)), \"compare_ms\": \(ms(diff)), "
                    + "\"different\": \(result.differentPixels), \"anti_aliased\": \(result.antiAliasedPixels)}")
        } else {
            print(
                "decode both: \(ms(decode)) ms; compare: \(ms(diff)) ms; "
                    + "\(result.differentPixels) different, \(result.antiAliasedPixels) anti-aliased pixels")
        }
    }
}
