import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// A tree from an OPML outline: the `<outline text="…">` elements of
/// `<body>`, nested as they are. `<expansionState>` in `<head>` (OPML 2.0: a
/// list of row numbers, each counted down the rows showing after the ones
/// before it were expanded) gives the initial expansion. Only what OPML
/// needs of XML is read (elements, attributes, the five named entities and
/// numeric ones; comments, declarations and CDATA are skipped); malformed
/// XML is an error with its line and column. O(size).
enum OPMLTree {
    static func read(_ path: String, at location: ScenarioLocation) throws(ScenarioError) -> ImportedTree {
        let text = try InputFile.text(path, what: "OPML file")
        var reader = XMLReader(text: text, file: path)
        var tree = ImportedTree()
        tree.icons = false
        // The open elements, each with the innermost <outline> row at or around it (the parent of a row that starts inside it).
        var open: [(name: String, row: Int?, line: Int, column: Int)] = []
        var inBody = false, sawOPML = false
        var expansionText: String?
        var collectText = false
        while let token = try reader.next() {
            switch token {
            case let .start(name, attributes, selfClosing, line, column):
                if open.isEmpty {
                    guard name == "opml" else { throw reader.error("the root element is <\(InertText(name))>, not <opml>", line: line, column: column) }
                    sawOPML = true
                }
                var row = open.last?.row
                if name == "body", open.last?.name == "opml" { inBody = true }
                if name == "outline", inBody {
                    let title = attributes["text"] ?? attributes["title"] ?? ""
                    guard
                        let index = tree.add(
                            ImportedTree.Node(
                                name: title, isFolder: false, expanded: false, parent: row,
                                location: ScenarioLocation(file: path, line: line, column: column)))
                    else { throw reader.error("the outline has more than \(Limits.nodes) rows", line: line, column: column) }
                    if let parent = tree.nodes[index].parent { tree.nodes[parent].isFolder = true }
                    row = index
                }
                collectText = name == "expansionState" && open.last?.name == "head"
                if collectText { expansionText = "" }
                if !selfClosing { open.append((name, row, line, column)) }
            case let .end(name, line, column):
                guard let last = open.popLast() else { throw reader.error("</\(InertText(name))> closes nothing", line: line, column: column) }
                guard last.name == name else {
                    throw reader.error("</\(InertText(name))> closes <\(InertText(last.name))> (line \(last.line))", line: line, column: column)
                }
                if name == "body" { inBody = false }
                collectText = false
            case let .text(t):
                if collectText { expansionText? += t }
            }
        }
        guard sawOPML else { throw reader.error("the file has no <opml> element", line: 1, column: 1) }
        if let last = open.last { throw reader.error("<\(InertText(last.name))> is never closed", line: last.line, column: last.column) }
        guard !tree.nodes.isEmpty else {
            throw ScenarioError(file: path, line: 1, column: 1, message: "the OPML body has no <outline> rows", hint: "add <outline text=\"…\"/> elements to <body>")
        }
        if let state = expansionText, let ignored = expand(&tree, state: state) {
            tree.origin = "\(path): <expansionState> holds \(ignored), which is not a row number: it is ignored"
        }
        return tree
    }

    /// Expands the rows `state` names, counting rows as the outline shows
    /// them: from 1 as the spec's author writes them, from 0 as OmniOutliner
    /// does (a list holding 0 is read so). The field is a convenience: a list
    /// that is not one of numbers is ignored; its first item that is not one is returned.
    static func expand(_ tree: inout ImportedTree, state: String) -> String? {
        var numbers: [Int] = []
        for item in state.split(separator: ",") {
            let text = item.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let n = Int(text), n >= 0 else { return "'\(InertText(String(text.prefix(40))))'" }
            numbers.append(n)
        }
        let specs = tree.nodes.enumerated().map { NodeSpec(key: String($0.offset), title: "", parent: $0.element.parent) }
        guard var outline = try? Outline(specs) else { return nil }
        let first = numbers.contains(0) ? 0 : 1
        for n in numbers {
            guard let row = outline.row(at: n - first) else { continue }  // past the end: outliners ignore it too
            _ = outline.expand(row.node)
        }
        for (index, node) in outline.nodes.enumerated() where outline.isExpanded(node) { tree.nodes[index].expanded = true }
        return nil
    }
}

/// The XML tokens OPML needs, with positions for errors.
struct XMLReader {
    enum Token {
        case start(String, [String: String], selfClosing: Bool, line: Int, column: Int)
        case end(String, line: Int, column: Int)
        case text(String)
    }

    let scalars: [Unicode.Scalar]
    let file: String
    var i = 0
    var line = 1, lineStart = 0

