import Foundation
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot
import UnfoldTestSupport

/// A kind of reference is one value in a catalog: this test adds one that
/// the library does not have (each state as SVG, compared as text) without
/// changing a library file, and it goes end to end like the standard kinds:
/// recorded, compared, reported, shown by its media type, accepted from the
/// report and undone.
@Suite struct NewKindTests {
    static let svgStates = ReferenceKind(
        label: "vector picture", mediaType: "image/svg+xml", pattern: "state-NN.svg", output: .svg,
        names: { steps in (0 ... steps).map { FileNames.state($0, "svg") } },
        matches: { $0.hasPrefix("state-") && $0.hasSuffix(".svg") && !$0.contains("/") }, largest: nil,
        store: { _, bytes throws(ReferenceKind.Invalid) in
            guard String(validating: bytes, as: UTF8.self)?.hasPrefix("<svg") == true else {
                throw ReferenceKind.Invalid(description: "it is not an SVG document")
            }
            return NewReference(bytes: bytes)
        },
        compare: { $0.differs("the SVG differs") })

    static let catalog = ReferenceCatalog.standard.adding(svgStates)

    private func options(_ box: Sandbox, _ mode: RecordMode) -> SnapshotOptions {
        var o = box.options(mode)
        o.catalog = Self.catalog
        return o
    }

    @Test func aKindAddedInATestIsRecordedComparedAndReported() throws {
        let box = Sandbox()
        let first = try SnapshotRunner.check(scenario(), options: options(box, .missing))
        #expect(first.cases.filter { $0.reference.hasSuffix(".svg") }.map(\.reference) == ["state-00.svg", "state-01.svg"])
        #expect(first.cases.allSatisfy { $0.status == .recorded })
        let stored = try ReferenceStore(root: box.snapshots, scenario: "tiny", catalog: Self.catalog).contents()
        #expect(stored.files["state-01.svg"].map { String(decoding: $0, as: UTF8.self).hasPrefix("<svg") } == true)

        let again = try SnapshotRunner.check(scenario(), options: options(box, .never))
        #expect(again.cases.allSatisfy { $0.status == .passed })

        let changed = try SnapshotRunner.check(scenario(title: "Bravo"), options: options(box, .never))
        let svg = try #require(changed.cases.first { $0.reference == "state-01.svg" })
        #expect(svg.status == .failed && svg.message == "\"Beta\" renamed \"Bravo\" (a/b); the SVG differs", "\(svg.message)")
        #expect(svg.artifacts.expected?.hasSuffix("state-01.expected.svg") == true)
        #expect(svg.artifacts.actual.map { FileManager.default.fileExists(atPath: box.path + "/artifacts/" + $0) } == true)
    }

    /// The run's report names the kind; the HTML report shows it as the
    /// image its media type says; accept stores the report's SVG and undo
    /// puts the recorded one back. Read with the standard catalog alone,
    /// the report is refused by name.
    @Test func aKindAddedInATestIsAcceptedFromTheReportAndUndone() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: options(box, .missing))
        let recorded = try #require(box.files()["tiny/state-01.svg"])
        let report = try SnapshotSuite(scenarios: [scenario(title: "Bravo")], options: options(box, .never)).run()
        #expect(report.kinds?.map(\.label) == ["picture", "strip", "updates", "vector picture"])
        let html = try String(contentsOfFile: box.path + "/artifacts/report.html", encoding: .utf8)
        #expect(html.contains("<img src=\"tiny/state-01.actual.svg\""))

        let acceptance = try Acceptance(folder: box.path + "/artifacts", snapshots: box.snapshots, catalog: Self.catalog)
        let shown = try #require(acceptance.shownFailures().first { $0.id == "tiny/state-01.svg" })
        #expect(shown.mediaType == "image/svg+xml" && shown.text != nil)
        #expect(try acceptance.accept(acceptance.select(["tiny/state-01.svg"])) == ["tiny/state-01.svg"])
        let accepted = try #require(box.files()["tiny/state-01.svg"])
        #expect(String(decoding: accepted, as: UTF8.self).contains("Bravo"))
        #expect(try SnapshotRunner.check(scenario(title: "Bravo"), options: options(box, .never)).cases.first { $0.reference == "state-01.svg" }?.status == .passed)

        #expect(try UndoRecord.undoLast(roots: [box.snapshots], catalog: Self.catalog).map(\.scenario) == ["tiny"])
        #expect(box.files()["tiny/state-01.svg"] == recorded)

        #expect(throws: ReportError.self) { try Acceptance(folder: box.path + "/artifacts", snapshots: box.snapshots, catalog: .standard) }
        do {
            _ = try Acceptance(folder: box.path + "/artifacts", snapshots: box.snapshots, catalog: .standard)
        } catch {
            #expect(error.description.contains("was made with the kind of reference vector picture (state-NN.svg), which this command does not keep"))
        }
    }

    /// An index that lists a name of no kind the catalog knows is refused, so
    /// a pull request cannot make the store read a file by naming it.
    @Test func anIndexListsOnlyTheKindsItIsReadWith() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: options(box, .missing))
        #expect(throws: DamagedReferences.self) { try ReferenceStore(root: box.snapshots, scenario: "tiny", catalog: .standard).contents() }
    }
}
