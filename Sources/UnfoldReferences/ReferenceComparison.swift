import Foundation
import OutlineAppearance
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldRender

/// What a kind's comparison is handed: a reference whose stored bytes are
/// not the rendered file's. A comparison only judges: it returns a verdict
/// and the pictures that show a failure (`FailureEvidence`), and writes
/// nothing. The standard kinds compare pixels (`pictures`), a strip frame
/// by frame (`stripFrames`) or lines of text (`lines`).
package struct ReferenceComparison {
    /// The stored reference's bytes.
    package let expected: [UInt8]
    /// The rendered file's bytes.
    package let actual: [UInt8]
    /// The reference's name (`state-03.png`).
    package let name: String
    /// The strip's geometry, when the scenario drew one.
    let strip: StripGeometry?
    /// How pictures are compared.
    package let options: DiffOptions

    /// A comparison of `expected` (stored) with `actual` (rendered) for the reference `name`.
    package init(expected: [UInt8], actual: [UInt8], name: String, strip: StripGeometry?, options: DiffOptions) {
        self.expected = expected
        self.actual = actual
        self.name = name
        self.strip = strip
        self.options = options
    }

    /// A failure that says `message`, shown by both files (and `diff`, when given).
    package func differs(_ message: String, diff: RGBAImage? = nil) -> ReferenceVerdict {
        ReferenceVerdict(matches: false, message: message, evidence: FailureEvidence(expected: expected, actual: actual, diff: diff))
    }

    /// The two pictures compared by pixelmatch's algorithm: first without a
    /// diff image, so that a match needs only the rows that differ; a
    /// failure is compared again with the whole images and a diff. O(pixels).
    func pictures() throws -> ReferenceVerdict { try comparedPictures().verdict }

    /// The strip as a picture; when it differs, frame by frame, so that the
    /// failure names the step and frame. O(pixels).
    func stripFrames() throws -> ReferenceVerdict {
        var (verdict, comparison) = try comparedPictures()
        // The strip of a scenario without steps is its one state.
        guard !verdict.matches, let strip, !strip.showsInitialStateOnly, let comparison, !comparison.result.sizesDiffer,
            let images = comparison.images
        else { return verdict }
        var diffOptions = options
        diffOptions.drawDiff = true
        verdict.frames = try frames(images.expected, images.actual, strip: strip, options: diffOptions)
        if let first = verdict.frames.first {
            verdict.message = "\(verdict.frames.count) frame\(verdict.frames.count == 1 ? "" : "s") differ; first: \(first.description)"
        } else {
            verdict.message = "the frames match; the labels differ (\(verdict.message))"
        }
        return verdict
    }

    /// Two texts, told by the first line that differs. O(bytes).
    func lines() -> ReferenceVerdict {
        differs(TextDiff(expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self)).summary)
    }

    private func comparedPictures() throws -> (verdict: ReferenceVerdict, comparison: Comparison?) {
        var diffOptions = options
        diffOptions.drawDiff = false
        var comparison: Comparison
        do {
            comparison = try Comparison(expected: expected, actual: actual, options: diffOptions)
            if !comparison.matches {
                diffOptions.drawDiff = true
                comparison = try Comparison(expected: expected, actual: actual, options: diffOptions)
            }
        } catch {
            guard error.side == .expected else { throw error }
            let verdict = ReferenceVerdict(
                matches: false, message: "the reference is not a readable PNG (\(error.error)); re-record it with `--record failed`",
                evidence: FailureEvidence(expected: nil, actual: actual))
            return (verdict, nil)
        }
        let result = comparison.result
        if result.matches { return (ReferenceVerdict(matches: true, message: comparison.summary), comparison) }
        return (differs(comparison.summary, diff: result.diff), comparison)
    }

    /// Every frame of the strip with a counted difference (the strip as a
    /// whole was judged by the budget), each with its pictures.
    private func frames(_ expected: RGBAImage, _ actual: RGBAImage, strip: StripGeometry, options: DiffOptions) throws -> [FrameDifference] {
        var differences: [FrameDifference] = []
        for row in 0 ..< strip.rows {
            for column in 0 ..< strip.columns {
                let o = strip.origin(row: row, column: column)
                let rect = PixelRect(x0: o.x, y0: o.y, x1: o.x + strip.frameWidth, y1: o.y + strip.frameHeight)
                guard let e = expected.cropped(rect), let a = actual.cropped(rect) else { continue }
                // Ignored regions are in strip pixels; the frame's are local.
                let result = UnfoldDiff.compare(e, a, options: options.shifted(x: o.x, y: o.y))
                guard result.differentPixels > 0, let box = result.bounds else { continue }
                differences.append(
                    FrameDifference(
                        step: row + 1, frame: column, differentPixels: result.differentPixels, bounds: box,
                        evidence: FailureEvidence(expected: try PNG.encode(e), actual: try PNG.encode(a), diff: result.diff)))
            }
        }
        return differences
    }
}

