import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `unfold render` and `--from` with inputs that are data: names that try to
/// span lines or reorder what follows, pipes and devices.
@Suite(.serialized) struct RenderFromTests {
    /// A file name with a newline and a right-to-left override is printed on
    /// one line, escaped: it cannot forge a message line, and
    /// `bidi-\u{202E}gpj.exe` does not show as "bidi-exe.jpg".
    @Test func namesFromInputArePrintedInert() throws {
        let s = Scratch()
        let name = "bidi-\u{202E}gpj.exe\nerror: all good.md"
        let file = s.write(name, "no list here\n")
        let r = try unfold(["render", "--from", file, "--out", s.path + "/o"])
        #expect(r.status == 2)
        #expect(
            r.err == "\(s.path)/bidi-\\u{202E}gpj.exe\\u{A}error: all good.md:1:1: error: the Markdown file has no list and no tree drawing\n  hint: "
                + "write the tree as a nested list (`- Sources/`, then `  - App.swift` under it), a `tree` drawing in a code block, "
                + "a <FileTree> block (Starlight's list or Nextra's tags) or Fumadocs' <Files>; or read a list as it is with --list N\n")
        #expect(!r.err.unicodeScalars.contains("\u{202E}"))
        let missing = try unfold(["render", s.path + "/gone\u{202E}.yaml", "--out", s.path + "/o"])
        #expect(missing.status == 2 && missing.err == "\(s.path)/gone\\u{202E}.yaml: error: no such file or folder\n  hint: check the path\n")
        let tree = s.write("tree.md", "- a\n")
        let out = s.path + "/o\nut"
        let rendered = try unfold(["render", "--from", tree, "--out", out, "--outputs", "states"])
        #expect(rendered.status == 0 && rendered.out.contains("in \(s.path)/o\\u{A}ut (") && rendered.out.split(separator: "\n").count == 1)
    }

    /// A project's folder named without `--from` fails on its first `.yml`
    /// (someone else's file) with the hint to draw the folder with `--from`.
    /// A warning is Unfold's own words: printed whole, however long, its quoted input escaped.
    @Test func aLongWarningIsPrintedWhole() throws {
        let s = Scratch()
        let rows = (0 ..< 70).map { "{title: \"Row \($0)\u{202E}\"}" }.joined(separator: ", ")
        let file = s.write("tall.yaml", "name: the-project-layout-of-the-getting-started-guide\ncanvas: {height: fit, scale: 3}\ntree: [\(rows)]\n")
        let r = try unfold(["render", file, "--out", s.path + "/o", "--outputs", "states"])
        let warning = try #require(r.err.split(separator: "\n").first { $0.contains("warning: the pictures are") })
        #expect(r.status == 0 && warning.count > 300 && warning.hasSuffix("in a scenario: `depth` or `list:` in `source:`)"), "\(warning)")
        #expect(!r.err.contains("more characters"))
    }

    @Test func aProjectFolderWithoutFromHintsAtFrom() throws {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.path + "/project/Sources", withIntermediateDirectories: true)
        _ = s.write("project/.spi.yml", "version: 1\n")
        _ = s.write("project/Sources/a.swift", "")
        let r = try unfold(["render", s.path + "/project", "--out", s.path + "/o"])
        #expect(r.status == 2)
        #expect(r.err.contains("unknown key"), "\(r.err)")
        #expect(r.err.contains("read it with --from: `unfold render --from \(s.path)/project --out <folder>`"), "\(r.err)")
    }

    /// `--from` takes the options a scenario's `source:` has: a name, a
    /// Markdown list, a folder's depth, open levels, exclusions and limit; an
    /// option for another kind of source is an error, never ignored.
    @Test func fromTakesTheSourceOptions() throws {
        let s = Scratch()
        let page = s.write("page.md", "- prose\n\nText.\n\n- a/\n  - b\n")
        let named = try unfold(["render", "--from", page, "--name", "second", "--list", "2", "--out", s.path + "/o", "--outputs", "states"])
        #expect(named.status == 0 && FileManager.default.fileExists(atPath: s.path + "/o/second/state-02.png"))
        let wrong = try unfold(["render", "--from", page, "--open", "2", "--out", s.path + "/o"])
        #expect(wrong.status == 2 && wrong.err.contains("--open cannot apply to a Markdown file"))
        let range = try unfold(["render", "--from", page, "--list", "3", "--out", s.path + "/o"])
        #expect(range.status == 2 && range.err.contains("has 2 lists"))
        try FileManager.default.createDirectory(atPath: s.path + "/folder/x/y", withIntermediateDirectories: true)
        _ = s.write("folder/x/y/z.txt", "")
        _ = s.write("folder/skip.log", "")
        let folder = try unfold(
            ["render", "--from", s.path + "/folder", "--depth", "1", "--exclude", "*.log", "--out", s.path + "/o", "--outputs", "updates"])
        #expect(folder.status == 0)
        let updates = String(decoding: FileManager.default.contents(atPath: s.path + "/o/folder/updates.json") ?? Data(), as: UTF8.self)
        #expect(updates.contains("\"x\"") && !updates.contains("skip.log") && !updates.contains("z.txt"))
        _ = s.write("folder/.env", "")
        let hidden = try unfold(["render", "--from", s.path + "/folder", "--hidden", "--name", "h", "--out", s.path + "/o", "--outputs", "updates"])
        let shown = String(decoding: FileManager.default.contents(atPath: s.path + "/o/h/updates.json") ?? Data(), as: UTF8.self)
        let plain = try unfold(["render", "--from", s.path + "/folder", "--name", "p", "--out", s.path + "/o", "--outputs", "updates"])
        let left = String(decoding: FileManager.default.contents(atPath: s.path + "/o/p/updates.json") ?? Data(), as: UTF8.self)
        #expect(hidden.status == 0 && shown.contains("\".env\""))
        #expect(plain.status == 0 && left.contains("skip.log") && !left.contains(".env"))
        let alone = try unfold(["render", page, "--depth", "2", "--out", s.path + "/o"])
        #expect(alone.status == 2 && alone.err.contains("--depth reads a --from tree: add --from <tree>"))
        let two = try unfold(["render", "--from", page, "--from", s.path + "/folder", "--name", "n", "--out", s.path + "/o"])
        #expect(two.status != 0 && two.err.contains("--name names the one tree of --from"))
    }

    /// `--watch` renders again when the tree is saved (here within a second of
    /// the save), one line per render; a bad save is reported and watched on.
    @Test func watchRendersAgainOnASave() throws {
        let s = Scratch()
        let tree = s.write("tree.md", "- a/\n  - b\n")
        let process = Process()
        process.executableURL = unfoldExecutable()
        process.arguments = ["render", "--from", tree, "--out", s.path + "/o", "--outputs", "states", "--watch"]
        let log = s.path + "/log"
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        defer {
            // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        /// Whether the log shows `count` renders within `seconds`.
        func renders(_ count: Int, within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
                if text.components(separatedBy: "rendered ").count - 1 >= count { return true }
                usleep(20_000)
            }
            return false
        }
        #expect(renders(1, within: 30))
        usleep(300_000)
        let saved = Date()
        try Data("- a/\n  - b\n  - c\n".utf8).write(to: URL(fileURLWithPath: tree))
        #expect(renders(2, within: 10))
        #expect(Date().timeIntervalSince(saved) < 1)
        #expect(FileManager.default.fileExists(atPath: s.path + "/o/tree/state-01.png"))
    }

    /// A tree alone gets what a docs page wants: the states and one animation.
    @Test func aTreeAloneGetsItsStatesAndOneAnimation() throws {
        let s = Scratch()
        let tree = s.write("tree.md", "- a/\n  - b\n")
        #expect(try unfold(["render", "--from", tree, "--out", s.path + "/o"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: s.path + "/o/tree").sorted()
        #expect(files == [".unfold-render", "animation.png", "state-00.png", "state-01.png", "state-02.png"])
    }

    /// `--theme light,dark` prints the `<picture>` that shows the reader's
    /// theme, and nothing else on stdout: the animation, sized in CSS pixels,
    /// with alt text that says what the tree holds.
    @Test func bothThemesPrintThePictureElementAlone() throws {
        let s = Scratch()
        let tree = s.write("tree.md", "- a/\n  - b\n")
        let r = try unfold(["render", "--from", tree, "--theme", "light,dark", "--out", s.path + "/o", "--outputs", "states,animation"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines.first == "<picture>" && lines.last == "</picture>", "\(lines)")
        #expect(r.out.contains("<source media=\"(prefers-color-scheme: dark)\" srcSet=\"\(s.path)/o/tree-dark/animation.png\" />"))
        // Scale 2 by default: the 2× picture shows at half its pixels.
        #expect(r.out.contains("<img alt=\"A tree of 2 entries: a, holding b\" src=\"\(s.path)/o/tree-light/animation.png\" width=\""))
        #expect(r.err.hasPrefix("rendered 2 scenarios") && r.err.contains(" s, \(ProcessInfo.processInfo.activeProcessorCount) worker"), "\(r.err)")
        let one = try unfold(["render", "--from", tree, "--out", s.path + "/one", "--outputs", "states", "--jobs", "1"])
        #expect(one.out.hasSuffix(" s, 1 worker)\n"), "\(one.out)")
        // Where the site serves the pictures, as the page names them.
        let site = try unfold(
            ["render", "--from", tree, "--theme", "light,dark", "--out", s.path + "/o", "--outputs", "states,animation", "--base-url", "/img/trees/"])
        #expect(site.out.contains("srcSet=\"/img/trees/tree-dark/animation.png\"") && site.out.contains("src=\"/img/trees/tree-light/animation.png\""))
        // A docs site's own theme switch.
        let starlight = try unfold(
            ["render", "--from", tree, "--theme", "light,dark", "--out", s.path + "/o", "--outputs", "states,animation", "--base-url", "/img", "--site", "starlight"])
        #expect(
            starlight.out.hasSuffix("src=\"/img/tree-dark/animation.png\" width=\"\(width(starlight.out))\" height=\"\(height(starlight.out))\" class=\"light:sl-hidden\" />\n"))
        let unknown = try unfold(["render", "--from", tree, "--theme", "light,dark", "--out", s.path + "/o", "--site", "gitbook"])
        #expect(
            unknown.status == 2 && ["github", "starlight", "docusaurus", "vitepress", "mkdocs", "sphinx", "mdbook", "hugo"].allSatisfy { unknown.err.contains("  - \($0)\n") },
            "\(unknown.err)")
        // Options that would do nothing say what they need.
        let oneTheme = try unfold(["render", "--from", tree, "--out", s.path + "/o", "--site", "starlight"])
        #expect(oneTheme.status == 2 && oneTheme.err.contains("--site says how a page switches") && oneTheme.err.contains("add --theme light,dark"))
        for option in [["--base-url", "/img"], ["--alt", "A tree"]] {
            let alone = try unfold(["render", "--from", tree, "--out", s.path + "/o"] + option)
            #expect(alone.status == 2 && alone.err.contains("\(option[0]) shapes the printed snippet: add --snippet"), "\(alone.err)")
        }
    }

    /// The `width` and `height` a snippet gives its first picture.
    private func width(_ snippet: String) -> String { attribute("width", in: snippet) }
    private func height(_ snippet: String) -> String { attribute("height", in: snippet) }
    private func attribute(_ name: String, in snippet: String) -> String {
        String(snippet.components(separatedBy: name + "=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
    }

    /// `--snippet` with SVG: the animated SVG; without an animation, the
    /// fully open state; `--alt` says what to.
    @Test func aSnippetToPaste() throws {
        let s = Scratch()
        let tree = s.write("tree.md", "- src/\n  - a.swift\n  - b.swift\n- README.md\n")
        let svg = try unfold(["render", "--from", tree, "--snippet", "--out", s.path + "/o", "--outputs", "states,animation,svg"])
        #expect(svg.status == 0 && svg.out.hasPrefix("<img alt=\"A tree of 4 entries: src and README.md\" src=\"\(s.path)/o/tree/animation.svg\""))
        let still = try unfold(["render", "--from", tree, "--snippet", "--alt", "The files", "--out", s.path + "/p", "--outputs", "states"])
        // state-00 is the open tree (as the list is), the first of the tallest stills.
        #expect(still.status == 0 && still.out.hasPrefix("<img alt=\"The files\" src=\"\(s.path)/p/tree/state-00.png\""), "\(still.out)")
        let png = try Data(contentsOf: URL(fileURLWithPath: s.path + "/p/tree/state-00.png"))
        let height = png[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
        #expect(still.out.contains("height=\"\((height + 1) / 2)\""))
        #expect(still.out.split(separator: "\n").count == 1)
    }

    /// A scenario file's `snippet:` prints its snippet without `--snippet`,
    /// for its site, paths and alt text; the command line's options come first.
    @Test func aScenarioFileAsksForItsSnippet() throws {
        let s = Scratch()
        let file = s.write(
            "tree.yaml", "name: tree\nsnippet: {site: starlight, baseURL: /img/, alt: Files}\ntree:\n  - {title: src, children: [{title: a}]}\n")
        let themed = try unfold(["render", file, "--out", s.path + "/o", "--outputs", "states", "--theme", "light,dark"])
        #expect(themed.status == 0)
        #expect(themed.out.hasPrefix("<img alt=\"Files\" src=\"/img/tree-light/state-00.png\""), "\(themed.out)")
        #expect(themed.out.contains("class=\"dark:sl-hidden\"") && themed.out.contains("/img/tree-dark/state-00.png"))
        let vitepress = try unfold(["render", file, "--out", s.path + "/p", "--outputs", "states", "--theme", "light,dark", "--site", "vitepress", "--alt", "A"])
        #expect(vitepress.out.contains("class=\"unfold-dark\"") && vitepress.out.hasPrefix("<img alt=\"A\""))
        // Without `snippet:` nothing but the summary; with a site no one knows, an error at its line.
        let plain = s.write("plain.yaml", "name: plain\ntree:\n  - {title: a}\n")
        #expect(try unfold(["render", plain, "--out", s.path + "/q", "--outputs", "states"]).out.hasPrefix("rendered 1 scenario"))
        let typo = s.write("typo.yaml", "name: typo\nsnippet:\n  site: docusarus\ntree:\n  - {title: a}\n")
        let refused = try unfold(["render", typo, "--out", s.path + "/r", "--outputs", "states"])
        #expect(refused.status == 2)
        #expect(refused.err.hasPrefix("\(typo):3:9: error: `snippet.site` 'docusarus' is not one of github, starlight, docusaurus, vitepress"))
        #expect(refused.err.contains("hint: did you mean 'docusaurus'?"))
    }

    /// A FIFO (as a scenario or a tree) and a device are refused at once as
    /// not regular files: nothing waits for a writer or reads forever.
    @Test func pipesAndDevicesAreRefusedWithoutWaiting() throws {
        let s = Scratch()
        for name in ["s.yaml", "t.opml"] { #expect(mkfifo(s.path + "/" + name, 0o600) == 0) }
        let scenario = try unfold(["render", s.path + "/s.yaml", "--out", s.path + "/o"])
        #expect(scenario.status == 2 && scenario.err.hasPrefix("\(s.path)/s.yaml: error: the scenario file is not a regular file: it is a FIFO"))
        let tree = try unfold(["render", "--from", s.path + "/t.opml", "--out", s.path + "/o"])
        #expect(tree.status == 2 && tree.err.hasPrefix("\(s.path)/t.opml: error: the tree source is not a regular file: it is a FIFO"))
        let zero = try unfold(["render", "--from", "/dev/zero", "--out", s.path + "/o"])
        #expect(zero.status == 2 && zero.err.hasPrefix("/dev/zero: error: the tree source is not a regular file: it is a character device"))
    }
}
