import Foundation
import UnfoldSupport

/// An AsciiDoc page (Antora, Asciidoctor) as a tree source: a `tree`
/// drawing or an indentation tree in a listing block (`----`, with or
/// without `[source,text]` before it) or a literal block (`....`), or a
/// nested list (`*`, `**`, `***`; `.` for numbered items), whose depth is
/// its markers' count.
enum AsciiDocPage {
    static let rules = LineMarkup(
        opens: { trimmed, _, previous in
            guard let mark = trimmed.first, "-./+".contains(mark), trimmed.count >= 4, trimmed.allSatisfy({ $0 == mark }) else { return nil }
            let delimiter = trimmed
            // `[source,text]` before a block names its language.
            let attributes = previous.flatMap { p in p.hasPrefix("[") && p.hasSuffix("]") ? p.dropFirst().dropLast() : nil }
            let parts = attributes?.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let language = parts.flatMap { $0.first == "source" && $0.count > 1 ? $0[1] : nil } ?? ""
            // `////` is a comment and `++++` passes HTML through: neither is read.
            return .init(language: language, end: .line { $0.trimmingCharacters(in: .whitespaces) == delimiter }, isHidden: mark == "/" || mark == "+")
        },
        item: { trimmed, _ in
            guard let mark = trimmed.first, mark == "*" || mark == "." || mark == "-" else { return nil }
            let run = trimmed.prefix { $0 == mark }
            guard (1 ... 5).contains(run.count), mark != "-" || run.count == 1 else { return nil }
            let after = trimmed.dropFirst(run.count)
            guard after.first == " ", !after.allSatisfy({ $0 == " " }) else { return nil }
            return .init(indent: 2 * run.count, width: run.count + 1, text: after.dropFirst())
        },
        inline: inline)

    /// An item's AsciiDoc marks as Markdown's: `*bold*` and `**bold**`,
    /// `` `code` `` and `+literal+`, `link:url[text]`, `xref:page.adoc[text]`,
    /// `<<id,text>>` and `https://…[text]`. O(length).
    static func inline(_ text: Substring) -> String {
        LineMarkup.markdown(
            text,
            [
                .bold("**"), .bold("*"), .code("`", "`"), .code("+", "+"),
                .link("link:", "]", split: target), .link("xref:", "]", split: target), .link("https://", "]", split: target),
                .link("<<", ">>") { inside in
                    guard let comma = inside.firstIndex(of: ",") else { return nil }
                    return (inside[..<comma], inside[inside.index(after: comma)...].drop { $0 == " " })
                },
            ])
    }

    /// A macro's target and its text (`guide.adoc[the guide]`); nil without a `[`.
    @Sendable private static func target(_ inside: Substring) -> (target: Substring, text: Substring)? {
        guard let open = inside.firstIndex(of: "[") else { return nil }
        let label = inside[inside.index(after: open)...]
        return (inside[..<open], label.isEmpty ? inside[..<open] : label)
    }

    /// Whether a file's start reads as AsciiDoc: a `= Title` first, or a
    /// block's `[source,…]` (a bare `----` may be a Markdown rule).
    static func looksLikeAPage(_ head: Substring) -> Bool {
        let lines = head.split(whereSeparator: \.isNewline)
        return lines.first?.hasPrefix("= ") == true || lines.contains { $0.hasPrefix("[source,") || $0 == "[listing]" }
    }

    static let markup = PageMarkup(
        page: "AsciiDoc page", rules: rules,
        hint: "write the tree as a `tree` drawing in a listing block (a `----` line, the drawing, a `----` line) "
            + "or as a nested list (`* src/`, then `** app.rb` under it)")
}

extension TreeSourceKind {
    /// An AsciiDoc page: its listing and literal blocks and nested lists.
    package static let asciidoc = TreeSourceKind(
        page: AsciiDocPage.markup, name: "an AsciiDoc page", key: "asciidoc", extensions: ["adoc", "asciidoc", "asc"], recognizes: AsciiDocPage.looksLikeAPage)
}
