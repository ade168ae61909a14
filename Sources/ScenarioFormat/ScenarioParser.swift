import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

extension Scenario {
    /// Reads a scenario from a `.yaml`, `.yml` or `.json` file. The files it
    /// names (`source:`, `fonts:`) must be inside `project`: by default the
    /// folder `unfold` runs in, or, for a file outside it, the file's own folder.
    public static func load(path: String, project: ProjectBoundary? = nil) throws(ScenarioError) -> Scenario {
        let bytes = try InputFile.utf8(path, what: "scenario file")
        let base = (path as NSString).deletingLastPathComponent
        let folder = base.isEmpty ? "." : base
        let current = ProjectBoundary.currentDirectory
        return try parse(
            bytes: consume bytes, file: path, baseDirectory: folder, project: project ?? (current.contains(path) ? current : ProjectBoundary(root: folder)))
    }

    /// Parses scenario text; `file` names it in errors, `baseDirectory`
    /// resolves the files it names (`source:`, `fonts:`), which must be inside
    /// `project` (by default `baseDirectory` itself).
    public static func parse(_ text: String, file: String, baseDirectory: String = ".", project: ProjectBoundary? = nil) throws(ScenarioError)
        -> Scenario
    {
        try parse(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory, project: project)
    }

    /// Parses a scenario file's UTF-8 `bytes` as they are read: the tree goes
    /// straight into the node list, and the bytes are let go before the
    /// outline is built to check it. O(bytes + nodes).
    static func parse(bytes: consuming [UInt8], file: String, baseDirectory: String, project: ProjectBoundary?) throws(ScenarioError) -> Scenario {
        let files = NamedFiles(base: baseDirectory, project: project ?? ProjectBoundary(root: baseDirectory))
        var scenario = try Document.read(bytes: consume bytes, file: file) { reader throws(ScenarioError) in try read(&reader, files: files) }
        // Build once, so that duplicate ids and bad steps are reported now, with their lines; kept for playback.
        let outline = try scenario.makeOutline()
        var played = outline
        for step in scenario.steps { _ = try step.apply(to: &played) }
        scenario.checkedOutline = outline
        return scenario
    }

    private static func read(_ reader: inout DocumentReader, files: NamedFiles) throws(ScenarioError) -> Scenario {
        var scenario = Scenario(
            name: "", file: reader.file, canvas: Canvas(), style: Style(), kinds: [:], nodes: [], nodeLocations: [],
            initialDetails: [], handlers: Handlers(), steps: [], animation: Animation())
        let root = try DocumentReader.root(&reader, what: "the scenario", streaming: "tree") { reader, first throws(ScenarioError) in
            try TreeReader.read(&reader, first: first, into: &scenario)
        }
        let top = try root.map(
            "the scenario", allowed: ["name", "canvas", "style", "fonts", "kinds", "events", "tree", "source", "steps", "animation", "snippet"])
        scenario.name = try top.required("name", in: "the scenario").string("`name`")
        guard Scenario.isValidName(scenario.name) else {
            throw top.keyValue("name").error(
                "`name` '\(InertText(scenario.name))' must be letters, digits, '.', '_' or '-'",
                hint: "it names the output folder, e.g. `name: regions`")
        }
        if let v = top["canvas"] { scenario.canvas = try readCanvas(v) }
        if let v = top["style"] { try readStyle(v, into: &scenario) }
        if let v = top["fonts"] { scenario.fonts = try readFonts(v, files: files) }
        if let v = top["kinds"] { (scenario.kinds, scenario.handlers.byKind) = try readKinds(v) }
        if let v = top["events"] { scenario.handlers.outline = try readHandlers(v, what: "`events`") }
        if let v = top["animation"] { scenario.animation = try readAnimation(v) }
        if let v = top["snippet"] { scenario.snippet = try readSnippet(v) }

        switch (top["tree"], top["source"]) {
        case (_?, nil):
            break  // read as it came
        case let (nil, source?):
            try SourceReader.read(source, into: &scenario, files: files)
        case (nil, nil):
            throw root.error("the scenario has no `tree:` (or `source:`)", hint: "add `tree:` with a list of nodes")
        case (_?, _?):
            throw top.keyValue("source").error("a scenario has either `tree:` or `source:`, not both")
        }
        if scenario.style.compactFolders { scenario.compactFolderChains() }
        for kind in Set(scenario.nodes.compactMap(\.kind)).sorted() where scenario.kinds[kind] == nil {
            let i = scenario.nodes.firstIndex { $0.kind == kind }!
            let at = scenario.nodeLocations[i]
            throw ScenarioError(
                file: at.file, line: at.line, column: at.column,
                message: "kind '\(InertText(kind))' is not declared under `kinds:`",
                hint: didYouMean(kind, scenario.kinds.keys.sorted(), fallback: "add `kinds: { \(InertText(kind)): { height: 44 } }`"))
        }
        if let v = top["steps"] {
            let steps = try v.list("`steps`")
            if steps.count > Limits.steps {
                throw v.error("\(steps.count) steps; the limit is \(Limits.steps)", hint: "split the scenario into several files")
            }
            scenario.steps = try steps.map(readStep)
        }
        return scenario
    }

