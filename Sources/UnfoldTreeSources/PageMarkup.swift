import UnfoldSupport

/// A docs markup whose pages hold trees: how a page of it is scanned for
/// what may be a tree, and what to write instead when it holds none.
/// Markdown, reStructuredText, AsciiDoc and Org are its values; they share
/// how a tree is chosen among a page's and how its items become rows
/// (`MarkdownTree.read`).
struct PageMarkup: Sendable {
    /// What a page is called in messages (`Markdown file`).
    let page: String
    /// What may be a tree on a page (`text`, read from `path`), in page
    /// order. O(lines).
    let candidates: @Sendable (_ text: String, _ path: String) throws(ScenarioError) -> [MarkdownTree.Candidate]
    /// The forms of a tree in the markup, for the error of a page with none.
    let hint: String

    /// Markdown and MDX: lists, `<FileTree>` blocks and fenced code blocks.
    static let markdown = PageMarkup(
        page: "Markdown file",
        candidates: { text, path throws(ScenarioError) in
            try TableOfContents.isSummary(path) ? TableOfContents.summary(text, path: path) : MarkdownTree.candidates(in: text, path: path)
        },
        hint: "write the tree as a nested list (`- Sources/`, then `  - App.swift` under it), a `tree` drawing in a code block, "
            + "a <FileTree> block (Starlight's list or Nextra's tags) or Fumadocs' <Files>")
}

extension PageMarkup {
    /// A markup whose lists and code blocks its lines show (`LineMarkup`).
    init(page: String, rules: LineMarkup, hint: String) {
        self.init(page: page, candidates: { text, path throws(ScenarioError) in try rules.candidates(in: text, path: path) }, hint: hint)
    }
}

extension TreeSourceKind {
    /// A docs page in `markup` (other than Markdown, whose `<FileTree>`
    /// blocks take an option of their own): its trees found, chosen and
    /// read as a Markdown page's are, with the options that choose one.
    init(page markup: PageMarkup, name: String, key: String, extensions: [String], recognizes: @escaping @Sendable (Substring) -> Bool) {
        self.init(name: name, key: key, isFolder: false, extensions: extensions, options: [.tree, .list, .depth], recognizes: recognizes) {
            path, options, at throws(ScenarioError) in
            try MarkdownTree.read(path, choice: options, markup: markup, at: at).limited(toDepth: options.depth)
        }
    }
}
