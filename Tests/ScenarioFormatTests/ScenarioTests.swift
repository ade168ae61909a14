import Foundation
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldSupport

/// Parses text and returns the error it raises.
func parseError(_ text: String) -> ScenarioError? {
    do {
        _ = try Scenario.parse(text, file: "t.yaml")
        return nil
    } catch {
        return error
    }
}

@Suite struct ScenarioTests {
    @Test func parsesTheSketchOfTheDesign() throws {
        let scenario = try Scenario.parse(
            """
            name: regions
            canvas: { width: 390, height: 844, scale: 3, theme: dark }
            style:  { indent: 20, rowHeight: 44, fontSize: 17 }
            kinds:
              province: { height: 56, fontSize: 19, weight: semibold }
              note:     { height: auto }
            tree:
              - id: gd
                title: 广东省
                kind: province
                children:
                  - id: gz
                    title: 广州市
                    children: [ { title: 天河区 }, { title: 越秀区, kind: note } ]
            steps:
              - expand: gd
              - expand: gd/gz
              - detail: gd/gz
              - collapse: gd
            animation: { frames: 6, style: fade, easing: easeInOut }
            """, file: "t.yaml")
        #expect(scenario.canvas.width == 390 && scenario.canvas.height == 844)
        #expect(scenario.canvas.scale == 3 && scenario.canvas.theme == .dark)
        #expect(scenario.kinds["note"]?.height == nil && scenario.kinds["province"]?.height == 56)
        #expect(scenario.nodes.map(\.title) == ["广东省", "广州市", "天河区", "越秀区"])
        #expect(scenario.nodes.map(\.parent) == [nil, 0, 1, 1])
        #expect(scenario.steps.map(\.text) == ["expand gd", "expand gd/gz", "detail gd/gz", "collapse gd"])
        let playback = try Playback(scenario)
        let rows = playback.states.map { $0.outline.rowCount }
        #expect(rows == [1, 2, 4, 5, 1])
    }

    @Test func jsonScenariosWork() throws {
        let scenario = try Scenario.parse(
            """
            {"name": "j", "tree": [{"id": "a", "title": "A", "expanded": true,
              "children": [{"title": "B"}]}], "steps": [{"collapse": "a"}]}
            """, file: "t.json")
        #expect(try Playback(scenario).states.map { $0.update.deleted } == [[], [1]])
    }

