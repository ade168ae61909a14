import Foundation
import OutlineEngine
import UnfoldSupport
import UnfoldTreeSources

extension Scenario {
    /// Adds `tree`'s nodes (`ImportedTree.nodeSpecs()`) with their places in
    /// the source, and what the source says of the tree as a whole. O(nodes).
    mutating func append(_ tree: ImportedTree) {
        nodes += tree.nodeSpecs()
        nodeLocations += tree.nodes.map(\.location)
        openFolderLevels = tree.openLevels
        origin = tree.origin
        if tree.hasChecks { style.checkboxes = true }
    }
}

extension Scenario {
    /// A scenario made from a tree source alone (a Markdown file, a folder,
    /// a `tree` drawing, `tree -J` output or an OPML file, told apart by the
    /// extension, or by what the file starts with where that says nothing), with the
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
        if !isFolder, ScenarioFiles.isScenario(path) {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "this is a scenario file, not a tree",
                hint: "render it without --from: `unfold render \(InertText(path)) --out <folder>`")
        }
        guard let kind = isFolder ? .folder : try TreeSourceKind.of(file: path) else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "cannot tell what kind of tree this is",
                hint: "--from takes " + TreeSourceKind.described)
        }
        let reading = try options.source.checked(for: kind, path: path) { "--" + $0.rawValue }
        let at = ScenarioLocation(file: path, line: 0, column: 0)
        let tree = try kind.read(path, reading, at)
        scenario.append(tree)
        // The animation starts, and rests longest, on the tree as the source
        // opens it (a Markdown list all open, a folder `--open` levels deep):
        // that is what a poster, a reader who asked for less motion, and a
        // viewer that does not animate show. A source with no folder open
        // starts all open, unless `--open` says otherwise.
        scenario.opensWhenNoneOpen = options.source.open == nil && !options.still
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
        // Text (`.txt`) may be any of several trees, or a scenario under another name: its own error says more.
        let named = TreeSourceKind.named(byExtensionOf: path)
        guard !ScenarioFiles.isScenario(path), named.count == 1, let source = named.first else { return nil }
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
