import ArgumentParser
import Foundation
import OutlineEngine
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint

/// `unfold-bench render SPEC.json...`: draws the neutral frame specs of
/// `../shared/bench-peers` (the same rows, geometry and font as the peers)
/// and prints median milliseconds for drawing and for drawing + PNG encoding.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the peers' frame specs; print draw_ms, draw_encode_ms and png_bytes.")

    @Argument(help: "Frame spec files (bench-peers/specs/*.json).")
    var specs: [String]

    @Option(help: "Timed runs per figure.")
    var runs = 15

    @Option(help: "Threads for drawing and encoding.")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Write the last PNG of each spec to this folder.")
    var out: String?

    @Flag(help: "One JSON line per spec, with the peers' field names.")
    var json = false

    func run() throws {
        if !json { print("spec        pixels         draw ms   draw+encode ms   PNG bytes") }
        for path in specs {
            let spec = try FrameSpec.load(path)
            let painter = try FramePainter(spec: spec, threads: threads)
            let frame = spec.frame(measure: painter.measure)
            // Warm up (glyph caches, page faults) before timing.
            for _ in 0 ..< 3 { _ = try PNG.encode(try painter.draw(frame), threads: threads) }
            let draw = medianMilliseconds(runs: runs) { try! painter.draw(frame) }
            var png: [UInt8] = []
            let both = medianMilliseconds(runs: runs) { () -> Int in
                png = try! PNG.encode(try! painter.draw(frame), threads: threads)
                return png.count
            }
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if let out { try Data(png).write(to: URL(fileURLWithPath: out).appendingPathComponent("unfold-\(name).png")) }
            let size = "\(Int(spec.width * spec.scale))x\(Int(spec.height * spec.scale))"
            if json {
                print(
                    "{\"peer\": \"unfold\", \"spec\": \"\(name)\", \"size\": \"\(size)\", \"draw_ms\": \(ms(draw)), "
                        + "\"draw_encode_ms\": \(ms(both)), \"png_bytes\": \(png.count), \"threads\": \(threads)}")
            } else {
                print(
                    name.padding(toLength: 12, withPad: " ", startingAt: 0) + size.padding(toLength: 14, withPad: " ", startingAt: 0)
                        + String(repeating: " ", count: max(0, 9 - ms(draw).count)) + ms(draw)
                        + String(repeating: " ", count: max(0, 17 - ms(both).count)) + ms(both)
                        + String(repeating: " ", count: max(0, 12 - String(png.count).count)) + String(png.count))
            }
        }
    }
}

/// A neutral frame spec (see bench-peers/README.md): rows in points, a font file.
struct FrameSpec: Decodable {
    struct SpecRow: Decodable {
        var depth: Int
        var title: String
        var height: Double
        var expandable: Bool
        var expanded: Bool
    }

    var width: Double
    var height: Double
    var scale: Double
    var indent: Double
    var padding: Double
    var fontSize: Double
    var font: String
    var rows: [SpecRow]

    static func load(_ path: String) throws -> FrameSpec {
        do {
            return try JSONDecoder().decode(FrameSpec.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ValidationError("\(path): not a frame spec (\(error))")
        }
    }

    /// The rows as a layout, stacked from the top, through the same row layout as a scenario's.
    func frame(measure: TextMeasure) -> FrameLayout {
        let rows = RowLayout(appearance: appearance(), measure: measure)
        // Rows need distinct nodes for their identity only.
        let nodes = try! Outline(self.rows.indices.map { NodeSpec(key: "r\($0)", title: "r") }).nodes
        var y = 0.0
        var boxes: [RowBox] = []
        for (i, row) in self.rows.enumerated() {
            var box = rows.box(
                for: Row(node: nodes[i], isDetail: false),
                RowLayout.Facts(
                    depth: row.depth, title: row.title, childCount: row.expandable ? 1 : nil,
                    isExpanded: row.expanded), y: y)
            box.height = row.height
            boxes.append(box)
            y += row.height
        }
        return FrameLayout(rows: boxes)
    }

    /// The spec's canvas and style: no badges, full-width separators, for the same drawing as the peers.
    func appearance() -> Appearance {
        var a = Appearance()
        a.canvas.width = width
        a.canvas.height = height
        a.canvas.scale = Int(scale)
        a.style.indent = indent
        a.style.padding = padding
        a.style.fontSize = fontSize
        a.style.badges = false
        a.style.separatorInset = false
        return a
    }
}

/// Draws a spec frame, in horizontal bands on several threads when asked.
struct FramePainter {
    let painters: [OutlinePainter]
    let height: Double
    /// Layout's view of the first painter's fonts.
    let measure: TextMeasure

    init(spec: FrameSpec, threads: Int) throws {
        var files = try FontSet.locate()
        if FileManager.default.fileExists(atPath: spec.font) {
            files.regular = .file(spec.font)
            files.semibold = .file(spec.font)
        }
        // The spec's colours: black text on white, #C8C8C8 guides, #DDDDDD separators, #555555 chevrons.
        var palette = Palette.light
        palette.text = .black
        painters = try (0 ..< max(1, threads)).map { _ in
            OutlinePainter(appearance: spec.appearance(), typesetter: try Typesetter(fonts: files), palette: palette)
        }
        height = spec.height
        measure = .typesetter(painters[0].typesetter, scale: spec.scale, direction: painters[0].appearance.canvas.direction)
    }

    func draw(_ frame: FrameLayout) throws -> Pixmap {
        try painters[0].draw(frame, height: height, helpers: Array(painters.dropFirst()))
    }
}
