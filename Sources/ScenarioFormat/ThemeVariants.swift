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
