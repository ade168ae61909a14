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
/// annotation, as written (a code block shows `**` as it is). Windows'
/// `tree /F` and `tree /A /F` are read too: folders on `├───` (`+---`)
/// branches, their files under the bars. Pasted terminal output is read as
/// the terminal showed it (`TerminalText`: no colour escapes, no icon
/// glyphs), and where the page shows the command cut the drawing at a level
/// (`tree -L 2`, `eza --level=2`), the entries at that level may be folders:
/// their rows are drawn as neither files nor folders. O(lines).
enum TreeDrawing {
    /// The branches an entry may hang on, box-drawing and ASCII, tried in this order at a column.
    static let branches: [[Unicode.Scalar]] = ["├── ", "└── ", "├─ ", "└─ ", "|-- ", "`-- ", "+-- ", "\\-- ", "|__ ", "L-- ", "├──", "└──"].map(scalars)
    /// Windows `tree /F` (box drawing) and `tree /A /F` (ASCII) branches, of folders only:
    /// their files are lines without a branch, under the bars of the folders above.
    static let windowsBranches: [[Unicode.Scalar]] = ["├───", "└───", "+---", "\\---"].map(scalars)

    /// The code block `block` (its lines with their numbers) as a drawing's
    /// items, else as an indentation tree's (`IndentedTree`), else the block
    /// as it was.
    static func candidate(_ block: MarkdownTree.Candidate, lines: [(number: Int, text: Substring)]) -> MarkdownTree.Candidate {
        let seen = lines.map { (number: $0.number, text: trailingSpaceDropped(TerminalText.seen($0.text))) }
        var items: [MarkdownTree.Item] = []
        var branched = false
        let windows = seen.contains { line in windowsBranches.contains { contains(line.text, $0) } }
        for (number, text) in seen {
            // The command that printed it (`$ tree`) is no entry, nor are the lines Windows' `tree` starts with.
            guard !text.isEmpty, !isCount(text), !isCommand(text) else { continue }
            if windows, isWindowsHeader(String(String.UnicodeScalarView(text))) { continue }
            if let (column, length) = branch(in: text, windows: windows) {
                branched = true
                let rest = text[(column + length)...].drop { $0 == " " }
                items.append(MarkdownTree.Item(indent: column + 1, entry: entry(rest), line: number, column: text.count - rest.count + 1))
            } else if text.allSatisfy(isBarOrSpace) {
                continue
            } else if windows, let first = text.firstIndex(where: { !isBarOrSpace($0) }), first != 0 {
                // A file of Windows' `tree /F`: as deep as the folders' names beside it (4 columns after their branch).
                items.append(MarkdownTree.Item(indent: max(1, first - 3), entry: entry(text[first...]), line: number, column: first + 1))
            } else {
                let indent = text.prefix { $0 == " " || $0 == "\t" }.count
                let name = text[indent...]
                // A top-level entry: the root `tree` was run on (not `.`, the current folder), or a line of a drawing that has several.
                guard !name.elementsEqual(".".unicodeScalars), !name.elementsEqual("./".unicodeScalars) else { continue }
                items.append(MarkdownTree.Item(indent: 0, entry: entry(name), line: number, column: indent + 1))
            }
        }
        guard branched, !items.isEmpty else { return IndentedTree.candidate(block, lines: seen) }
        var drawing = block
        drawing.kind = .drawing
        drawing.items = items
        // `tree -L 2` counts the folder it runs on as level 0: a drawing without that root line starts at level 1.
        let hasRoot = items.contains { $0.indent == 0 }
        drawing.cutDepth = seen.lazy.compactMap { cutLevel(commandedBy: $0.text) }.first.map { $0 - (hasRoot ? 0 : 1) }
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
        return try MarkdownTree.tree(of: drawing, path: path)
    }

