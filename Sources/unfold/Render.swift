import ArgumentParser
import Foundation
import Unfold
import UnfoldSupport

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenarios to PNG states, animation frames, a strip, an animated PNG and updates.json.",
        discussion: """
            Writes OUT/<name>/state-NN.png, step-NN/frame-MM.png, strip.png, animation.png and updates.json. \
            OUT/<name>/ is replaced whole: it holds exactly what this run wrote, and a failed run leaves it as it was.
            """)

    @Argument(help: "Scenario files, or folders of them (.yaml, .yml, .unfold.json).")
    var inputs: [String] = []

    @Option(
        help: ArgumentHelp(
            "Render a tree with the default look and steps (expand all, then collapse): a folder, a Markdown list (.md, .mdx), a `tree` drawing (.txt), `tree -J` output (.json) or an OPML file (.opml).",
            valueName: "path"))
    var from: [String] = []

    @Option(help: ArgumentHelp("With --from: the scenario's name, which names its output folder (default: the file's name).", valueName: "name"))
    var name: String?

    @Option(
        help: ArgumentHelp(
            "With --from on a Markdown file: the tree to draw, from 1, of every tree on the page in page order (nested lists, <FileTree> blocks, "
                + "tree drawings in code blocks; default: the first <FileTree> block, else the first tree drawing, else the first nested list).",
            valueName: "n"))
    var tree: Int?

    @Option(help: ArgumentHelp("With --from on a Markdown file: the list to draw, from 1, of every list on the page.", valueName: "n"))
    var list: Int?

    @Option(name: .customLong("filetree"), help: ArgumentHelp("With --from on a Markdown file: the <FileTree> block to draw, from 1.", valueName: "n"))
    var fileTree: Int?

    @Option(help: ArgumentHelp("With --from: levels of the tree to draw (a folder's default: 8; other trees: all).", valueName: "n"))
    var depth: Int?

    @Flag(help: "With --from: one picture of the whole tree, every folder open, cut to its rows (state-00; no steps).")
    var still = false

    @Option(help: ArgumentHelp("With --from on a folder: levels of folders open at the start (default 1).", valueName: "n"))
    var open: Int?

    @Option(help: ArgumentHelp("With --from on a folder: entries to leave out, as in .gitignore (repeatable).", valueName: "pattern"))
    var exclude: [String] = []

    @Flag(help: "With --from on a folder: read names starting with '.' too (.git never is).")
    var hidden = false

    @Option(help: ArgumentHelp("With --from on a folder: at most this many entries (default 2000).", valueName: "n"))
    var limit: Int?

    @Option(name: .shortAndLong, help: "The output folder.")
    var out: String

    @Option(help: "Device pixels per point (1, 2 or 3), instead of the scenario's.")
    var scale: Int?

    @Option(
        help: ArgumentHelp(
            "light, dark, or both as light,dark (each scenario then goes to OUT/<name>-light/ and OUT/<name>-dark/), instead of the scenario's.",
            valueName: "theme"))
    var theme: String?

    @Flag(
        help:
            "Print, for each scenario, an <img> ready to paste (a <picture> with --theme light,dark): the animation, else the fully open state, SVG where written, sized in CSS pixels. Only the snippets go to stdout."
    )
    var snippet = false

    @Option(
        help: ArgumentHelp(
            "With --snippet: the pictures' alt text (default: the tree's count of entries and its top-level names, or its one root and what that holds).",
            valueName: "text"))
    var alt: String?

    @Option(
        help: ArgumentHelp(
            "With --snippet: where the site serves --out (/img for Docusaurus' static/img, or https://…); the snippet's paths start with it instead of --out.",
            valueName: "url"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "With --snippet and --theme light,dark: the docs site whose theme switch shows the dark picture: \(PictureSnippet.Site.all.map(\.name).joined(separator: ", ")) (default: a scenario's `snippet.site`, else github: the reader's system theme).",
            valueName: "site"))
    var site: PictureSnippet.Site?

    @Option(help: "ios, macos, explorer, plain or starlight: that preset's style instead of the scenario's.")
    var preset: Appearance.Preset?

    @Option(help: "ltr or rtl: the outline's reading direction instead of the scenario's (rtl mirrors it).")
    var direction: Appearance.Direction?

    @Option(help: "Frames per step (1-120), instead of the scenario's.")
    var frames: Int?

    @Option(
        help: ArgumentHelp(
            "Outputs to write, comma-separated: \(RenderOptions.Output.namesList) (apng is animation, the animated PNG; svg: state-NN.svg, and animation.svg with animation; default: all but \(RenderOptions.Output.allCases.filter { !RenderOptions.Output.defaults.contains($0) }.map(\.rawValue).joined(separator: ", ")); for --from trees alone: states,animation).",
            valueName: "list"),
        transform: { try RenderOptions.Output.parseList($0) })
    var outputs: Set<RenderOptions.Output>?

    @Option(
        name: .customLong("frame-ms"),
        help: ArgumentHelp("Milliseconds each in-between frame of the animations shows, instead of the scenario's.", valueName: "ms"))
    var frameDelay: Int?

    @Option(
        name: .customLong("hold-ms"),
        help: ArgumentHelp("Milliseconds the animations rest on each state, instead of the scenario's.", valueName: "ms"))
    var hold: Int?

    @Option(help: ArgumentHelp("How often the animations play (0: for ever, the default), instead of the scenario's.", valueName: "n"))
    var loops: Int?

    @Option(
        help: ArgumentHelp(
            "fast or max: how hard the animated PNG is worked at. fast (the default) costs about what its frames do; max searches for the smallest file, for pictures published once (smaller, many times slower).",
            valueName: "effort"))
    var effort: PNG.AnimationEffort = .fast

    @Option(
        help: ArgumentHelp(
            "The canvas's width in points (16-4096), or fit: as narrow as the widest row's content, instead of the scenario's.",
            valueName: "points|fit"),
        transform: { try parseWidth($0) })
    var width: RenderOptions.Width?

    @Option(help: "Points of empty space around the outline (0-1000), instead of the scenario's.")
    var padding: Double?

    @Option(help: "theme or transparent: the picture's background instead of the scenario's.")
    var background: Appearance.Background?

    @Flag(help: "No background: the same as --background transparent.")
    var transparent = false

    @Option(help: "Shrink the strip's frames by this factor (default: 2 × scale).")
    var thumbnail: Int?

    @Flag(help: "After rendering, render again whenever a scenario, a file beside it or a --from tree changes (one line per render).")
    var watch = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Worker threads (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    /// `--jobs`, or the number of cores.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let scale, !Limits.scale.contains(scale) { throw ValidationError("--scale must be 1, 2 or 3") }
        if let frames, !Limits.framesPerStep.contains(frames) {
            throw ValidationError("--frames must be in \(Limits.framesPerStep.lowerBound)...\(Limits.framesPerStep.upperBound)")
        }
        if let thumbnail, !Limits.thumbnail.contains(thumbnail) {
            throw ValidationError("--thumbnail must be in \(Limits.thumbnail.lowerBound)...\(Limits.thumbnail.upperBound)")
        }
        if !Limits.workers.contains(workers) { throw ValidationError("--jobs must be in \(Limits.workers.lowerBound)...\(Limits.workers.upperBound)") }
        if let frameDelay, !Limits.frameDelay.contains(frameDelay) {
            throw ValidationError("--frame-ms must be in \(Limits.frameDelay.lowerBound)...\(Limits.frameDelay.upperBound)")
        }
        if let hold, !Limits.hold.contains(hold) {
            throw ValidationError("--hold-ms must be in \(Limits.hold.lowerBound)...\(Limits.hold.upperBound)")
        }
        if let loops, !Limits.loops.contains(loops) {
            throw ValidationError("--loops must be in \(Limits.loops.lowerBound)...\(Limits.loops.upperBound)")
        }
        if let padding, !Limits.canvasPadding.contains(padding) {
            throw ValidationError("--padding must be in \(Int(Limits.canvasPadding.lowerBound))...\(Int(Limits.canvasPadding.upperBound))")
        }
        if transparent, background == .theme { throw ValidationError("--transparent and --background theme contradict each other") }
        _ = try themes()
        if inputs.isEmpty, from.isEmpty { throw ValidationError("name scenario files or folders, or a tree with --from") }
        if still, from.isEmpty { throw ValidationError("--still draws a --from tree: add --from <tree>") }
        if let option = sourceOptions.given.first, from.isEmpty { throw ValidationError("--\(option.rawValue) reads a --from tree: add --from <tree>") }
        if still, open != nil { throw ValidationError("--still opens every folder: leave out --open") }
        if name != nil, from.count != 1 { throw ValidationError("--name names the one tree of --from: give one --from with it") }
        let live = outputs?.contains(.html) ?? false
        if site != nil, try themes()?.count != 2, !live {
            throw ValidationError(
                "--site says how a page switches between a light and a dark picture: add --theme light,dark (one picture is an <img> on any site), "
                    + "or --outputs html for a live tree")
        }
        if live, try themes()?.count == 2 {
            throw ValidationError(
                "--outputs html writes one live tree that follows the reader's theme (or the site's, with --site): leave out --theme light,dark, "
                    + "or render the pictures in two themes in a run of their own")
        }
        if live, let site, site.liveTree == nil {
            throw ValidationError("--site \(site.name) pages hold no live tree (GitHub strips styles and scripts): show the pictures there, or name the site that serves the page")
        }
    }

    /// `--base-url` and `--alt` shape snippets: with none printed (no
    /// `--snippet`, one theme, no scenario asking for one), they are an error.
    func requireSnippetForItsOptions(_ scenarios: [Scenario]) throws {
        guard !snippet, try themes()?.count != 2, !scenarios.contains(where: { $0.snippet != nil }) else { return }
        for (option, given) in [("--base-url", baseURL != nil), ("--alt", alt != nil)] where given {
            throw ValidationError("\(option) shapes the printed snippet: add --snippet")
        }
    }

    /// How each --from tree is read.
    var sourceOptions: TreeSourceOptions {
        TreeSourceOptions(tree: tree, list: list, fileTree: fileTree, depth: depth, open: open, exclude: exclude, hidden: hidden, limit: limit)
    }

    /// The themes to render in; nil: each scenario's own.
    func themes() throws -> [Scenario.Theme]? {
        guard let theme else { return nil }
        let names = theme.split(separator: ",").map(String.init)
        let themes = names.compactMap(Scenario.Theme.init(rawValue:))
        guard !names.isEmpty, themes.count == names.count, Set(themes).count == themes.count else {
            throw ValidationError("--theme must be light, dark or light,dark")
        }
        return themes
    }

    func run() throws {
        try renderOnce()
        guard watch else { return }
        // The scenario files' folders (a scenario reads files beside it) and the --from trees, whole; not the output.
        var watcher = SourceWatcher(
            try scenarioFiles(inputs).map { SourceWatcher.Root(($0 as NSString).deletingLastPathComponent.isEmpty ? "." : ($0 as NSString).deletingLastPathComponent) }
                + from.map { SourceWatcher.Root($0, recursive: true) },
            ignoring: [out])
        print("watching for changes (Ctrl-C to stop)")
        fflush(nil)  // every stream: the lines reach a pipe at once
        while true {
            usleep(200_000)
            guard watcher.changed() else { continue }
            // A bad save is reported and watched on, not the end of the session.
            do { try renderOnce() } catch is ExitCode {} catch { FileHandle.standardError.write(Data("error: \(InertText("\(error)"))\n".utf8)) }
            fflush(nil)  // every stream: the lines reach a pipe at once
        }
    }

    /// Renders everything once and prints the summary line; errors are printed and thrown as an exit code.
    func renderOnce() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let bar = ProgressBar()
        let options = try renderOptions(warn: { bar.note($0) })
        let (scenarios, originals) = try loadScenarios()
        try requireSnippetForItsOptions(originals)
        let total = scenarios.reduce(0) { $0 + ScenarioRenderer.pictureCount($1, options: options) }
        bar.start(total: total)
        var written = 0, bytes = 0
        var filesByName: [String: [String]] = [:]
        for scenario in scenarios {
            let files: [(path: String, size: Int)]
            do {
                // A theme given here is fixed: pictures that could follow the reader's theme (SVG) show it alone.
                var rendering = options
                if theme != nil { rendering.theme = scenario.canvas.theme }
                files = try ScenarioRenderer.render(scenario, options: rendering, writingTo: out) { bar.advance($0) }
            } catch let error as ScenarioError {
                bar.finish()
                throw fail(error)
            } catch {
                bar.finish()
                throw fail("error: \(InertText(scenario.file)): \(InertText("\(error)"))")
            }
            written += files.count
            bytes += files.reduce(0) { $0 + $1.size }
            filesByName[scenario.name] = files.map(\.path)
        }
        bar.finish()
        let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
        let twoThemes = try themes()?.count == 2
        let summary =
            "rendered \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"): \(written) file\(written == 1 ? "" : "s"), "
            + "\(formatBytes(bytes)) in \(InertText(out)) (\(String(format: "%.2f", seconds)) s, \(workers) worker\(workers == 1 ? "" : "s"))"
        guard snippet || twoThemes || originals.contains(where: { $0.snippet != nil }) else { return print(summary) }
        // The snippets alone on stdout, to paste or pipe; the rest on stderr.
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        printSnippets(originals, filesByName: filesByName, twoThemes: twoThemes)
    }

    /// The options, from the command line.
    func renderOptions(warn: @escaping @Sendable (String) -> Void) throws -> RenderOptions {
        var options = RenderOptions(fonts: try fonts())
        options.outputs = RenderOptions.Output.resolved(outputs, scenarios: !inputs.isEmpty, still: still)
        options.liveTree = site?.liveTree
        options.scale = scale
        options.preset = preset
        options.direction = direction
        options.frames = frames
        options.frameDelay = frameDelay
        options.hold = hold
        options.loops = loops
        options.effort = effort
        options.thumbnail = thumbnail
        options.workers = workers
        options.width = width
        options.padding = padding
        options.background = transparent ? .transparent : background
        options.warn = warn
        return options
    }

    /// The scenarios to render (each in every `--theme`), and the scenarios as given.
    func loadScenarios() throws -> (scenarios: [Scenario], originals: [Scenario]) {
        var scenarios: [Scenario] = []
        for file in try scenarioFiles(inputs) {
            do {
                let scenario = try Scenario.load(path: file)
                if let settings = scenario.snippet, let name = settings.site { _ = try PictureSnippet.Site.named(name, at: settings.siteLocation) }
                scenarios.append(scenario)
            } catch {
                let folder = inputs.first { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
                if let folder { throw fail(Scenario.foundInFolder(error, folder: folder)) }
                throw fail(Scenario.treeSourceGivenAsScenario(file) ?? error)
            }
        }
        for source in from {
            let imports = ImportOptions(name: name, source: sourceOptions, still: still)
            let scenario: Scenario
            do { scenario = try Scenario.imported(from: source, options: imports) } catch { throw fail(error) }
            // Which tree of the page was read, so that a wrong guess shows at once.
            if let origin = scenario.origin { FileHandle.standardError.write(Data("\(InertText(origin))\n".utf8)) }
            scenarios.append(scenario)
        }
        let originals = scenarios
        if let themes = try themes() { scenarios = scenarios.flatMap { $0.inThemes(themes) } }
        try requireUniqueNames(scenarios, trees: Set(from))
        return (scenarios, originals)
    }

    /// The snippet of each scenario (with `--snippet` or two themes, else
    /// of those whose file asks for one with `snippet:`), ready to paste: an
    /// `<img>`, or with both themes the pictures as the site switches them.
    /// The command line's `--site`, `--base-url` and `--alt` come before the file's.
    func printSnippets(_ scenarios: [Scenario], filesByName: [String: [String]], twoThemes: Bool) {
        var introduced: Set<String> = []  // the sites whose preamble (Docusaurus' import) the page has
        let shown = scenarios.filter { snippet || twoThemes || $0.snippet != nil }
        // Live trees: every component's import once, at the page's top, then each tree where it shows.
        let trees = shown.map { scenario in
            LiveTreeSnippet(
                in: out + "/" + scenario.name, files: filesByName[scenario.name] ?? [], name: scenario.name,
                base: baseURL ?? scenario.snippet?.baseURL)
        }
        if let imports = LiveTreeSnippet.imports(trees.compactMap { $0 }) { print(imports + "\n") }
        for (scenario, tree) in zip(shown, trees) {
            let settings = scenario.snippet
            let site = self.site ?? settings?.site.flatMap(PictureSnippet.Site.init(name:)) ?? .github
            let files = filesByName[scenario.name] ?? []
            if let tree {
                // A piece of HTML goes into the page as the site takes raw HTML.
                print(tree.importLine == nil ? site.rawHTML(tree.element) : tree.element)
                // A live tree alone (no picture among the outputs) is the whole snippet.
                if !files.contains(where: { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }) { continue }
            }
            let light = twoThemes ? scenario.name + "-light" : scenario.name
            let folder = out + "/" + light
            guard let picture = PictureSnippet.picture(in: folder, files: filesByName[light] ?? [], scale: scale ?? scenario.canvas.scale) else {
                FileHandle.standardError.write(Data("\(InertText(scenario.name)): no picture to show; add states or animation to --outputs\n".utf8))
                continue
            }
            if twoThemes, let preamble = site.preamble, introduced.insert(site.name).inserted { print(preamble + "\n") }
            // The page names the pictures where the site serves them.
            let base = (baseURL ?? settings?.baseURL).map { String($0.reversed().drop { $0 == "/" }.reversed()) } ?? out
            let html = PictureSnippet.html(
                picture, light: base + "/" + light, dark: twoThemes ? base + "/" + scenario.name + "-dark" : nil,
                alt: alt ?? settings?.alt ?? scenario.altText, site: site)
            // Printed whole: escaped for the page, it holds no character that acts on a terminal.
            print(html)
        }
    }
}

