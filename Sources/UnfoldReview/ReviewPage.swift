import CUnfoldReviewPage
import Foundation
import UnfoldAcceptance
import UnfoldReferences

/// The page `unfold review` serves: a report's failures, to look at and to
/// accept or reject one by one.
///
/// The page itself (`html`) holds neither the report nor the review's key,
/// so whoever fetches it without the key learns nothing. The key comes in
/// the address's fragment (`http://127.0.0.1:PORT/#KEY`), which a browser
/// never sends: the page's script takes it from there, removes it from the
/// address bar, and sends it in `X-Unfold-Token` with every request it makes:
/// the failures (`data`), their pictures (`file?path=`, shown as blob URLs)
/// and the decisions (a POST to `accept` or `reject`).
///
/// Failures are listed by test (a Swift test's assertion, or a scenario),
/// each test with its own "accept test"; "accept all" takes every one, and
/// after an accept the next undecided failure is shown. Per failure:
/// expected, actual and diff side by side (fitted to the window), a slider
/// and a blink view, zoom; a text reference (`updates.json`) as its changed
/// lines.
/// A strip shows its changed frames as a filmstrip (expected above actual),
/// the frames that changed most first, each with a bar of how many pixels changed; a frame can be
/// accepted alone. Keys: j/k next and previous, a accept, t accept the test, r reject,
/// 1-6 the views, + and - zoom.
enum ReviewPage {
    /// One thing to decide on, as the page shows it.
    struct Entry: Encodable {
        var id: String
        /// The test or scenario it belongs to.
        var test: String
        /// How the page titles that test: the Swift test's name, else `test`.
        var testName: String
        var title: String
        var message: String
        var expected: String?
        var actual: String?
        var diff: String?
        var pixels: Int?
        /// A text reference's lines as they changed (no pictures then).
        var text: [LineDiff.Line]?
        /// Strip frames, the most changed first.
        var frames: [Entry]
    }

    /// What `data` answers: the report's summary and its failures.
    struct Contents: Encodable {
        var summary: String
        var items: [Entry]
    }

    /// The failures as the page shows them (`ShownFailure`), and the pictures
    /// the page may load, by the names the entries give them. O(pictures).
    static func contents(summary: String, shown: [ShownFailure]) -> (contents: Contents, files: [String: ServedFile]) {
        var files: [String: ServedFile] = [:]
        var entries = 0
        func entry(_ s: ShownFailure) -> Entry {
            let n = entries
            entries += 1
            func named(_ role: String, _ bytes: [UInt8]?, type: String = s.mediaType) -> String? {
                guard let bytes else { return nil }
                files["\(n)-\(role)"] = ServedFile(type: type, bytes: bytes)
                return "\(n)-\(role)"
            }
            // Text is shown as its lines, never as a picture.
            let pictures = s.text == nil
            return Entry(
                id: s.id, test: s.test, testName: s.testName.isEmpty ? s.test : s.testName, title: s.title, message: s.message,
                expected: pictures ? named("expected", s.expected) : nil,
                actual: pictures ? named("actual", s.actual) : nil, diff: named("diff", s.diff, type: "image/png"),
                pixels: s.frames.isEmpty && s.differentPixels > 0 ? s.differentPixels : nil, text: s.text?.lines, frames: s.frames.map(entry))
        }
        return (Contents(summary: summary, items: shown.filter { $0.actual != nil }.map(entry)), files)
    }

    /// A picture the page may load: its bytes and the media type of its kind of reference.
    struct ServedFile {
        var type: String
        var bytes: [UInt8]
    }

    /// The policy of the page: its own inline script and styles, pictures
    /// from blob URLs, requests only to the server that served it; no frame may hold it.
    static let policy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src blob:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// The page (`Sources/CReviewPage/page/review.html`, built into the
    /// binary): the same for every report and every review.
    static let html: String = {
        var count = 0
        guard let bytes = unfold_review_page(&count) else { return "" }
        // Static, read-only bytes that live as long as the process.
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }()
}
