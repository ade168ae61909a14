import Foundation
import OutlineAppearance
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldReferences
import UnfoldRender
import UnfoldReport

/// One failure of a report as a review shows it, made by Unfold from two
/// sources only: the expected picture is the project's reference as it is
/// now (never the report's `expected`), and the actual picture is the
/// report's, checked as a `TrustedPNG` of a size Unfold draws; the
/// difference between them is compared here, never read from the report.
/// Accepting the item stores exactly `actual`, the bytes that were shown.
package struct ShownFailure: Sendable {
    /// The item's id (`regions/state-03.png`, `regions/step-02/frame-03`).
    package var id: String
    /// The test or scenario the item belongs to (`regions`, or a Swift
    /// test's `Tests/AppTests/__Snapshots__/SettingsTests/screen.1`): a
    /// review shows and accepts a test's items together.
    package var test = ""
    /// How the page titles that test: the Swift test's name where the report has it, else `test`.
    package var testName = ""
    /// For a reference that is text (`updates.json`): its lines as they
    /// changed, which a review shows instead of pictures.
    package var text: LineDiff?
    /// The title to show.
    package var title: String
    /// The media type its pictures are served as (its kind's).
    package var mediaType = "image/png"
    /// What differs, as the comparison says (or why it cannot be shown).
    package var message: String
    /// The current reference (or its frame), as a PNG; nil when there is none.
    package var expected: [UInt8]?
    /// The report's picture, as it will be stored; nil when it cannot be a reference.
    package var actual: [UInt8]?
    /// The difference drawn; nil without both pictures.
    package var diff: [UInt8]?
    /// Pixels that differ, for ordering frames.
    package var differentPixels = 0
    /// A strip's frames, the most changed first.
    package var frames: [ShownFailure] = []
}

extension Acceptance {
    /// The most failures a review shows (a report may list a million).
    static let shownLimit = 2000

