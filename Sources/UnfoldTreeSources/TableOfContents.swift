import Foundation
import OutlineAppearance
import UnfoldSupport

/// The pages a docs site lists as its table of contents, read as a tree: a
/// Sphinx `toctree` (in reStructuredText, or as MyST's ```` ```{toctree} ````
/// fence) and an mdBook `SUMMARY.md`, drafts included. Each entry is a row
/// named as the site names the page: its title where one is written, else
/// its path. O(lines).
enum TableOfContents {
    /// A `toctree`'s entries (its options left out): `Title <path>` is the
    /// page `Title`, a bare entry its path (`guide/install`, `api/*`).
    static func tocTree(at line: Int, lines: [(number: Int, text: Substring)]) -> MarkdownTree.Candidate {
        var candidate = MarkdownTree.Candidate(kind: .pages, line: line)
        var inFrontMatter = false
        for (number, text) in lines {
            let margin = text.prefix { $0 == " " || $0 == "\t" }.count
            let entry = text.dropFirst(margin).trimmingCharacters(in: .whitespaces)
            // MyST may write the options as YAML between `---` lines, or as `:maxdepth: 2`.
            if entry == "---" {
                inFrontMatter = candidate.items.isEmpty && !inFrontMatter
                continue
            }
            guard !inFrontMatter, !LineMarkup.isOption(Substring(entry)), !entry.isEmpty else { continue }
            var name = entry
            if entry.hasSuffix(">"), let open = entry.range(of: " <", options: .backwards) {
                name = entry[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            candidate.items.append(MarkdownTree.Item(indent: 0, entry: .literal(name: name, note: nil), line: number, column: margin + 1))
        }
        return candidate
    }

    /// Whether a Markdown file is an mdBook's table of contents (`SUMMARY.md`).
    static func isSummary(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.lowercased() == "summary.md"
    }

    /// An mdBook `SUMMARY.md` as its chapters: the prefix and suffix
    /// chapters (`[Introduction](README.md)`), the numbered chapters of
    /// its nested list with their sub-chapters, drafts (`[Draft]()`), and
    /// each part's title (`# Reference`, after the first heading) as a row
    /// that holds the chapters under it. Separators (`---`) and the
    /// book's own title are no rows. O(lines).
    static func summary(_ text: String, path: String) throws(ScenarioError) -> [MarkdownTree.Candidate] {
        var candidate = MarkdownTree.Candidate(kind: .pages, line: 0)
        var headings = 0
        var inPart = false
        var numbered = false  // a numbered chapter was read: a bare link after them is a suffix chapter
        for (number, line) in TextLines(text) {
            let margin = line.prefix { $0 == " " || $0 == "\t" }
            let trimmed = line.dropFirst(margin.count)
            let indent = margin.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            var item: MarkdownTree.Item?
            if trimmed.hasPrefix("#") {
                headings += 1
                let title = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                // The first heading is the book's title when nothing comes before it.
                guard headings > 1 || !candidate.items.isEmpty, !title.isEmpty else { continue }
                inPart = true
                item = MarkdownTree.Item(indent: 0, entry: .literal(name: title, note: nil), line: number, column: margin.count + 1)
            } else if let (width, rest) = MarkdownTree.listMarker(trimmed) {
                numbered = true
                item = MarkdownTree.Item(indent: indent + (inPart ? 1 : 0), entry: .listItem(String(rest)), line: number, column: margin.count + width + 1)
            } else if trimmed.hasPrefix("[") {
                // A prefix chapter, or after the numbered ones a suffix chapter: the book's, in no part.
                if numbered { inPart = false }
                item = MarkdownTree.Item(indent: inPart ? 1 : 0, entry: .listItem(String(trimmed)), line: number, column: margin.count + 1)
            }
            guard let item else { continue }
            guard candidate.items.count < Limits.nodes else { throw MarkdownTree.tooLong(path, line: number) }
            if candidate.items.isEmpty { candidate.line = number }
            candidate.items.append(item)
        }
        return candidate.items.isEmpty ? [] : [candidate]
    }
}
