extension Scenario {
    /// This scenario in each of `themes`, for pictures that follow the
    /// reader's theme: with one theme, itself drawn in it; with several, one
    /// scenario per theme named `<name>-<theme>` (`files-light`,
    /// `files-dark`), whose folders `PictureSnippet` shows in a `<picture>`.
    /// O(themes).
    public func inThemes(_ themes: [Theme]) -> [Scenario] {
        themes.map { theme in
            var s = self
            s.canvas.theme = theme
            if themes.count > 1 { s.name += "-" + theme.rawValue }
            return s
        }
    }
}

extension Scenario {
    /// Words for a picture's `alt` text: what the tree holds, by its count
    /// of entries and its top-level names (`A tree of 17 entries: src, docs
    /// and README.md`), or for a tree under one root, the root and the
    /// names in it (`A tree of 9 entries: site, holding docs and
    /// README.md`), for readers who do not see the picture. O(nodes).
    public var altText: String {
        func list(_ names: [String]) -> String {
            let named = names.count <= 4 ? names : Array(names.prefix(3)) + ["\(names.count - 3) more"]
            return named.count <= 1 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        }
        let top = nodes.indices.filter { nodes[$0].parent == nil }
        let count = "A tree of \(nodes.count) \(nodes.count == 1 ? "entry" : "entries")"
        if top.count == 1, let root = top.first {
            let inside = nodes.filter { $0.parent == root }.map(\.title)
            return count + ": " + nodes[root].title + (inside.isEmpty ? "" : ", holding " + list(inside))
        }
        return count + (top.isEmpty ? "" : ": " + list(top.map { nodes[$0].title }))
    }
}
