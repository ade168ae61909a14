import OutlineAppearance
import UnfoldSupport

/// The rules of a markup whose code blocks and lists a page shows line by
/// line: reStructuredText, AsciiDoc, Org (`RSTPage`, `AsciiDocPage`,
/// `OrgPage`). By them, `candidates(in:path:)` finds the lists and the code
/// blocks that may be trees, as `MarkdownTree.candidates` does for Markdown.
struct LineMarkup: Sendable {
    /// A code block that a line opens.
    struct Block: Sendable {
        /// Where a block ends.
        enum End: Sendable {
            /// At the first line that says so (`----`, `#+end_src`); that line is no content.
            case line(@Sendable (_ trimmed: Substring) -> Bool)
            /// At the first line that is not blank and is indented no more
            /// than this (rST's literal blocks); that line is read as any other.
            case dedent(Int)

            /// Where a line of the page (without its margin, and its indent) is, for a block this ends.
            enum Place {
                /// In the block.
                case content
                /// A blank line, nothing of the block's.
                case blank
                /// The line that closes it.
                case close
                /// The first line after it, to be read as any other.
                case after
            }

            /// Where a line is, in a block that ends so.
            func place(of trimmed: Substring, indent: Int) -> Place {
                switch self {
                case .line(let closes): closes(trimmed) ? .close : trimmed.isEmpty ? .blank : .content
                case .dedent(let limit): trimmed.isEmpty ? .blank : indent > limit ? .content : .after
                }
            }
        }

        /// Its language (`text`), or empty.
        var language: String
        var end: End
        /// Whether the opening line is only the block's mark (`----`,
        /// `.. code-block::`), else also a line of text (`The layout::`).
        var isMark = true
        /// Whether its first lines may be a directive's options (`:caption: Layout`), which are no content.
        var hasOptions = false
        /// Whether it lists pages (a `toctree`), not code.
        var isTableOfContents = false
        /// Whether it is a comment (or raw output) that the reader never sees: nothing in it is a tree.
        var isHidden = false

        /// What the block that opened on `line`, with these lines, may be: a
        /// table of contents, a drawing, an indentation tree, or code.
        func candidate(at line: Int, lines: [(number: Int, text: Substring)]) -> MarkdownTree.Candidate {
            let content = hasOptions ? Array(lines.drop { LineMarkup.isOption($0.text) }) : lines
            guard !isTableOfContents else { return TableOfContents.tocTree(at: line, lines: content) }
            return TreeDrawing.candidate(MarkdownTree.Candidate(kind: .code(language), line: line), lines: content)
        }
    }

    /// An item of a list: how deep (an indent), where its text starts (the
    /// marker's width after the margin) and its text.
    struct ListItem {
        var indent: Int
        var width: Int
        var text: Substring
    }

    /// The block a line opens, given the line without its margin, its
    /// indent and the non-blank line before it (without its margin); nil for most lines.
    let opens: @Sendable (_ trimmed: Substring, _ indent: Int, _ previous: Substring?) -> Block?
    /// The list item a line (without its margin, and its indent) is; nil for others.
    let item: @Sendable (_ trimmed: Substring, _ indent: Int) -> ListItem?
    /// An item's inline marks as Markdown writes them (`**bold**`,
    /// `` `code` ``, a link as its text: `[Guide]()`), for `MarkdownTree.parse`.
    let inline: @Sendable (Substring) -> String

    /// What may be a tree on the page, in page order: its lists (a list
    /// ends at a line at its margin that is no item, and at a code block),
    /// its code blocks (read as drawings or indentation trees, or kept to
    /// say what the page has) and its tables of contents. O(lines).
    func candidates(in text: String, path: String) throws(ScenarioError) -> [MarkdownTree.Candidate] {
        var found: [MarkdownTree.Candidate] = []
        var list = MarkdownTree.Candidate(kind: .list, line: 0)
        var open: (block: Block, line: Int, lines: [(number: Int, text: Substring)])?
        var previous: Substring?
        var kept = 0
        func keep(_ line: Int) throws(ScenarioError) {
            kept += 1
            guard kept <= Limits.nodes else { throw MarkdownTree.tooLong(path, line: line) }
        }
        func endList() {
            if !list.items.isEmpty { found.append(list) }
            list = MarkdownTree.Candidate(kind: .list, line: 0)
        }
        func closeBlock() {
            if let (block, line, lines) = open, !block.isHidden { found.append(block.candidate(at: line, lines: lines)) }
            open = nil
        }
        for (number, line) in TextLines(text) {
            let margin = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let trimmed = line[margin.endIndex...]
            let indent = margin.reduce(0) { $0 + ($1 == UInt8(ascii: "\t") ? 4 : 1) }
            if let end = open?.block.end {
                switch end.place(of: trimmed, indent: indent) {
                case .content:
                    try keep(number)
                    open?.lines.append((number, line))
                    continue
                case .blank: continue
                case .close:
                    closeBlock()
                    continue
                case .after: closeBlock()
                }
            }
            guard !trimmed.isEmpty else { continue }
            var block = opens(trimmed, indent, previous)
            previous = trimmed
            let item = block?.isMark == true ? nil : item(trimmed, indent)
            // A block an item's own line opens (`- Layout::`) is indented past the item's text, which may go on after it.
            if let item, case .dedent(let limit)? = block?.end { block?.end = .dedent(limit + item.width) }
            if block?.isMark != true {
                if let item {
                    try keep(number)
                    if list.items.isEmpty { list.line = number }
                    list.items.append(
                        MarkdownTree.Item(indent: item.indent, entry: .listItem(inline(item.text)), line: number, column: margin.count + item.width + 1))
                } else if let first = list.items.first, indent <= first.indent {
                    endList()  // a paragraph or heading at the list's margin
                }
            }
            if let block {
                endList()
                open = (block, number, [])
            }
        }
        closeBlock()
        endList()
        return found
    }

