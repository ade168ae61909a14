import Foundation
import OutlineAppearance
import UnfoldSupport

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
/// or `./` alone, the current folder, is left out), wherever the drawing is
/// indented; `│` lines, a shell prompt's line (`$ tree`) and `tree`'s
/// closing count (`3 directories, 5 files`) are skipped. Names are literal,
/// as the page's reader sees them in a code block (`__init__.py` is no bold);
/// `tree -F`'s marks (`run.sh*`, `link@ -> target`) are dropped. A note after
/// the name, after two spaces or more, `#`, `//`, `<-` or `←`, is its
/// annotation. Windows' `tree /F` and `tree /A /F` are read too: folders on
/// `├───` (`+---`) branches, their files under the bars. O(lines).
enum TreeDrawing {
    /// The branches a line may start with, box-drawing and ASCII.
    static let branches = ["├── ", "└── ", "├─ ", "└─ ", "|-- ", "`-- ", "+-- ", "\\-- ", "|__ ", "L-- "] + windowsBranches
    /// Windows `tree /F` (box drawing) and `tree /A /F` (ASCII) branches, of folders only:
    /// their files are lines without a branch, under the bars of the folders above.
    static let windowsBranches = ["├───", "└───", "+---", "\\---"]

    /// The code block `block` (its lines with their numbers) as a drawing's
    /// items, or the block as it was when no line has a branch.
    static func candidate(_ block: MarkdownTree.Candidate, lines: [(number: Int, text: Substring)]) -> MarkdownTree.Candidate {
        var items: [MarkdownTree.Item] = []
        var branched = false
        let windows = lines.contains { line in windowsBranches.contains { line.text.contains($0) } }
        for (number, line) in lines {
            let text = String(line.reversed().drop(while: \.isWhitespace).reversed())
            // The command that printed it (`$ tree`) is no entry, nor are the lines Windows' `tree` starts with.
            guard !text.isEmpty, !isCount(text), !["$ ", "% ", "> "].contains(where: text.hasPrefix) else { continue }
            if windows, isWindowsHeader(text) { continue }
            if let (column, marker) = branch(in: text) {
                branched = true
                let rest = String(text.dropFirst(column + marker.count))
                items.append(MarkdownTree.Item(indent: column + 1, text: comment(rest), line: number, column: column + marker.count + 1))
            } else if text.allSatisfy({ $0 == "│" || $0 == "|" || $0.isWhitespace }) {
                continue
            } else if windows, let first = text.firstIndex(where: { $0 != "│" && $0 != "|" && !$0.isWhitespace }), first != text.startIndex {
                // A file of Windows' `tree /F`: as deep as the folders' names beside it (4 columns after their branch).
                let column = text.distance(from: text.startIndex, to: first)
                items.append(MarkdownTree.Item(indent: max(1, column - 3), text: comment(String(text[first...])), line: number, column: column + 1))
            } else if ![".", "./"].contains(text.trimmingCharacters(in: .whitespaces)) {
                // A top-level entry: the root `tree` was run on, or a line of a drawing that has several.
                let indent = text.prefix(while: \.isWhitespace).count
                items.append(
                    MarkdownTree.Item(indent: 0, text: comment(String(text.dropFirst(indent))), line: number, column: indent + 1))
            }
        }
        guard branched, !items.isEmpty else { return block }
        var drawing = block
        drawing.kind = .drawing
        drawing.items = items
        return drawing
    }

