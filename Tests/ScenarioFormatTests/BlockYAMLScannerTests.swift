import Foundation
import Testing
import UnfoldSupport

@testable import ScenarioFormat

/// The block YAML scanner gives libyaml's tokens, or hands over to libyaml
/// where it stops: checked against libyaml alone on written cases, on every
/// example and fuzzing input, and on generated text.
@Suite struct BlockYAMLScannerTests {
    /// The same tokens and error as libyaml alone gives (`YAMLScannerCheck`);
    /// returns whether the scanner read the whole text.
    @discardableResult
    static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let check = YAMLScannerCheck(Array(text.utf8))
        #expect(check.difference == nil, "\(text.debugDescription)", sourceLocation: sourceLocation)
        return check.isReadByScanner
    }

    /// What scenarios write, read by the scanner alone, as libyaml reads it.
    @Test(arguments: [
        "name: a\ntree:\n  - id: g0\n    title: Group 0\n    expanded: true\n    children:\n      - title: x\n",
        "a: 1\nb:\n  c: 2\n  d:\n    - e\n    - f: g\n      h: i\nj: k",
        "tree:\n- a\n- b: c\n  d: e\n-\n- - x\n  - y\nnext: 1\n",
        "key:\nother: 1\nlast:",
        "- \n-\n- # empty\n  \n- x\n",
        "# leading\n\n  # indented comment\na: b # trailing\n\n\n# end",
        "a: 'it''s'\nb: \"q \\\" \\\\ \\n \\t\"\nc: ''\nd: \"\"\n'e f': 1\n\"g\": 2\n",
        "canvas: {width: 390, height: 844, scale: 3}\nlist: [a, b c, 'd', \"e\", [f], {g: h}, []]\nempty: {}\n",
        "title: Ünïcødé ✓ 😀 — done\nnote: a#b c:d e-f 'g' \"h\"\n\"ключ\": значение\n",
        "a:   spaced   \nb: x:y\nc: http://example.com/a?b=c#d\nd: -1\n",
        "- a\n- b\n",
        "plain",
        "[1, -2, 3.5]",
        "",
        "   \n  \n",
        "a: b\n  \n",
        "a: b\n   ",
        "top:\n  mid:\n    deep: 1\n  back: 2\nout: 3\n",
        "a:\n  - b\n  -\n    c: d\n  - [e]\n",
    ])
    func blockYAMLIsReadByTheScanner(text: String) {
        #expect(Self.expectSame(text), "\(text.debugDescription) was handed to libyaml")
    }

    /// What the scanner leaves to libyaml: libyaml reads it from where the
    /// scanner stopped, with the same tokens and errors as alone.
    @Test(arguments: [
        "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a: >\n  text\n", "---\na: 1\n", "a: 1\n...\n",
        "%YAML 1.1\n---\na: 1\n", "a: b\n  c\n", "a:\n  b\n  c\n", "- a\n  b\n", "a: 'two\n  lines'\n", "a: \"x\\u00e9\"\n",
        "a:\tb\n", "a: b\r\nc: d\r\n", "\u{FEFF}a: b\n", "a: b\u{85}c\n", "? a\n: b\n", "a : b\n", "{a: b}: c\n",
        "a: [b,\n  c]\n", "a: {b}\n", "a: {b: }\n", "a: [b, ]\n", "a: [b: c]\n", "a: {b:c}\n", "a: b: c\n", "a: - b\n",
        "a: 1\n b: 2\n", "a:\n    b: 1\n  c: 2\n", "a: 1\n- b\n", "- a\nb: c\n", "  a: 1\nb: 2\n", "x\ny\n", "a: \"unterminated\n",
        "a: b\n---\nc: d\n", "a: 'x' y\n", "a: 'x'#c\n", "a: @b\n", "a: `b`\n", "\(String(repeating: "k", count: 1100)): v\n",
        "a: b\u{7}\n", "a: b\n# bell \u{7}\n", "a: \u{2028}\n", "- - a\n  - b\n - c\n", "a: [b, {c: [d, e]}, f]]\n",
        "a:\n  b: 1\n    # deeper comment\n  c: 2\n", "a: b\n    # deeper comment after a plain value\nc: d\n",
        "a: 1\nb: 2\nc: \u{1}\n", "b:\n  - []\n  1\n", "a:\n {x: 1,y: []}\nx\n", "a: \u{FFFE}\n", "a: \u{9F}\n",
    ])
    func otherYAMLIsLeftToLibyaml(text: String) {
        Self.expectSame(text)
    }

    /// A file's first error is the one it had with libyaml alone: libyaml
    /// refuses a character before giving the tokens before it, and reads a
    /// line ahead before giving a line's last token.
    @Test func theFirstErrorIsLibyamlsAsBefore() {
        // Right past a line longer than the scanner's window, a character libyaml refuses: the same tokens and error.
        let long = "a: 1\nb: " + String(repeating: "x", count: 2 * BlockYAMLScanner.checkAhead + 100) + "\nc: \u{1}\n"
        #expect(YAMLScannerCheck(Array(long.utf8)).difference == nil)
        // A character of two bytes across the end of the scanner's first window: checked whole.
        var lines = "a: " + String(repeating: "x", count: 16_379) + "\n"
        let edge = lines.utf8.count + 2 * BlockYAMLScanner.checkAhead - 1
        var key = 0
        while lines.utf8.count + 19 <= edge {
            lines += String(format: "k%08d: vvvvvvv\n", key)
            key += 1
        }
        lines += String(repeating: "q", count: edge - lines.utf8.count) + "\u{80}: v\n" + String(repeating: "z: v\n", count: 4000)
        #expect(Array(lines.utf8)[edge] == 0xC2)
        #expect(YAMLScannerCheck(Array(lines.utf8)).difference == nil)
        let control = #expect(throws: ScenarioError.self) {
            try Scenario.parse("name: a\ntree:\n  - title: a\n    title: b\n  - title: c\n  - title: \u{1}\n", file: "e.yaml")
        }
        #expect(control?.message.hasPrefix("the file cannot be read as YAML: control characters are not allowed") == true)
        let ahead = #expect(throws: ScenarioError.self) { try Scenario.parse("name: a\ntree:\n  - {titel: a}\n  x\n", file: "e.yaml") }
        #expect(ahead?.message.hasPrefix("syntax error") == true && ahead?.line == 5)
    }

    /// The characters libyaml's reader refuses are found wherever they are
    /// in a run of plain ones, as a character-by-character check finds them.
    @Test func refusedCharactersAreFoundAnywhere() {
        func refused(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            return
                !(v == 0x09 || v == 0x0A || v == 0x0D || (0x20 ... 0x7E).contains(v) || v == 0x85 || (0xA0 ... 0xD7FF).contains(v)
                || (0xE000 ... 0xFFFD).contains(v) || v >= 0x10000)
        }
        let pieces: [String] = ["a", "\t", "\n", "\r", "\u{0}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "😀"]
        var random = SeededRandom(seed: 3)
        var found = 0
        for _ in 0 ..< 20_000 {
            let text =
                String(repeating: "x", count: random.below(20)) + (0 ..< random.below(3)).map { _ in pieces[random.below(pieces.count)] }.joined()
                + String(repeating: "y", count: random.below(12))
            let expected = text.unicodeScalars.contains(where: refused)
            #expect(BlockYAMLScanner.holdsRefusedCharacter(Array(text.utf8)[...]) == expected, "\(text.debugDescription)")
            if expected { found += 1 }
        }
        #expect(found > 2_000)
    }

    /// A line is queued whole, so a long one-line flow collection (a document
    /// written on one line), or lists nested past the limit on one line, are
    /// left to libyaml, which gives tokens as it reads them: the scanner's
    /// memory stays small whatever the line.
    @Test func aLongOneLineCollectionIsLeftToLibyaml() {
        func line(_ items: Int) -> String { "a: [" + (0 ..< items).map { "x\($0)" }.joined(separator: ", ") + "]\nb: 1\n" }
        let short = YAMLScannerCheck(Array(line(1000).utf8))
        #expect(short.difference == nil && short.isReadByScanner)
        let long = YAMLScannerCheck(Array(line(BlockYAMLScanner.mostFlowTokens + 10).utf8))
        #expect(long.difference == nil && !long.isReadByScanner)
        // Lists in lists on one line, deeper than a scenario may nest: libyaml's too.
        let deep = YAMLScannerCheck(Array((String(repeating: "- ", count: Document.maxNesting + 1) + "x\n").utf8))
        #expect(deep.difference == nil && !deep.isReadByScanner)
    }

    /// Every example and every input the fuzzer keeps reads as libyaml reads it.
    @Test func examplesAndFuzzingInputsReadAsLibyamlReadsThem() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Examples", "Examples/trees", "Tools/fuzz-scenario/inputs"] {
            let url = root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        }
        var readWhole = 0
        var yamlExamples = 0
        for file in files where !file.hasDirectoryPath {
            guard let data = FileManager.default.contents(atPath: file.path), let text = String(data: data, encoding: .utf8) else { continue }
            let whole = Self.expectSame(text)
            if file.pathExtension == "yaml" && !file.path.contains("fuzz") {
                yamlExamples += 1
                if whole { readWhole += 1 }
            }
        }
        #expect(files.count > 700)
        // Scenarios as people write them are the scanner's to read.
        #expect(readWhole * 10 >= yamlExamples * 8, "\(readWhole) of \(yamlExamples) examples read whole")
    }

    /// Text made of the pieces YAML is written in, at random (seeded): read
    /// as libyaml reads it, and most of it by the scanner alone.
    @Test func generatedTextReadsAsLibyamlReadsIt() {
        var random = SeededRandom(seed: 0x5EED)
        var readWhole = 0
        var differences = 0
        let count = 6000
        for _ in 0 ..< count where differences < 5 {
            let text = Self.generated(&random)
            let check = YAMLScannerCheck(Array(text.utf8))
            #expect(check.difference == nil, "\(text.debugDescription)")
            if check.difference != nil { differences += 1 }
            if check.isReadByScanner { readWhole += 1 }
        }
        #expect(readWhole * 5 > count * 2, "\(readWhole) of \(count) read whole")
    }

    /// A tree of mappings and lists written in block YAML (indentless
    /// lists, `- key:` and `- - x` too), with values, comments and blank
    /// lines; in a third of the cases one line is then spoiled (indented
    /// otherwise, or given a piece the scanner leaves to libyaml).
    static func generated(_ random: inout SeededRandom) -> String {
        let keys = ["a", "id", "title", "'q k'", "\"d k\"", "k#1", "x:y", "é", "-k", "a b", "t ✓", "ключ", String(repeating: "k", count: 1010)]
        let values = [
            "v", "1", "-2", "a b  ", "'s'", "'it''s'", "\"d \\\" \\n\"", "\"\"", "{x: 1, y: [2, 3]}", "[a, 'b', \"c\"]", "[]", "{}",
            "a#b", "a #c", "h:x", "✓ ü", "true", "~", "x # c", "[a, {b: c}]", "v  # c", "-", "", " # c",
            "['a, b', \"c]\", 'd''e']", "{'k, 1': \"v}\", é: [ü, ✓]}", "[ a , b ]", "{ a: 1 }", "[[[]]]", "'a # b'", "\"\\t\"",
        ]
        let rare = ["&a x", "*a", "!t x", "|", ">", "\t", "'open", "[a,", "a: b", "- x", "? x", "{a}", "\r", "\"\\u0041\"", "@", ":x", ",x"]
        func pick(_ list: [String]) -> String { list[random.below(list.count)] }
        // The open containers: the column of their keys or dashes, and whether a mapping.
        var open: [(column: Int, isMapping: Bool)] = []
        var lines: [String] = []
        /// A line of the innermost container: an entry with a value, or one that opens a container below it.
        func entry(opening: Bool) -> String {
            guard let top = open.last else { return "" }
            let head = String(repeating: " ", count: top.column) + (top.isMapping ? pick(keys) + ":" : "-")
            guard opening else { return head + (top.isMapping || random.below(2) == 0 ? " " + pick(values) : "") }
            let isMapping = random.below(2) == 0
            if !top.isMapping && random.below(2) == 0 {
                // `- key: v` or `- - v` on the dash's line.
                let column = top.column + 2
                open.append((column, isMapping))
                return head + " " + (isMapping ? pick(keys) + ": " + pick(values) : "- " + pick(values))
            }
            let indentless = top.isMapping && !isMapping && random.below(3) == 0
            open.append((indentless ? top.column : top.column + 1 + random.below(3), isMapping))
            return head
        }
        open.append((random.below(3), random.below(3) > 0))
        lines.append(entry(opening: false))
        for _ in 0 ..< random.below(14) {
            switch random.below(10) {
            case 0: lines.append(random.below(2) == 0 ? "" : String(repeating: " ", count: random.below(6)) + "# c")
            case 1 ..< 4: lines.append(entry(opening: true)); lines.append(entry(opening: false))
            case 4 ..< 6 where open.count > 1: open.removeLast(); lines.append(entry(opening: false))
            default: lines.append(entry(opening: false))
            }
        }
        if random.below(3) == 0 {
            let i = random.below(lines.count)
            switch random.below(3) {
            case 0: lines[i] = " " + lines[i]
            case 1: lines[i] = String(lines[i].dropFirst())
            default: lines[i] += (lines[i].hasSuffix(":") || lines[i].hasSuffix("-") ? " " : "") + pick(rare)
            }
        }
        return lines.joined(separator: "\n") + [" ", "", "\n", "\n  ", "\n# end"][random.below(5)]
    }
}
