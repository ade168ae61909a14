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

    @Test func aDifferenceIsReportedWithTheDiffLocation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-helper-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        #expect(verifyOutlineSnapshot(scenario, snapshots: dir, record: .missing) == nil)
        let changed = try Scenario.parse(tiny.replacingOccurrences(of: "Gamma", with: "Delta"), file: "tiny.yaml")
        let failure = verifyOutlineSnapshot(changed, snapshots: dir, record: .never)
        #expect(failure?.contains("helper-tiny/state-01.png: ") == true)
        #expect(failure?.contains("diff: ") == true)
        withKnownIssue {
            expectOutlineSnapshot(changed, record: .never, filePath: dir + "/Test.swift")
        }
    }
}

final class XCTestHelperTests: XCTestCase {
    func testScenarioFileMatches() {
        XCTAssertOutlineSnapshot(file: "helper.yaml", record: .never)
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
