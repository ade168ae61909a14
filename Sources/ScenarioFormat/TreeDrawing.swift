import Foundation

/// A tree drawn as the `tree` command prints it, which docs pages and
/// READMEs copy into code blocks:
///
///     my-website
///     ├── docs/             # the pages
///     │   └── intro.md
///     └── package.json
///
/// and its ASCII forms (`|--`, `+--`, `\--`, and a backtick before `--`). A line's depth is
/// where its branch starts; a line without one is a top-level entry (`.`
/// alone, the current folder, is left out); `│` lines, a shell prompt's
/// line (`$ tree`) and `tree`'s closing count (`3 directories, 5 files`) are
/// skipped. A comment after the name
/// (`# …` or `// …`) is its annotation. O(lines).
enum TreeDrawing {
    /// The branches a line may start with, box-drawing and ASCII.
    static let branches = ["├── ", "└── ", "├─ ", "└─ ", "|-- ", "`-- ", "+-- ", "\\-- ", "|__ ", "L-- "]

    /// The code block `block` (its lines with their numbers) as a drawing's
    /// items, or the block as it was when no line has a branch.
    static func candidate(_ block: MarkdownTree.Candidate, lines: [(number: Int, text: Substring)]) -> MarkdownTree.Candidate {
        var items: [MarkdownTree.Item] = []
        var branched = false
        for (number, line) in lines {
            let text = String(line.reversed().drop(while: \.isWhitespace).reversed())
            // The command that printed it (`$ tree`) is no entry.
            guard !text.isEmpty, !isCount(text), !["$ ", "% ", "> "].contains(where: text.hasPrefix) else { continue }
            if let (column, marker) = branch(in: text) {
                branched = true
                let rest = String(text.dropFirst(column + marker.count))
                items.append(MarkdownTree.Item(indent: column + 1, text: comment(rest), line: number, column: column + marker.count + 1))
            } else if text.allSatisfy({ $0 == "│" || $0 == "|" || $0.isWhitespace }) {
                continue
            } else if text != "." {
                // A top-level entry: the root `tree` was run on, or a line of a drawing that has several.
                items.append(MarkdownTree.Item(indent: 0, text: comment(text), line: number, column: 1))
            }
        }
        guard branched, !items.isEmpty else { return block }
        var drawing = block
        drawing.kind = .drawing
        drawing.items = items
        return drawing
    }

    /// Where the line's branch starts (in characters) and which it is.
    private static func branch(in line: String) -> (Int, String)? {
        var best: (Int, String)?
        for marker in branches {
            guard let range = line.range(of: marker) else { continue }
            let column = line.distance(from: line.startIndex, to: range.lowerBound)
            // Only bars and spaces may come before a branch.
            guard line[..<range.lowerBound].allSatisfy({ $0 == "│" || $0 == "|" || $0.isWhitespace }) else { continue }
            if best.map({ column < $0.0 }) ?? true { best = (column, marker) }
        }
        return best
    }

    /// `3 directories, 5 files`, as `tree` ends its drawing.
    private static func isCount(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.count >= 2 && words[0].allSatisfy(\.isNumber) && (words[1].hasPrefix("director") || words[1].hasPrefix("file"))
    }

    /// The entry with a trailing comment (`docs/  # the pages`) as a name
    /// and an annotation, which the list reader takes apart.
    private static func comment(_ entry: String) -> String {
        for marker in ["  #", "  //", "\t#", " # ", " // "] {
            guard let range = entry.range(of: marker) else { continue }
            let name = entry[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let note = entry[range.upperBound...].drop { $0 == "/" || $0 == "#" || $0 == " " }
            // A name with spaces is kept whole, in a code span, so that only the comment is the annotation.
            return (name.contains(" ") ? "`\(name)`" : name) + (note.isEmpty ? "" : " " + note)
        }
        return entry.contains(" ") ? "`\(entry)`" : entry
    }
}
