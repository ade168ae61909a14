import OutlineAppearance
import UnfoldSupport

/// A tree from the JSON that the `tree` command writes (`tree -J`):
/// `[{"type": "directory", "name": ".", "contents": [...]}, {"type": "report", ...}]`.
/// The first directory's contents are the top level; `directory` entries are
/// folders, every other type (`file`, `link`, …) a leaf, in the order `tree`
/// wrote them, except a `link` to a folder: one with `contents` (`tree -l`),
/// or whose `target` names a folder of the tree, is a folder, as the folder
/// source draws it. Other keys are skipped. Read as a stream of JSON events with a
/// stack of the open containers (no recursion), so any depth is read in
/// O(size).
struct TreeCommandJSON {
    /// What an open container of the file is to the tree.
    private enum Role {
        /// The list the file is.
        case top
        /// Its first element: the folder `tree` listed.
        case root
        /// A `contents` list: entries under this node (nil: the top level).
        case contents(parent: Int?)
        /// An entry, and its node.
        case entry(Int)
        /// Anything else, read and dropped.
        case skipped
    }

    /// An open container: its role, where it starts, for an object the key
    /// whose value comes next, and what has been read of it.
    private struct Open {
        var role: Role
        var line: Int
        var column: Int
        var key: String?
        var type: String?
        var name: String?
        var target: String?
        var keys: Set<String> = []
        var elements = 0
    }

    private var json: JSONStream
    private var tree = ImportedTree()
    private var stack: [Open] = []
    /// The links without `contents`, and their targets.
    private var links: [(node: Int, target: String)] = []

    static func read(_ path: String, at location: ScenarioLocation) throws(ScenarioError) -> ImportedTree {
        var reader = TreeCommandJSON(json: JSONStream(text: try InputFile.text(path, what: "`tree -J` file"), file: path))
        while let (event, line, column) = try reader.json.next() {
            try reader.take(event, line: line, column: column)
        }
        reader.markLinkedFolders()
        return reader.tree
    }

    /// Makes a folder of each link whose target, read from the link's folder
    /// (`..` and `.` included), is a folder of the tree. A target that starts
    /// at `/` or leaves the tree stays a leaf. O(nodes + path components).
    private mutating func markLinkedFolders() {
        guard !links.isEmpty else { return }
        var children: [Int?: [String: Int]] = [:]
        for (index, node) in tree.nodes.enumerated() { children[node.parent, default: [:]][node.name] = index }
        for (node, target) in links where !target.hasPrefix("/") {
            var at: Int?? = .some(tree.nodes[node].parent)
            for part in target.split(separator: "/", omittingEmptySubsequences: true) {
                guard case let .some(folder) = at else { break }
                switch part {
                case ".": continue
                case "..": at = folder.map { tree.nodes[$0].parent } ?? .none
                default: at = children[folder]?[String(part)].map { .some($0) } ?? .none
                }
            }
            if case let .some(.some(found)) = at, found != node, tree.nodes[found].isFolder { tree.nodes[node].isFolder = true }
        }
    }

    /// The error for JSON that is not `tree -J` output, with a hint for what
    /// it may be instead: a scenario (an object at the top) or other data.
    private func notTreeOutput(line: Int, column: Int, object: Bool = false) -> ScenarioError {
        json.error(
            "this is not `tree -J` output: it does not start with a directory", line: line, column: column,
            hint: object
                ? "a scenario file is rendered as it is (`unfold render FILE`), not read as a tree; `tree -J` output is a list"
                : "write it with `tree -J FOLDER > tree.json`; to draw a tree out of other data, a scenario names it: "
                    + "`source: {file: data.json, children: KEY, title: KEY}`")
    }

    private mutating func take(_ event: JSONStream.Event, line: Int, column: Int) throws(ScenarioError) {
        switch event {
        case .objectEnd, .arrayEnd:
            if let done = stack.popLast() { try finish(done) }
        case let .key(key):
            guard let last = stack.indices.last else { return }
            if case .entry = stack[last].role, ["type", "name", "contents"].contains(key), !stack[last].keys.insert(key).inserted {
                throw json.error("duplicate key '\(InertText(key))' in an entry", line: line, column: column, hint: "keep one of them")
            }
            stack[last].key = key
        case .objectStart, .arrayStart, .string, .literal:
            let role = try place(event, line: line, column: column)
            if event == .objectStart || event == .arrayStart { stack.append(Open(role: role, line: line, column: column)) }
        }
    }