    init(text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    func error(_ message: String, line: Int, column: Int) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: "malformed OPML: " + message, hint: "check the file in an XML validator")
    }

    private var column: Int { i - lineStart + 1 }

    private mutating func advance() {
        if scalars[i] == "\n" {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    private func starts(_ s: String) -> Bool {
        var k = i
        for c in s.unicodeScalars {
            guard k < scalars.count, scalars[k] == c else { return false }
            k += 1
        }
        return true
    }

    /// Skips to just past `end`; an error when the file ends first.
    private mutating func skip(past end: String, what: String, line l: Int, column c: Int) throws(ScenarioError) {
        while i < scalars.count, !starts(end) { advance() }
        guard i < scalars.count else { throw error("\(what) is never closed", line: l, column: c) }
        for _ in end.unicodeScalars { advance() }
    }

    mutating func next() throws(ScenarioError) -> Token? {
        while i < scalars.count {
            let (l, c) = (line, column)
            if scalars[i] != "<" {
                var text = ""
                while i < scalars.count, scalars[i] != "<" {
                    text.unicodeScalars.append(scalars[i])
                    advance()
                }
                return .text(try decode(text, line: l, column: c))
            }
            if starts("<!--") {
                try skip(past: "-->", what: "a comment", line: l, column: c)
            } else if starts("<![CDATA[") {
                try skip(past: "]]>", what: "a CDATA section", line: l, column: c)
            } else if starts("<?") {
                try skip(past: "?>", what: "a declaration", line: l, column: c)
            } else if starts("<!") {
                try skip(past: ">", what: "a declaration", line: l, column: c)
            } else {
                return try tag(line: l, column: c)
            }
        }
        return nil
    }

    private mutating func tag(line l: Int, column c: Int) throws(ScenarioError) -> Token {
        advance()  // <
        let closing = i < scalars.count && scalars[i] == "/"
        if closing { advance() }
        let name = readName()
        guard !name.isEmpty else { throw error("'<' does not start a tag", line: l, column: c) }
        var attributes: [String: String] = [:]
        while true {
            while i < scalars.count, scalars[i].properties.isWhitespace { advance() }
            guard i < scalars.count else { throw error("<\(InertText(name)) is never closed", line: l, column: c) }
            if scalars[i] == ">" {
                advance()
                return closing ? .end(name, line: l, column: c) : .start(name, attributes, selfClosing: false, line: l, column: c)
            }
            if starts("/>"), !closing {
                advance()
                advance()
                return .start(name, attributes, selfClosing: true, line: l, column: c)
            }
            let (al, ac) = (line, column)
            let attribute = readName()
            guard !attribute.isEmpty, !closing else {
                throw error(closing ? "</\(InertText(name))> has attributes" : "<\(InertText(name))> holds something that is not an attribute", line: line, column: column)
            }
            while i < scalars.count, scalars[i].properties.isWhitespace { advance() }
            guard i < scalars.count, scalars[i] == "=" else { throw error("attribute \(InertText(attribute)) has no value", line: al, column: ac) }
            advance()
            while i < scalars.count, scalars[i].properties.isWhitespace { advance() }
            guard i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" else {
                throw error("the value of \(InertText(attribute)) is not in quotes", line: al, column: ac)
            }
            let quote = scalars[i]
            advance()
            var value = ""
            while i < scalars.count, scalars[i] != quote {
                value.unicodeScalars.append(scalars[i])
                advance()
            }
            guard i < scalars.count else { throw error("the value of \(InertText(attribute)) is never closed", line: al, column: ac) }
            advance()
            attributes[attribute] = try decode(value, line: al, column: ac)
        }
    }

    private mutating func readName() -> String {
        var name = ""
        while i < scalars.count, scalars[i].properties.isAlphabetic || scalars[i].properties.numericType != nil || "_-.:".unicodeScalars.contains(scalars[i]) {
            name.unicodeScalars.append(scalars[i])
            advance()
        }
        return name
    }

    /// Replaces entity references.
    private func decode(_ s: String, line l: Int, column c: Int) throws(ScenarioError) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw error("'&' starts no entity", line: l, column: c) }
            let entity = rest[rest.index(after: amp) ..< semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let v = named[String(entity)] {
                out += v
            } else if entity.hasPrefix("#"), let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                let scalar = Unicode.Scalar(code)
            {
                out.unicodeScalars.append(scalar)
            } else {
                throw error("unknown entity &\(InertText(String(entity)));", line: l, column: c)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}

extension TreeSourceKind {
    /// An OPML outline, as outliners and feed readers export it.
    package static let opml = TreeSourceKind(
        name: "an OPML file", key: "opml", isFolder: false, extensions: ["opml"], options: [.depth], recognizes: { $0.contains("<opml") }
    ) { path, options, at throws(ScenarioError) in
        try OPMLTree.read(path, at: at).limited(toDepth: options.depth)
    }
}
