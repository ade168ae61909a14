/// A tree drawn by indentation alone, as the Django tutorial, go.dev and the
/// Helm docs print layouts in code blocks:
///
///     mysite/
///         manage.py
///         mysite/
///             __init__.py
///             settings.py     # the project's settings
///
/// Every line is one name (no spaces in it), indented by a whole number of
/// one step (2 to 8 spaces, or a tab), at most one step deeper than the line
/// before; a note may follow after two spaces, a tab, or ` #` / ` //`, and
/// go on in lines of its own (`#` or `//` alone on a line). At
/// least one line is nested, and most names look like files or folders (a
/// `.` inside, or a `/` at the end): a block of code is none of this. A name
/// ending in `/`, or with names under it, is a folder. O(lines).
enum IndentedTree {
    /// The block as an indentation tree's items (`.indented`), or the block
    /// as it was when its lines are not one or it is a language's code.
    static func candidate(_ block: MarkdownTree.Candidate, lines: [(number: Int, text: [Unicode.Scalar])]) -> MarkdownTree.Candidate {
        // Only a block of text: in a language's block, indented words are that language (Pug, Haml, Python).
        guard case let .code(language) = block.kind, textLanguages.contains(language.lowercased()) else { return block }
        // The block's own margin (a code block indented in a list) is no level.
        let base = lines.map { $0.text.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        let texts = lines.map { Array($0.text.dropFirst(base)) }
        guard lines.count >= 2, let step = step(of: texts) else { return block }
        var items: [MarkdownTree.Item] = []
        var level = -1
        var fileLike = 0
        for (number, text) in zip(lines.map(\.number), texts) {
            let margin = text.prefix { $0 == " " || $0 == "\t" }.count
            let body = text[margin...]
            // A line that is only a note goes on the note of the line before (Helm's wrapped comments).
            if let last = items.indices.last, body.first == "#" || body.starts(with: ["/", "/"]) {
                guard case let .literal(name, note) = items[last].entry else { return block }
                let more = String(String.UnicodeScalarView(body.drop { $0 == "#" || $0 == "/" || $0 == " " }))
                items[last].entry = .literal(name: name, note: [note, more].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "))
                continue
            }
            guard margin % step == 0, margin / step <= level + 1 else { return block }
            level = margin / step
            let entry = TreeDrawing.entry(body)
            guard case let .literal(name, _) = entry, isName(name) else { return block }
            if name.hasSuffix("/") || name.dropFirst().dropLast().contains(".") { fileLike += 1 }
            items.append(MarkdownTree.Item(indent: margin, entry: entry, line: number, column: base + margin + 1))
        }
        guard items.contains(where: { $0.indent > 0 }), 2 * fileLike >= items.count else { return block }
        var tree = block
        tree.kind = .indented
        tree.items = items
        return tree
    }

    /// The languages of a code block that holds text, not code.
    static let textLanguages: Set<String> = ["", "text", "txt", "plaintext", "plain", "console", "tree", "none", "output"]

    /// The indentation step of the lines: a tab where they are indented with
    /// tabs (counted as one column each), else the smallest indentation,
    /// 2 to 8 spaces; nil for mixed or other indentation.
    private static func step(of lines: [[Unicode.Scalar]]) -> Int? {
        let margins = lines.map { $0.prefix { $0 == " " || $0 == "\t" } }
        let tabs = margins.contains { $0.contains("\t") }, spaces = margins.contains { $0.contains(" ") }
        guard !(tabs && spaces) else { return nil }
        if tabs { return 1 }
        guard let smallest = margins.map(\.count).filter({ $0 > 0 }).min(), (2 ... 8).contains(smallest) else { return nil }
        return smallest
    }

    /// Whether `name` can be a file's or folder's name as layouts print them
    /// (`manage.py`, `templates/`, `[slug]/`, `(group)/`, `+page.svelte`, `$id.tsx`): no spaces, no
    /// code's punctuation, not a list's marker or a comment.
    private static func isName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || "{};=<>\"'`,".contains($0) }) else { return false }
        guard let first = name.first, !"-*#%!&|".contains(first), !name.hasPrefix("//") else { return false }
        return !name.hasSuffix(":")
    }
}
