import Foundation
import ScenarioFormat
import Testing
import UnfoldRender
import UnfoldSnapshot
import UnfoldTestSupport

/// A kind of reference is one value: this test adds one that the library
/// does not have (each state as SVG, compared as text) without changing a
/// library file, and the runner renders, records, compares, reports and
/// prunes it like the standard kinds.
@Suite struct NewKindTests {
    static let svgStates = ReferenceKind(
        label: "vector picture", mediaType: "image/svg+xml", output: .svg,
        names: { steps in (0 ... steps).map { FileNames.state($0, "svg") } },
        matches: { $0.hasPrefix("state-") && $0.hasSuffix(".svg") && !$0.contains("/") }, largest: nil,
        store: { _, bytes throws(ReferenceKind.Invalid) in
            guard String(validating: bytes, as: UTF8.self)?.hasPrefix("<svg") == true else {
                throw ReferenceKind.Invalid(description: "it is not an SVG document")
            }
            return NewReference(bytes: bytes)
        },
        compare: { c in ReferenceVerdict(matches: false, message: "the SVG differs", artifacts: try c.saveFailure()) })

    private func options(_ box: Sandbox, _ mode: RecordMode) -> SnapshotOptions {
        var o = box.options(mode)
        o.kinds = ReferenceKind.standard + [Self.svgStates]
        return o
    }

    @Test func aKindAddedInATestIsRecordedComparedAndReported() throws {
        let box = Sandbox()
        let first = try SnapshotRunner.check(scenario(), options: options(box, .missing))
        #expect(first.cases.filter { $0.reference.hasSuffix(".svg") }.map(\.reference) == ["state-00.svg", "state-01.svg"])
        #expect(first.cases.allSatisfy { $0.status == .recorded })
        let stored = try ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", kinds: options(box, .never).kinds).contents()
        #expect(stored.files["state-01.svg"].map { String(decoding: $0, as: UTF8.self).hasPrefix("<svg") } == true)

        let again = try SnapshotRunner.check(scenario(), options: options(box, .never))
        #expect(again.cases.allSatisfy { $0.status == .passed })

        let changed = try SnapshotRunner.check(scenario(title: "Bravo"), options: options(box, .never))
        let svg = try #require(changed.cases.first { $0.reference == "state-01.svg" })
        #expect(svg.status == .failed && svg.message == "\"Beta\" renamed \"Bravo\" (a/b); the SVG differs", "\(svg.message)")
        #expect(svg.artifacts["expected"]?.hasSuffix("state-01.expected.svg") == true)
        #expect(svg.artifacts["actual"].map { FileManager.default.fileExists(atPath: box.path + "/artifacts/" + $0) } == true)
    }

    /// An index that lists a name of no kind the options know is refused, so
    /// a pull request cannot make the store read a file by naming it.
    @Test func anIndexListsOnlyTheKindsItIsReadWith() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: options(box, .missing))
        #expect(throws: (any Error).self) { try ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny").contents() }
    }
}
