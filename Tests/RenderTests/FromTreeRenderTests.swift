import Foundation
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender

/// What `unfold render --from` writes for a tree people already have:
/// stills cropped to their rows, and an animation that loops without a jump.
@Suite struct FromTreeRenderTests {
    private func files(_ scenario: Scenario, _ outputs: Set<RenderOptions.Output>) throws -> [String: [UInt8]] {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = outputs
        options.frames = 2
        let result = try ScenarioRenderer.render(scenario, options: options)
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.bytes) })
    }

    private func folder() throws -> (path: String, scenario: Scenario) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-from-\(UUID().uuidString)").path
        for file in ["src/app/main.swift", "src/lib.swift", "docs/guide.md", "README.md"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        return (root, try Scenario.imported(from: root))
    }

    @Test func eachStillIsAsTallAsItsRowsAndTheLoopEndsWhereItBegan() throws {
        let (root, scenario) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = try files(scenario, [.states, .frames])
        let states = try (0 ... 3).map { try PNG.decode(try #require(out[String(format: "state-%02d.png", $0)])) }
        // Open one level (6 rows), all open (7), all closed (3 rows), open one level again.
        let rowHeight = (states[1].height - states[2].height) / 4
        #expect(rowHeight > 0 && states[0].height - states[2].height == 3 * rowHeight)
        #expect(states[3] == states[0])
        // The frames share the tallest state's canvas, and the last frame is the first.
        let first = try PNG.decode(try #require(out["step-01/frame-00.png"]))
        let last = try PNG.decode(try #require(out["step-03/frame-02.png"]))
        #expect(first.height == states[1].height && last == first)
    }
}
