import OutlineAppearance
import UnfoldSupport

/// How a tree source is read: which tree of a Markdown page, how deep, which
/// folders start open, which entries are left out. The same options are
/// `unfold render --from`'s flags (`--depth 2`) and a scenario's `source:`
/// keys (`depth: 2`). Each applies to some kinds of source; naming one for
/// another kind is an error, so that an option is never silently ignored.
public struct TreeSourceOptions: Sendable, Equatable {
    /// An option's name: its `source:` key, and with `--` its flag.
    public enum Key: String, Sendable, CaseIterable {
        /// `tree`: which tree of a Markdown page.
        case tree
        /// `list`: which list of a Markdown page.
        case list
        /// `filetree`: which `<FileTree>` block of a Markdown page.
        case filetree
        /// `depth`: levels of the tree to read.
        case depth
        /// `open`: levels of folders open at the start.
        case open
        /// `exclude`: entries of a folder to leave out.
        case exclude
        /// `hidden`: whether a folder's hidden entries are read.
        case hidden
        /// `limit`: at most this many entries of a folder.
        case limit

        /// The range a number option must be in; nil for an option that is no number.
        public var range: ClosedRange<Int>? {
            switch self {
            case .tree, .list, .filetree: 1 ... 10_000
            case .depth: 1 ... 64
            case .open: 0 ... 64
            case .limit: 1 ... Limits.nodes
            case .exclude, .hidden: nil
            }
        }
    }

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
    /// Levels of the tree to read (1: the top level alone; a folder's default: 8).
    public var depth: Int?
    /// Folders: levels of folders open at the start (0: none; default 1).
    public var open: Int?
    /// Folders: patterns of entries to leave out, as in `.gitignore`.
    public var exclude: [String] = []
    /// Folders: whether names starting with `.` are read (`.git` never is).
    public var hidden = false
    /// Folders: at most this many entries (default 2000).
    public var limit: Int?

    /// Options with nothing set: each source read with its defaults.
    public init(
        tree: Int? = nil, list: Int? = nil, fileTree: Int? = nil, depth: Int? = nil, open: Int? = nil, exclude: [String] = [], hidden: Bool = false,
        limit: Int? = nil
    ) {
        self.tree = tree
        self.list = list
        self.fileTree = fileTree
        self.depth = depth
        self.open = open
        self.exclude = exclude
        self.hidden = hidden
        self.limit = limit
    }

    /// A number option, by its key; nil when it is not set or is no number.
    package subscript(number key: Key) -> Int? {
        get {
            switch key {
            case .tree: tree
            case .list: list
            case .filetree: fileTree
            case .depth: depth
            case .open: open
            case .limit: limit
            case .exclude, .hidden: nil
            }
        }
        set {
            switch key {
            case .tree: tree = newValue
            case .list: list = newValue
            case .filetree: fileTree = newValue
            case .depth: depth = newValue
            case .open: open = newValue
            case .limit: limit = newValue
            case .exclude, .hidden: break
            }
        }
    }

    /// The options that are set, by key. O(keys).
    package var given: [Key] {
        Key.allCases.filter { key in
            switch key {
            case .exclude: !exclude.isEmpty
            case .hidden: hidden
            default: self[number: key] != nil
            }
        }
    }

    /// The options, checked: each number in its range and each option one
    /// that `kind` takes, or an error about `path` that names the first wrong
    /// one as `flag` writes it (`--depth`). O(keys).
    package func checked(for kind: TreeSourceKind, path: String, flag: (Key) -> String) throws(ScenarioError) -> TreeSourceOptions {
        for key in given {
            guard let range = key.range, let value = self[number: key], !range.contains(value) else { continue }
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "\(flag(key)) \(value) is out of range", hint: "use \(range.lowerBound) to \(range.upperBound)")
        }
        let unused = given.filter { !kind.options.contains($0) }.map(flag)
        guard unused.isEmpty else {
            throw ScenarioError(
                file: path, line: 0, column: 0, message: "\(unused.joined(separator: ", ")) cannot apply to \(kind.name)",
                hint: TreeSourceKind.optionsHint(flag: flag))
        }
        return self
    }
}