/// What comparing one reference found: whether it matches, what to say,
/// the pictures that show a failure and, for a strip, the frames that differ.
package struct ReferenceVerdict {
    /// Whether the reference passes.
    package var matches: Bool
    /// What to say, as a failure's message or a pass's note.
    package var message: String
    /// The pictures that show a failure; nil for a pass.
    package var evidence: FailureEvidence?
    /// The frames that differ, for a kind with frames.
    package var frames: [FrameDifference] = []

    /// A verdict from its parts.
    package init(matches: Bool, message: String, evidence: FailureEvidence? = nil) {
        self.matches = matches
        self.message = message
        self.evidence = evidence
    }
}

/// The files that show a failure, in memory: the stored reference (nil when
/// it cannot be shown), what was drawn, and the difference drawn.
package struct FailureEvidence {
    /// The stored reference's bytes.
    package var expected: [UInt8]?
    /// The rendered file's bytes.
    package var actual: [UInt8]
    /// The difference as a picture, when there is one.
    package var diff: RGBAImage?

    /// Evidence from its parts.
    package init(expected: [UInt8]?, actual: [UInt8], diff: RGBAImage? = nil) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }
}

/// A frame of a strip that differs, with its own pictures.
package struct FrameDifference {
    /// The step, from 1 (a row of the strip).
    package var step: Int
    /// The frame of the step's transition, from 0 (a column of the strip).
    package var frame: Int
    /// How many pixels differ.
    package var differentPixels: Int
    /// Where they are, in the frame's pixels.
    package var bounds: PixelRect
    /// The frame's expected, actual and diff pictures.
    package var evidence: FailureEvidence

    /// `step 3, frame 2 differs in the rows 140-188 px (columns 0-780, 212 pixels)`.
    package var description: String {
        Self.sentence(step: step, frame: frame, differentPixels: differentPixels, bounds: bounds)
    }

    /// How a frame's difference is told, here and in reports.
    package static func sentence(step: Int, frame: Int, differentPixels: Int, bounds: PixelRect) -> String {
        "step \(step), frame \(frame) differs in the rows \(bounds.y0)-\(bounds.y1) px (columns \(bounds.x0)-\(bounds.x1), \(differentPixels) pixels)"
    }
}

extension DiffOptions {
    /// The options for the part of a picture whose top-left corner is at
    /// (x, y) (a strip's frame): ignored regions moved into its own pixels.
    package func shifted(x: Int, y: Int) -> DiffOptions {
        var local = self
        local.ignore = ignore.map { PixelRect(x0: $0.x0 - x, y0: $0.y0 - y, x1: $0.x1 - x, y1: $0.y1 - y) }
        return local
    }
}
/// Which lines of two texts differ, for `updates.json`.
struct TextDiff {
    let expected: String
    let actual: String

    var summary: String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0 ..< max(e.count, a.count) {
            let left = i < e.count ? String(e[i]) : "(end)", right = i < a.count ? String(a[i]) : "(end)"
            if left != right {
                let line = { (text: String) in text.trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }
                return "line \(i + 1) differs: expected \(line(left)), got \(line(right))"
            }
        }
        return "the texts differ"
    }
}
