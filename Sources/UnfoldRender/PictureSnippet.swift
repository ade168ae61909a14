import UnfoldSVG
import UnfoldSupport

/// The HTML that shows a rendered picture in the reader's theme, for a README
/// or a docs page: a `<picture>` whose dark source is used under
/// `prefers-color-scheme: dark`. `unfold render --theme light,dark` prints it.
public enum PictureSnippet {
    /// The snippet for a scenario rendered into `light` and `dark` folders
    /// (paths as the page will name them) that both hold `files` (the paths a
    /// render wrote, relative to its folder): the animated PNG when there is
    /// one, else the first state. Nil when neither was written. Paths and
    /// `alt` are escaped for HTML attributes. O(files).
    public static func html(light: String, dark: String, files: [String], alt: String) -> String? {
        let states = files.filter { $0.hasPrefix("state-") && $0.hasSuffix(".png") }.sorted()
        guard let file = files.contains(RenderedFile.animationPath) ? RenderedFile.animationPath : states.first else { return nil }
        return """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="\(attribute(dark + "/" + file))">
              <img alt="\(attribute(alt))" src="\(attribute(light + "/" + file))">
            </picture>
            """
    }

    /// `text` safe inside a double-quoted HTML attribute (`MarkupText`). O(length).
    static func attribute(_ text: String) -> String { MarkupText.escaped(text) }
}
