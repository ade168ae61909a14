import OutlineAppearance
import UnfoldCanvas
import UnfoldDiff
import UnfoldReferences
import UnfoldRender

/// The outcome of checking one reference. Codable: the JSON report is the
/// record that the HTML and JUnit reports are made from, and shards' reports merge.
public struct CaseResult: Codable, Sendable, Equatable {
    /// How the check of a reference ended.
    public enum Status: String, Codable, Sendable {
        /// The picture or file matched its reference.
        case passed
        /// It differed from its reference (or the reference was missing or damaged).
        case failed
        /// It was written as the reference, as the record mode asked.
        case recorded
    }

    /// The scenario's name.
    public var scenario: String
    /// The reference's name, e.g. `state-03.png`.
    public var reference: String
    /// How the check ended.
    public var status: Status
    /// One line saying what happened.
    public var message: String
    /// The failure's pictures (paths relative to the report's folder).
    public var artifacts = FailurePictures()
    /// For strips: the frames that differ.
    public var frames: [FrameFailure] = []
    /// The hash of the reference's bytes it was compared with (nil: none was
    /// recorded), so that accepting the actual picture later can refuse a stale one.
    public var referenceHash: String?
    /// The folder of the scenario's references when it is not the run's
    /// `Snapshots` (a Swift test's `__Snapshots__/<test file>`), relative to
    /// the project; `unfold accept` writes there.
    public var snapshots: String?
    /// The Swift test that asserted it, as Swift Testing or XCTest names it
    /// (`AppTests.SettingsTests/screen()`); nil for `unfold test`.
    public var test: String?
    /// For strips: where the frames are.
    package var strip: StripGeometry?
    /// How long the check of this reference took, in seconds.
    public var seconds: Double = 0
    /// For a failure: the comparison options it was judged with, which a
    /// review compares with too.
    package var comparison: ComparisonSettings?

    /// The options to compare this result's pictures with: those it was
    /// judged with (a run keeps them for every failure; the defaults for a
    /// report that holds none).
    package var options: DiffOptions { comparison?.options ?? DiffOptions() }

    /// A result that says `message` about `reference` of `scenario`.
    public init(scenario: String, reference: String, status: Status, message: String) {
        self.scenario = scenario
        self.reference = reference
        self.status = status
        self.message = message
    }
}

/// A frame of a strip that differs from its reference.
public struct FrameFailure: Codable, Sendable, Equatable {
    /// The step, from 1 (a row of the strip).
    public var step: Int
    /// The frame of the step's transition, from 0 (a column of the strip).
    public var frame: Int
    /// How many pixels differ.
    public var differentPixels: Int
    /// The first row of the difference, in the strip frame's pixels.
    public var y0: Int
    /// The last row of the difference.
    public var y1: Int
    /// The first column of the difference.
    public var x0: Int
    /// The last column of the difference.
    public var x1: Int
    /// The frame's expected, actual and diff pictures (relative to the report's folder).
    public var artifacts = FailurePictures()

    /// The frame `difference` found, shown by `pictures`.
    package init(_ difference: FrameDifference, pictures: FailurePictures) {
        step = difference.step
        frame = difference.frame
        differentPixels = difference.differentPixels
        (x0, y0, x1, y1) = (difference.bounds.x0, difference.bounds.y0, difference.bounds.x1, difference.bounds.y1)
        artifacts = pictures
    }

    /// One line: `step 3, frame 2 differs in the rows 140-188 px (columns 0-780, 212 pixels)`.
    public var description: String {
        FrameDifference.sentence(step: step, frame: frame, differentPixels: differentPixels, bounds: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1))
    }
}
