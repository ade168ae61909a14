/// Text drawn after a row's title, as docs sites draw the note beside a
/// file tree's entry (`astro.config.mjs` *an **important** file*): runs of
/// plain and emphasised text, kept apart so that layout can draw each as the
/// look says. The engine only carries it.
public struct Annotation: Sendable, Hashable {
    /// How a run is marked in its source (Markdown's `**bold**`, `*italic*`, a code span in backticks).
    public enum Emphasis: Sendable, Hashable {
        /// Plain text.
        case none
        /// `**bold**` or `__bold__`.
        case bold
        /// `*italic*`.
        case italic
        /// A code span (text in backticks), taken as written.
        case code
    }

    /// A stretch of the annotation with one emphasis.
    public struct Run: Sendable, Hashable {
        /// The text as a reader sees it (without the marks).
        public var text: String
        /// How the source marks it.
        public var emphasis: Emphasis
        /// `text` marked with `emphasis`.
        public init(_ text: String, _ emphasis: Emphasis = .none) {
            self.text = text
            self.emphasis = emphasis
        }
    }

    /// The runs, in reading order.
    public var runs: [Run]

    /// An annotation of these runs.
    public init(_ runs: [Run]) {
        self.runs = runs
    }

    /// The annotation as plain text, for tests, messages and screen readers.
    public var text: String { runs.map(\.text).joined() }
}

extension Annotation: ExpressibleByStringLiteral {
    /// Plain text, as `OutlineNode("App.swift", annotation: "M")` writes a version control badge.
    public init(stringLiteral text: String) {
        self.init([Run(text)])
    }
}
