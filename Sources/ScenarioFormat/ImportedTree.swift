import Foundation
import OutlineEngine
import UnfoldSupport

/// A tree read from a format people already keep trees in (a Markdown list,
/// a folder, `tree -J` output, an OPML outline), before it becomes the
/// scenario's nodes. Each importer fills one; `apply` is the one place that
/// decides ids, icons and the initial state.
struct ImportedTree {
    struct Node {
        var name: String
        /// Text drawn after the name ("an **important** file"), in runs.
        var annotation: Annotation?
        var isFolder: Bool
        var expanded: Bool
        /// Drawn highlighted, as a docs site marks entries (several may be).
        var highlighted = false
        var parent: Int?
        var location: ScenarioLocation
    }

    var nodes: [Node] = []
    /// Whether rows get file and folder icons (a file tree) or none (an outline of text).
    var icons = true
    /// A folder's `open: N`: the levels of folders open at the start, which
    /// merging folder chains counts again on the rows as drawn.
    var openLevels: Int?
    /// What was read, for a line on stderr: `page.mdx:42: <FileTree> 2 of 3, 17 rows`; nil where there is one choice.
    var origin: String?

    /// The tree without the entries deeper than `depth` levels (1: the top
    /// level alone); a folder whose entries are left out stays a folder.
    /// Itself for nil. O(nodes): parents come before their children.
    func limited(toDepth depth: Int?) -> ImportedTree {
        guard let depth else { return self }
        var limited = self
        limited.nodes = []
        var levels: [Int] = []  // by old index: the node's level, from 1
        var newIndex: [Int?] = []
        for node in nodes {
            let level = node.parent.map { levels[$0] + 1 } ?? 1
            levels.append(level)
            guard level <= depth else {
                newIndex.append(nil)
                continue
            }
            // A kept node's parent, a level above it, is kept too.
            var kept = node
            kept.parent = node.parent.flatMap { newIndex[$0] }
            if level == depth { kept.expanded = false }  // its entries are left out: nothing to open
            newIndex.append(limited.nodes.count)
            limited.nodes.append(kept)
        }
        return limited
    }

    /// Adds a node; nil when the tree is full (the importer reports where).
    mutating func add(_ node: Node) -> Int? {
        guard nodes.count < Limits.nodes else { return nil }
        nodes.append(node)
        return nodes.count - 1
    }

    /// The nodes as scenario nodes. A node's key is its name (a `/` in it
    /// becomes `∕`, so that ids stay paths), made unique among its siblings
    /// with `-2`, `-3`…; folders get the `folder` icon and files an icon
    /// named after their extension; annotations and highlights are kept.
    func apply(to scenario: inout Scenario) {
        var used: [Int: Set<String>] = [:]  // parent + 1 → keys taken
        var nextSuffix: [Int: [String: Int]] = [:]  // parent + 1 → base → the next suffix to try
        for node in nodes {
            let base = node.name.isEmpty ? "untitled" : node.name.replacingOccurrences(of: "/", with: "∕")
            let family = (node.parent ?? -1) + 1
            var key = base
            // Amortised O(1) per node however many siblings share a name.
            var n = nextSuffix[family, default: [:]][base] ?? 1
            while used[family, default: []].contains(key) {
                n += 1
                key = "\(base)-\(n)"
            }
            nextSuffix[family, default: [:]][base] = n
            used[family, default: []].insert(key)
            scenario.nodes.append(
                NodeSpec(
                    key: key, title: node.name, icon: icons ? Self.icon(for: node) : nil, expanded: node.expanded, parent: node.parent,
                    annotation: node.annotation, highlighted: node.highlighted))
            scenario.nodeLocations.append(node.location)
        }
        scenario.openFolderLevels = openLevels
        scenario.origin = origin
    }