    /// Checks a container that has ended.
    private mutating func finish(_ done: Open) throws(ScenarioError) {
        switch done.role {
        case .top:
            guard done.elements > 0 else { throw notTreeOutput(line: done.line, column: done.column) }
        case .root:
            guard done.type == "directory" else { throw notTreeOutput(line: done.line, column: done.column) }
        case let .entry(index):
            guard let type = done.type else {
                throw json.error("an entry has no `type:`", line: done.line, column: done.column, hint: "add `type: ...`")
            }
            guard let name = done.name else {
                throw json.error("an entry has no `name:`", line: done.line, column: done.column, hint: "add `name: ...`")
            }
            tree.nodes[index].name = name
            let listed = done.keys.contains("contents") && (type == "directory" || type == "link")
            tree.nodes[index].isFolder = type == "directory" || listed
            // `contents` read before a `type` that is not a folder's were not entries after all.
            if !tree.nodes[index].isFolder { tree.nodes.removeSubrange((index + 1)...) }
            if type == "link", !listed, let target = done.target { links.append((index, target)) }
        case .contents, .skipped:
            break
        }
    }

    /// Places a value in the open container: a `type` or `name` is kept, an
    /// entry becomes a node; the role of a container the value starts.
    private mutating func place(_ event: JSONStream.Event, line: Int, column: Int) throws(ScenarioError) -> Role {
        guard let last = stack.indices.last else {
            guard event == .arrayStart else { throw notTreeOutput(line: line, column: column, object: event == .objectStart) }
            return .top
        }
        func text(_ what: String) throws(ScenarioError) -> String {
            guard case let .string(s) = event else {
                throw json.error("`\(what)` must be text, not \(Self.describe(event))", line: line, column: column, hint: "")
            }
            guard s.utf8.count <= Limits.textLength || s.count <= Limits.textLength else {
                throw json.error("`\(what)` is \(s.count) characters long; the limit is \(Limits.textLength)", line: line, column: column, hint: "")
            }
            return s
        }
        func list() throws(ScenarioError) {
            guard event == .arrayStart else {
                throw json.error("`contents` must be a list, not \(Self.describe(event))", line: line, column: column, hint: "")
            }
        }
        switch (stack[last].role, stack[last].key) {
        case (.top, _):
            stack[last].elements += 1
            guard stack[last].elements == 1 else { return .skipped }
            guard event == .objectStart else { throw notTreeOutput(line: line, column: column) }
            return .root
        case (.root, "type"), (.entry, "type"):
            stack[last].type = try text("type")
        case (.entry, "name"):
            stack[last].name = try text("name")
        case (.entry, "target"):
            if case .string = event { stack[last].target = try text("target") }
        case (.root, "contents"):
            try list()
            return .contents(parent: nil)
        case let (.entry(index), "contents") where [nil, "directory", "link"].contains(stack[last].type):
            try list()
            return .contents(parent: index)
        case let (.contents(parent), _):
            guard event == .objectStart else {
                throw json.error("an entry must be a mapping (key: value), not \(Self.describe(event))", line: line, column: column, hint: "")
            }
            let node = ImportedTree.Node(
                name: "", isFolder: false, expanded: false, parent: parent, location: ScenarioLocation(file: json.file, line: line, column: column))
            guard let index = tree.add(node) else {
                throw json.error("more than \(Limits.nodes) entries", line: line, column: column, hint: "run `tree` with `-L DEPTH`")
            }
            return .entry(index)
        default:
            break
        }
        return .skipped
    }

    private static func describe(_ event: JSONStream.Event) -> String {
        switch event {
        case .objectStart: "a mapping"
        case .arrayStart: "a list"
        default: "a scalar"
        }
    }
}

extension TreeSourceKind {
    /// What `tree -J` prints: a JSON list of entries with `type` and `name`.
    package static let treeJSON = TreeSourceKind(
        name: "`tree -J` output", key: "tree", isFolder: false, extensions: ["json"], options: [.depth],
        recognizes: { head in head.drop { $0.isWhitespace }.first == "[" && head.contains("\"type\"") }
    ) { path, options, at throws(ScenarioError) in
        try TreeCommandJSON.read(path, at: at).limited(toDepth: options.depth)
    }
}
