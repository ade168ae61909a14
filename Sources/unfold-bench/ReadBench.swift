import ArgumentParser
import CUnfoldYAML
import Foundation
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint
import UnfoldSupport

/// `unfold-bench read`: a scenario file read and its first state drawn, as
/// `unfold render` does, by tree size, as JSON and as YAML, each in a
/// process of its own for its peak memory, the least time of three runs;
/// beside it, in the same run, Python reading the same file (`json.load`,
/// and PyYAML with libyaml's `CSafeLoader`) into plain objects; for YAML,
/// libyaml's parser alone giving its events (the least any reader on
/// libyaml can take) and Unfold's own YAML reader giving its tokens. Then a
/// 2 KB YAML file whose aliases name 2^24 nodes, which must be refused.
struct ReadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read time and peak memory of scenario files by size (JSON and YAML), beside Python's readers; an alias bomb.")

    @Option(help: "Tree sizes (nodes).")
    var sizes: [Int] = [10_000, 100_000, 1_100_000]

    @Option(help: ArgumentHelp("Run one case in this process and print it as JSON (used by the parent run).", visibility: .hidden))
    var one: String?

    func run() throws {
        if let one { return try runOne(one) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-read-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("| nodes | file | MB | read ms | read + first state ms | peak MB | Python ms | Python peak MB | libyaml events ms | YAML tokens ms |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n in sizes {
            for format in ["json", "yaml"] {
                let path = "\(folder)/generated-\(n).\(format)"
                try Data((format == "json" ? Self.json(nodes: n) : Self.yaml(nodes: n)).utf8).write(to: URL(fileURLWithPath: path))
                let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576
                let r = try Self.leastOfThree(path)
                let peer = Self.python(path, format: format)
                let events = format == "yaml" ? ms(try Self.libyamlEvents(path)) : "—"
                let tokens = format == "yaml" ? ms(try Self.yamlTokens(path)) : "—"
                print(
                    "| \(n) | \(format.uppercased()) | \(format1(size, 1)) | \(r["read_ms"]!) | \(r["total_ms"]!) | \(r["peak_mb"]!)"
                        + " | \(peer?.ms ?? "n/a") | \(peer?.mb ?? "n/a") | \(events) | \(tokens) |")
                try FileManager.default.removeItem(atPath: path)
            }
        }
        let path = "\(folder)/bomb.yaml"
        let bomb = Self.bomb(levels: 24)
        try Data(bomb.utf8).write(to: URL(fileURLWithPath: path))
        let r = try childResult(["read", "--one", path])
        print()
        print("A \(bomb.utf8.count)-byte YAML file whose aliases name 2^24 (1.7 × 10^7) nodes: refused in \(r["read_ms"]!) ms, peak \(r["peak_mb"]!) MB.")
    }

    /// Reads `path` as `unfold render` would, draws its first state, and
    /// prints the times and the peak memory as one JSON line. A file that is
    /// refused prints its read time alone.
    func runOne(_ path: String) throws {
        mapLargeBuffersAsUnfoldDoes()
        let clock = ContinuousClock()
        let start = clock.now
        var result: [String: String] = [:]
        do {
            let scenario = try Scenario.load(path: path)
            result["read_ms"] = ms(milliseconds(clock.now - start))
            let playback = try Playback(scenario)
            let appearance = scenario.appearance
            let typesetter = try Typesetter(fonts: try FontSet.locate())
            let rows = RowLayout(appearance: appearance, measure: .typesetter(typesetter, scale: 3, direction: appearance.canvas.direction))
            let layout = StateLayout(playback.states[0].outline, rows: rows, through: 844)
            let png = try PNG.encode(try OutlinePainter(appearance: appearance, typesetter: typesetter).draw(layout.frame, height: 844))
            result["total_ms"] = ms(milliseconds(clock.now - start))
            result["bytes"] = String(png.count)
        } catch let error as ScenarioError {
            result["read_ms"] = ms(milliseconds(clock.now - start))
            result["refused"] = error.message
        }
        result["peak_mb"] = format1(peakMegabytes(), 1)
        print("{" + result.keys.sorted().map { "\"\($0)\": \"\(result[$0]!.replacingOccurrences(of: "\"", with: "'"))\"" }.joined(separator: ", ") + "}")
    }

    /// The case of `path` run three times, each in a process of its own:
    /// the least read and total times (a busy moment of the machine does
    /// not count), and the most peak memory.
    static func leastOfThree(_ path: String) throws -> [String: String] {
        var runs: [[String: String]] = []
        for _ in 0 ..< 3 { runs.append(try childResult(["read", "--one", path])) }
        let number = { (run: [String: String], key: String) in Double(run[key] ?? "") ?? .infinity }
        var result = runs[0]
        for key in ["read_ms", "total_ms"] { result[key] = runs.min { number($0, key) < number($1, key) }?[key] }
        result["peak_mb"] = runs.max { number($0, "peak_mb") < number($1, "peak_mb") }?["peak_mb"]
        return result
    }

    /// The median time libyaml's parser takes to give every event of the
    /// file at `path`, each deleted at once (nothing built): the floor under
    /// any reader of YAML on libyaml.
    static func libyamlEvents(_ path: String) throws -> Double {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return medianMilliseconds(runs: 3) { () -> Int in
            // libyaml keeps a pointer to its parser: one allocated here, at one address until it is freed below.
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) == 1 else { return 0 }
            defer { yaml_parser_delete(parser) }
            var events = 0
            bytes.withUnsafeBufferPointer { buffer in  // valid for the loop, which is all libyaml reads it in
                yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
                var event = yaml_event_t()
                while yaml_parser_parse(parser, &event) == 1 {
                    let type = event.type
                    yaml_event_delete(&event)
                    events += 1
                    if type == YAML_STREAM_END_EVENT { break }
                }
            }
            return events
        }
    }

    /// The median time Unfold's YAML reader (its block YAML scanner, and
    /// libyaml for what that leaves) takes to give every token of the file
    /// at `path`, nothing built.
    static func yamlTokens(_ path: String) throws -> Double {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return medianMilliseconds(runs: 3) { () -> Int in (try? Document.yamlTokenCount(bytes)) ?? 0 }
    }

    func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    }

    /// Python's own reader of the same file, timed and measured by itself; nil without Python (or PyYAML's C loader).
    static func python(_ path: String, format: String) -> (ms: String, mb: String)? {
        let load =
            format == "json"
            ? "import json; data = json.load(open(sys.argv[1], encoding='utf-8'))"
            : "import yaml; data = yaml.load(open(sys.argv[1], encoding='utf-8'), Loader=yaml.CSafeLoader)"
        let script = """
            import resource, sys, time
            start = time.perf_counter()
            \(load)
            elapsed = (time.perf_counter() - start) * 1000
            print(round(elapsed), round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard process.terminationStatus == 0, parts.count == 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// About n nodes as `ScenarioBench.generated` writes them: groups of 100 expanded rows.
    static func json(nodes n: Int) -> String {
        ScenarioBench.generated(nodes: n)
    }

    /// The same tree as YAML in block style, as a person writes it.
    static func yaml(nodes n: Int) -> String {
        var text = "name: generated\ncanvas: {width: 390, height: 844, scale: 3}\ntree:\n"
        text.reserveCapacity(n * 50)
        for g in 0 ..< max(1, n / 101) {
            text += "  - id: g\(g)\n    title: Group \(g)\n    expanded: true\n    children:\n"
            for c in 0 ..< 100 { text += "      - id: n\(c)\n        title: Item \(c) of group \(g)\n" }
        }
        return text + "steps:\n  - collapse: g0\n  - expand: g0\nanimation: {frames: 6}\n"
    }

    /// `levels` lists, each holding the one before twice: 2^levels leaves in about 90 × levels bytes.
    static func bomb(levels: Int) -> String {
        var text = "name: bomb\ntree:\n  - title: l0\n    children: &l0 [ {title: a}, {title: b} ]\n"
        for k in 1 ..< levels {
            text += "  - title: l\(k)\n    children: &l\(k) [ {title: a, children: *l\(k - 1)}, {title: b, children: *l\(k - 1)} ]\n"
        }
        return text
    }
}
