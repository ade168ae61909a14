import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// A tree from a nested Markdown list, in the notation docs sites use for
/// file trees:
///
///     - Sources/
///       - **App.swift** ← you are here
///       - Views/ <!-- collapsed -->
///         - …
///     - README.md
///
/// An item's name is its first word (or a `code span`, a **bold** or a
/// [link] text, which may hold spaces) and the rest of the line an
/// annotation drawn after it, where the item reads so (`parse(_:splitsNote:location:)`:
/// in a `<FileTree>` block always, elsewhere when the name can be a file's);
/// a task box is its check. A name ending in `/` (or an item with
/// children) is a folder; **bold** highlights the row (several may be); `…` or `...` is a
/// placeholder; `<!-- collapsed -->` makes a folder start collapsed (the
/// comment does not show on a docs site). A `tree` drawing in a code block
/// is read too (`TreeDrawing`), and a tree drawn by indentation alone
/// (`IndentedTree`). Which tree of a page is read: see
/// `read(_:list:fileTree:at:)`. O(lines).
package enum MarkdownTree {
    /// An entry of a tree on the page: how deep it is (the column it starts
    /// at, or twice the folders open around a tag), what it says, and where.
    struct Item {
        var indent: Int
        var entry: Entry
        var line: Int
        var column: Int
    }

    /// What an item says, by where it is written.
    enum Entry {
        /// A Markdown list item's text outside a file-tree block: a name and a
        /// note only when the name can be a file's, is marked out or is
        /// followed as a note is written; else the whole item is one name
        /// (`Create a page`).
        case listItem(String)
        /// A `<FileTree>` block's item (or tag): its first word (or code
        /// span, bold or link) is the name, the rest its note.
        case fileTreeItem(String)
        /// A code block's entry, as written: no Markdown in it.
        case literal(name: String, note: String?)

        /// The entry as written, for telling a list of names from one of sentences.
        var text: String {
            switch self {
            case let .listItem(text), let .fileTreeItem(text): text
            case let .literal(name, note): name + (note.map { "  " + $0 } ?? "")
            }
        }
    }

    /// Something on a page that may be a tree, in page order: a list (in a
    /// `<FileTree>` block or not), a `tree` drawing in a code block, or a
    /// code block that holds none (kept to say what the page has).
    struct Candidate {
        enum Kind: Equatable {
            /// A `<FileTree>` block, a list, a `tree` drawing, a tree drawn by indentation in a code block (`IndentedTree`).
            case fileTree, list, drawing, indented
            /// A table of contents: the pages a Sphinx `toctree` or an mdBook `SUMMARY.md` lists (`TableOfContents`).
            case pages
            /// A code block with no tree drawing, and its language.
            case code(String)
        }

        var kind: Kind
        /// The line it starts on.
        var line: Int
        var items: [Item] = []
        /// The depth (0: the top) at which a drawing's command cut it
        /// (`tree -L 2`): its entries there may be folders whose entries are not shown.
        var cutDepth: Int?

        /// Whether some item is under another: a tree, not a flat list.
        var isNested: Bool { items.contains { $0.indent > (items.first?.indent ?? 0) } }
        /// Whether every item is a name alone (a list of files, not of sentences).
        var isBare: Bool { items.allSatisfy { !$0.entry.text.trimmingCharacters(in: .whitespaces).contains(" ") } }
        /// Whether a page's tree may be this one when none is asked for.
        var isTree: Bool {
            [.fileTree, .drawing, .indented].contains(kind) || (kind == .pages && !items.isEmpty) || (kind == .list && (isNested || isBare))
        }
    }

    /// Reads the tree `choice` names: the `tree`-th tree (in page order,
    /// whatever its form), the `list`-th list (any list), or the
    /// `fileTree`-th `<FileTree>` block; at most one of them. None: the
    /// first `<FileTree>` block, else the first `tree` drawing, else the
    /// first nested list or list of bare names, else the first table of
    /// contents, else the first tree drawn by indentation. A page with no tree is an
    /// error that lists what it has, never a list of sentences drawn as folders.
    /// A page in another markup (`markup`) is chosen from in the same way. O(lines).
    static func read(_ path: String, choice: TreeSourceOptions, markup: PageMarkup = .markdown, at location: ScenarioLocation)
        throws(ScenarioError) -> ImportedTree
    {
        let text = try InputFile.text(path, what: markup.page)
        let found = try markup.candidates(text, path).sorted { $0.line < $1.line }
        let (chosen, description) = try choose(found, choice, markup: markup, path: path, at: location)
        var tree = try self.tree(of: chosen, path: path)
        // Where the page could have meant another tree, say which one was read.
        if found.filter({ !isCode($0.kind) }).count > 1 {
            tree.origin = "\(path):\(chosen.line): \(description), \(tree.nodes.count) row\(tree.nodes.count == 1 ? "" : "s")"
        }
        return tree
    }

    /// The tree that a candidate's items (a list's, a `<FileTree>`'s or a
    /// drawing's) make: an item under another, more indented, is its entry,
    /// and an item with entries is a folder. O(items).
    static func tree(of candidate: Candidate, path: String) throws(ScenarioError) -> ImportedTree {
        var tree = ImportedTree()
        var open: [(indent: Int, node: Int)] = []  // the items that can take children, innermost last
        for item in candidate.items {
            while let last = open.last, last.indent >= item.indent { open.removeLast() }
            var node = parse(item.entry, location: ScenarioLocation(file: path, line: item.line, column: item.column))
            node.parent = open.last?.node
            guard let index = tree.add(node) else {
                throw ScenarioError(
                    file: path, line: item.line, column: item.column, message: "the tree has more than \(Limits.nodes) entries",
                    hint: "split it into several trees")
            }
            if let parent = node.parent { tree.nodes[parent].isFolder = true }
            open.append((item.indent, index))
        }
        for i in tree.nodes.indices where !tree.nodes[i].isFolder { tree.nodes[i].expanded = false }
        if let depth = candidate.cutDepth { tree.markCut(atDepth: depth) }
        return tree
    }

    /// Whether the start of a file looks like a Markdown page with a tree:
    /// a line that is a list item, a code fence or a component tree's tag. O(head).
    static func looksLikeAPage(_ head: Substring) -> Bool {
        head.split(whereSeparator: \.isNewline).contains { line in
            let t = line.drop { $0 == " " || $0 == "\t" }
            return ["- ", "* ", "+ ", "```", "~~~", "<FileTree", "<Files"].contains { t.hasPrefix($0) }
        }
    }

    /// The candidate to read, and how to name it (`<FileTree> 2 of 3`).
    private static func choose(_ found: [Candidate], _ choice: TreeSourceOptions, markup: PageMarkup, path: String, at location: ScenarioLocation)
        throws(ScenarioError) -> (Candidate, String)
    {
        func refuse(_ message: String, hint: String) -> ScenarioError {
            ScenarioError(file: location.file, line: location.line, column: location.column, message: message, hint: hint)
        }
        func pick(_ n: Int, of kinds: [Candidate], option: String, what: String, listing: Bool = false) throws(ScenarioError) -> (Candidate, String) {
            guard (1 ... max(1, kinds.count)).contains(n), n <= kinds.count else {
                // The trees are listed, with their lines and forms, to choose from.
                let listed = listing && !kinds.isEmpty ? ": " + kinds.prefix(12).map(describeTree).joined(separator: "; ") + (kinds.count > 12 ? "; …" : "") : ""
                throw refuse(
                    "there is no \(what) \(n): \(InertText(path)) has \(kinds.count) \(what)\(kinds.count == 1 ? "" : "s")\(listed)",
                    hint: kinds.isEmpty ? "leave out \(option)" : "use a number from 1 to \(kinds.count)")
            }
            return (kinds[n - 1], "\(what) \(n) of \(kinds.count)")
        }
        guard [choice.tree, choice.list, choice.fileTree].compactMap({ $0 }).count <= 1 else {
            throw refuse(
                "more than one of a tree's, a list's and a <FileTree> block's numbers were given",
                hint: "give one: the tree (`--tree`, `tree:`), the list (`--list`, `list:`) or the <FileTree> block (`--filetree`, `filetree:`)")
        }
        let lists = found.filter { $0.kind == .list || $0.kind == .fileTree }
        let fileTrees = found.filter { $0.kind == .fileTree }
        if let n = choice.tree { return try pick(n, of: found.filter(\.isTree), option: "the tree's number", what: "tree", listing: true) }
        if let n = choice.list { return try pick(n, of: lists, option: "the list's number", what: "list") }
        if let n = choice.fileTree { return try pick(n, of: fileTrees, option: "the <FileTree> block's number", what: "<FileTree>") }
        if let first = fileTrees.first { return (first, "<FileTree> 1 of \(fileTrees.count)") }
        let drawings = found.filter { $0.kind == .drawing }
        if let first = drawings.first { return (first, "tree drawing 1 of \(drawings.count)") }
        if let index = lists.firstIndex(where: \.isTree) { return (lists[index], "list \(index + 1) of \(lists.count)") }
        let contents = found.filter { $0.kind == .pages && $0.isTree }
        if let first = contents.first { return (first, "table of contents 1 of \(contents.count)") }
        // A tree drawn by indentation alone comes after every other form: a page's list says more surely what it means.
        let indented = found.filter { $0.kind == .indented }
        if let first = indented.first { return (first, "indentation tree 1 of \(indented.count)") }
        throw ScenarioError(
            file: path, line: found.isEmpty ? 1 : 0, column: found.isEmpty ? 1 : 0,
            message: found.isEmpty
                ? "the \(markup.page) has no list and no tree drawing"
                : "the \(markup.page) has no tree: " + found.prefix(8).map(describe).joined(separator: "; ") + (found.count > 8 ? "; …" : ""),
            hint: markup.hint + "; or read a list as it is with --list N")
    }

    /// What a tree of the page is, for a message: `line 12: a tree drawing of 9 entries`.
    private static func describeTree(_ c: Candidate) -> String {
        let entries = "\(c.items.count) entr\(c.items.count == 1 ? "y" : "ies")"
        switch c.kind {
        case .fileTree: return "line \(c.line): a <FileTree> block of \(entries)"
        case .drawing: return "line \(c.line): a tree drawing of \(entries)"
        case .indented: return "line \(c.line): a tree drawn by indentation, of \(entries)"
        case .pages: return "line \(c.line): a table of contents of \(entries)"
        default: return "line \(c.line): a list of \(entries)"
        }
    }

    private static func isCode(_ kind: Candidate.Kind) -> Bool {
        if case .code = kind { true } else { false }
    }

    /// What a candidate is, for a message: `line 12: a list of 3 sentences`.
    private static func describe(_ c: Candidate) -> String {
        switch c.kind {
        case .code(let language): "line \(c.line): a code block\(language.isEmpty ? "" : " (\(InertText(language)))") with no tree drawing"
        case .pages: "line \(c.line): a table of contents with no entries"
        default: "line \(c.line): a list of \(c.items.count) item\(c.items.count == 1 ? "" : "s"), not nested"
        }
    }

    /// Everything on the page that may be a tree, in page order. A list ends
    /// at a line that is not an item and is not indented past the list's own
    /// margin (a heading, a paragraph), at a code block, and at the start or
    /// end of a `<FileTree>` block. O(lines).
    static func candidates(in text: String, path: String) throws(ScenarioError) -> [Candidate] {
        var scan = PageScan(path: path)
        for (number, line) in TextLines(text) where !line.isEmpty { try scan.read(line, number: number) }  // an empty line changes nothing
        return scan.finish()
    }

    /// The candidates of a page, as its lines come.
    private struct PageScan {
        let path: String
        var found: [Candidate] = []
        var current = Candidate(kind: .list, line: 0)
        var inFileTree = false
        var jsxDepth = 0  // the folders open at a component tree's tag
        /// An open code block: its fence's character and length, and its lines.
        var fence: (mark: Character, length: Int, block: Candidate, lines: [(Int, Substring)])?
        /// What is kept (items, and a code block's lines): a page holds at most a tree's nodes of them.
        var kept = 0

        init(path: String) { self.path = path }

        mutating func end() {
            if !current.items.isEmpty { found.append(current) }
            current = Candidate(kind: inFileTree ? .fileTree : .list, line: 0)
        }

        mutating func closeFence() {
            if let open = fence {
                // MyST, Sphinx's Markdown, writes a toctree as a fence: ```{toctree}.
                let isTocTree = open.block.kind == .code("{toctree}")
                found.append(isTocTree ? TableOfContents.tocTree(at: open.block.line, lines: open.lines) : TreeDrawing.candidate(open.block, lines: open.lines))
            }
            fence = nil
        }

        /// Counts `more` kept things, up to the limit.
        mutating func keep(_ more: Int, line: Int) throws(ScenarioError) {
            kept += more
            guard kept <= Limits.nodes else { throw tooLong(path, line: line) }
        }

        /// The page's line `number` (from 1).
        mutating func read(_ line: Substring, number: Int) throws(ScenarioError) {
            // The indentation is spaces and tabs: counted in bytes, not Characters (10× faster on deep lists).
            let margin = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let trimmed = line[margin.endIndex...]
            if let open = fence {
                if closesFence(trimmed, mark: open.mark, length: open.length) {
                    closeFence()
                } else if !trimmed.isEmpty {  // a blank line is no entry of a drawing
                    try keep(1, line: number)
                    fence?.lines.append((number, line))
                }
                return
            }
            if let opening = fenceOpening(trimmed) {
                end()
                fence = (opening.mark, opening.length, Candidate(kind: .code(opening.language), line: number), [])
                return
            }
            let block = JSXFileTree.block(trimmed)  // `<FileTree>` or `<Files>` opens (true) or closes (false)
            if let block {
                (inFileTree, jsxDepth) = (block, 0)
                end()
            }
            if inFileTree, JSXFileTree.holdsTags(trimmed) {
                let before = current.items.count
                JSXFileTree.read(trimmed, line: number, margin: margin.count, into: &current, depth: &jsxDepth)
                try keep(current.items.count - before, line: number)
                if JSXFileTree.closesBlock(trimmed) { (inFileTree, jsxDepth) = (false, 0) }
                if !inFileTree { end() }
                return
            }
            guard block == nil, !trimmed.isEmpty else { return }
            let indent = margin.reduce(0) { $0 + ($1 == UInt8(ascii: "\t") ? 4 : 1) }
            if let (marker, rest) = listMarker(trimmed) {
                try keep(1, line: number)
                if current.items.isEmpty { current.line = number }
                let entry = inFileTree ? Entry.fileTreeItem(String(rest)) : .listItem(String(rest))
                current.items.append(Item(indent: indent, entry: entry, line: number, column: indent + marker + 1))
            } else if let first = current.items.first, indent <= first.indent {
                // A paragraph or heading at the list's margin ends the list; one
                // indented under an item (a numbered step's text) belongs to it.
                end()
            }
        }

        /// The candidates, once the page has ended: a code block left open
        /// runs to the end of the page (CommonMark).
        mutating func finish() -> [Candidate] {
            closeFence()
            end()
            return found
        }
    }

    /// The error of a page with more list items and code lines than a tree has nodes.
    static func tooLong(_ path: String, line: Int) -> ScenarioError {
        ScenarioError(
            file: path, line: line, column: 1, message: "the page has more than \(Limits.nodes) list items and lines of code",
            hint: "split it into several pages")
    }

    /// Whether a line closes a fence of `length` `mark`s: a run of its
    /// character at least as long, and nothing after it (CommonMark).
    static func closesFence(_ trimmed: Substring, mark: Character, length: Int) -> Bool {
        let run = trimmed.prefix { $0 == mark }
        return run.count >= length && trimmed.dropFirst(run.count).allSatisfy(\.isWhitespace)
    }

    /// The fence a line opens (three or more backticks or tildes, then the
    /// info string's first word, its language); nil for any other line.
    static func fenceOpening(_ trimmed: Substring) -> (mark: Character, length: Int, language: String)? {
        guard let mark = trimmed.first, mark == "`" || mark == "~" else { return nil }
        let run = trimmed.prefix { $0 == mark }
        let info = trimmed.dropFirst(run.count)
        // A run of backticks followed by another backtick is code in a paragraph, not a fence.
        guard run.count >= 3, mark == "~" || !info.contains("`") else { return nil }
        return (mark, run.count, String(info.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }))
    }

    /// `- `, `* `, `+ ` or `1. ` / `1) `: the marker's width and the text after it.
    static func listMarker(_ s: Substring) -> (Int, Substring)? {
        if let first = s.first, "-*+".contains(first) {
            let rest = s.dropFirst()
            guard rest.first == " " || rest.first == "\t" else { return nil }
            // `---` and `* * *` are rules, not items.
            if rest.allSatisfy({ $0 == first || $0 == " " }) { return nil }
            return (2, rest.dropFirst())
        }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let after = s.dropFirst(digits.count)
        guard let dot = after.first, dot == "." || dot == ")", after.dropFirst().first == " " else { return nil }
        return (digits.count + 2, after.dropFirst(2))
    }

    /// An item as a node: name, annotation, folder, highlight, collapsed, check.
    static func parse(_ entry: Entry, location: ScenarioLocation) -> ImportedTree.Node {
        switch entry {
        case let .fileTreeItem(text): return parse(text, splitsNote: true, location: location)
        case let .listItem(text): return parse(text, splitsNote: false, location: location)
        case let .literal(written, note):
            let isFolder = written.hasSuffix("/") && written.count > 1
            let name = isFolder ? String(written.dropLast()) : written
            return ImportedTree.Node(
                name: name == "..." || name == "…" ? Appearance.placeholderTitle : name, annotation: note.map { Annotation([Annotation.Run($0)]) },
                isFolder: isFolder, expanded: true, location: location)
        }
    }

    /// A list item's Markdown as a node. With `splitsNote` (a file-tree
    /// block's rule), the first word, code span, bold, link or quoted text
    /// (`"READ ME.md"`) is the name and the rest its note; without, only a name that can be a file's (`a.md`,
    /// `src/`) or is marked out (code, bold, a link) is split from what follows,
    /// and any other item is one name. A task box (`[x]`) is the row's check;
    /// an emoji before the name is the page's icon (`📁` a folder), not the name.
    static func parse(_ text: String, splitsNote: Bool, location: ScenarioLocation) -> ImportedTree.Node {
        var rest = Substring(text)
        var collapsed = false
        if let range = rest.range(of: "<!-- collapsed -->") {
            collapsed = true
            rest = rest[..<range.lowerBound] + rest[range.upperBound...]
        }
        rest = rest.drop { $0 == " " }
        var checked: Bool?
        if let box = ["[ ] ": false, "[x] ": true, "[X] ": true].first(where: { rest.hasPrefix($0.key) }) {
            checked = box.value
            rest = rest.dropFirst(4).drop { $0 == " " }
        }
        var folderIcon = false
        if let (emoji, after) = leadingEmoji(String(rest)) {
            folderIcon = folderEmoji.contains(emoji)
            rest = Substring(after)
        }
        let whole = rest
        var highlighted = false
        var name: Substring
        var marked = true
        if let (inner, after) = enclosed(rest, "**", "**") ?? enclosed(rest, "__", "__") {
            highlighted = true
            name = inner
            rest = after
        } else if let (inner, after) = enclosed(rest, "`", "`") ?? link(rest) {
            name = inner
            rest = after
        } else if splitsNote, let (inner, after) = enclosed(rest, "\"", "\"") ?? enclosed(rest, "“", "”") {
            // `<FileTree>` quotes a name with spaces: `"READ ME.md" the note`.
            name = inner
            rest = after
        } else {
            name = rest.prefix { $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(name.count)
            marked = false
        }
        // A code span or link inside the bold.
        if let (inner, _) = enclosed(name, "`", "`") ?? link(name) { name = inner }
        if !splitsNote, !marked, !rest.allSatisfy(\.isWhitespace), !canBeAFileName(name), !startsANote(rest) {
            // A sentence, not a name and a note.
            name = Substring(plainText(whole).trimmingCharacters(in: .whitespaces))
            rest = ""
        } else if !marked {
            name = Substring(plainText(name))  // `\_config.yml` is `_config.yml`
        }
        var isFolder = folderIcon
        if name.hasSuffix("/"), name.count > 1 {
            isFolder = true
            name = name.dropLast()
        }
        let annotation = annotation(rest.drop { $0 == " " || $0 == "\t" })
        return ImportedTree.Node(
            name: name == "..." ? Appearance.placeholderTitle : String(name), annotation: annotation, isFolder: isFolder,
            expanded: !collapsed, highlighted: highlighted, checked: checked, location: location)
    }

    /// Whether a word can be a file's or folder's name: a `/` at its end, or
    /// a `.` in it (`a.md`, `.gitignore`).
    static func canBeAFileName(_ word: Substring) -> Bool {
        word.hasSuffix("/") || (word.count > 1 && word.dropLast().contains("."))
    }

    /// Whether what follows a name starts a note the way pages write one
    /// (two spaces, a tab, ` — `, ` - `, ` # `, ` // `, ` (`, ` ← `): `Makefile  builds it`.
    static func startsANote(_ rest: Substring) -> Bool {
        ["  ", "\t", " — ", " – ", " - ", " # ", " // ", " (", " ← ", " <- "].contains(where: rest.hasPrefix)
    }

    /// The emojis that mark a folder.
    static let folderEmoji: Set<Character> = ["📁", "📂", "🗂", "🗂️"]

    /// An emoji shown as a picture (`📁`, `📄`, `✅`) and the spaces after it
    /// at the start of `text`, with what follows; nil when it starts otherwise
    /// or the emoji is all there is.
    static func leadingEmoji(_ text: String) -> (Character, Substring)? {
        guard let c = text.first, let first = c.unicodeScalars.first, text.dropFirst().first == " " else { return nil }
        guard first.properties.isEmojiPresentation || (first.properties.isEmoji && c.unicodeScalars.contains("\u{FE0F}")) else { return nil }
        let rest = text.dropFirst().drop { $0 == " " }
        return rest.isEmpty ? nil : (c, rest)
    }

    /// An annotation as a reader of the page sees it, in runs: Markdown's
    /// inline marks (`**bold**`, `__bold__`, `*italic*`, `` `code` ``) become
    /// the runs' emphasis (the marks inside a bold or italic run are dropped; a
    /// code span is taken as written); trailing blanks are dropped; nil for no
    /// text. O(length).
    package static func annotation(_ s: Substring) -> Annotation? {
        var runs: [Annotation.Run] = []
        scan(s) { text, emphasis in
            let text = emphasis == .bold || emphasis == .italic ? plainText(text) : String(text)
            if let last = runs.last, last.emphasis == emphasis {
                runs[runs.count - 1].text += text
            } else {
                runs.append(Annotation.Run(text, emphasis))
            }
        }
        while let last = runs.last {
            let trimmed = String(last.text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed.isEmpty {
                runs.removeLast()
            } else {
                runs[runs.count - 1].text = trimmed
                break
            }
        }
        return runs.isEmpty ? nil : Annotation(runs)
    }

    /// Text without Markdown's inline marks, as a reader sees it. O(length).
    static func plainText(_ s: Substring) -> String {
        var out = ""
        scan(s) { text, _ in out += text }
        return out
    }

    /// Hands `s` to `visit` in pieces: text outside marks (`.none`) and the
    /// inside of each pair of marks with the emphasis they give; a
    /// backslash before punctuation makes it text (`\*`). O(length): a mark
    /// with no closing one is searched for once.
    static func scan(_ s: Substring, _ visit: (Substring, Annotation.Emphasis) -> Void) {
        var rest = s
        var unclosed: Set<String> = []
        while !rest.isEmpty {
            if rest.first == "\\", let next = rest.dropFirst().first, next.isASCII, next.isPunctuation || next.isSymbol {
                visit(rest.dropFirst().prefix(1), .none)
                rest = rest.dropFirst(2)
                continue
            }
            var found = false
            for mark in ["**", "__", "`", "*"] where !unclosed.contains(mark) && rest.hasPrefix(mark) {
                // An emphasis mark opens only before text: `2 * 3` is no italic.
                if mark != "`", rest.dropFirst(mark.count).first?.isWhitespace ?? true { break }
                if let (inner, after) = enclosed(rest, mark, mark) {
                    visit(inner, mark == "`" ? .code : mark == "*" ? .italic : .bold)
                    rest = after
                    found = true
                } else if !rest.dropFirst(mark.count).isEmpty {
                    unclosed.insert(mark)
                }
                break
            }
            if !found {
                visit(rest.prefix(1), .none)
                rest = rest.dropFirst()
            }
        }
    }

    /// `open` … `close` at the start of `s`: the text between and what follows.
    static func enclosed(_ s: Substring, _ open: String, _ close: String) -> (Substring, Substring)? {
        guard s.hasPrefix(open) else { return nil }
        let body = s.dropFirst(open.count)
        guard let end = body.range(of: close), end.lowerBound != body.startIndex else { return nil }
        return (body[..<end.lowerBound], body[end.upperBound...])
    }

    /// `[text](target)` at the start of `s`: the text and what follows.
    /// mdBook's draft chapter has an empty target (`[Draft chapter]()`).
    static func link(_ s: Substring) -> (Substring, Substring)? {
        guard let (text, after) = enclosed(s, "[", "]") else { return nil }
        if after.hasPrefix("()") { return (text, after.dropFirst(2)) }
        guard let (_, rest) = enclosed(after, "(", ")") else { return nil }
        return (text, rest)
    }
}

extension TreeSourceKind {
    /// A Markdown page (or MDX): its nested lists, `<FileTree>` blocks and drawings in code blocks.
    package static let markdown = TreeSourceKind(
        name: "a Markdown file", key: "markdown", isFolder: false, extensions: ["md", "mdx", "markdown", "txt"],
        options: [.tree, .list, .filetree, .depth], recognizes: MarkdownTree.looksLikeAPage
    ) { path, options, at throws(ScenarioError) in
        try MarkdownTree.read(path, choice: options, markup: .markdown, at: at).limited(toDepth: options.depth)
    }
}