    /// Whether `name` can name a scenario: letters, digits, '.', '_' and '-',
    /// starting with a letter or digit, so that it is one safe folder name
    /// (no '/', no '..') wherever references and outputs go.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIIAlphanumeric else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// The outline in its initial state, with the scenario's handlers.
    /// O(nodes); a scenario just read gives the outline that reading it
    /// built to check it, until a property the outline is made from changes.
    public func makeOutline() throws(ScenarioError) -> Outline {
        if let checkedOutline { return checkedOutline }
        var outline: Outline
        do {
            outline = try Outline(nodes, collapsePolicy: collapse)
        } catch {
            let index: Int
            switch error {
            case .duplicateID(_, first: _, second: let second): index = second
            case .invalidKey(_, spec: let spec): index = spec
            case .invalidParent(spec: let spec, parent: _): index = spec
            case .loadingWithChildren(spec: let spec): index = spec
            default: index = 0
            }
            let at = nodeLocations.indices.contains(index) ? nodeLocations[index] : ScenarioLocation(file: file, line: 1, column: 1)
            // The engine quotes ids as they are: shown inert (its own words hold nothing to escape).
            throw ScenarioError(file: at.file, line: at.line, column: at.column, message: "\(InertText("\(error)"))")
        }
        for (name, kind) in kinds where kind.detail != nil { outline.handlers.kindsWithDetail.insert(name) }
        outline.handlers.byKind = handlers.byKind
        outline.handlers.outline = handlers.outline
        // Node i of `nodes` is the outline's i-th node: the list is read once, not per lookup.
        let ids = outline.nodes
        for (index, table) in handlers.byNode { outline.handlers.byNode[ids[index]] = table }
        for index in initialDetails { outline.showDetail(ids[index]) }
        if let index = initialSelection, ids.indices.contains(index) { outline.select(ids[index]) }
        let states = initialStates
        for index in states.checked where ids.indices.contains(index) { outline.setChecked(ids[index], true) }
        if let index = states.focus, ids.indices.contains(index) { outline.setFocus(ids[index]) }
        if let index = states.hover, ids.indices.contains(index) { outline.setHover(ids[index]) }
        if let drop = states.drop, ids.indices.contains(drop.node) { outline.setDropTarget(DropTarget(node: ids[drop.node], position: drop.position)) }
        return outline
    }

    /// `fonts: [{file: Brand-Regular.ttf, weight: regular}]`: each file must
    /// exist and be a TrueType or OpenType font, checked now, with its line.
    static func readFonts(_ v: Value, files: NamedFiles) throws(ScenarioError) -> [FontFile] {
        let items = try v.list("`fonts`")
        guard items.count <= 16 else { throw v.error("\(items.count) fonts; the limit is 16", hint: "name the fonts the text needs") }
        return try items.map { item throws(ScenarioError) in
            let f = try item.map("a font", allowed: ["file", "weight"])
            let file = try f.required("file", in: "a font").string("`file`")
            let at = f.keyValue("file")
            let path = try files.path(file, at: at, what: "the font file")
            let magic: [UInt8]
            do throws(InputFile.Failure) { magic = try InputFile.prefix(of: path, count: 4) } catch {
                throw at.error(
                    error.message("font file \(InertText(path))"), hint: error == .missing ? "the path is relative to the scenario file" : error.hint)
            }
            let fonts: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
            guard fonts.contains(magic) else {
                throw at.error("\(InertText(path)) is not a TrueType or OpenType font", hint: "name a .ttf or .otf file")
            }
            return FontFile(
                path: path, weight: try f["weight"]?.choice("`weight`", Weight.self) ?? .regular,
                location: ScenarioLocation(file: at.file, line: at.line, column: at.column))
        }
    }

