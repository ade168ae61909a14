import Foundation
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
/// [link] text, which may hold spaces); the rest of the line is an
/// annotation drawn after it. A name ending in `/` (or an item with
/// children) is a folder; **bold** highlights the row (several may be); `…` or `...` is a
/// placeholder; `<!-- collapsed -->` makes a folder start collapsed (the
/// comment does not show on a docs site). Headings, prose and code blocks
/// around the list are ignored. `list: N` picks the N-th list of the file;
/// without it, the first list inside a `<FileTree>` block (as Starlight's
/// `.mdx` pages write trees), else the first list. O(lines).
enum MarkdownTree {
    struct Item {
        var indent: Int
        var text: String
        var line: Int
        var column: Int
    }

    /// The items of one list, and whether it is inside a `<FileTree>` block.
    struct List {
        var items: [Item] = []
        var inFileTree = false
    }

    /// The tree of list `number` (from 1) of the Markdown file at `path`; nil:
    /// the first list in a `<FileTree>` block, else the first list.
    static func read(_ path: String, list number: Int?, at location: ScenarioLocation) throws(ScenarioError) -> ImportedTree {
        let text = try Scenario.readText(path, what: "Markdown file")
        let lists = self.lists(in: text)
        guard !lists.isEmpty else {
            throw ScenarioError(
                file: path, line: 1, column: 1, message: "the Markdown file has no list",
                hint: "write the tree as a nested list (`- Sources/`, then `  - App.swift` under it)")
        }
        let number = number ?? (lists.firstIndex(where: \.inFileTree) ?? 0) + 1
        guard (1 ... lists.count).contains(number) else {
            throw ScenarioError(
                file: location.file, line: location.line, column: location.column,
                message: "`list: \(number)`, but \(InertText(path)) has \(lists.count) list\(lists.count == 1 ? "" : "s")",
                hint: "use a number from 1 to \(lists.count)")
        }
        var tree = ImportedTree()
        var open: [(indent: Int, node: Int)] = []  // the items that can take children, innermost last
        for item in lists[number - 1].items {
            while let last = open.last, last.indent >= item.indent { open.removeLast() }
            var node = parse(item.text, location: ScenarioLocation(file: path, line: item.line, column: item.column))
            node.parent = open.last?.node
            guard let index = tree.add(node) else {
                throw ScenarioError(
                    file: path, line: item.line, column: item.column, message: "the list has more than \(Limits.nodes) items",
                    hint: "split it into several lists")
            }
            if let parent = node.parent { tree.nodes[parent].isFolder = true }
            open.append((item.indent, index))
        }
        for i in tree.nodes.indices where !tree.nodes[i].isFolder { tree.nodes[i].expanded = false }
        return tree
    }

    /// The list items of each list in the text, outside code blocks. A
    /// list ends at a line that is not an item and is not indented past the
    /// list's own margin (a heading, a paragraph), at a code block, and at
    /// the start or end of a `<FileTree>` block. O(lines).
    static func lists(in text: String) -> [List] {
        var lists: [List] = []
        var current = List()
        var fence: Substring?
        var inFileTree = false
        func end() {
            if !current.items.isEmpty { lists.append(current) }
            current = List(inFileTree: inFileTree)
        }
        // "\r\n" is one Character in Swift: split on every kind of line end.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // The indentation is spaces and tabs: counted in bytes, not Characters (10× faster on deep lists).
            let margin = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let trimmed = line[margin.endIndex...]
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                end()
                continue
            }
            if trimmed.hasPrefix("<FileTree") || trimmed.hasPrefix("</FileTree") {
                inFileTree = !trimmed.hasPrefix("</")
                end()
                continue
            }
            if trimmed.isEmpty { continue }
            let indent = margin.reduce(0) { $0 + ($1 == UInt8(ascii: "\t") ? 4 : 1) }
            if let (marker, rest) = listMarker(trimmed) {
                current.items.append(Item(indent: indent, text: String(rest), line: number + 1, column: indent + marker + 1))
            } else if let first = current.items.first, indent <= first.indent {
                // A paragraph or heading at the list's margin ends the list; one
                // indented under an item (a numbered step's text) belongs to it.
                end()
            }
        }
        end()
        return lists
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

    /// An item's text as a node: name, annotation, folder, highlight, collapsed.
    static func parse(_ text: String, location: ScenarioLocation) -> ImportedTree.Node {
        var rest = Substring(text)
        var collapsed = false
        if let range = rest.range(of: "<!-- collapsed -->") {
            collapsed = true
            rest = rest[..<range.lowerBound] + rest[range.upperBound...]
        }
        rest = rest.drop { $0 == " " }
        var highlighted = false
        var name: Substring
        if let (inner, after) = enclosed(rest, "**", "**") ?? enclosed(rest, "__", "__") {
            highlighted = true
            name = inner
            rest = after
        } else if let (inner, after) = enclosed(rest, "`", "`") ?? link(rest) {
            name = inner
            rest = after
        } else {
            name = rest.prefix { $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(name.count)
        }
        // A code span or link inside the bold.
        if let (inner, _) = enclosed(name, "`", "`") ?? link(name) { name = inner }
        var isFolder = false
        if name.hasSuffix("/"), name.count > 1 {
            isFolder = true
            name = name.dropLast()
        }
        let annotation = annotation(rest.drop { $0 == " " || $0 == "\t" })
        return ImportedTree.Node(
            name: name == "..." ? "…" : String(name), annotation: annotation, isFolder: isFolder,
            expanded: !collapsed, highlighted: highlighted, location: location)
    }

    /// An annotation as a reader of the page sees it, in runs: Markdown's
    /// inline marks (`**bold**`, `__bold__`, `*italic*`, `` `code` ``) become
    /// the runs' emphasis (the marks inside a bold or italic run are dropped; a
    /// code span is taken as written); trailing blanks are dropped; nil for no
    /// text. O(length).
    static func annotation(_ s: Substring) -> Annotation? {
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
    /// inside of each pair of marks with the emphasis they give. O(length):
    /// a mark with no closing one is searched for once.
    static func scan(_ s: Substring, _ visit: (Substring, Annotation.Emphasis) -> Void) {
        var rest = s
        var unclosed: Set<String> = []
        while !rest.isEmpty {
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
    static func link(_ s: Substring) -> (Substring, Substring)? {
        guard let (text, after) = enclosed(s, "[", "]"), let (_, rest) = enclosed(after, "(", ")") else { return nil }
        return (text, rest)
    }
}
