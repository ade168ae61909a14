import Foundation
import OutlineAppearance
import UnfoldSupport

/// A kind of tree that people already keep, read as an outline: a folder, a
/// Markdown list, `tree -J` output, an OPML outline. `all` is the one list of
/// them: `unfold render --from`, a scenario's `source:` and the hint for a
/// tree given as a scenario all read it, so a new kind of tree is one more
/// value here and a reader of its own.
package struct TreeSourceKind: Sendable {
    /// What it is called in messages, with its article (`a Markdown file`).
    package let name: String
    /// Its key in a scenario's `source:` (`markdown`).
    package let key: String
    /// Whether it is a folder (else a file).
    package let isFolder: Bool
    /// The file extensions it is known by, in lower case.
    package let extensions: [String]
    /// The options it takes, by their `source:` keys; others are errors.
    package let options: [TreeSourceOptions.Key]
    /// Reads the tree at `path`; errors point at `location`.
    package let read: @Sendable (_ path: String, TreeSourceOptions, _ location: ScenarioLocation) throws(ScenarioError) -> ImportedTree

    package static let folder = TreeSourceKind(
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
    package static let markdown = TreeSourceKind(
        name: "a Markdown file", key: "markdown", isFolder: false, extensions: ["md", "mdx", "markdown"], options: [.tree, .list, .filetree, .depth]
    ) { path, options, at throws(ScenarioError) in
        try MarkdownTree.read(path, choice: options.choice, at: at).limited(toDepth: options.depth)
    }
    package static let treeJSON = TreeSourceKind(name: "`tree -J` output", key: "tree", isFolder: false, extensions: ["json"], options: [.depth]) {
        path, options, at throws(ScenarioError) in try TreeCommandJSON.read(path, at: at).limited(toDepth: options.depth)
    }
    package static let opml = TreeSourceKind(name: "an OPML file", key: "opml", isFolder: false, extensions: ["opml"], options: [.depth]) {
        path, options, at throws(ScenarioError) in try OPMLTree.read(path, at: at).limited(toDepth: options.depth)
    }

    /// Every kind, in the order messages list them.
    package static let all = [folder, markdown, treeJSON, opml]

    /// The kind of a file by its extension (any case); nil: not a tree source. O(kinds).
    package static func of(file path: String) -> TreeSourceKind? {
        let ext = (path as NSString).pathExtension.lowercased()
        return all.first { !$0.isFolder && $0.extensions.contains(ext) }
    }

    /// The kinds and what names them, for a hint: `a folder, a Markdown file (.md, .mdx, .markdown), …`.
    package static var described: String {
        all.map { kind in
            kind.name + (kind.extensions.isEmpty ? "" : " (" + kind.extensions.map { "." + $0 }.joined(separator: ", ") + ")")
        }.joined(separator: ", ")
    }

    /// Which options are for which kinds, for a hint: `--list is for a Markdown file; --depth, … are for a folder`.
    package static func optionsHint(flag: (TreeSourceOptions.Key) -> String) -> String {
        all.filter { !$0.options.isEmpty }.map { kind in
            let flags = kind.options.map(flag)
            return flags.joined(separator: ", ") + (flags.count == 1 ? " is" : " are") + " for " + kind.name
        }.joined(separator: "; ")
    }
}