    @Test func unknownKeysSuggestTheRightOne() {
        let error = parseError("name: x\ntree:\n  - title: a\n    chidren: []\n")
        #expect(
            error
                == ScenarioError(
                    file: "t.yaml", line: 4, column: 5,
                    message: "unknown key 'chidren' in a node", hint: "did you mean 'children'?"))
    }

    /// `hold:` beside a step's action: how long the state after it rests.
    @Test func aStepsHoldIsTheRestAfterIt() throws {
        let s = try Scenario.parse("name: x\ntree: [ {id: a, title: A, children: [ {title: B} ]} ]\nsteps:\n  - {expand: a, hold: 2500}\n  - collapse: a\n", file: "t.yaml")
        #expect(s.steps.map(\.hold) == [2500, nil])
        let two = parseError("name: x\ntree: [ {id: a, title: A} ]\nsteps:\n  - {expand: a, collapse: a}\n")
        #expect(two?.message == "a step is a mapping with exactly one action, such as `- expand: gd` (and `hold: ms` beside it)")
        #expect(parseError("name: x\ntree: [ {id: a, title: A} ]\nsteps:\n  - {expand: a, hold: 0}\n")?.message.hasPrefix("`hold` (ms)") == true)
    }

    @Test func unknownIdsNameTheStepLineAndClosestIds() {
        let error = parseError("name: x\ntree:\n  - id: shandong\n    title: a\nsteps:\n  - expand: shandon\n")
        #expect(error?.line == 6)
        #expect(error?.message == "step 'expand shandon': no node has the id 'shandon'; did you mean 'shandong'?")
    }

    @Test func duplicateIdsPointAtTheSecondNode() {
        let error = parseError("name: x\ntree:\n  - title: a\n  - title: b\n  - title: a\n")
        #expect(error?.line == 5 && error?.message.hasPrefix("duplicate id 'a'") == true)
    }

    @Test func wrongTypesAndRangesAreExplained() {
        #expect(parseError("name: x\ncanvas: {scale: 7}\ntree: []\n")?.message == "`canvas.scale` is 7; it must be in 1...3")
        #expect(parseError("name: x\ntree: {a: 1}\n")?.message == "`tree` must be a list, not a mapping")
        #expect(
            parseError("name: x\nstyle: {collapse: forget}\ntree: []\n")?.message
                == "`style.collapse` 'forget' is not one of remember, reset")
        #expect(
            parseError("name: x\ntree:\n  - {title: a, kind: towm}\nkinds: {town: {height: 40}}\n")?.hint
                == "did you mean 'town'?")
        #expect(parseError("tree: []\n")?.message == "the scenario has no `name:`")
    }

    /// `truncation` defaults to the preset's platform (middle for file trees) and `accent` to
    /// active (a highlight that stands out); both can be set, and a wrong value names the choices.
    @Test func truncationAndAccentFollowThePresetUnlessSet() throws {
        let tree = "tree: []\n"
        let ios = try Scenario.parse("name: x\n" + tree, file: "t.yaml").style
        let macos = try Scenario.parse("name: x\nstyle: {preset: macos}\n" + tree, file: "t.yaml").style
        let explorer = try Scenario.parse("name: x\nstyle: {preset: explorer}\n" + tree, file: "t.yaml").style
        #expect(ios.truncation == .end && macos.truncation == .middle && explorer.truncation == .middle)
        #expect(ios.accent == .active && macos.accent == .active)
        let set = try Scenario.parse("name: x\nstyle: {preset: macos, truncation: end, accent: inactive}\n" + tree, file: "t.yaml").style
        #expect(set.truncation == .end && set.accent == .inactive)
        #expect(
            parseError("name: x\nstyle: {truncation: start}\n" + tree)?.message == "`style.truncation` 'start' is not one of middle, end")
        #expect(parseError("name: x\nstyle: {accent: blue}\n" + tree)?.message == "`style.accent` 'blue' is not one of active, inactive")
        #expect(try Scenario.parse("name: x\nstyle: {noteGap: 12}\n" + tree, file: "t.yaml").style.noteGap == 12)
        #expect(try Scenario.parse("name: x\nstyle: {preset: starlight}\n" + tree, file: "t.yaml").style.noteGap == 26)
        #expect(parseError("name: x\nstyle: {noteGap: 500}\n" + tree)?.message == "`style.noteGap` is 500; it must be in 0...200")
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        let error = parseError("name: x\ntree: [ {title: a\n")
        #expect(error?.line == 3 && error?.message.hasPrefix("syntax error") == true)
    }

    @Test func deepNestingIsRefusedBeforeParsing() {
        var text = "name: deep\ntree:\n"
        for depth in 0 ..< 3_000 {
            let pad = String(repeating: " ", count: depth * 2)
            text += "\(pad)- title: n\(depth)\n\(pad)  children:\n"
        }
        #expect(parseError(text)?.message.contains("the limit is 2000") == true)
    }

    @Test func spacesAndDashesInsideALineDoNotCountAsNesting() throws {
        let title = String(repeating: "a - ", count: 1_500)
        let scenario = try Scenario.parse("name: wide\ntree:\n  - title: \"\(title)\"\n", file: "t.yaml")
        #expect(scenario.nodes.first?.title == title)
    }

    @Test func treeFromArbitraryJSONWithAKeyMapping() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-source-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(
            """
            {"modelArray": [{"code": "hb", "name": "河北省", "modelArray": [{"code": "sjz", "name": "石家庄市"}]},
                            {"code": "sd", "name": "山东省"}]}
            """.utf8
        ).write(to: dir.appendingPathComponent("data.json"))
        let scenario = try Scenario.parse(
            """
            name: s
            source: {file: data.json, children: modelArray, title: name, id: code}
            steps: [ {expand: hb} ]
            """, file: "s.yaml", baseDirectory: dir.path)
        let last = try Playback(scenario).states.last!.outline
        #expect(last.visibleRows.map { last.id(of: $0.node) } == ["hb", "hb/sjz", "sd"])

        let missing = parseError("name: s\nsource: {file: nonexistent/data.json}\n")
        #expect(missing?.line == 2 && missing?.message.hasPrefix("no such source data file") == true)
        // So is a missing tree source, file or folder: at the line that names it, not in the file that is not there.
        for (form, what) in [("opml: outline.opml", "file"), ("markdown: no-such-page.md", "file"), ("directory: no-such-folder", "folder")] {
            let error = try #require(parseError("name: s\nsource: {\(form)}\n"))
            #expect(error.line == 2 && error.column == 10 && error.message.hasPrefix("no such \(what) "), "\(form)")
            #expect(error.hint == "the path is relative to the scenario file")
        }
        // A file outside the project is never read, however it is named.
        for outside in ["/etc/passwd", "../../../../../../etc/passwd", "~/.netrc"] {
            let error = try #require(parseError("name: s\nsource: {file: \"\(outside)\"}\n"))
            #expect(error.line == 2 && error.message.contains("a scenario reads only files inside its project"), "\(outside)")
        }
    }

    @Test func eventBindingsReachTheOutline() throws {
        let scenario = try Scenario.parse(
            """
            name: e
            kinds: { leaf: { height: 40, on: { tap: select } } }
            events: { longPress: showDetail }
            tree: [ { id: a, title: A, kind: leaf } ]
            steps: [ { tap: a } ]
            """, file: "t.yaml")
        let states = try Playback(scenario).states
        #expect(states[1].outline.selection == states[1].outline.nodes.first)
    }
}