    static func readCanvas(_ v: Value) throws(ScenarioError) -> Canvas {
        let f = try v.map("`canvas`", allowed: ["width", "height", "scale", "theme", "direction", "padding", "background"])
        var c = Canvas()
        if let x = f["width"] {
            if (try? x.string("")) == "fit" {
                c.fitsWidth = true
            } else {
                c.width = try x.double("`canvas.width` (a number or `fit`)", in: Limits.canvasWidth)
            }
        }
        if let x = f["height"] {
            let word = try? x.string("")
            c.fitsEachState = word == "fit-each"
            c.height = word == "fit" || word == "fit-each" ? nil : try x.double("`canvas.height` (a number, `fit` or `fit-each`)", in: Limits.canvasHeight)
        }
        if let x = f["scale"] { c.scale = try x.int("`canvas.scale`", in: Limits.scale) }
        if let x = f["theme"] { c.theme = try x.choice("`canvas.theme`", Theme.self) }
        if let x = f["direction"] { c.direction = try x.choice("`canvas.direction`", Appearance.Direction.self) }
        if let x = f["padding"] { c.padding = try x.double("`canvas.padding`", in: Limits.canvasPadding) }
        if let x = f["background"] { c.background = try x.choice("`canvas.background`", Appearance.Background.self) }
        return c
    }

    /// The style, and the collapse policy that the file keeps beside it.
    static func readStyle(_ v: Value, into scenario: inout Scenario) throws(ScenarioError) {
        let f = try v.map(
            "`style`",
            allowed: [
                "preset", "indent", "rowHeight", "fontSize", "padding", "weight", "collapse", "badges", "guides", "separators",
                "separatorInset", "disclosure", "selection", "icons", "checkboxes", "compactFolders",
                "truncation", "accent", "noteGap", "monospace", "border",
            ])
        var s = Style(preset: try f["preset"]?.choice("`style.preset`", Appearance.Preset.self) ?? .ios)
        if let x = f["indent"] { s.indent = try x.double("`style.indent`", in: Limits.indent) }
        if let x = f["rowHeight"] { s.rowHeight = try x.double("`style.rowHeight`", in: Limits.rowHeight) }
        if let x = f["fontSize"] { s.fontSize = try x.double("`style.fontSize`", in: Limits.fontSize) }
        if let x = f["padding"] { s.padding = try x.double("`style.padding`", in: Limits.padding) }
        if let x = f["weight"] { s.weight = try x.choice("`style.weight`", Weight.self) }
        if let x = f["collapse"] { scenario.collapse = try x.choice("`style.collapse`", CollapsePolicy.self) }
        if let x = f["badges"] { s.badges = try x.bool("`style.badges`") }
        if let x = f["guides"] { s.guides = try x.bool("`style.guides`") }
        if let x = f["separators"] { s.separators = try x.bool("`style.separators`") }
        if let x = f["separatorInset"] { s.separatorInset = try x.bool("`style.separatorInset`") }
        if let x = f["disclosure"] { s.disclosure = try x.choice("`style.disclosure`", Appearance.Disclosure.self) }
        if let x = f["selection"] { s.selection = try x.choice("`style.selection`", Appearance.SelectionShape.self) }
        if let x = f["icons"] { s.icons = try x.choice("`style.icons`", Appearance.IconStyle.self) }
        if let x = f["checkboxes"] { s.checkboxes = try x.bool("`style.checkboxes`") }
        if let x = f["compactFolders"] { s.compactFolders = try x.bool("`style.compactFolders`") }
        if let x = f["truncation"] { s.truncation = try x.choice("`style.truncation`", Appearance.Truncation.self) }
        if let x = f["accent"] { s.accent = try x.choice("`style.accent`", Appearance.Accent.self) }
        if let x = f["noteGap"] { s.noteGap = try x.double("`style.noteGap`", in: Limits.noteGap) }
        if let x = f["monospace"] { s.monospace = try x.bool("`style.monospace`") }
        if let x = f["border"] { s.border = try x.bool("`style.border`") }
        scenario.style = s
    }