    /// Whether the start of a file looks like a `tree` drawing: a line with
    /// a branch, only bars and spaces before it, and no code block (a page
    /// with drawings in code blocks is Markdown). O(head).
    static func looksLikeADrawing(_ head: Substring) -> Bool {
        let lines = head.split(whereSeparator: \.isNewline)
        let fenced = lines.contains { line in ["```", "~~~"].contains { line.drop { $0 == " " }.hasPrefix($0) } }
        return !fenced && lines.contains { branch(in: TerminalText.seen($0), windows: true) != nil }
    }

    /// Where the line's branch starts (a column) and how long it is: the
    /// first column holding a branch, with only bars and spaces before it.
    /// A table's rule (`+----+----+`, `├──────┼──────┤`) is no branch: the
    /// "branch" goes on in rule characters. O(length × branches).
    private static func branch(in line: [Unicode.Scalar], windows: Bool) -> (Int, Int)? {
        let markers = windows ? windowsFirst : branches
        for column in line.indices {
            for marker in markers where starts(line, at: column, with: marker) {
                let after = column + marker.count
                if after < line.count, "─-┼+┬┴┤".unicodeScalars.contains(line[after]) { return nil }
                return (column, marker.count)
            }
            guard isBarOrSpace(line[column]) else { return nil }
        }
        return nil
    }

    /// Windows' branches tried before the others, which they start with.
    private static let windowsFirst = windowsBranches + branches

    private static func isBarOrSpace(_ c: Unicode.Scalar) -> Bool { c == "│" || c == "|" || c == " " || c == "\t" }

    private static func starts(_ line: [Unicode.Scalar], at i: Int, with marker: [Unicode.Scalar]) -> Bool {
        line.count - i >= marker.count && marker.indices.allSatisfy { line[i + $0] == marker[$0] }
    }

    private static func contains(_ line: [Unicode.Scalar], _ marker: [Unicode.Scalar]) -> Bool {
        line.indices.contains { starts(line, at: $0, with: marker) }
    }

    static func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    private static func trailingSpaceDropped(_ line: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var line = line
        while let last = line.last, last.properties.isWhitespace { line.removeLast() }
        return line
    }

