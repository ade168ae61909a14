import Foundation
import UnfoldSupport

/// A reStructuredText page (Sphinx, Read the Docs) as a tree source: a
/// `tree` drawing or an indentation tree in a literal block (a paragraph
/// ending in `::`, then indented lines) or a `.. code-block::`, a nested
/// bullet list, or a `.. toctree::`, whose pages are the rows.
enum RSTPage {
    /// The directives whose content is code, not the page's text.
    static let codeDirectives: Set<Substring> = ["code-block", "code", "sourcecode", "parsed-literal"]

    static let rules = LineMarkup(
        opens: { trimmed, indent, _ in
            if trimmed.hasPrefix(".. "), let end = trimmed.range(of: "::") {
                let name = trimmed.dropFirst(3)[..<end.lowerBound]
                let argument = trimmed[end.upperBound...].drop { $0 == " " }.prefix { $0 != " " }
                if name == "toctree" { return .init(language: "", end: .dedent(indent), hasOptions: true, isTableOfContents: true) }
                guard codeDirectives.contains(name) else { return nil }  // a note's or a figure's content is the page's
                return .init(language: String(argument), end: .dedent(indent), hasOptions: true)
            }
            // `Layout::` or `::` alone: the indented lines that follow are a literal block.
            guard trimmed.hasSuffix("::"), !trimmed.hasPrefix(".. ") else { return nil }
            return .init(language: "", end: .dedent(indent), isMark: trimmed == "::")
        },
        item: { trimmed, indent in
            if trimmed.hasPrefix("#. ") { return .init(indent: indent, width: 3, text: trimmed.dropFirst(3)) }
            return MarkdownTree.listMarker(trimmed).map { .init(indent: indent, width: $0.0, text: $0.1) }
        },
        inline: inline)

    /// An item's reStructuredText marks as Markdown's: ` ``src/`` ` is code,
    /// `` `Guide <guide.html>`_ `` and `` :doc:`Guide <guide>` `` are links
    /// named by their text, `` :file:`setup.py` `` is code. O(length).
    static func inline(_ text: Substring) -> String {
        // A role before interpreted text (`:doc:`), and a link's `_` or `__` after it, say nothing a row shows.
        var plain = ""
        var rest = text
        while let c = rest.first {
            if c == ":", let role = role(at: rest) {
                rest = rest.dropFirst(role)
            } else if c == "`", rest.dropFirst().first == "_", let last = plain.last, !last.isWhitespace, last != "`",
                rest.dropFirst().drop(while: { $0 == "_" }).first.map({ $0.isWhitespace || $0.isPunctuation }) ?? true
            {
                // A closing backtick's `_` (a link), not an opening one's name (`_static/`).
                plain.append("`")
                rest = rest.dropFirst().drop { $0 == "_" }
            } else {
                plain.append(c)
                rest = rest.dropFirst()
            }
        }
        return LineMarkup.markdown(
            Substring(plain),
            [
                .code("``", "``"), .bold("**"),
                .init(open: "`", close: "`") { inside in
                    guard inside.hasSuffix(">"), let open = inside.range(of: " <", options: .backwards) else { return "`\(inside)`" }
                    return LineMarkup.Marks.named(inside[..<open.lowerBound])
                },
            ])
    }

    /// The length of a role (`:doc:`, `:py:class:`) at the start of `s`, when interpreted text follows it.
    private static func role(at s: Substring) -> Int? {
        let name = s.dropFirst().prefix(64).prefix { $0.isLetter || $0.isNumber || "-_.:+".contains($0) }
        guard name.count > 1, name.last == ":", s.dropFirst(1 + name.count).first == "`" else { return nil }
        return 1 + name.count
    }

    /// Whether a file's start reads as reStructuredText: a directive (`.. toctree::`) or a line ending in `::`.
    static func looksLikeAPage(_ head: Substring) -> Bool {
        head.split(whereSeparator: \.isNewline).contains { line in
            let t = line.drop { $0 == " " || $0 == "\t" }
            return (t.hasPrefix(".. ") && t.contains("::")) || (t.hasSuffix("::") && !t.hasPrefix("::"))
        }
    }

    static let markup = PageMarkup(
        page: "reStructuredText page", rules: rules,
        hint: "write the tree as a `tree` drawing in a literal block (a line ending in `::`, then the drawing indented under it) "
            + "or a `.. code-block:: text`, as a nested bullet list (`- src/`, then `  - app.py` under it), or as a `.. toctree::`")
}

extension TreeSourceKind {
    /// A reStructuredText page: its literal blocks, nested lists and `toctree`s.
    package static let rst = TreeSourceKind(
        page: RSTPage.markup, name: "a reStructuredText page", key: "rst", extensions: ["rst", "rest"], recognizes: RSTPage.looksLikeAPage)
}