    /// `folder`, else the file's extension in lower case (`swift`, `md`), else
    /// `file`; none for a placeholder (`…`).
    static func icon(for node: Node) -> String? {
        if node.isFolder { return "folder" }
        if node.name == Appearance.placeholderTitle { return nil }
        let name = node.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return "file" }
        let ext = String(name[name.index(after: dot)...]).lowercased()
        // An extension that is also a symbol's name (`Cargo.lock`) is a plain file, not a padlock.
        return symbolNames.contains(ext) ? "file" : ext
    }

    /// Icon names that draw symbols rather than files.
    static let symbolNames: Set<String> = [
        "folder", "gear", "settings", "person", "account", "bell", "notifications", "lock", "privacy", "globe", "language",
        "star", "favorites", "info",
    ]
}

extension Scenario {
    /// A scenario made from a tree source alone (a Markdown file, a folder,
    /// `tree -J` output or an OPML file, told apart by the path), with the
    /// default look (on a canvas as tall as the open tree) and steps that
    /// expand everything and then collapse it: what `unfold render --from`
    /// renders. `options` are its `--name`, `--list`, `--depth`, … flags.
    public static func imported(from path: String, options: ImportOptions = ImportOptions()) throws(ScenarioError) -> Scenario {
        let isFolder: Bool
        do throws(InputFile.Failure) { isFolder = try InputFile.isFolder(path) } catch {
            let message = error == .missing ? "no such file or folder" : error.message("tree source")
            let hint = if case .notRegular = error { "name a folder or a regular file; pipes and devices are not read (save the input to a file first)" } else { error.hint }
            throw ScenarioError(file: path, line: 0, column: 0, message: message, hint: hint)
        }
        let name = options.name ?? URL(fileURLWithPath: path).standardizedFileURL.deletingPathExtension().lastPathComponent
        var scenario = Scenario(
            name: String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }).trimmingCharacters(in: ["-"]),
            file: path, canvas: Canvas(), style: Style(), kinds: [:], nodes: [], nodeLocations: [],
            initialDetails: [], handlers: Handlers(), steps: [], animation: Animation())
        if let given = options.name, !Scenario.isValidName(given) {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "--name '\(InertText(given))' cannot name an output folder",
                hint: "use letters, digits, '.', '_' and '-', starting with a letter or digit")
        }
        if !Scenario.isValidName(scenario.name) { scenario.name = "tree" }
        guard let kind = isFolder ? .folder : TreeSourceKind.of(file: path) else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "cannot tell what kind of tree this is",
                hint: "--from takes " + TreeSourceKind.described)
        }
        let reading = try options.reading(for: path)
        let unused = reading.given.filter { !kind.options.contains($0) }.map { "--" + $0.rawValue }
        guard unused.isEmpty else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "\(unused.joined(separator: ", ")) cannot apply to \(kind.name)",
                hint: TreeSourceKind.optionsHint { "--" + $0.rawValue })
        }
        let at = ScenarioLocation(file: path, line: 0, column: 0)
        let tree = try kind.read(path, reading, at)
        tree.apply(to: &scenario)
        // The animation starts, and rests longest, on the tree as the source
        // opens it (a Markdown list all open, a folder `--open` levels deep):
        // that is what a poster, a reader who asked for less motion, and a
        // viewer that does not animate show. A source with no folder open
        // starts all open, unless `--open` says otherwise.
        scenario.opensWhenNoneOpen = options.open == nil && !options.still
        scenario.openFoldersIfNoneOpen()
        scenario.canvas.height = nil
        // Each still as tall as its own rows; the frames, the strip and the animations share the tallest.
        scenario.canvas.fitsEachState = true
        if options.still {
            for folder in Set(scenario.nodes.compactMap(\.parent)) { scenario.nodes[folder].expanded = true }
            if scenario.openFolderLevels != nil { scenario.openFolderLevels = .max }
            return scenario
        }
        scenario.steps = loop(of: try scenario.makeOutline(), at: at, hold: scenario.animation.hold)
        scenario.stepsLoopTheTree = true
        return scenario
    }

    /// Steps that show every folder and end where they began, so that an
    /// animation loops without a jump: expand all (unless all is open),
    /// collapse all, and back to the folders open at the start (unless none
    /// were), which then rests longer the more rows it shows (`openHold`):
    /// with the first rest, the tree as the source opens it shows for at
    /// least half of each loop. None for a tree without folders: it is one
    /// still. O(n).
    static func loop(of outline: Outline, at: ScenarioLocation, hold: Int) -> [Step] {
        let folders = outline.nodes.filter(outline.isExpandable)
        guard !folders.isEmpty else { return [] }
        let open = outline.expandedNodes()
        // Opened whole, every node is a row.
        guard !open.isEmpty else {
            return [Step(.expandAll, location: at, hold: openHold(rows: outline.nodes.count, hold: hold)), Step(.collapseAll, location: at)]
        }
        let rest = openHold(rows: outline.rowCount, hold: hold)
        var steps: [Step] = []
        if open.count < folders.count { steps.append(Step(.expandAll, location: at)) }
        steps.append(Step(.collapseAll, location: at))
        steps.append(Step(open.count == folders.count ? .expandAll : .expandOnly(open.map(outline.id(of:))), location: at, hold: rest))
        return steps
    }

    /// How long the open tree rests at the end of the loop: the animation's
    /// `hold`, and 60 ms more for each row it shows, up to 6 s. O(1).
    static func openHold(rows: Int, hold: Int) -> Int {
        min(max(hold, 6000), hold + 60 * rows)
    }
}