    /// The kinds, and the event handlers declared with them.
    static func readKinds(_ v: Value) throws(ScenarioError) -> ([String: Kind], [String: [String: EventAction]]) {
        var kinds: [String: Kind] = [:]
        var handlers: [String: [String: EventAction]] = [:]
        for (name, value) in try v.anyMap("`kinds`").pairs {
            let f = try value.map("kind '\(InertText(name))'", allowed: ["height", "fontSize", "weight", "color", "background", "detail", "on"])
            var k = Kind(height: 44)
            if let x = f["height"] { k.height = try readHeight(x, what: "`kinds.\(InertText(name)).height`") }
            if let x = f["fontSize"] { k.fontSize = try x.double("`kinds.\(InertText(name)).fontSize`", in: Limits.fontSize) }
            if let x = f["weight"] { k.weight = try x.choice("`kinds.\(InertText(name)).weight`", Weight.self) }
            if let x = f["color"] { k.textColor = try readColor(x, what: "`kinds.\(InertText(name)).color`") }
            if let x = f["background"] { k.background = try readColor(x, what: "`kinds.\(InertText(name)).background`") }
            if let x = f["detail"] {
                if case .mapping = x.content {
                    let d = try x.map("`kinds.\(InertText(name)).detail`", allowed: ["height", "text"])
                    k.detail = Kind.Detail(
                        height: try d["height"].map { x throws(ScenarioError) in try readHeight(x, what: "`kinds.\(InertText(name)).detail.height`") } ?? nil,
                        text: try d["text"]?.string("`kinds.\(InertText(name)).detail.text`"))
                } else if try x.bool("`kinds.\(InertText(name)).detail` (true, false or a mapping)") {
                    k.detail = Kind.Detail(height: nil, text: nil)
                }
            }
            if let x = f["on"] { handlers[name] = try readHandlers(x, what: "`kinds.\(InertText(name)).on`") }
            kinds[name] = k
        }
        return (kinds, handlers)
    }

    /// A height in points, or `auto` (nil).
    static func readHeight(_ v: Value, what: String) throws(ScenarioError) -> Double? {
        if (try? v.string(what)) == "auto" { return nil }
        return try v.double("\(what) (points or `auto`)", in: Limits.kindHeight)
    }

    static func readColor(_ v: Value, what: String) throws(ScenarioError) -> Color {
        let text = try v.string(what)
        guard let c = Color(hex: text) else { throw v.error("\(what) '\(InertText(text))' is not a colour", hint: "write `\"#RRGGBB\"` or `\"#RRGGBBAA\"` (quoted)") }
        return c
    }

    static func readHandlers(_ v: Value, what: String) throws(ScenarioError) -> [String: EventAction] {
        var table: [String: EventAction] = [:]
        for (event, action) in try v.anyMap(what).pairs {
            table[event] = try action.choice("the action for '\(InertText(event))' in \(what)", EventAction.self)
        }
        return table
    }

    /// `snippet: {site: starlight, baseURL: /img/trees, alt: …}`, or `snippet: true`.
    static func readSnippet(_ v: Value) throws(ScenarioError) -> SnippetSettings? {
        let at = ScenarioLocation(file: v.file, line: v.line, column: v.column)
        if v.scalar != nil { return try v.bool("`snippet` (true, false or a mapping)") ? SnippetSettings(siteLocation: at) : nil }
        let f = try v.map("`snippet`", allowed: ["site", "baseURL", "alt"])
        let site = f["site"] ?? v
        // A file (which a pull request may write) chooses a path on the site, never a scheme or a host.
        let baseURL = try f["baseURL"]?.string("`snippet.baseURL`")
        if let base = baseURL, base.hasPrefix("//") || base.hasPrefix("\\") || base.split(separator: "/").first?.contains(":") == true,
            let at = f["baseURL"]
        {
            throw at.error(
                "`snippet.baseURL` is a path where the site serves the pictures, not a URL with a scheme or a host",
                hint: "write a path such as `/img/trees`; a full URL is given on the command line: `--base-url https://…`")
        }
        return SnippetSettings(
            site: try f["site"]?.string("`snippet.site`"), baseURL: baseURL,
            alt: try f["alt"]?.string("`snippet.alt`"), siteLocation: ScenarioLocation(file: site.file, line: site.line, column: site.column))
    }

    static func readAnimation(_ v: Value) throws(ScenarioError) -> Animation {
        let f = try v.map("`animation`", allowed: ["frames", "style", "easing", "frameDelay", "hold", "loops"])
        var a = Animation()
        if let x = f["frames"] { a.frames = try x.int("`animation.frames`", in: Limits.framesPerStep) }
        if let x = f["style"] { a.style = try x.choice("`animation.style`", AnimationStyle.self) }
        if let x = f["easing"] { a.easing = try x.choice("`animation.easing`", Easing.self) }
        if let x = f["frameDelay"] { a.frameDelay = try x.int("`animation.frameDelay` (ms)", in: Limits.frameDelay) }
        if let x = f["hold"] { a.hold = try x.int("`animation.hold` (ms)", in: Limits.hold) }
        if let x = f["loops"] { a.loops = try x.int("`animation.loops`", in: Limits.loops) }
        return a
    }

