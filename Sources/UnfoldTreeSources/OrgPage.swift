import Foundation
import UnfoldSupport

/// An Org page (Emacs Org mode) as a tree source: a `tree` drawing or an
/// indentation tree in a `#+begin_src` or `#+begin_example` block, or a
/// nested plain list (`-`, `+`, `1.`; `*` only indented, since at the
/// margin it starts a headline).
enum OrgPage {
    static let rules = LineMarkup(
        opens: { trimmed, _, _ in
            let words = trimmed.lowercased().split(separator: " ")
            guard let first = words.first, first.hasPrefix("#+begin_") else { return nil }
            let kind = first.dropFirst("#+begin_".count), end = "#+end_" + kind
            // Source and example blocks are code; a comment or an export is never shown; a quote's or a note's lines are the page's.
            guard ["src", "example", "comment", "export"].contains(kind) else { return nil }
            let language = kind == "src" && words.count > 1 ? String(words[1]) : ""
            return .init(language: language, end: .line { $0.lowercased().hasPrefix(end) }, isHidden: kind == "comment" || kind == "export")
        },
        item: { trimmed, indent in
            guard indent > 0 || !trimmed.hasPrefix("*") else { return nil }
            return MarkdownTree.listMarker(trimmed).map { .init(indent: indent, width: $0.0, text: $0.1) }
        },
        inline: inline)

    /// An item's Org marks as Markdown's: `*bold*`, `=verbatim=` and
    /// `~code~`, `[[target][text]]` and `[[target]]`. O(length).
    static func inline(_ text: Substring) -> String {
        LineMarkup.markdown(
            text,
            [
                .bold("*"), .code("=", "="), .code("~", "~"),
                .link("[[", "]]") { inside in
                    guard let middle = inside.range(of: "][") else { return nil }
                    return (inside[..<middle.lowerBound], inside[middle.upperBound...])
                },
            ])
    }

    /// Whether a file's start reads as Org: a `#+title:` or a `#+begin_` line.
    static func looksLikeAPage(_ head: Substring) -> Bool {
        head.split(whereSeparator: \.isNewline).contains { line in
            let t = line.drop { $0 == " " }.lowercased()
            return t.hasPrefix("#+begin_") || t.hasPrefix("#+title:")
        }
    }

    static let markup = PageMarkup(
        page: "Org page", rules: rules,
        hint: "write the tree as a `tree` drawing in a `#+begin_example` block (or `#+begin_src text`) "
            + "or as a nested list (`- src/`, then `  - main.el` under it)")
}

extension TreeSourceKind {
    /// An Org page: its source and example blocks and nested plain lists.
    package static let org = TreeSourceKind(
        page: OrgPage.markup, name: "an Org page", key: "org", extensions: ["org"], recognizes: OrgPage.looksLikeAPage)
}
