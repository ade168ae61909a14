import ArgumentParser
import Foundation
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldSupport

/// `unfold-bench sources`: the tree sources of `unfold render --from` read at
/// 10k, 40k and 100k levels of nesting, then expanded and laid out as the
/// `fit` canvas needs (every row), so that their cost is seen to grow with
/// the input's size, not with its square. An OPML outline and `tree -J`
/// output nest one level per entry. A Markdown list n levels deep needs
/// n²/2 bytes of indentation, so its items nest in chains 1000 deep; a
/// folder is read at most 64 levels deep (`source.depth`), so its entries
/// are chains of 64 folders. A `tree` drawing and the same tree as a
/// Markdown list (`drawing`, `list`) are docs-shaped: eight levels, over and over.
struct TreeSourceBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "Reading deep tree sources (OPML, tree -J, Markdown, folders) by size: linear, or not.")

    @Option(help: "Entries per input (the levels of the OPML and tree -J inputs).")
    var sizes: [Int] = [10_000, 40_000, 100_000]

    @Option(help: "Timed runs per figure.")
    var runs = 3

    static let allFormats = ["opml", "tree", "markdown", "folder", "drawing", "list"]

    @Option(help: ArgumentHelp("Formats to measure: opml, tree, markdown, folder, drawing, list.", valueName: "format"))
    var formats: [String] = allFormats

    func validate() throws {
        for format in formats where !Self.allFormats.contains(format) {
            throw ValidationError("unknown format '\(format)': use \(Self.allFormats.joined(separator: ", "))")
        }
        if sizes.contains(where: { $0 < 1 || $0 > 1_000_000 }) { throw ValidationError("sizes must be in 1...1000000") }
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-bench-sources-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let typesetter = try Typesetter(fonts: try FontSet.locate())
        print("| source | entries | deepest level | MB | read ms | µs per entry | expand all + lay out ms |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for format in formats {
            for n in sizes {
                let (path, levels, bytes) = try Self.write(format, entries: n, in: folder)
                let read = { () throws(ScenarioError) -> Scenario in
                    format == "folder"
                        ? try Scenario.parse(
                            // The folder by its name beside the scenario: a scenario reads only inside its project.
                            "name: t\nsource: {directory: \"\(URL(fileURLWithPath: path).lastPathComponent)\", depth: 64, limit: \(n)}\n",
                            file: folder + "/t.yaml", baseDirectory: folder)
                        : try Scenario.imported(from: path)
                }
                let scenario = try read()
                guard scenario.nodes.count == n else { throw ValidationError("\(format): read \(scenario.nodes.count) entries of \(n)") }
                let readMS = medianMilliseconds(runs: runs) { (try? read())?.nodes.count ?? 0 }
                let appearance = scenario.appearance
                let rows = RowLayout(
                    appearance: appearance, measure: .typesetter(typesetter, scale: Double(appearance.canvas.scale), direction: appearance.canvas.direction))
                let layoutMS = medianMilliseconds(runs: runs, setup: { try? scenario.makeOutline() }) { outline in
                    guard var open = outline else { return 0.0 }
                    _ = open.expandAll()
                    return StateLayout(open, rows: rows, through: nil).contentHeight
                }
                let megabytes = bytes.map { format1(Double($0) / 1_048_576, 1) } ?? "-"
                print("| \(format) | \(n) | \(levels) | \(megabytes) | \(ms(readMS)) | \(format1(readMS * 1000 / Double(n), 2)) | \(ms(layoutMS)) |")
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Writes an input of `entries` entries: its path, its deepest level and its bytes (none for a folder).
    static func write(_ format: String, entries n: Int, in folder: String) throws -> (path: String, levels: Int, bytes: Int?) {
        var text = ""
        switch format {
        case "opml":
            text = #"<?xml version="1.0"?>\#n<opml version="2.0"><head><title>deep</title></head><body>\#n"#
            for i in 0 ..< n { text += #"<outline text="level \#(i)">\#n"# }
            text += String(repeating: "</outline>\n", count: n) + "</body></opml>\n"
            return (try save(text, folder + "/deep-\(n).opml"), n, text.utf8.count)
        case "tree":
            text = #"[{"type":"directory","name":".","contents":["# + "\n"
            for i in 0 ..< n { text += #"{"type":"directory","name":"level \#(i)","contents":["# + "\n" }
            text += String(repeating: "]}", count: n) + #"]},{"type":"report","directories":\#(n),"files":0}]"# + "\n"
            return (try save(text, folder + "/deep-\(n).json"), n, text.utf8.count)
        case "markdown":
            for i in 0 ..< n { text += String(repeating: " ", count: i % 1000) + "- level \(i % 1000)\n" }
            return (try save(text, folder + "/deep-\(n).md"), min(n, 1000), text.utf8.count)
        case "drawing", "list":
            // Level i % 8 on line i: a folder opens a level, and every eighth entry is back at the top.
            let drawing = format == "drawing"
            text = drawing ? "project\n" : ""
            for i in 0 ..< n - (drawing ? 1 : 0) {
                let level = i % 8, name = "entry-\(i)\(level < 7 ? "/" : ".md")  # note \(i)"
                text += drawing ? String(repeating: "│   ", count: level) + "├── " + name + "\n" : String(repeating: "  ", count: level) + "- " + name + "\n"
            }
            return (try save(text, folder + "/docs-\(n)." + (drawing ? "txt" : "md")), 8, text.utf8.count)
        default:
            // Chains of 64 folders under the root.
            let root = folder + "/deep-\(n)"
            var made = 0
            while made < n {
                var path = root + "/c\(made)"
                for level in 0 ..< min(64, n - made) {
                    if level > 0 { path += "/d" }
                    made += 1
                }
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
            return (root, min(n, 64), nil)
        }
    }

    static func save(_ text: String, _ path: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
