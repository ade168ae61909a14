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
    /// and README.md`), for readers who do not see the picture. O(nodes).
    public var altText: String {
        let top = nodes.filter { $0.parent == nil }.map(\.title)
        let named = top.count <= 4 ? top : Array(top.prefix(3)) + ["\(top.count - 3) more"]
        let list = named.count <= 1 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        return "A tree of \(nodes.count) \(nodes.count == 1 ? "entry" : "entries")" + (list.isEmpty ? "" : ": " + list)
    }
}
