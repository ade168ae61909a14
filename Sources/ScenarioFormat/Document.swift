import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// The reading of a YAML or JSON document: which syntax reads it, and the
/// budgets a file of its size gets.
package enum Document {
    /// The nesting that scenario files may use.
    static let maxNesting = Limits.fileNesting

    /// A reader of `bytes` (UTF-8): JSON when they start as JSON does (`{`
    /// or `[`) and `json` is set, YAML otherwise. A JSON reader that fails
    /// on the syntax says so (`syntaxFailed`), and YAML, which reads every
    /// JSON file and more (comments, trailing commas), may try again. A
    /// large file is parsed ahead on a thread (`ReadAheadTokens`, started
    /// with `start`), or on the caller's when no thread can be made.
    static func reader(
        bytes given: [UInt8], file: String, json: Bool = true, start: DetachedThread.Starter = DetachedThread.start
    ) throws(ScenarioError) -> DocumentReader {
        // A UTF-8 byte-order mark, which Windows editors write, is not text: read what follows (columns as an editor shows them).
        let bytes = given.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(given.dropFirst(3)) : given
        let shape = Shape(bytes)
        if let (line, depth) = shape.beyondLimit {
            throw ScenarioError(
                file: file, line: line, column: 1,
                message: "nesting is at least \(depth) levels deep; the limit is \(maxNesting)",
                hint: "build deeper trees with the Swift API, or flatten the file")
        }
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        let isJSON = json && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))
        var reader =
            isJSON
            ? reader(JSONStream(bytes: bytes, file: file), file: file, bytes: bytes.count, isJSON: true, start: start)
            : reader(YAMLTokens(bytes: bytes, file: file), file: file, bytes: bytes.count, isJSON: false, start: start)
        reader.mostMappings = shape.mostMappings
        return reader
    }

    /// A reader of `source`, read ahead on a thread of its own if the file
    /// has `bytes` bytes, a megabyte or more, and a thread can be made.
    /// Called with the source's own type, so that the thread's loop is made
    /// for it.
    private static func reader<Source: DocumentTokenSource & Sendable>(
        _ source: Source, file: String, bytes: Int, isJSON: Bool, start: DetachedThread.Starter
    ) -> DocumentReader {
        guard bytes >= ReadAheadTokens.fromBytes, let ahead = ReadAheadTokens(source, start: start) else {
            return DocumentReader(source, file: file, bytes: bytes, isJSON: isJSON)
        }
        return DocumentReader(readAhead: ahead, file: file, bytes: bytes, isJSON: isJSON)
    }

    /// How many tokens the YAML reader gives for `bytes` (UTF-8), nothing
    /// built: what reading YAML costs before a scenario is made of it (for
    /// benchmarks). O(bytes).
    package static func yamlTokenCount(_ bytes: [UInt8]) throws(ScenarioError) -> Int {
        var tokens = YAMLTokens(bytes: bytes, file: "tokens.yaml")
        var count = 0
        while try tokens.nextToken() != nil { count += 1 }
        return count
    }

    /// Reads a document with `read`, as JSON first when it looks like JSON,
    /// then as YAML if the JSON syntax failed.
    static func read<T>(bytes: consuming [UInt8], file: String, _ read: (inout DocumentReader) throws(ScenarioError) -> T) throws(ScenarioError) -> T {
        var reader = try Document.reader(bytes: bytes, file: file)
        do {
            return try read(&reader)
        } catch {
            guard reader.syntaxFailed && reader.isJSON else { throw error }
            var yaml = try Document.reader(bytes: bytes, file: file, json: false)
            return try read(&yaml)
        }
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

    /// The most tree nodes aliases may repeat in a file that writes `written`
    /// nodes itself: a few repeats of each are welcome, and what the file
    /// holds besides (comments, blank lines, long texts) buys none. O(1).
    static func replayAllowance(written: Int) -> Int {
        16 * written + 100_000
    }

    /// The most bytes of text (titles, notes, handlers) a tree of a file of
    /// `bytes` bytes may hold: a node that repeats an alias of a long text
    /// costs its length each time, not one node. O(1).
    static func textBudget(bytes: Int) -> Int {
        16 * bytes + (1 << 20)
    }

    /// The most tokens aliases may give in a file of `bytes` bytes: enough
    /// for the nodes of `nodeBudget` (four tokens or more each) to be counted
    /// first, and a bound on aliases outside the tree too. O(1).
    static func replayBudget(bytes: Int) -> Int {
        8 * nodeBudget(bytes: bytes)
    }

    /// The most tokens aliases may give to values built whole (a node's
    /// handlers, `kinds:`, `steps:`), each of which costs a `Value`: a few
    /// times what the file writes. O(1).
    static func valueBudget(bytes: Int) -> Int {
        2 * bytes + 100_000
    }

    /// What one pass over a file's bytes tells before it is read: the
    /// nesting of block indentation, sequence dashes and flow brackets, with
    /// the line where it passes the limit (an early, cheap refusal; brackets
    /// in comments and strings count too, and aliases nest further, so the
    /// reader counts nesting again as it goes); and a hint of the mappings
    /// it writes (lines plus `{`s, which a tree's node writes at least one
    /// of), for the tree's list to be made once. O(bytes).
    struct Shape {
        var beyondLimit: (line: Int, depth: Int)?
        var mostMappings = 0

        init(_ bytes: [UInt8]) {
            var flow = 0
            var line = 1
            var braces = 0
            var i = 0
            while i < bytes.count {
                // A line's leading indicators nest; then only brackets and the line's end count.
                var indent = 0
                while i < bytes.count, Self.isIndicator(bytes[i]) {
                    indent += 1
                    i += 1
                }
                var first = true
                scan: while i < bytes.count {
                    let byte = bytes[i]
                    i += 1
                    switch byte {
                    case UInt8(ascii: "\n"):
                        line += 1
                        break scan
                    case UInt8(ascii: "{"): flow += 1; braces += 1
                    case UInt8(ascii: "["): flow += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        flow = max(0, flow - 1)
                        if !first { continue scan }
                    default: if !first { continue scan }
                    }
                    // The depth changes only where the indentation ends and where a bracket opens: checked there.
                    first = false
                    if indent + flow > maxNesting {
                        beyondLimit = (line, indent + flow)
                        return
                    }
                }
            }
            mostMappings = line + braces
        }

        private static func isIndicator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?")
        }
    }

    /// The 1-based line and column of the byte at `offset` of UTF-8 `bytes`. O(offset).
    static func position(ofByte offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(max(0, offset)) {
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

/// A value of a document with its position: text (a scalar as written), a
/// list or a mapping.
struct Value {
    enum Content {
        case scalar(String)
        case sequence([Value])
        case mapping([(key: Value, value: Value)])
    }

    let content: Content
    let file: String
    let line: Int
    let column: Int

    init(_ content: Content, file: String, line: Int, column: Int) {
        self.content = content
        self.file = file
        self.line = line
        self.column = column
    }

    /// A scalar token's value.
    init(_ token: DocumentToken, file: String) {
        self.init(.scalar(token.text), file: file, line: Int(token.line), column: Int(token.column))
    }

    /// A container of `items` (keys and values in turn for a mapping) that starts at `start`.
    init(container start: DocumentToken, items: [Value], file: String) {
        let content: Content
        if start.kind == .mappingStart {
            content = .mapping(stride(from: 0, to: items.count - 1, by: 2).map { (items[$0], items[$0 + 1]) })
        } else {
            content = .sequence(items)
        }
        self.init(content, file: file, line: Int(start.line), column: Int(start.column))
    }

    /// What the value costs against a tree's `textBudget`: its text, or 32 bytes per entry of a mapping.
    var textCost: Int {
        switch content {
        case let .scalar(text): text.utf8.count
        case let .mapping(pairs): 32 * pairs.count
        case .sequence: 0
        }
    }

    var scalar: String? {
        if case let .scalar(text) = content { return text }
        return nil
    }

    func error(_ message: String, hint: String = "") -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message, hint: hint)
    }

    var typeName: String {
        switch content {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// Text of at most `Limits.textLength` characters.
    func string(_ what: String) throws(ScenarioError) -> String {
        guard let s = scalar else { throw error("\(what) must be text, not \(typeName)") }
        guard s.utf8.count <= Limits.textLength || s.count <= Limits.textLength else {
            throw error("\(what) is \(s.count) characters long; the limit is \(Limits.textLength)")
        }
        return s
    }

    func int(_ what: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard let s = scalar, let v = Int(s) else {
            throw error("\(what) must be a whole number, not \(describe())")
        }
        guard range.contains(v) else { throw error("\(what) is \(v); it must be in \(range.lowerBound)...\(range.upperBound)") }
        return v
    }

    func double(_ what: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard let s = scalar, let v = Double(s), v.isFinite else {
            throw error("\(what) must be a number, not \(describe())")
        }
        guard range.contains(v) else {
            throw error("\(what) is \(InertText(s)); it must be in \(clean(range.lowerBound))...\(clean(range.upperBound))")
        }
        return v
    }

    func bool(_ what: String) throws(ScenarioError) -> Bool {
        guard let s = scalar else { throw error("\(what) must be true or false, not \(typeName)") }
        switch s.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false, not '\(InertText(s))'")
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
        guard case let .sequence(items) = content else { throw error("\(what) must be a list, not \(typeName)") }
        return items
    }

    /// A mapping whose keys must all be in `allowed`.
    func map(_ what: String, allowed: [String]) throws(ScenarioError) -> Fields {
        try anyMap(what).only(allowed, in: what)
    }

    /// A mapping with any keys (for user-named things such as kinds).
    func anyMap(_ what: String) throws(ScenarioError) -> Fields {
        guard case let .mapping(pairs) = content else { throw error("\(what) must be a mapping (key: value), not \(typeName)") }
        return try Fields(owner: self, pairs, in: what)
    }

    private func describe() -> String {
        if let s = scalar { return "'\(InertText(s))'" }
        return typeName
    }

    private func clean(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// The entries of a mapping, in file order.
struct Fields {
    let owner: Value
    /// Each key (text, checked) where it is written, and its value.
    let entries: [(key: Value, value: Value)]

    /// The entries of `owner` (a mapping, or where one starts): each key
    /// must be text and appear once. O(entries), with a table past a few.
    init(owner: Value, _ entries: [(key: Value, value: Value)], in what: String) throws(ScenarioError) {
        var seen: Set<String> = []
        for (i, entry) in entries.enumerated() {
            let name = try entry.key.string("a key")
            let repeated = entries.count > 8 ? !seen.insert(name).inserted : entries[..<i].contains { $0.key.scalar == name }
            if repeated { throw entry.key.error("duplicate key '\(InertText(name))' in \(what)", hint: "keep one of them") }
        }
        self.owner = owner
        self.entries = entries
    }

    /// The keys (checked to be text) and values, in file order. O(entries).
    var pairs: [(key: String, value: Value)] { entries.map { ($0.key.scalar ?? "", $0.value) } }

    /// These fields, checked to hold only keys of `allowed`.
    func only(_ allowed: [String], in what: String) throws(ScenarioError) -> Fields {
        for (key, _) in entries {
            guard let name = key.scalar, !allowed.contains(name) else { continue }
            throw Self.unknownKey(key, allowed: allowed, in: what)
        }
        return self
    }

    /// The error of `key`, which is not one of `allowed`, with the closest.
    static func unknownKey(_ key: Value, allowed: [String], in what: String) -> ScenarioError {
        let name = key.scalar ?? ""
        return key.error(
            "unknown key '\(InertText(name))' in \(what)",
            hint: didYouMean(name, allowed, fallback: "allowed keys: \(allowed.joined(separator: ", "))"))
    }

    subscript(_ key: String) -> Value? { entries.first { $0.key.scalar == key }?.value }
    func keyValue(_ key: String) -> Value { entries.first { $0.key.scalar == key }?.key ?? owner }

    func required(_ key: String, in what: String) throws(ScenarioError) -> Value {
        guard let v = self[key] else { throw owner.error("\(what) has no `\(key):`", hint: "add `\(key): ...`") }
        return v
    }
}

/// "did you mean 'x'?" for the closest of `candidates`, if any is close.
package func didYouMean(_ word: String, _ candidates: [String], fallback: String = "") -> String {
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
