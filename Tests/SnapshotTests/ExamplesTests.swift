import Foundation
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldReferences
import UnfoldRender
import UnfoldReport

@testable import UnfoldSnapshot

/// The repository's own Examples against their committed references in
/// `Snapshots/`, as `unfold test --record never` checks them: `swift test`
/// alone is the whole check.
@Suite struct ExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func everyExampleMatchesItsCommittedReferences() throws {
        let project = ProjectBoundary(root: Self.root)
        let files = try ScenarioFiles.find([Self.root + "/Examples"], project: project)
        #expect(files.count >= 16)
        let scenarios = try files.map { try Scenario.load(path: $0, project: project) }
        var options = SnapshotOptions(render: RenderOptions(fonts: try FontSet.locate()))
        options.root = Self.root + "/Snapshots"
        options.record = .never
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-examples-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        options.artifacts = artifacts
        var suite = SnapshotSuite(scenarios: scenarios, options: options)
        suite.complete = true
        let report = try suite.run()
        #expect(report.failed == 0 && report.stale.isEmpty, "\(report.cases.filter { $0.status == .failed }.map { "\($0.scenario)/\($0.reference): \($0.message)" })")
        #expect(report.passed == report.cases.count && report.passed > 100)
    }
}
