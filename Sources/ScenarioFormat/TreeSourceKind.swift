import Foundation

/// A kind of tree that people already keep, read as an outline: a folder, a
/// Markdown list, `tree -J` output, an OPML outline. `all` is the one list of
/// them: `unfold render --from`, a scenario's `source:` and the hint for a
/// tree given as a scenario all read it, so a new kind of tree is one more
/// value here and a reader of its own.
struct TreeSourceKind: Sendable {
    /// What it is called in messages, with its article (`a Markdown file`).
    let name: String
    /// Its key in a scenario's `source:` (`markdown`).
    let key: String
    /// Whether it is a folder (else a file).
    let isFolder: Bool
    /// The file extensions it is known by, in lower case.
    let extensions: [String]
    /// The options it takes, by their `source:` keys; others are errors.
    let options: [TreeReadOptions.Key]
    /// Reads the tree at `path`; errors point at `location`.
    let read: @Sendable (_ path: String, TreeReadOptions, _ location: ScenarioLocation) throws(ScenarioError) -> ImportedTree

    static let folder = TreeSourceKind(
        name: "a folder", key: "directory", isFolder: true, extensions: [], options: [.depth, .open, .exclude, .hidden, .limit]
    ) { path, options, at throws(ScenarioError) in
        var folder = DirectoryTree.Options()
        if let depth = options.depth { folder.depth = depth }
        if let open = options.open { folder.expanded = open }
        if let limit = options.limit { folder.limit = limit }
        folder.exclude = options.exclude
        folder.hidden = options.hidden
        return try DirectoryTree.read(path, options: folder, at: at)
    }
    static let markdown = TreeSourceKind(
        name: "a Markdown file", key: "markdown", isFolder: false, extensions: ["md", "mdx", "markdown"], options: [.tree, .list, .filetree, .depth]
    ) { path, options, at throws(ScenarioError) in
        try MarkdownTree.read(path, choice: options.choice, at: at).limited(toDepth: options.depth)
    }
    static let treeJSON = TreeSourceKind(name: "`tree -J` output", key: "tree", isFolder: false, extensions: ["json"], options: [.depth]) {
        path, options, at throws(ScenarioError) in try TreeCommandJSON.read(path, at: at).limited(toDepth: options.depth)
    }
    static let opml = TreeSourceKind(name: "an OPML file", key: "opml", isFolder: false, extensions: ["opml"], options: [.depth]) {
        path, options, at throws(ScenarioError) in try OPMLTree.read(path, at: at).limited(toDepth: options.depth)
    }

    /// Every kind, in the order messages list them.
    static let all = [folder, markdown, treeJSON, opml]

    /// The kind of a file by its extension (any case); nil: not a tree source. O(kinds).
    static func of(file path: String) -> TreeSourceKind? {
        let ext = (path as NSString).pathExtension.lowercased()
        return all.first { !$0.isFolder && $0.extensions.contains(ext) }
    }

    /// The kinds and what names them, for a hint: `a folder, a Markdown file (.md, .mdx, .markdown), …`.
    static var described: String {
        all.map { kind in
            kind.name + (kind.extensions.isEmpty ? "" : " (" + kind.extensions.map { "." + $0 }.joined(separator: ", ") + ")")
        }.joined(separator: ", ")
    }

    /// Which options are for which kinds, for a hint: `--list is for a Markdown file; --depth, … are for a folder`.
    static func optionsHint(flag: (TreeReadOptions.Key) -> String) -> String {
        all.filter { !$0.options.isEmpty }.map { kind in
            let flags = kind.options.map(flag)
            return flags.joined(separator: ", ") + (flags.count == 1 ? " is" : " are") + " for " + kind.name
        }.joined(separator: "; ")
    }
}

/// The options a tree source may take, each checked against its range where
/// it is given (`--depth` or `source.depth`).
struct TreeReadOptions: Sendable, Equatable {
    /// An option's name, as a `source:` key and (with `--`) a flag.
    enum Key: String, Sendable, CaseIterable {
        case tree, list, filetree, depth, open, exclude, hidden, limit
    }

    /// Markdown: the tree to read, from 1, of every tree on the page (nested
    /// lists, `<FileTree>` blocks and drawings in code blocks, in page order).
    var tree: Int?
    /// Markdown: the list to read, from 1, of every list on the page.
    var list: Int?
    /// Markdown: the `<FileTree>` block to read, from 1.
    var filetree: Int?
    /// Levels of folders to read (1: the root's own entries).
    var depth: Int?
    /// Levels of folders open at the start (0: none).
    var open: Int?
    /// Patterns of entries to leave out, as in `.gitignore`.
    var exclude: [String] = []
    /// Whether names starting with `.` are read.
    var hidden = false
    /// At most this many entries.
    var limit: Int?

    /// The ranges the numbers must be in.
    static let lists = 1 ... 10_000, depths = 1 ... 64, opens = 0 ... 64
    static var limits: ClosedRange<Int> { 1 ... Limits.nodes }

    /// Which of a Markdown page's trees the options name. O(1).
    var choice: MarkdownTree.Choice {
        MarkdownTree.Choice(tree: tree, list: list, fileTree: filetree)
    }

    /// The options that are set, by key.
    var given: [Key] {
        Key.allCases.filter { key in
            switch key {
            case .tree: tree != nil
            case .list: list != nil
            case .filetree: filetree != nil
            case .depth: depth != nil
            case .open: open != nil
            case .exclude: !exclude.isEmpty
            case .hidden: hidden
            case .limit: limit != nil
            }
        }
    }
}
