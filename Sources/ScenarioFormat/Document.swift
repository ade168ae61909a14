import OutlineAppearance
import OutlineEngine
import UnfoldSupport
import Yams

/// A parsed YAML or JSON document, read through `Value`s that remember where
/// they are, so that every error can point at a line and column.
struct Document {
    let file: String
    let root: Value

    /// The nesting that scenario files may use. Yams builds nodes recursively,
    /// so a file is checked for nesting before it is parsed.
    static let maxNesting = Limits.fileNesting

    init(text: String, file: String) throws(ScenarioError) {
        self.file = file
        if let (line, depth) = Document.nestingBeyondLimit(text) {
            throw ScenarioError(
                file: file, line: line, column: 1,
                message: "nesting is at least \(depth) levels deep; the limit is \(Document.maxNesting)",
                hint: "build deeper trees with the Swift API, or flatten the file")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Document.syntaxError(error, text: text, file: file)
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, message: "cannot parse the file as YAML", hint: "check that it is a text file")
        }
        guard let node else {
            throw ScenarioError(
                file: file, line: 1, column: 1, message: "the file is empty",
                hint: "a scenario needs at least `name:` and `tree:`")
        }
        root = Value(
            node: node, file: file, nodeBudget: Document.nodeBudget(bytes: text.utf8.count), textBudget: Document.textBudget(bytes: text.utf8.count))
    }

    /// The most tree nodes a file of `bytes` bytes may hold: every node a
    /// file writes takes at least two bytes, so only aliases (`*name`, which
    /// repeat an anchored part) reach past `bytes / 2`. A few repeats are
    /// welcome; a file whose aliases multiply into millions of nodes (an
    /// "alias bomb") is refused after reading at most this many, in time and
    /// memory linear in its size. O(1).
    static func nodeBudget(bytes: Int) -> Int {
        min(Limits.nodes, 16 * bytes + 100_000)
    }

    /// The most bytes of text (titles, notes, handlers) a tree of a file of
    /// `bytes` bytes may hold: a node that repeats an alias of a long text
    /// costs its length each time, not one node. O(1).
    static func textBudget(bytes: Int) -> Int {
        16 * bytes + (1 << 20)
    }

    /// An upper bound of the nesting of block indentation, sequence dashes and
    /// flow brackets, with the line where it passes the limit.
    static func nestingBeyondLimit(_ text: String) -> (line: Int, depth: Int)? {
        var flow = 0
        var line = 1
        var lineStart = true
        var indent = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"): line += 1; lineStart = true; indent = 0; continue
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "?"):
                if lineStart { indent += 1; continue }  // only the line's leading indicators nest
            case UInt8(ascii: "["), UInt8(ascii: "{"): flow += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): flow -= 1
            default: break
            }
            lineStart = false
            if indent + max(flow, 0) > maxNesting { return (line, indent + max(flow, 0)) }
        }
        return nil
    }

    /// The error of a file YAML refused, told by its position and the
    /// reader's own words, never by quoting the file: it may be any file
    /// (`/proc/self/environ` behind a link) whose lines must not reach a log.
    static func syntaxError(_ error: YamlError, text: String, file: String) -> ScenarioError {
        switch error {
        case let .reader(problem, offset, value, _):
            let (line, column) = position(ofByte: offset ?? 0, in: text)
            let character = value >= 0 ? String(format: " (U+%04X)", value) : ""
            return ScenarioError(
                file: file, line: line, column: column, message: "the file cannot be read as YAML: \(InertText(problem))\(character)",
                hint: "a scenario is UTF-8 text without control characters")
        case let .scanner(context, problem, mark, _):
            return ScenarioError(
                file: file, line: mark.line, column: mark.column,
                message: "syntax error: \(InertText(problem))" + (context.map { " \(InertText($0.text))" } ?? ""),
                hint: "check the indentation and quoting on this line")
        case let .parser(context, problem, mark, _):
            return ScenarioError(
                file: file, line: mark.line, column: mark.column,
                message: "syntax error: \(InertText(problem))" + (context.map { " \(InertText($0.text))" } ?? ""),
                hint: "check the indentation and quoting on this line")
        case let .composer(context, problem, mark, _):
            return ScenarioError(
                file: file, line: mark.line, column: mark.column,
                message: "syntax error: \(InertText(problem))" + (context.map { " \(InertText($0.text))" } ?? ""))
        default:
            // Other errors quote the file (a duplicate key quotes all of it): only their kind is told.
            let kind = Mirror(reflecting: error).children.first?.label ?? "unknown"
            return ScenarioError(file: file, line: 1, column: 1, message: "cannot parse the file as YAML (\(kind))", hint: "check for duplicate keys")
        }
    }

    /// The 1-based line and column of the byte at `offset` of `text`. O(offset).
    static func position(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// A node of a document with its position.
struct Value {
    let node: Node
    let file: String
    /// The most tree nodes read from this value's document (`Document.nodeBudget`).
    var nodeBudget = Limits.nodes
    /// The most bytes of text read into a tree from this value's document (`Document.textBudget`).
    var textBudget = Int.max

    var line: Int { node.mark?.line ?? 1 }
    var column: Int { node.mark?.column ?? 1 }

    func error(_ message: String, hint: String = "") -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message, hint: hint)
    }

    /// Not a `switch`: Yams 6 has a case for aliases that Yams 5 lacks, and a
    /// `default` would be "never executed" with Yams 5.
    var typeName: String {
        if node.scalar != nil { return "a scalar" }
        if node.mapping != nil { return "a mapping" }
        if node.sequence != nil { return "a list" }
        return "an alias"
    }

    /// Text of at most `Limits.textLength` characters.
    func string(_ what: String) throws(ScenarioError) -> String {
        guard case let .scalar(s) = node else { throw error("\(what) must be text, not \(typeName)") }
        guard s.string.utf8.count <= Limits.textLength || s.string.count <= Limits.textLength else {
            throw error("\(what) is \(s.string.count) characters long; the limit is \(Limits.textLength)")
        }
        return s.string
    }

    func int(_ what: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard case let .scalar(s) = node, let v = Int(s.string) else {
            throw error("\(what) must be a whole number, not \(describe())")
        }
        guard range.contains(v) else { throw error("\(what) is \(v); it must be in \(range.lowerBound)...\(range.upperBound)") }
        return v
    }

    func double(_ what: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard case let .scalar(s) = node, let v = Double(s.string), v.isFinite else {
            throw error("\(what) must be a number, not \(describe())")
        }
        guard range.contains(v) else {
            throw error("\(what) is \(InertText(s.string)); it must be in \(clean(range.lowerBound))...\(clean(range.upperBound))")
        }
        return v
    }

    func bool(_ what: String) throws(ScenarioError) -> Bool {
        guard case let .scalar(s) = node else { throw error("\(what) must be true or false, not \(typeName)") }
        switch s.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false, not '\(InertText(s.string))'")
        }
    }

    /// One of a fixed set of words, with a did-you-mean.
    func choice<T: RawRepresentable & CaseIterable>(_ what: String, _: T.Type) throws(ScenarioError) -> T where T.RawValue == String {
        let word = try string(what)
        if let v = T(rawValue: word) { return v }
        let all = T.allCases.map(\.rawValue)
        throw error("\(what) '\(InertText(word))' is not one of \(all.joined(separator: ", "))", hint: didYouMean(word, all))
    }

    func list(_ what: String) throws(ScenarioError) -> [Value] {
        guard case let .sequence(seq) = node else { throw error("\(what) must be a list, not \(typeName)") }
        return seq.map { Value(node: $0, file: file, nodeBudget: nodeBudget, textBudget: textBudget) }
    }

    /// A mapping whose keys must all be in `allowed`.
    func map(_ what: String, allowed: [String]) throws(ScenarioError) -> Fields {
        let fields = try anyMap(what)
        for (key, value) in fields.pairs where !allowed.contains(key) {
            _ = value
            throw fields.keyValue(key).error(
                "unknown key '\(InertText(key))' in \(what)",
                hint: didYouMean(key, allowed, fallback: "allowed keys: \(allowed.joined(separator: ", "))"))
        }
        return fields
    }

    /// A mapping with any keys (for user-named things such as kinds).
    func anyMap(_ what: String) throws(ScenarioError) -> Fields {
        guard case let .mapping(m) = node else { throw error("\(what) must be a mapping (key: value), not \(typeName)") }
        var pairs: [(String, Value)] = []
        var keys: [String: Value] = [:]
        for (k, v) in m {
            let key = Value(node: k, file: file, nodeBudget: nodeBudget, textBudget: textBudget)
            let name = try key.string("a key")
            if keys[name] != nil { throw key.error("duplicate key '\(InertText(name))' in \(what)", hint: "keep one of them") }
            keys[name] = key
            pairs.append((name, Value(node: v, file: file, nodeBudget: nodeBudget, textBudget: textBudget)))
        }
        return Fields(owner: self, pairs: pairs, keys: keys)
    }

    private func describe() -> String {
        if case let .scalar(s) = node { return "'\(InertText(s.string))'" }
        return typeName
    }

    private func clean(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// The entries of a mapping, in file order.
struct Fields {
    let owner: Value
    let pairs: [(key: String, value: Value)]
    let keys: [String: Value]

    subscript(_ key: String) -> Value? { pairs.first { $0.key == key }?.value }
    func keyValue(_ key: String) -> Value { keys[key] ?? owner }

    func required(_ key: String, in what: String) throws(ScenarioError) -> Value {
        guard let v = self[key] else { throw owner.error("\(what) has no `\(key):`", hint: "add `\(key): ...`") }
        return v
    }
}

/// "did you mean 'x'?" for the closest of `candidates`, if any is close.
func didYouMean(_ word: String, _ candidates: [String], fallback: String = "") -> String {
    let limit = max(2, word.count / 3)
    var best: (distance: Int, word: String)?
    for candidate in candidates {
        let d = levenshteinDistance(candidate.lowercased(), word.lowercased())
        guard d <= limit else { continue }
        if let b = best, d > b.distance || (d == b.distance && candidate >= b.word) { continue }
        best = (d, candidate)
    }
    return best.map { "did you mean '\(InertText($0.word))'?" } ?? fallback
}