    /// The lines Windows' `tree` starts with: `Folder PATH listing…`,
    /// `Volume serial number is …`, and the root (`C:.`, `C:\PROJECT`).
    private static func isWindowsHeader(_ line: String) -> Bool {
        line.hasPrefix("Folder PATH listing") || line.hasPrefix("Volume serial number") || line.range(of: #"^[A-Za-z]:[.\\]"#, options: .regularExpression) != nil
    }

    /// `3 directories, 5 files`, as `tree` ends its drawing.
    private static func isCount(_ line: [Unicode.Scalar]) -> Bool {
        let words = line.split(separator: " ")
        return words.count >= 2 && words[0].allSatisfy { ("0" ... "9").contains($0) }
            && (words[1].starts(with: scalars("director")) || words[1].starts(with: scalars("file")))
    }

    /// The commands that print trees, as a page shows them run.
    static let commands: Set<String> = ["tree", "eza", "exa", "lsd", "broot"]

    /// The words of the command a line shows (`$ tree -L 2`, `eza --tree`,
    /// `user@host:~/app$ tree`, `➜  app tree -L 2`, `PS C:\\app> tree /F`),
    /// from the tree command on (or, after a bare prompt, whatever it runs);
    /// nil for any other line.
    private static func commandWords(_ line: [Unicode.Scalar]) -> [String]? {
        let words = String(String.UnicodeScalarView(line)).split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        let isPrompt = { (word: String) in word == "➜" || word == "PS" || ["$", ">", "%", "#", "❯"].contains { word.hasSuffix($0) } }
        if let i = words.firstIndex(where: commands.contains) {
            // `tree -a` is a command, `tree` alone may be a folder; after a prompt, it is run.
            if i > 0, words[..<i].contains(where: isPrompt) { return Array(words[i...]) }
            if i == 0, words.count > 1, words[1].hasPrefix("-") || words[1].hasPrefix("/") { return words }
        }
        // A bare prompt runs something else (`$ npm install`): no entry either.
        return ["$", "%", ">", "❯", "#"].contains(first) ? Array(words.dropFirst()) : nil
    }

    private static func isCommand(_ line: [Unicode.Scalar]) -> Bool { commandWords(line) != nil }

    /// The level a tree command on the line cuts its drawing at: `tree -L 2`,
    /// `-L2`, `--level=2`, `--depth 2` (`lsd`); nil for none.
    static func cutLevel(commandedBy line: [Unicode.Scalar]) -> Int? {
        guard let words = commandWords(line), let first = words.first, commands.contains(first) else { return nil }
        for (i, word) in words.enumerated() {
            let next = i + 1 < words.count ? words[i + 1] : ""
            var value: String?
            if ["--level", "--depth"].contains(word) {
                value = next
            } else if let option = ["--level=", "--depth="].first(where: word.hasPrefix) {
                value = String(word.dropFirst(option.count))
            } else if word.hasPrefix("-"), !word.hasPrefix("--"), let l = word.firstIndex(of: "L") {
                // `-L 2`, `-L2`, and `L` in a cluster of short options (`-dL 2`, `-aL2`).
                let rest = word[word.index(after: l)...]
                value = rest.isEmpty ? next : String(rest)
            }
            if let value, let n = Int(value), (1 ... Limits.nodes).contains(n) { return n }
        }
        return nil
    }

    /// An entry as written after its branch: the name (`tree -F`'s marks
    /// dropped) and the note after two spaces or more, a tab, a full-width
    /// space, `#`, `//`, `<-` or `←`. O(length).
    static func entry(_ text: ArraySlice<Unicode.Scalar>) -> MarkdownTree.Entry {
        var t = Array(text)
        // `tree -h`, `-s`, `-p`, `-D` print a column in brackets before the name (`[4.0K]  src`).
        if t.first == "[", let close = t.firstIndex(of: "]"), close + 1 < t.count, t[close + 1] == " " {
            let after = t[(close + 1)...].drop { $0 == " " }
            if let next = after.first, !"#/←<".unicodeScalars.contains(next) { t = Array(after) }
        }
        // An emoji before the name is the page's icon (`📁 src`: a folder), not the name.
        var folderIcon = false
        if let (emoji, rest) = MarkdownTree.leadingEmoji(String(String.UnicodeScalarView(t))) {
            folderIcon = MarkdownTree.folderEmoji.contains(emoji)
            t = Array(rest.unicodeScalars)
        }
        var split = t.count
        for i in t.indices {
            let next = i + 1 < t.count ? t[i + 1] : " "
            if t[i] == "\t" || t[i] == "\u{3000}" || (t[i] == " " && next == " ") { split = i; break }
            if t[i] == " ", i > 0, noteMarks.contains(where: { starts(t, at: i, with: $0) }) { split = i; break }
        }
        var note = t[split...].drop { " \t\u{3000}#/".unicodeScalars.contains($0) }
        if note.starts(with: scalars("<-")) { note = note.dropFirst(2) } else if note.first == "←" { note = note.dropFirst() }
        note = note.drop { $0 == " " || $0 == "\u{3000}" }
        // `tree -l`'s link target goes, then a last `*` (executable), `@` (link), `=` (socket) or `|` (pipe).
        var name = t[..<split]
        if let arrow = name.indices.first(where: { starts(t, at: $0, with: linkArrow) }) { name = name[..<arrow] }
        name = name.drop { $0 == " " }
        while name.last == " " { name = name.dropLast() }
        if name.count > 1, let last = name.last, "*@=|".unicodeScalars.contains(last) { name = name.dropLast() }
        let written = String(String.UnicodeScalarView(name))
        return .literal(
            name: folderIcon && !written.hasSuffix("/") ? written + "/" : written, note: note.isEmpty ? nil : String(String.UnicodeScalarView(note)))
    }

    /// What starts a note after one space.
    private static let noteMarks = [" # ", " // ", " <- ", " ← "].map(scalars)
    /// What `tree -l` puts between a link and its target.
    private static let linkArrow = scalars(" -> ")
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