    /// The drawing that is the whole of the text file at `path` (`tree >
    /// tree.txt`), or an error when no line of it has a branch. O(lines).
    static func read(_ path: String, at location: ScenarioLocation) throws(ScenarioError) -> ImportedTree {
        let text = try InputFile.text(path, what: "`tree` drawing")
        // Blank lines are no entries: only the others are kept, and no more than a tree may hold.
        var lines: [(Int, Substring)] = []
        for (number, line) in TextLines(text) where line.contains(where: { !$0.isWhitespace }) {
            guard lines.count < Limits.nodes else {
                throw ScenarioError(
                    file: path, line: number, column: 1, message: "the drawing has more than \(Limits.nodes) lines", hint: "split it into several drawings")
            }
            lines.append((number, line))
        }
        let drawing = candidate(MarkdownTree.Candidate(kind: .code(""), line: 1), lines: lines)
        guard drawing.kind == .drawing else {
            throw location.error(
                "\(InertText(path)) holds no `tree` drawing",
                hint: "a drawing's entries hang on branches (`├── `, `└── `, `|-- `); save what `tree` prints, or name a Markdown page")
        }
        return try MarkdownTree.tree(of: drawing.items, path: path)
    }

    /// Whether the start of a file looks like a `tree` drawing: a line with
    /// a branch, only bars and spaces before it, and no code block (a page
    /// with drawings in code blocks is Markdown). O(head).
    static func looksLikeADrawing(_ head: Substring) -> Bool {
        let lines = head.split(whereSeparator: \.isNewline)
        let fenced = lines.contains { line in ["```", "~~~"].contains { line.drop { $0 == " " }.hasPrefix($0) } }
        return !fenced && lines.contains { branch(in: String($0)) != nil }
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

    /// The lines Windows' `tree` starts with: `Folder PATH listing…`,
    /// `Volume serial number is …`, and the root (`C:.`, `C:\PROJECT`).
    private static func isWindowsHeader(_ line: String) -> Bool {
        line.hasPrefix("Folder PATH listing") || line.hasPrefix("Volume serial number") || line.range(of: #"^[A-Za-z]:[.\\]"#, options: .regularExpression) != nil
    }

    /// `3 directories, 5 files`, as `tree` ends its drawing.
    private static func isCount(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.count >= 2 && words[0].allSatisfy(\.isNumber) && (words[1].hasPrefix("director") || words[1].hasPrefix("file"))
    }

    /// The entry as the list reader takes it apart: the name in a code span
    /// (literal, and whole when it has spaces), then its note, if any.
    private static func comment(_ entry: String) -> String {
        var name = Substring(entry), note = Substring("")
        // The first place a note starts: two spaces or a tab, or a marker with spaces around it.
        let starts = ["  ", "\t", " # ", " // ", " <- ", " ← "].compactMap { entry.range(of: $0)?.lowerBound }
        if let start = starts.min() {
            name = entry[..<start]
            note = entry[start...].drop { " \t#/".contains($0) }
            if note.hasPrefix("<-") { note = note.dropFirst(2) } else if note.hasPrefix("←") { note = note.dropFirst() }
            note = note.drop { $0 == " " }
        }
        return code(marksDropped(name.trimmingCharacters(in: .whitespaces))) + (note.isEmpty ? "" : " " + note)
    }

    /// A name without the marks `tree -F` and `tree -l` add: a link's
    /// ` -> target`, and a last `*` (executable), `@` (link), `=` (socket) or `|` (pipe).
    private static func marksDropped(_ name: String) -> String {
        var name = name.range(of: " -> ").map { String(name[..<$0.lowerBound]) } ?? name
        if name.count > 1, let last = name.last, "*@=|".contains(last) { name.removeLast() }
        return name
    }

    /// `text` as a Markdown code span: read literally, whatever it holds.
    private static func code(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let fence = text.contains("`") ? "`` " : "`"
        return fence + text + String(fence.reversed())
    }
}

extension TreeSourceKind {
    /// A `tree` drawing saved as text (`tree > tree.txt`, or Windows' `tree /F`).
    package static let drawing = TreeSourceKind(
        name: "a `tree` drawing", key: "drawing", isFolder: false, extensions: ["txt"], options: [.depth],
        recognizes: TreeDrawing.looksLikeADrawing
    ) { path, options, at throws(ScenarioError) in
        try TreeDrawing.read(path, at: at).limited(toDepth: options.depth)
    }
}
