import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A scenario named `cli` with `steps` steps, as YAML.
func cliScenario(steps: Int) -> String {
    let list = (0 ..< steps).map { $0 % 2 == 0 ? "{ expand: a }" : "{ collapse: a }" }.joined(separator: ", ")
    return """
        name: cli
        canvas: { width: 120, height: 60, scale: 1 }
        tree: [ { id: a, title: Alpha, children: [ { title: Beta } ] } ]
        steps: [ \(list) ]
        animation: { frames: 2 }
        """
}

/// How many files (not folders) are under `path`.
func fileCount(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var count = 0
    while let next = walker.nextObject() as? String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path + "/" + next, isDirectory: &isDir), !isDir.boolValue { count += 1 }
    }
    // The list of what the render wrote (`.unfold-render`) is not one of the files it reports.
    return count - (FileManager.default.fileExists(atPath: path + "/.unfold-render") ? 1 : 0)
}

/// `unfold render`'s output folder and the options added for docs images.
@Suite(.serialized) struct RenderOutputTests {
    /// Rendering a shorter scenario again leaves none of the longer one's
    /// files, and the summary counts what is on disk.
    @Test func aShorterRenderLeavesNoFileOfTheLongerOne() throws {
        let s = Scratch()
        let all = "states,frames,strip,apng,gif,webp,updates"
        let long = try unfold(["render", s.write("long.yaml", cliScenario(steps: 4)), "--out", s.path + "/out", "--outputs", all])
        #expect(long.status == 0 && long.out.hasPrefix("rendered 1 scenario: \(fileCount(s.path + "/out/cli")) files"), "\(long)")
        #expect(FileManager.default.fileExists(atPath: s.path + "/out/cli/state-04.png"))
        let short = try unfold(["render", s.write("short.yaml", cliScenario(steps: 3)), "--out", s.path + "/out", "--outputs", all])
        let count = fileCount(s.path + "/out/cli")
        #expect(short.status == 0 && short.out.hasPrefix("rendered 1 scenario: \(count) files"), "\(short)")
        for gone in ["state-04.png", "step-04"] { #expect(!FileManager.default.fileExists(atPath: s.path + "/out/cli/" + gone)) }
        #expect(FileManager.default.fileExists(atPath: s.path + "/out/cli/animation.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path + "/out") == ["cli"])
    }

    /// A symbolic link in the place of a scenario's folder is refused with
    /// exit 2; a failed render leaves the folder of the last good one.
    @Test func aLinkedOutputFolderIsRefusedAndAFailureKeepsTheOldFolder() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", cliScenario(steps: 2))
        try FileManager.default.createDirectory(atPath: s.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: s.path + "/out", withIntermediateDirectories: true)
        #expect(symlink(s.path + "/elsewhere", s.path + "/out/cli") == 0)
        let linked = try unfold(["render", file, "--out", s.path + "/out"])
        #expect(linked.status == 2 && linked.err.contains("is a symbolic link"), "\(linked)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path + "/elsewhere").isEmpty)
        #expect(unlink(s.path + "/out/cli") == 0)
        #expect(try unfold(["render", file, "--out", s.path + "/out"]).status == 0)
        let before = fileCount(s.path + "/out/cli")
        // A step that cannot be played fails the render after it started.
        let broken = s.write("broken.yaml", cliScenario(steps: 1).replacingOccurrences(of: "expand: a", with: "expand: nobody"))
        let failed = try unfold(["render", broken, "--out", s.path + "/out"])
        #expect(failed.status == 2)
        #expect(fileCount(s.path + "/out/cli") == before && FileManager.default.fileExists(atPath: s.path + "/out/cli/state-02.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path + "/out") == ["cli"])
    }

    /// SIGKILL at any moment of a render leaves the folder of the run
    /// before or of this run, whole: never a mix, never neither.
    @Test func killingARenderLeavesTheOldFolderOrTheNewOne() throws {
        let s = Scratch()
        let out = s.path + "/out"
        let example = repository + "/Examples/regions.yaml"
        func arguments(_ frames: Int) -> [String] {
            ["render", example, "--out", out, "--frames", "\(frames)", "--outputs", "states,frames,strip,apng", "-j", "1"]
        }
        func files() -> Set<String> { Set(FileManager.default.enumerator(atPath: out + "/regions")?.allObjects as? [String] ?? []) }
        #expect(try unfold(arguments(3)).status == 0)
        let three = files()
        #expect(try unfold(arguments(2)).status == 0)
        let two = files()
        #expect(three != two)
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 12 {
            let p = Process()
            p.executableURL = unfoldExecutable()
            p.arguments = arguments(round % 2 == 0 ? 3 : 2)
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            usleep(UInt32.random(in: 0 ..< 700_000, using: &generator))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let left = files()
            #expect(left == three || left == two, "round \(round): the folder is neither run's")
        }
        // The next run removes what the killed ones left beside the folder.
        #expect(try unfold(arguments(2)).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["regions"])
    }

