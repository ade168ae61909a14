/// The file trees docs sites write as components rather than lists:
/// Nextra's `<FileTree>` of `<FileTree.Folder name="…" defaultOpen>` and
/// `<FileTree.File name="…" />`, and Fumadocs' `<Files>` of `<Folder>` and
/// `<File>`. Each tag is an entry of the block, nested as the tags nest; a
/// folder without `defaultOpen` starts closed, as the component shows it.
enum JSXFileTree {
    /// A tag of such a tree.
    enum Tag: Equatable {
        /// A folder that holds the entries up to its closing tag (a
        /// self-closing one holds none).
        case folder(name: String, open: Bool, holds: Bool)
        /// The end of the innermost folder.
        case close
        case file(name: String)
    }

    /// Whether a line holds such tags (anywhere: a tree may be written on one line).
    static func holdsTags(_ line: Substring) -> Bool {
        ["<FileTree.", "</FileTree.", "<Folder", "</Folder", "<File ", "<File/"].contains { line.contains($0) }
    }

    /// Whether a line closes its block after its tags (`…</FileTree>`, `…</Files>`).
    static func closesBlock(_ line: Substring) -> Bool {
        line.contains("</FileTree>") || line.contains("</Files>")
    }

    /// Whether a line opens or closes a block that holds such tags
    /// (`<Files>`, and Nextra's or Starlight's `<FileTree>`): true for an
    /// opening, false for a closing, nil for another line.
    static func block(_ line: Substring) -> Bool? {
        if line.hasPrefix("</FileTree>") || line.hasPrefix("</Files>") { return false }
        if line.hasPrefix("<FileTree>") || line.hasPrefix("<FileTree ") || line.hasPrefix("<Files>") || line.hasPrefix("<Files ") { return true }
        return nil
    }

    /// The tags of a line, each with the column it starts at (from 1). O(length).
    static func tags(in line: Substring) -> [(tag: Tag, column: Int)] {
        var found: [(Tag, Int)] = []
        var rest = line[...]
        while let start = rest.firstIndex(of: "<") {
            let body = rest[rest.index(after: start)...].prefix { $0 != ">" }
            let column = line.distance(from: line.startIndex, to: start) + 1
            rest = rest[body.endIndex...].dropFirst()
            let selfClosing = body.hasSuffix("/")
            let isNamePart = { (c: Character) in c.isLetter || c.isNumber || c == "." }
            let element = body.hasPrefix("/") ? "/" + body.dropFirst().prefix(while: isNamePart) : String(body.prefix(while: isNamePart))
            switch element {
            case "/FileTree.Folder", "/Folder": found.append((.close, column))
            case "FileTree.Folder", "Folder":
                found.append((.folder(name: attribute("name", in: body) ?? "", open: has("defaultOpen", in: body), holds: !selfClosing), column))
            case "FileTree.File", "File": found.append((.file(name: attribute("name", in: body) ?? ""), column))
            default: continue
            }
        }
        return found
    }

    /// Appends the entries of a line of tags (line `line` of the page, its
    /// text after `margin` characters of indentation) to `candidate`, each
    /// indented by the folders open (`depth`, which the tags open and
    /// close). O(length).
    static func read(_ line: Substring, line number: Int, margin: Int, into candidate: inout MarkdownTree.Candidate, depth: inout Int) {
        for (tag, column) in tags(in: line) {
            guard let text = itemText(tag) else {
                depth = max(0, depth - 1)
                continue
            }
            if candidate.items.isEmpty { candidate.line = number }
            candidate.items.append(MarkdownTree.Item(indent: 2 * depth, entry: .fileTreeItem(text), line: number, column: margin + column))
            if case .folder(_, _, true) = tag { depth += 1 }
        }
    }

    /// An entry as a Markdown list item writes it (`parse` reads it): the
    /// name as a code span (it may hold spaces), `/` after a folder's, and a
    /// closed folder marked `<!-- collapsed -->`.
    static func itemText(_ tag: Tag) -> String? {
        func span(_ name: String) -> String { "`" + name.filter { $0 != "`" } }
        switch tag {
        case let .folder(name, open, _): return span(name) + "/`" + (open ? "" : " <!-- collapsed -->")
        case let .file(name): return span(name) + "`"
        case .close: return nil
        }
    }

    /// The value of `name="…"` (or `'…'`, or `{"…"}`) in a tag's body.
    private static func attribute(_ key: String, in body: Substring) -> String? {
        guard let range = body.range(of: key + "=") else { return nil }
        var value = body[range.upperBound...]
        if value.hasPrefix("{") { value = value.dropFirst() }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        return String(value.dropFirst().prefix { $0 != quote })
    }

    /// Whether a tag's body holds the flag `key` (`defaultOpen`, or `defaultOpen={true}`).
    private static func has(_ key: String, in body: Substring) -> Bool {
        body.split(whereSeparator: \.isWhitespace).contains { $0 == key || $0.hasPrefix(key + "={true}") || $0 == key + "/" }
    }
}