    /// Every failure with an actual picture (at most `shownLimit`), as a
    /// review shows it. Reads each scenario's references and each report
    /// picture once. O(pictures' pixels).
    package func shownFailures() -> [ShownFailure] {
        var stores: [String: ReferenceStore.Contents?] = [:]
        var changesByTest: [String: RowChanges?] = [:]  // read and compared once per test
        return failures.prefix(Self.shownLimit).map { c in
            let item = Item(c)
            var shown = ShownFailure(id: item.id, title: c.reference, message: c.message)
            shown.test = (c.snapshots.map { $0 + "/" } ?? "") + c.scenario
            shown.testName = c.test ?? shown.test
            guard let kind = catalog.kind(of: c.reference), let path = c.artifacts.actual else { return shown }
            shown.mediaType = kind.mediaType
            let store = ReferenceStore(root: c.snapshots ?? snapshots, scenario: c.scenario, catalog: catalog)
            let current = stores[store.directory] ?? (try? store.contents())
            stores[store.directory] = current
            // A reference that is not a PNG as Unfold writes it is not shown: a browser could show other pixels.
            let stored = current?.files[c.reference].flatMap { bytes in !kind.isPicture || (try? kind.decode(bytes)) != nil ? bytes : nil }
            do {
                let actual = try ReportFolder(folder).read(path, limit: SnapshotsFolder.fileLimit)
                if kind.isPicture { _ = try kind.decode(actual) }
                shown.actual = actual
            } catch {
                shown.message = "the report's picture cannot be a reference: \(error)"
                return shown
            }
            shown.expected = stored
            // What changed in the rows, said first as the run says it, computed here from the project's and the report's updates.
            let changes = changesByTest[shown.test] ?? rowChanges(of: c, current: current ?? nil)
            changesByTest[shown.test] = changes
            if !kind.isPicture, let actual = shown.actual {
                shown.text = LineDiff(expected: String(decoding: stored ?? [], as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
                shown.message = changes?.summary ?? "the rows are as recorded; the text differs"
            }
            if kind.isPicture, let expected = stored, let actual = shown.actual {
                var summary: String
                (shown.diff, summary, shown.differentPixels) = Self.compared(expected, actual, options: c.options)
                // The run's options come from the report, which may be anyone's: what the defaults count is said too when it differs.
                // (Compared again only when the run's options are not the defaults.)
                if c.comparison.map({ $0 != ComparisonSettings(DiffOptions()) }) ?? false {
                    let strict = Self.compared(expected, actual, options: DiffOptions())
                    if strict.pixels != shown.differentPixels { summary += "; with the default options: " + strict.summary }
                }
                shown.message = FailureMessage.told(summary, of: c.reference, changes: changes)
            }
            if kind.hasFrames, let geometry = c.strip, let stored, let strip = try? kind.decode(stored) {
                shown.frames = shownFrames(of: c, kind: kind, geometry: geometry, stored: strip)
            }
            return shown
        }
    }

    /// The frames of `c`'s strip that differ, as a review shows them (each
    /// against its cell of the `stored` strip), the most changed first.
    private func shownFrames(of c: CaseResult, kind: ReferenceKind, geometry: StripGeometry, stored: RGBAImage) -> [ShownFailure] {
        c.frames.map { f in
            var one = ShownFailure(id: c.id(of: f), title: "step \(f.step), frame \(f.frame)", message: f.description)
            one.mediaType = kind.mediaType
            do {
                let actual = try frameActual(f, geometry: geometry, in: stored)
                let expected = try PNG.encode(actual.expected)
                let o = geometry.origin(row: f.step - 1, column: f.frame)
                (one.actual, one.expected) = (actual.bytes, expected)
                (one.diff, one.message, one.differentPixels) = Self.compared(expected, actual.bytes, options: c.options.shifted(x: o.x, y: o.y))
            } catch {
                one.message = "this frame cannot be accepted: \(error)"
            }
            return one
        }.sorted { ($1.differentPixels, $0.id) < ($0.differentPixels, $1.id) }
    }

    /// What changed in the rows of `c`'s test: the project's `updates.json`
    /// (in `current`) against the report's actual one; none when the
    /// report's updates passed (the test has a reference of them and the
    /// report no failure of it: the rows are as recorded); nil when there is
    /// nothing to compare. O(failures + rows).
    func rowChanges(of c: CaseResult, current: ReferenceStore.Contents?) -> RowChanges? {
        let recorded = current?.files[FileNames.updates]
        guard let updates = failures.first(where: { $0.scenario == c.scenario && $0.snapshots == c.snapshots && $0.reference == FileNames.updates })
        else { return RowChanges(expected: recorded, actual: recorded) }
        guard let path = updates.artifacts.actual, let actual = try? ReportFolder(folder).read(path, limit: SnapshotsFolder.fileLimit) else { return nil }
        return RowChanges(expected: recorded, actual: actual)
    }

    /// The diff picture, the comparison's summary and its count.
    package static func compared(_ expected: [UInt8], _ actual: [UInt8], options: DiffOptions) -> (diff: [UInt8]?, summary: String, pixels: Int) {
        var options = options
        options.drawDiff = true
        guard let comparison = try? Comparison(expected: expected, actual: actual, options: options) else {
            return (nil, "the pictures cannot be compared", 0)
        }
        return (comparison.result.diff.flatMap { try? PNG.encode($0) }, comparison.summary, comparison.result.differentPixels)
    }

    /// A frame's own actual picture (the one a review shows), checked against
    /// the strip in the store: a frame of the geometry's size, whose cell lies
    /// inside the stored strip. Returns its bytes and the stored frame it replaces.
    func frameActual(_ f: FrameFailure, geometry: StripGeometry, in stored: RGBAImage) throws -> (bytes: [UInt8], expected: RGBAImage) {
        guard stored.width == geometry.width, stored.height == geometry.height else {
            throw Unacceptable(description: "the report's strip is not the size of the stored strip; accept the strip whole")
        }
        guard let path = f.artifacts.actual else { throw Unacceptable(description: "the report has no picture of this frame") }
        let bytes = try ReportFolder(folder).read(path, limit: SnapshotsFolder.fileLimit)
        let size: (width: Int, height: Int, paletteEntries: Int)
        do { size = try TrustedPNG.check(bytes) } catch { throw Unacceptable(description: "the frame's picture \(error)") }
        guard size.width == geometry.frameWidth, size.height == geometry.frameHeight else {
            throw Unacceptable(description: "the frame's picture is \(size.width)x\(size.height), not a frame of the strip")
        }
        let o = geometry.origin(row: f.step - 1, column: f.frame)
        guard let expected = stored.cropped(PixelRect(x0: o.x, y0: o.y, x1: o.x + geometry.frameWidth, y1: o.y + geometry.frameHeight)) else {
            throw Unacceptable(description: "the frame lies outside the stored strip")
        }
        return (bytes, expected)
    }
}