    /// `--version` names the commit the binary was built from, one that this
    /// checkout holds (what `revision:` in a package requirement matches).
    @Test func versionNamesTheCommitItWasBuiltFrom() throws {
        let line = try unfold(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: root + "/.git") else {
            #expect(line.hasSuffix("built from outside a git checkout (no commit)"), "\(line)")
            return
        }
        let commit = try #require(line.components(separatedBy: ", built from commit ").dropFirst().first, "\(line)")
        #expect([40, 64].contains(commit.count) && commit.allSatisfy(\.isHexDigit), "\(line)")
        #expect(shell("git -C '\(root)' cat-file -e '\(commit)^{commit}'") == 0, "\(commit) is no commit of \(root)")
    }

    /// The commit a build is stamped with comes from a worktree too (HEAD in
    /// its own folder, the branch in the repository's, as `commondir` says),
    /// from packed refs, and from a checkout whose path has a space.
    @Test func theBuildCommitOfAWorktreeAndOfPackedRefs() throws {
        let s = Scratch()
        let main = String(repeating: "a1", count: 20), feature = String(repeating: "b2", count: 20)
        let git = s.path + "/my repo/.git"
        for folder in ["/refs/heads", "/worktrees/wt"] {
            try FileManager.default.createDirectory(atPath: git + folder, withIntermediateDirectories: true)
        }
        _ = s.write("my repo/.git/HEAD", "ref: refs/heads/main\n")
        _ = s.write("my repo/.git/packed-refs", "# pack-refs with: peeled\n\(main) refs/heads/main\n")
        _ = s.write("my repo/.git/refs/heads/feature", feature + "\n")
        _ = s.write("my repo/.git/worktrees/wt/HEAD", "ref: refs/heads/feature\n")
        _ = s.write("my repo/.git/worktrees/wt/commondir", "../..\n")
        try FileManager.default.createDirectory(atPath: s.path + "/wt", withIntermediateDirectories: true)
        _ = s.write("wt/.git", "gitdir: ../my repo/.git/worktrees/wt\n")
        let tool = unfoldExecutable().deletingLastPathComponent().appendingPathComponent("unfold-build-commit").path
        for (dotGit, commit) in [(git, main), (s.path + "/wt/.git", feature)] {
            #expect(shell("'\(tool)' '\(dotGit)' '\(s.path)/out.swift'") == 0)
            let written = try String(contentsOfFile: s.path + "/out.swift", encoding: .utf8)
            #expect(written.contains("let buildCommit: String? = \"\(commit)\""), "\(dotGit): \(written)")
        }
    }

    /// `--outputs html`: `--site` bakes the site's theme switch in without
    /// two themes, an MDX site gets `outline.mdx`, `--snippet` prints what to
    /// paste, and a site whose pages hold no live tree says so.
    @Test func aLiveTreeForEachSite() throws {
        let s = Scratch()
        let tree = s.write("tree.md", "- src\n  - main.swift\n- README.md\n")
        let plain = try unfold(["render", "--from", tree, "--outputs", "html", "--out", s.path + "/p", "--snippet"])
        #expect(plain.status == 0 && plain.out.hasPrefix("<div class=\"u") && plain.out.contains("</script></div>"), "\(plain)")
        let mdx = try unfold(["render", "--from", tree, "--outputs", "html", "--site", "starlight", "--out", s.path + "/m", "--snippet"])
        #expect(mdx.status == 0 && mdx.out == "import UnfoldTree from '\(s.path)/m/tree/outline.mdx';\n\n<UnfoldTree />\n", "\(mdx)")
        #expect(FileManager.default.fileExists(atPath: s.path + "/m/tree/outline.mdx"))
        let vue = try unfold(["render", "--from", tree, "--outputs", "html", "--site", "vitepress", "--out", s.path + "/v", "--snippet"])
        #expect(vue.status == 0 && vue.out == "<script setup>\nimport UnfoldTree from '\(s.path)/v/tree/outline.vue'\n</script>\n\n<UnfoldTree />\n", "\(vue)")
        // Sphinx takes raw HTML in its `raw` directive: the piece indented under it, and Material's palette switches the tree.
        let sphinx = try unfold(["render", "--from", tree, "--outputs", "html", "--site", "sphinx", "--out", s.path + "/s", "--snippet"])
        #expect(sphinx.status == 0 && sphinx.out.hasPrefix(".. raw:: html\n\n   <div class=\"u"), "\(sphinx)")
        #expect(sphinx.out.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("   ") }, "\(sphinx)")
        let mkdocs = try unfold(["render", "--from", tree, "--outputs", "html", "--site", "mkdocs", "--out", s.path + "/k", "--snippet"])
        #expect(mkdocs.status == 0 && mkdocs.out.hasPrefix("<div class=\"u") && mkdocs.out.contains("[data-md-color-scheme=\"slate\"] "), "\(mkdocs)")
        let github = try unfold(["render", "--from", tree, "--outputs", "html", "--site", "github", "--out", s.path + "/g"])
        #expect(github.status == 2 && github.err.contains("--site github pages hold no live tree"), "\(github)")
        let noTheme = try unfold(["render", "--from", tree, "--site", "starlight", "--out", s.path + "/n"])
        #expect(noTheme.status == 2 && noTheme.err.contains("or --outputs html for a live tree"), "\(noTheme)")
        let twoThemes = try unfold(["render", "--from", tree, "--outputs", "html", "--theme", "light,dark", "--out", s.path + "/t"])
        #expect(twoThemes.status == 2 && twoThemes.err.contains("leave out --theme light,dark"), "\(twoThemes)")
    }

