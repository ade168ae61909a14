import Foundation
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldTesting
import XCTest

let tiny = """
    name: helper-tiny
    canvas: { width: 220, height: 140, scale: 1 }
    tree:
      - id: a
        title: Alpha
        children: [ { title: Beta }, { title: Gamma } ]
    steps: [ { expand: a } ]
    """

@Suite struct SwiftTestingHelperTests {
    @Test func aScenarioFileMatchesItsCommittedReferences() {
        expectOutlineSnapshot(file: "helper.yaml", record: .never)
    }

    @Test func anOutlineBuiltInCodeMatchesItsReference() throws {
        var outline = try Outline([NodeSpec(key: "a", title: "Built in code"), NodeSpec(title: "child", parent: 0)])
        outline.expand(try outline.node(id: "a"))
        var canvas = Scenario.Canvas()
        canvas.width = 220; canvas.height = 100; canvas.scale = 1
        expectOutlineSnapshot(of: outline, named: "code-outline", canvas: canvas, record: .never)
    }

    /// Record (and fail, saying so), pass, fail with three artifact paths,
    /// re-record the failures; a missing reference in `never` mode writes nothing.
    @Test func theWholeRecordingCycle() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-helper-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let artifacts = dir + "/artifacts"
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        let never = checkOutlineSnapshot(scenario, snapshots: dir, record: .never, artifacts: artifacts)
        #expect(never.failed && never.messages[0].contains("no reference"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/helper-tiny"))
        let recorded = checkOutlineSnapshot(scenario, snapshots: dir, record: .missing, artifacts: artifacts)
        #expect(recorded.failed && recorded.messages.allSatisfy { $0.contains("recorded a new reference in \(dir)/helper-tiny") })
        #expect(!checkOutlineSnapshot(scenario, snapshots: dir, record: .missing, artifacts: artifacts).failed)
        let changed = try Scenario.parse(tiny.replacingOccurrences(of: "Gamma", with: "Delta"), file: "tiny.yaml")
        let failure = checkOutlineSnapshot(changed, snapshots: dir, record: .never, artifacts: artifacts)
        let state = try #require(failure.messages.first { $0.hasPrefix("helper-tiny/state-01.png: differ: ") })
        for role in ["expected", "actual", "diff"] {
            let path = artifacts + "/helper-tiny/state-01.\(role).png"
            #expect(state.contains(path) && failure.artifacts.contains(path) && FileManager.default.fileExists(atPath: path))
        }
        withKnownIssue {
            expectOutlineSnapshot(changed, record: .never, filePath: dir + "/Test.swift")
        }
        #expect(checkOutlineSnapshot(changed, snapshots: dir, record: .failed, artifacts: artifacts).failed)
        #expect(!checkOutlineSnapshot(changed, snapshots: dir, record: .never, artifacts: artifacts).failed)
        // A pass clears the scenario's old artifacts.
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/helper-tiny"))
    }

    @Test func anOutlineBuiltInCodeKeepsItsSelectionAndHandlers() throws {
        var outline = try Outline {
            OutlineNode("Inbox", id: "inbox", expanded: true) {
                OutlineNode("Today")
                OutlineNode("Later")
            }
            for n in 1 ... 2 { OutlineNode("Folder \(n)") }
        }
        outline.select(try outline.node(id: "inbox/Later"))
        outline.handlers.byNode[try outline.node(id: "Folder 1")] = ["tap": .toggleDetail]
        let scenario = Scenario(name: "code", outline: outline, steps: [.tap("Folder 1")])
        let played = try Playback(scenario)
        #expect(played.states[0].outline.selection == (try outline.node(id: "inbox/Later")))
        #expect(played.states[1].outline.rowCount == outline.rowCount + 1)  // the tap showed a detail row
    }
}

final class XCTestHelperTests: XCTestCase {
    func testScenarioFileMatches() {
        XCTAssertOutlineSnapshot(file: "helper.yaml", record: .never)
    }

    func testAnOutlineBuiltInCodeMatchesItsReference() throws {
        var outline = try Outline([NodeSpec(key: "a", title: "Built in code"), NodeSpec(title: "child", parent: 0)])
        outline.expand(try outline.node(id: "a"))
        var canvas = Scenario.Canvas()
        canvas.width = 220; canvas.height = 100; canvas.scale = 1
        XCTAssertOutlineSnapshot(of: outline, named: "code-outline", canvas: canvas, record: .never)
    }

}

#if SnapshotTesting
import UnfoldSnapshotTesting

final class SnapshotTestingStrategyTests: XCTestCase {
    func testSnapshotTestingStrategy() throws {
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        assertSnapshot(of: scenario, as: .outline, record: false)
    }
}
#endif
