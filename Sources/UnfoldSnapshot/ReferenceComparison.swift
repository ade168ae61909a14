import Foundation
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldRender

/// What a kind's comparison is handed: a reference whose stored bytes are
/// not the rendered file's, and where to leave the pictures of a failure.
/// The standard kinds compare pixels (`pictures`), a strip frame by frame
/// (`stripFrames`) or lines of text (`lines`).
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
    let artifacts: Artifacts

    /// Leaves the expected and actual files (and `diff`, when given) for the
    /// report; their paths by role. O(bytes).
    package func saveFailure(diff: RGBAImage? = nil) throws -> [String: String] {
        try artifacts.save(expected: expected, actual: actual, diff: diff, name: name)
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
        if !verdict.frames.isEmpty {
            verdict.message = "\(verdict.frames.count) frame\(verdict.frames.count == 1 ? "" : "s") differ; first: \(verdict.frames[0].description)"
        } else {
            verdict.message = "the frames match; the labels differ (\(verdict.message))"
        }
        return verdict
    }

    /// Two texts, told by the first line that differs. O(bytes).
    func lines() throws -> ReferenceVerdict {
        let diff = TextDiff(expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
        return ReferenceVerdict(matches: false, message: diff.summary, artifacts: try saveFailure())
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
                artifacts: try artifacts.save(actual: actual, name: name))
            return (verdict, nil)
        }
        let result = comparison.result
        if result.matches { return (ReferenceVerdict(matches: true, message: comparison.summary), comparison) }
        return (ReferenceVerdict(matches: false, message: comparison.summary, artifacts: try saveFailure(diff: result.diff)), comparison)
    }

    /// Every frame of the strip with a counted difference (the strip as a
    /// whole was judged by the budget), each with its pictures.
    private func frames(_ expected: RGBAImage, _ actual: RGBAImage, strip: StripGeometry, options: DiffOptions) throws -> [FrameFailure] {
        var failures: [FrameFailure] = []
        for row in 0 ..< strip.rows {
            for column in 0 ..< strip.columns {
                let o = strip.origin(row: row, column: column)
                let rect = PixelRect(x0: o.x, y0: o.y, x1: o.x + strip.frameWidth, y1: o.y + strip.frameHeight)
                guard let e = expected.cropped(rect), let a = actual.cropped(rect) else { continue }
                // Ignored regions are in strip pixels; the frame's are local.
                let result = UnfoldDiff.compare(e, a, options: options.shifted(x: o.x, y: o.y))
                guard result.differentPixels > 0, let box = result.bounds else { continue }
                var f = FrameFailure(
                    step: row + 1, frame: column, differentPixels: result.differentPixels,
                    y0: box.y0, y1: box.y1, x0: box.x0, x1: box.x1)
                f.artifacts = try artifacts.save(
                    expected: try PNG.encode(e), actual: try PNG.encode(a), diff: result.diff,
                    name: String(format: "strip/step-%02d-frame-%02d.png", row + 1, column))
                failures.append(f)
            }
        }
        return failures
    }
}

/// What comparing one reference found: whether it matches, what to say,
/// the pictures a report shows (by role: expected, actual, diff) and, for a
/// strip, the frames that differ.
package struct ReferenceVerdict {
    /// Whether the reference passes.
    package var matches: Bool
    /// What to say, as a failure's message or a pass's note.
    package var message: String
    /// The failure's files by role.
    package var artifacts: [String: String] = [:]
    /// The frames that differ, for a kind with frames.
    var frames: [FrameFailure] = []

    /// A verdict from its parts.
    package init(matches: Bool, message: String, artifacts: [String: String] = [:]) {
        self.matches = matches
        self.message = message
        self.artifacts = artifacts
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