/// Seeded mutations of a file's bytes for the fuzz tests: up to `n` edits,
/// each replacing, deleting or inserting a byte from `alphabet`.
struct Mutator {
    var state: UInt64
    let alphabet: [UInt8]

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func mutate(_ original: [UInt8], upTo n: Int) -> [UInt8] {
        var bytes = original
        for _ in 0 ..< 1 + next(n) {
            let i = next(bytes.count)
            switch next(3) {
            case 0: bytes[i] = alphabet[next(alphabet.count)]
            case 1: bytes.remove(at: i)
            default: bytes.insert(alphabet[next(alphabet.count)], at: i)
            }
        }
        return bytes
    }
}

func examplesPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").appendingPathComponent(name).path
}

/// Mutated scenario files must give an error, never a crash or a hang.
@Suite struct ScenarioFuzzTests {
    @Test func mutatedFilesFailCleanly() throws {
        let original = Array(try String(contentsOfFile: examplesPath("regions.yaml"), encoding: .utf8).utf8)
        var mutator = Mutator(state: 7, alphabet: Array(" -:{}[],\n\t\"'#&*!|>%@`?x0".utf8))
        var parsed = 0, refused = 0
        // UNFOLD_FUZZ_ITERATIONS runs longer (e.g. under --sanitize=address).
        let iterations = ProcessInfo.processInfo.environment["UNFOLD_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 400
        for _ in 0 ..< iterations {
            let bytes = mutator.mutate(original, upTo: 6)
            do {
                _ = try Scenario.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
                parsed += 1
            } catch {
                #expect(!error.message.isEmpty && error.file == "fuzz.yaml")
                refused += 1
            }
        }
        #expect(parsed + refused == iterations && refused > 0)
    }
}