    static let stepKeys = [
        "expand", "collapse", "toggle", "reveal", "expandRecursively", "collapseRecursively",
        "detail", "hideDetail", "select", "tap", "expandAll", "collapseAll", "expandToDepth", "expandOnly",
        "insert", "remove", "move", "check", "uncheck", "focus", "hover", "drop", "load", "loaded", "hold",
    ]

    static func readStep(_ v: Value) throws(ScenarioError) -> Step {
        let f = try v.map("a step", allowed: stepKeys)
        // The action's key, and `hold:` beside it.
        let actions = f.pairs.filter { $0.key != "hold" }
        guard actions.count == 1, let (key, arg) = actions.first else {
            throw v.error("a step is a mapping with exactly one action, such as `- expand: gd` (and `hold: ms` beside it)")
        }
        let hold = try f["hold"]?.int("`hold` (ms)", in: Limits.hold)
        let location = ScenarioLocation(file: v.file, line: v.line, column: v.column)
        func id() throws(ScenarioError) -> String { try arg.string("the id for `\(key)`") }
        let action: Step.Action
        switch key {
        case "expand": action = .expand(try id())
        case "collapse": action = .collapse(try id())
        case "toggle": action = .toggle(try id())
        case "reveal": action = .reveal(try id())
        case "expandRecursively": action = .expandRecursively(try id())
        case "collapseRecursively": action = .collapseRecursively(try id())
        case "detail": action = .detail(try id())
        case "hideDetail": action = .hideDetail(try id())
        case "select": action = .select(try id())
        case "tap": action = .tap(try id())
        case "remove": action = .remove(try id())
        case "expandAll", "collapseAll":
            guard try arg.bool("`\(key)`") else { throw arg.error("`\(key): false` does nothing", hint: "write `\(key): true` or drop the step") }
            action = key == "expandAll" ? .expandAll : .collapseAll
        case "expandToDepth": action = .expandToDepth(try arg.int("`expandToDepth`", in: 0 ... 1_000_000))
        case "expandOnly":
            let items = try arg.list("`expandOnly`")
            guard items.count <= Limits.nodes else { throw arg.error("`expandOnly` names \(items.count) nodes; the limit is \(Limits.nodes)") }
            action = .expandOnly(try items.map { v throws(ScenarioError) in try v.string("an id for `expandOnly`") })
        case "insert":
            let g = try arg.map("`insert`", allowed: ["parent", "index", "node"])
            var scratch = Scenario(
                name: "", file: v.file, canvas: Canvas(), style: Style(), kinds: [:], nodes: [],
                nodeLocations: [], initialDetails: [], handlers: Handlers(), steps: [], animation: Animation())
            var node = DocumentReader(value: try g.required("node", in: "`insert`"))
            try TreeReader.read(&node, first: try node.required(), into: &scratch, single: true)
            action = .insert(
                parent: try g["parent"]?.string("`insert.parent`"),
                index: try g["index"]?.int("`insert.index`", in: 0 ... Int(Int32.max)), nodes: scratch.nodes)
        case "move":
            let g = try arg.map("`move`", allowed: ["node", "parent", "index"])
            action = .move(
                try g.required("node", in: "`move`").string("`move.node`"),
                parent: try g["parent"]?.string("`move.parent`"),
                index: try g["index"]?.int("`move.index`", in: 0 ... Int(Int32.max)))
        case "check", "uncheck": action = .check(try id(), key == "check")
        case "load", "loaded": action = .loading(try id(), key == "load")
        case "focus", "hover":
            // `false` takes the focus ring (or the pointer) away.
            let target: String? = (try? arg.bool("")) == false ? nil : try id()
            action = key == "focus" ? .focus(target) : .hover(target)
        case "drop":
            if (try? arg.bool("")) == false {
                action = .drop(nil, .before)
            } else {
                let g = try arg.map("`drop`", allowed: ["node", "position"])
                action = .drop(
                    try g.required("node", in: "`drop`").string("`drop.node`"),
                    try g["position"]?.choice("`drop.position`", DropTarget.Position.self) ?? .inside)
            }
        default: preconditionFailure("checked by map(allowed:)")
        }
        return Step(action, location: location, hold: hold)
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool { ("a" ... "z").contains(self) || ("A" ... "Z").contains(self) || ("0" ... "9").contains(self) }
}