    /// Whether a line of a directive is one of its options (`:maxdepth: 2`, `:linenos:`).
    static func isOption(_ line: Substring) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        return t.first == ":" && t.dropFirst().contains(":")
    }

    /// A pair of inline marks and how Markdown writes what is between them.
    struct Marks: Sendable {
        var open: String
        var close: String
        var markdown: @Sendable (Substring) -> String

        /// A code span (`` `src/` ``).
        static func code(_ open: String, _ close: String) -> Marks { Marks(open: open, close: close) { "`\($0)`" } }
        /// Bold (`**App.swift**`).
        static func bold(_ mark: String) -> Marks { Marks(open: mark, close: mark) { "**\($0)**" } }
        /// A link whose inside is its target and its text, as `split` parts them (nil: the inside is both).
        static func link(_ open: String, _ close: String, split: @escaping @Sendable (Substring) -> (target: Substring, text: Substring)?) -> Marks {
            Marks(open: open, close: close) { inside in named((split(inside) ?? (inside, inside)).text) }
        }

        /// A link's text as Markdown writes a link whose target says nothing a
        /// row shows (`[Guide]()`): its target, which may hold `)`, left out.
        static func named(_ text: Substring) -> String { "[\(text)]()" }
    }

    /// `text` with each pair of `marks` written as Markdown, and what
    /// Markdown would read as marks outside them escaped (`\*`). A pair opens at
    /// the start or after a space or an opening bracket, holds something,
    /// and closes before the end, a space or punctuation; the first pair
    /// that fits is taken, and its inside is kept as written. O(length ×
    /// marks).
    static func markdown(_ text: Substring, _ marks: [Marks]) -> String {
        var out = ""
        var rest = text
        var atStart = true
        var closes = Closes(count: marks.count, none: text.endIndex)
        while let c = rest.first {
            if atStart, let (marks, inside, after) = firstPair(in: rest, marks, &closes) {
                out += marks.markdown(inside)
                rest = after
                atStart = false
                continue
            }
            // What Markdown would read as a mark is text here.
            if "\\*_`".contains(c) { out.append("\\") }
            out.append(c)
            rest = rest.dropFirst()
            atStart = c.isWhitespace || "([{<\"'".contains(c)
        }
        return out
    }

    /// Where each pair's close next comes, once looked for: the line is
    /// searched once for each pair, however many marks open in it, since
    /// the close found from one place is the first from any place before it.
    private struct Closes {
        private var found: [Range<String.Index>?]
        private let none: String.Index

        init(count: Int, none: String.Index) {
            found = Array(repeating: nil, count: count)
            self.none = none
        }

        /// The first `close` in `body`, for the `pair`-th pair. O(1), or the distance searched.
        mutating func first(_ close: String, in body: Substring, pair: Int) -> Range<String.Index>? {
            if let known = found[pair], known.lowerBound >= body.startIndex { return known.lowerBound == none ? nil : known }
            let next = body.firstRange(of: close)
            found[pair] = next ?? none ..< none
            return next
        }
    }

    private static func firstPair(in rest: Substring, _ marks: [Marks], _ closes: inout Closes) -> (Marks, Substring, Substring)? {
        for (index, pair) in marks.enumerated() where rest.hasPrefix(pair.open) {
            let body = rest.dropFirst(pair.open.count)
            guard let end = closes.first(pair.close, in: body, pair: index) else { continue }
            let inside = body[..<end.lowerBound]
            let after = body[end.upperBound...]
            guard let first = inside.first, let last = inside.last, !first.isWhitespace, !last.isWhitespace else { continue }
            guard after.first.map({ $0.isWhitespace || $0.isPunctuation || $0.isSymbol }) ?? true else { continue }
            return (pair, inside, after)
        }
        return nil
    }
}