extension Scenario {
    /// Rests every state `hold` ms (`animation.hold`, as `--hold-ms` sets
    /// it). A tree's default loop is made again, so that the open tree it
    /// rests on still rests longer, by its rows (`loop(of:at:hold:)`). O(nodes).
    package mutating func rest(_ hold: Int) {
        animation.hold = hold
        if stepsLoopTheTree, let at = steps.first?.location, let outline = try? makeOutline() { steps = Scenario.loop(of: outline, at: at, hold: hold) }
    }

    /// With `opensWhenNoneOpen` (a `--from` animation without `--open`): when
    /// no folder that has something to show is open, opens them all, so that
    /// the animation starts on the open tree. Run again after merging folder
    /// chains. O(nodes).
    mutating func openFoldersIfNoneOpen() {
        guard opensWhenNoneOpen else { return }
        let folders = Set(nodes.compactMap(\.parent))  // the folders that have something to show
        guard !folders.contains(where: { nodes[$0].expanded }) else { return }
        for i in folders { nodes[i].expanded = true }
        if openFolderLevels != nil { openFolderLevels = .max }
    }
}

extension Scenario {
    /// For a file given as a scenario that is a tree source by its name (a
    /// Markdown list, an OPML file, or JSON other than `.unfold.json`, which
    /// may be `tree -J` output): an error that says to read it with `--from`.
    /// Nil for any other path. Meant for when the file failed to load as a
    /// scenario, so that the user sees how to render it instead of a YAML error.
    package static func treeSourceGivenAsScenario(_ path: String) -> ScenarioError? {
        guard !path.lowercased().hasSuffix(".unfold.json"), let source = TreeSourceKind.of(file: path) else { return nil }
        // JSON that failed as a scenario may be `tree -J` output, or something else.
        let kind = source.key == TreeSourceKind.treeJSON.key ? "a JSON file" : source.name
        return ScenarioError(
            file: path, line: 0, column: 0, message: "\(kind) is not a scenario file (.yaml, .yml or .unfold.json)",
            hint: "to render it as a tree, read it with --from: `unfold render --from \(InertText(path)) --out <folder>`")
    }

    /// For a file that failed to load as a scenario and was found in `folder`,
    /// given as a folder of scenarios: the error, with the hint to draw the
    /// folder itself as a tree, which is what naming a project's folder
    /// (whose `.yml` files are someone else's) usually means.
    package static func foundInFolder(_ error: ScenarioError, folder: String) -> ScenarioError {
        var error = error
        let tree = "if \(InertText(folder)) is a folder to draw as a tree, read it with --from: `unfold render --from \(InertText(folder)) --out <folder>`"
        error.hint = error.hint.isEmpty ? tree : error.hint + "; " + tree
        return error
    }
}
