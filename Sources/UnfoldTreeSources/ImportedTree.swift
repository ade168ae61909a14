import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// A tree read from a format people already keep trees in (a Markdown list,
/// a folder, a `tree` drawing, `tree -J` output, an OPML outline), before it becomes a
/// scenario's nodes. Each reader fills one; `nodeSpecs()` is the one place
/// that decides ids, icons and the initial state.
package struct ImportedTree {
    /// One entry of the tree.
    package struct Node {
        package var name: String
        /// Text drawn after the name ("an **important** file"), in runs.
        package var annotation: Annotation?
        package var isFolder: Bool
        package var expanded: Bool
        /// Drawn highlighted, as a docs site marks entries (several may be).
        package var highlighted = false
        /// A task list's box: checked or not; nil where the entry has none.
        package var checked: Bool?
        /// Neither a file nor a folder as far as the source says (`tree -L`
        /// cut the drawing there): drawn without an icon, so that the picture
        /// asserts neither.
        package var mayBeFolder = false
        package var parent: Int?
        package var location: ScenarioLocation
    }

    package var nodes: [Node] = []
    /// Whether rows get file and folder icons (a file tree) or none (an outline of text).
    package var icons = true
    /// A folder's `open: N`: the levels of folders open at the start, which
    /// merging folder chains counts again on the rows as drawn.
    package var openLevels: Int?
    /// What was read, for a line on stderr: `page.mdx:42: <FileTree> 2 of 3, 17 rows`; nil where there is one choice.
    package var origin: String?

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

    /// Whether some entry has a task box: the rows are drawn with checks.
    package var hasChecks: Bool { nodes.contains { $0.checked != nil } }

    /// Marks the entries `depth` levels down (0: the top) that have none of
    /// their own as cut there (`mayBeFolder`). O(nodes): parents come first.
    mutating func markCut(atDepth depth: Int) {
        var depths: [Int] = []
        depths.reserveCapacity(nodes.count)
        for node in nodes { depths.append(node.parent.map { depths[$0] + 1 } ?? 0) }
        for i in nodes.indices where depths[i] == depth && !nodes[i].isFolder { nodes[i].mayBeFolder = true }
    }

    /// Adds a node; nil when the tree is full (the importer reports where).
    mutating func add(_ node: Node) -> Int? {
        guard nodes.count < Limits.nodes else { return nil }
        nodes.append(node)
        return nodes.count - 1
    }

    /// The nodes as scenario nodes, in the same order. A node's key is its
    /// name (a `/` in it becomes `∕`, so that ids stay paths), made unique
    /// among its siblings with `-2`, `-3`…; folders get the `folder` icon and
    /// files an icon named after their extension; annotations and highlights
    /// are kept. O(nodes).
    package func nodeSpecs() -> [NodeSpec] {
        var used: [Int: Set<String>] = [:]  // parent + 1 → keys taken
        var nextSuffix: [Int: [String: Int]] = [:]  // parent + 1 → base → the next suffix to try
        var specs: [NodeSpec] = []
        specs.reserveCapacity(nodes.count)
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
            specs.append(
                NodeSpec(
                    key: key, title: node.name, icon: icons ? Self.icon(for: node) : nil, expanded: node.expanded, parent: node.parent,
                    checked: node.checked ?? false, annotation: node.annotation, highlighted: node.highlighted))
        }
        return specs
    }

    /// `folder`, else the file's extension in lower case (`swift`, `md`), else
    /// `file`; none for a placeholder (`…`) or an entry that may be either.
    static func icon(for node: Node) -> String? {
        if node.isFolder { return "folder" }
        if node.name == Appearance.placeholderTitle || node.mayBeFolder { return nil }
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