/// Two scenarios with one name would write (and check) one folder: bad input.
/// `trees` are the paths given with `--from`.
func requireUniqueNames(_ scenarios: [Scenario], trees: Set<String> = []) throws {
    do { try Scenario.requireUniqueNames(scenarios, trees: trees) } catch {
        throw fail("error: \(error)")
    }
}

/// The bundled fonts, or exit 2 with how to point at them.
func fonts() throws -> FontSet {
    do { return try FontSet.locate() } catch {
        throw fail("error: \(error)")
    }
}

/// The scenario files of `inputs` (`ScenarioFiles`), or the error on stderr and exit 2.
func scenarioFiles(_ inputs: [String], typed: Bool = true) throws -> [String] {
    do { return try ScenarioFiles.find(inputs, project: .currentDirectory, typed: typed) } catch {
        throw fail("\(error)")
    }
}

func formatBytes(_ n: Int) -> String {
    n >= 1 << 20 ? String(format: "%.1f MiB", Double(n) / 1048576) : n >= 1024 ? String(format: "%.1f KiB", Double(n) / 1024) : "\(n) B"
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar: @unchecked Sendable {
    private var total = 0
    private var done = 0
    private let lock = NSLock()
    private let enabled = isatty(2) != 0

    /// Shows `total` pictures to draw.
    func start(total: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.total = total
    }

    /// Prints `message` (escaped) on a line of its own on stderr, above the bar.
    func note(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        // Printed whole: Unfold's words, each piece of input in them an `InertText` already.
        FileHandle.standardError.write(Data(((enabled ? "\r\u{1B}[K" : "") + InertText(message).escaped + "\n").utf8))
    }

    func advance(_ n: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += n
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let line = "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension Appearance.Preset: ExpressibleByArgument {}
extension PictureSnippet.Site: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}
extension Appearance.Direction: ExpressibleByArgument {}
extension PNG.AnimationEffort: ExpressibleByArgument {}
extension Appearance.Background: ExpressibleByArgument {}

/// `--width`: a number of points in `Limits.canvasWidth`, or `fit`.
func parseWidth(_ argument: String) throws -> RenderOptions.Width {
    if argument == "fit" { return .fit }
    guard let points = Double(argument), Limits.canvasWidth.contains(points) else {
        throw ValidationError(
            "--width must be fit or a number in \(Int(Limits.canvasWidth.lowerBound))...\(Int(Limits.canvasWidth.upperBound))")
    }
    return .points(points)
}
