import Foundation

/// How `unfold render --from` reads a tree source: the options a scenario's
/// `source:` mapping has, for a tree given on the command line. Each applies
/// to one kind of source; naming one for another kind is an error, so that an
/// option is never silently ignored.
public struct ImportOptions: Sendable, Equatable {
    /// The scenario's name, which names its output folder; nil: from the file's name.
    public var name: String?
    /// Markdown: the list to read, from 1; nil: the first list in a `<FileTree>` block, else the first.
    public var list: Int?
    /// Folders: how many levels of folders to walk (1: the folder's own entries).
    public var depth: Int?
    /// Folders: how many levels of folders start open (0: none).
    public var open: Int?
    /// Folders: patterns of entries to leave out, as in `.gitignore`.
    public var exclude: [String] = []
    /// Folders: at most this many entries.
    public var limit: Int?

    /// The ranges the numbers must be in, shared with the scenario file's `source:` keys.
    static let lists = 1 ... 10_000, depths = 1 ... 64, opens = 0 ... 64
    static var limits: ClosedRange<Int> { 1 ... Limits.nodes }

    /// Options with nothing set: each source read with its defaults.
    public init(name: String? = nil, list: Int? = nil, depth: Int? = nil, open: Int? = nil, exclude: [String] = [], limit: Int? = nil) {
        self.name = name
        self.list = list
        self.depth = depth
        self.open = open
        self.exclude = exclude
        self.limit = limit
    }

    /// The folder options, or an error naming the first number out of range. O(1).
    func folder(for path: String) throws(ScenarioError) -> DirectoryTree.Options {
        var options = DirectoryTree.Options()
        if let depth { options.depth = try Self.check(depth, Self.depths, "--depth", path) }
        if let open { options.expanded = try Self.check(open, Self.opens, "--open", path) }
        if let limit { options.limit = try Self.check(limit, Self.limits, "--limit", path) }
        options.exclude = exclude
        return options
    }

    /// The options set that do not apply to a source of `kind`, by their flags.
    func inapplicable(to kind: SourceKind) -> [String] {
        var flags: [String] = []
        if list != nil, kind != .markdown { flags.append("--list") }
        if kind != .folder {
            if depth != nil { flags.append("--depth") }
            if open != nil { flags.append("--open") }
            if !exclude.isEmpty { flags.append("--exclude") }
            if limit != nil { flags.append("--limit") }
        }
        return flags
    }

    /// The kinds of tree source, as `imported(from:)` tells them apart.
    enum SourceKind: String {
        case folder, markdown = "Markdown file", opml = "OPML file", treeJSON = "`tree -J` output"

        /// The kind of a file by its extension (any case); nil: not a tree source. The one place that says which files are trees.
        static func of(file path: String) -> SourceKind? {
            switch (path as NSString).pathExtension.lowercased() {
            case "md", "mdx", "markdown": .markdown
            case "opml": .opml
            case "json": .treeJSON
            default: nil
            }
        }
    }

    static func check(_ value: Int, _ range: ClosedRange<Int>, _ flag: String, _ path: String) throws(ScenarioError) -> Int {
        guard range.contains(value) else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "\(flag) \(value) is out of range", hint: "use \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
