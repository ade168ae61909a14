import ArgumentParser
import Foundation
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint
import UnfoldRender

/// `unfold-bench scenario`: end to end, on generated scenarios of 10^3 to
/// 10^6 nodes on a fixed phone canvas (390×844 pt at scale 3): parse, play,
/// lay out, draw and encode, with each size's peak memory measured in a child
/// process of its own. Then the memory of a long animation: 20 steps of 7
/// frames at 1170×2532 pixels, written (as `unfold render` writes them) as
/// frames, as an APNG, as a strip and as everything.
struct ScenarioBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "End-to-end render cost by tree size, and peak memory of long animations.")

    @Option(help: "Tree sizes (nodes).")
    var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]

    @Option(help: "Timed runs per figure.")
    var runs = 5

    @Option(help: ArgumentHelp("Run one case in this process and print it as JSON (used by the parent run).", visibility: .hidden))
    var one: String?

    func run() throws {
        if let one { return try runOne(one) }
        let frameMB = Double(1170 * 2532 * 4) / 1_048_576
        print("| nodes | parse ms | play ms | first state ms | in-between frame ms | peak MB |")
        print("|---:|---:|---:|---:|---:|---:|")
        for n in sizes {
            let r = try childResult(["scenario", "--one", "size:\(n)", "--runs", String(runs)])
            print("| \(n) | \(r["parse_ms"]!) | \(r["play_ms"]!) | \(r["state_ms"]!) | \(r["frame_ms"]!) | \(r["peak_mb"]!) |")
        }
        print()
        let base = try childResult(["scenario", "--one", "baseline"])
        let baseMB = Double(base["peak_mb"]!)!
        print("20 steps × 7 frames, 1170×2532 (one frame buffer = \(format1(frameMB, 1)) MB; baseline process \(format1(baseMB, 1)) MB)")
        print()
        print("| outputs | ms | peak MB | (peak − baseline) in frame buffers |")
        print("|---|---:|---:|---:|")
        for outputs in ["frames", "animation", "strip", "states,frames,animation,updates", "states,frames,strip,animation,updates"] {
            let r = try childResult(["scenario", "--one", "long:\(outputs)"])
            let peak = Double(r["peak_mb"]!)!
            print("| \(outputs) | \(r["ms"]!) | \(r["peak_mb"]!) | \(format1((peak - baseMB) / frameMB, 1)) |")
        }
    }

    func runOne(_ name: String) throws {
        mapLargeBuffersAsUnfoldDoes()
        let fonts = try FontSet.locate()
        var result: [String: String] = [:]
        if name == "baseline" {
            // What every render holds anyway: the fonts and a parsed scenario.
            _ = try Typesetter(fonts: fonts)
            _ = try Scenario.parse(Self.groups(count: 12, rows: 4, steps: 20), file: "long.json")
        } else if name.hasPrefix("size:"), let n = Int(name.dropFirst(5)) {
            let text = Self.generated(nodes: n)
            let clock = ContinuousClock()
            var scenario: Scenario!
            result["parse_ms"] = ms(milliseconds(clock.measure { scenario = try! Scenario.parse(text, file: "generated.json") }))
            var playback: Playback!
            result["play_ms"] = ms(milliseconds(clock.measure { playback = try! Playback(scenario) }))
            let appearance = scenario.appearance
            let typesetter = try Typesetter(fonts: fonts)
            let rows = RowLayout(appearance: appearance, measure: .typesetter(typesetter, scale: 3, direction: appearance.canvas.direction))
            let painter = OutlinePainter(appearance: appearance, typesetter: typesetter)
            // The first state: layout, draw, encode (what `unfold render` does for state-00).
            result["state_ms"] = ms(
                medianMilliseconds(runs: runs) {
                    let layout = StateLayout(playback.states[0].outline, rows: rows, through: 844)
                    return try! PNG.encode(try! painter.draw(layout.frame, height: 844)).count
                })
            // An in-between frame of the toggle of the first group: the pairing of rows, layout and drawing.
            result["frame_ms"] = ms(
                medianMilliseconds(runs: runs) {
                    let t = Transition(
                        from: StateLayout(playback.states[0].outline, rows: rows, through: 844),
                        to: StateLayout(playback.states[1].outline, rows: rows, through: 844),
                        animation: appearance.animation, limit: 844)
                    return try! painter.draw(t.frame(3), height: 844).width
                })
        } else if name.hasPrefix("long:") {
            let scenario = try Scenario.parse(Self.groups(count: 12, rows: 4, steps: 20), file: "long.json")
            var options = RenderOptions(fonts: fonts)
            options.outputs = Set(name.dropFirst(5).split(separator: ",").compactMap { RenderOptions.Output(rawValue: String($0)) })
            let clock = ContinuousClock()
            var bytes = 0
            // As `unfold render` does: each file written as soon as it is complete.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-bench-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let elapsed = clock.measure {
                bytes = try! ScenarioRenderer.render(scenario, options: options, writingTo: folder).reduce(0) { $0 + $1.size }
            }
            result["ms"] = ms(milliseconds(elapsed))
            result["bytes"] = String(bytes)
        } else {
            throw ValidationError("unknown case \(name)")
        }
        result["peak_mb"] = format1(peakMegabytes(), 1)
        print("{" + result.keys.sorted().map { "\"\($0)\": \"\(result[$0]!)\"" }.joined(separator: ", ") + "}")
    }

    func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    }

    /// About n nodes: groups of 100 children, all expanded, with two steps
    /// that collapse and expand the first group. Phone canvas at scale 3.
    static func generated(nodes n: Int) -> String {
        let groups = max(1, n / 101)
        var json = #"{"name": "generated", "canvas": {"width": 390, "height": 844, "scale": 3}, "tree": ["#
        json.reserveCapacity(groups * 101 * 40)
        for g in 0 ..< groups {
            if g > 0 { json += "," }
            json += #"{"id": "g\#(g)", "title": "Group \#(g)", "expanded": true, "children": ["#
            for c in 0 ..< 100 { json += (c > 0 ? "," : "") + #"{"id": "n\#(c)", "title": "Item \#(c) of group \#(g)"}"# }
            json += "]}"
        }
        return json + #"], "steps": [{"collapse": "g0"}, {"expand": "g0"}], "animation": {"frames": 6}}"#
    }

    /// `count` groups of `rows` rows, toggled `steps` times in turn, on a 1170×2532 canvas.
    static func groups(count: Int, rows: Int, steps: Int) -> String {
        var json = #"{"name": "long", "canvas": {"width": 390, "height": 844, "scale": 3}, "tree": ["#
        json += (0 ..< count).map { g in
            #"{"id": "g\#(g)", "title": "Group \#(g)", "children": ["#
                + (0 ..< rows).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        json += #"], "steps": ["# + (0 ..< steps).map { #"{"toggle": "g\#($0 % count)"}"# }.joined(separator: ",")
        return json + #"], "animation": {"frames": 7}}"#
    }
}