    /// Two live trees on one VitePress page: one `<script setup>` imports
    /// both, under names of their own, from where the page finds them
    /// (`--base-url`); a scenario file's `snippet.site` is the tree's site.
    @Test func twoLiveTreesOnOnePage() throws {
        let s = Scratch()
        let a = s.write("a.yaml", "name: docs-tree\nsnippet: { site: vitepress, baseURL: /trees/ }\ntree: [ { title: A } ]\n")
        let b = s.write("b.yaml", "name: b\nsnippet: { site: vitepress }\ntree: [ { title: B } ]\n")
        let run = try unfold(["render", a, b, "--outputs", "html", "--out", s.path + "/o", "--base-url", "@/trees"])
        let expected = """
            <script setup>
            import UnfoldDocsTree from '@/trees/docs-tree/outline.vue'
            import UnfoldB from '@/trees/b/outline.vue'
            </script>

            <UnfoldDocsTree />
            <UnfoldB />

            """
        #expect(run.status == 0 && run.out == expected, "\(run)")
        let vue = try String(contentsOfFile: s.path + "/o/docs-tree/outline.vue", encoding: .utf8)
        #expect(vue.contains(":root.dark "), "the scenario's site switches the theme: \(vue.prefix(300))")
    }

    @Test func versionAndCommandLineMistakes() throws {
        let s = Scratch()
        let version = try unfold(["--version"])
        #expect(version.status == 0 && version.out.contains("(renderer "), "\(version)")
        let tree = s.write("tree.md", "- a\n  - b\n")
        let md = try unfold(["render", tree, "--out", s.path + "/o"])
        #expect(md.status == 2 && md.err.contains("render it as a tree, read it with --from: `unfold render --from \(tree)"), "\(md)")
        try FileManager.default.createDirectory(atPath: s.path + "/other", withIntermediateDirectories: true)
        let twin = s.path + "/other/tree.md"
        try FileManager.default.copyItem(atPath: tree, toPath: twin)
        let two = try unfold(["render", "--from", tree, "--from", twin, "--out", s.path + "/o"])
        #expect(two.status == 2 && two.err.contains("rename one of the files") && !two.err.contains("`name:`"), "\(two)")
        let unknown = try unfold(["render", "--from", tree, "--out", s.path + "/o", "--outputs", "states,movie"])
        #expect(unknown.status == 2 && unknown.err.contains("choose from states,frames,strip,animation,gif,webp,svg,svg-animation,updates,html"), "\(unknown)")
        let slow = try unfold(["render", "--from", tree, "--out", s.path + "/o", "--frame-ms", "0"])
        #expect(slow.status == 2 && slow.err.contains("--frame-ms must be in 1...10000"), "\(slow)")
        let timed = try unfold(["render", "--from", tree, "--out", s.path + "/t", "--outputs", "apng", "--frame-ms", "100", "--hold-ms", "1500"])
        #expect(timed.status == 0 && FileManager.default.fileExists(atPath: s.path + "/t/tree/animation.png"), "\(timed)")
        let effort = try unfold(["render", "--from", tree, "--out", s.path + "/e", "--outputs", "apng", "--effort", "most"])
        #expect(effort.status == 2 && effort.err.contains("'most'") && effort.err.contains("fast") && effort.err.contains("max"), "\(effort)")
    }
}
