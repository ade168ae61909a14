import Foundation

/// How `unfold render --from` reads a tree source: the options a scenario's
/// `source:` mapping has, for a tree given on the command line. Each applies
/// to one kind of source; naming one for another kind is an error, so that an
/// option is never silently ignored.
public struct ImportOptions: Sendable, Equatable {
    /// The scenario's name, which names its output folder; nil: from the file's name.
    public var name: String?
    /// Markdown: the tree to read, from 1, of every tree on the page (nested
    /// lists, `<FileTree>` blocks and `tree` drawings in code blocks, in
    /// page order).
    public var tree: Int?
    /// Markdown: the list to read, from 1, of every list on the page; nil:
    /// the first `<FileTree>` block, else the first `tree` drawing in a code
    /// block, else the first nested list (or list of bare names).
    public var list: Int?
    /// Markdown: the `<FileTree>` block to read, from 1.
    public var fileTree: Int?
    /// Folders: how many levels of folders to walk (1: the folder's own entries).
    public var depth: Int?
    /// Folders: how many levels of folders start open (0: none).
    public var open: Int?
    /// Folders: patterns of entries to leave out, as in `.gitignore`.
    public var exclude: [String] = []
    /// Folders: at most this many entries.
    public var limit: Int?
    /// Every source: one picture of the whole tree, every folder open, no
    /// steps (what a docs page shows beside its text).
    public var still = false

    /// Options with nothing set: each source read with its defaults.
    public init(
        name: String? = nil, tree: Int? = nil, list: Int? = nil, fileTree: Int? = nil, depth: Int? = nil, open: Int? = nil, exclude: [String] = [], limit: Int? = nil,
        still: Bool = false
    ) {
        self.name = name
        self.tree = tree
        self.list = list
        self.fileTree = fileTree
        self.depth = depth
        self.open = open
        self.exclude = exclude
        self.limit = limit
        self.still = still
    }

    /// The options as a tree source reads them, or an error naming the first
    /// number out of range. O(1).
    func reading(for path: String) throws(ScenarioError) -> TreeReadOptions {
        var options = TreeReadOptions()
        if let tree { options.tree = try Self.check(tree, TreeReadOptions.lists, "--tree", path) }
        if let list { options.list = try Self.check(list, TreeReadOptions.lists, "--list", path) }
        if let fileTree { options.filetree = try Self.check(fileTree, TreeReadOptions.lists, "--filetree", path) }
        if let depth { options.depth = try Self.check(depth, TreeReadOptions.depths, "--depth", path) }
        if let open { options.open = try Self.check(open, TreeReadOptions.opens, "--open", path) }
        if let limit { options.limit = try Self.check(limit, TreeReadOptions.limits, "--limit", path) }
        options.exclude = exclude
        return options
    }

    static func check(_ value: Int, _ range: ClosedRange<Int>, _ flag: String, _ path: String) throws(ScenarioError) -> Int {
        guard range.contains(value) else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "\(flag) \(value) is out of range", hint: "use \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
