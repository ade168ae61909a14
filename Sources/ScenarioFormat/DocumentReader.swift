import OutlineAppearance
import UnfoldSupport

/// A document read one token at a time, with YAML's aliases (`*name`) given
/// as the tokens of the part they name: what the reader keeps is built as it
/// comes (a tree straight into the flat node list), small values as `Value`s
/// that remember where they are, so that every error can point at a line
/// and column.
///
/// The tokens read while an anchored part (`&name`) is open go on one tape,
/// each once however deeply anchors nest; a part is a stretch of it. An
/// alias gives its stretch again, and an alias inside it gives its own in
/// turn, so nothing is copied per repeat. Every token an alias gives counts
/// against `replayBudget`, and those that go into values outside the tree
/// against the smaller `valueBudget`; containers nest at most
/// `Document.maxNesting` deep, aliases included. So a file whose aliases
/// would name millions of values (an "alias bomb") is refused in time and
/// memory linear in its size, and nothing built can be too deep to free.
struct DocumentReader {
    let file: String
    /// The most tree nodes read from this document (`Document.nodeBudget`).
    let nodeBudget: Int
    /// The most bytes of text read into a tree (`Document.textBudget`).
    let textBudget: Int
    /// The most tokens aliases may give (`Document.replayBudget`).
    let replayBudget: Int
    /// The most tokens aliases may give to values built whole (`Document.valueBudget`).
    let valueBudget: Int
    /// Tree nodes and bytes of their text read so far, against the budgets,
    /// over the whole document (however many trees it streams).
    var nodesRead = 0
    var textRead = 0
    /// Of `nodesRead`, those the text writes, and those aliases repeat
    /// (charged against `Document.replayAllowance` of the written ones).
    var nodesWritten = 0, nodesReplayed = 0
    /// Whether the source refused its text: a syntax error, not a meaning one.
    private(set) var syntaxFailed = false
    /// A hint of the mappings the text writes (`Document.Shape`), so that
    /// the list a tree goes into can be made once: only what is filled is
    /// touched.
    var mostMappings = 0
    /// Whether the text is read as JSON.
    let isJSON: Bool

    /// Where the tokens come from: a large file's source read ahead on a
    /// thread, held as what it is (a token taken from it costs no call
    /// through `any`), or any other source.
    private var ahead: ReadAheadTokens?
    private var source: (any DocumentTokenSource)?
    /// The tokens read while an anchored part is open; each part is a stretch of it.
    private(set) var tape: [DocumentToken] = []
    /// The anchored parts read so far, and the latest part of each name.
    private var parts: [Range<Int>] = []
    private var anchors: [String: Int] = [:]
    /// The anchored parts being read, innermost last: each one's name, where
    /// it starts on the tape, and the containers open when it started.
    private var open: [(name: String, start: Int, depth: Int)] = []
    /// The containers open in the text as read (aliases not given).
    private var depth = 0
    /// The containers open in what the reader has given (aliases given).
    private var givenDepth = 0
    /// The parts aliases are giving, innermost last: the next token of each,
    /// its end, and where the alias that started it all is written.
    private var replay: [(next: Int, end: Int)] = []
    private var replayAlias: DocumentToken?
    private var replayed = 0
    private var replayedIntoValues = 0
    /// Whether the token last given came from an alias.
    /// Whether the token just given came from an alias repeating a part.
    private(set) var lastReplayed = false

    /// The document of `bytes` of text in `source` (JSON or not), with the budgets of a file of its size.
    init(_ source: any DocumentTokenSource, file: String, bytes: Int, isJSON: Bool) {
        self.init(source: source, file: file, bytes: bytes, isJSON: isJSON)
    }

    /// The same, its source read ahead on a thread.
    init(readAhead: ReadAheadTokens, file: String, bytes: Int, isJSON: Bool) {
        self.init(source: nil, file: file, bytes: bytes, isJSON: isJSON)
        ahead = readAhead
    }

    private init(source: (any DocumentTokenSource)?, file: String, bytes: Int, isJSON: Bool) {
        self.source = source
        self.isJSON = isJSON
        self.file = file
        nodeBudget = Document.nodeBudget(bytes: bytes)
        textBudget = Document.textBudget(bytes: bytes)
        replayBudget = Document.replayBudget(bytes: bytes)
        valueBudget = Document.valueBudget(bytes: bytes)
    }

    /// A value read before, given again (budgets were spent reading it).
    init(value: Value) {
        source = ValueTokens(value)
        isJSON = false
        file = value.file
        nodeBudget = Limits.nodes
        textBudget = Int.max
        replayBudget = Int.max
        valueBudget = Int.max
    }

    /// The next token, aliases given as the parts they name; nil at the end.
    /// O(1) amortized.
    mutating func next() throws(ScenarioError) -> DocumentToken? {
        let given: DocumentToken?
        if replay.isEmpty && open.isEmpty {
            // Most tokens: read, with no alias being given and no anchored part open; given as they are unless they are either.
            lastReplayed = false
            guard let token = try read() else { return nil }
            if token.kind == .alias || token.isAnchored {
                given = try nextUnchecked(read: token)
            } else {
                let step = token.isStart ? 1 : token.isEnd ? -1 : 0
                depth += step  // as `keep` counts a token read
                guard step > 0 else {
                    givenDepth += step
                    return token
                }
                given = token
            }
        } else {
            given = try nextUnchecked(read: nil)
        }
        guard let token = given else { return nil }
        if token.isStart {
            givenDepth += 1
            if givenDepth > Document.maxNesting {
                throw ScenarioError(
                    file: file, line: Int((replayAlias ?? token).line), column: Int((replayAlias ?? token).column),
                    message: "nesting is at least \(givenDepth) levels deep\(replayAlias == nil ? "" : " with aliases given"); the limit is \(Document.maxNesting)",
                    hint: "build deeper trees with the Swift API, or flatten the file")
            }
        } else if token.isEnd {
            givenDepth -= 1
        }
        return token
    }

    /// The next token the general way: from an alias's part being given,
    /// or `read` (a token just read that is an alias or anchored), or read
    /// now; an alias starts giving its part, an anchor opens a part.
    private mutating func nextUnchecked(read first: DocumentToken?) throws(ScenarioError) -> DocumentToken? {
        var pending = first
        while true {
            if pending == nil, let last = replay.indices.last {
                let (next, end) = replay[last]
                guard next < end else {
                    replay.removeLast()
                    if replay.isEmpty { replayAlias = nil }
                    continue
                }
                replay[last].next += 1
                replayed += 1
                if replayed > replayBudget { throw bomb(replayBudget, "values") }
                let token = tape[next]
                if token.kind == .alias {
                    replay.append((parts[Int(token.target)].lowerBound, parts[Int(token.target)].upperBound))
                    continue
                }
                lastReplayed = true
                return token
            }
            lastReplayed = false
            var token: DocumentToken
            if let read = pending {
                token = read
                pending = nil
            } else {
                guard let next = try read() else { return nil }
                token = next
            }
            if token.kind == .alias {
                token.target = Int32(try part(named: token))
                keep(token)
                replayAlias = token
                replay.append((parts[Int(token.target)].lowerBound, parts[Int(token.target)].upperBound))
                continue
            }
            if token.isAnchored, let anchor = ahead != nil ? ahead?.takeAnchor() : source?.takeAnchor() {
                token.isAnchored = false
                open.append((anchor, tape.count, depth))
            }
            keep(token)
            return token
        }
    }

    /// The source's next token; a failure there is the syntax's (`syntaxFailed`).
    private mutating func read() throws(ScenarioError) -> DocumentToken? {
        do {
            if ahead != nil { return try ahead?.nextToken() }
            return try source?.nextToken()
        } catch {
            syntaxFailed = true
            throw error
        }
    }

    /// The part an alias read from the text names.
    private func part(named alias: DocumentToken) throws(ScenarioError) -> Int {
        if let index = anchors[alias.text], !open.contains(where: { $0.name == alias.text }) { return index }
        let inside = open.contains { $0.name == alias.text }
        throw ScenarioError(
            file: file, line: Int(alias.line), column: Int(alias.column),
            message: inside
                ? "the alias '*\(InertText(alias.text))' is inside the part it names"
                : "the alias '*\(InertText(alias.text))' names no anchor before it",
            hint: inside
                ? "a part cannot hold itself: repeat it after it ends"
                : "write `&\(InertText(alias.text))` on the part to repeat, before its first `*\(InertText(alias.text))`")
    }

    /// The next token, which the grammar says must come.
    mutating func required() throws(ScenarioError) -> DocumentToken {
        guard let token = try next() else {
            throw ScenarioError(file: file, line: 0, column: 0, message: "the file ends inside a value", hint: "check that every list and mapping is closed")
        }
        return token
    }

    /// Puts a token read from the text on the tape while a part is open,
    /// and files the parts it ends. O(1) amortized.
    private mutating func keep(_ token: DocumentToken) {
        if token.isStart { depth += 1 }
        if token.isEnd { depth -= 1 }
        guard !open.isEmpty else { return }
        tape.append(token)
        while let last = open.last, last.depth == depth {
            open.removeLast()
            anchors[last.name] = parts.count
            parts.append(last.start ..< tape.count)
        }
    }

    private func bomb(_ budget: Int, _ what: String) -> ScenarioError {
        let at = replayAlias
        return ScenarioError(
            file: file, line: Int(at?.line ?? 0), column: Int(at?.column ?? 0),
            message: "aliases (`*name`) repeat more than \(budget) \(what), more than a file of its size holds without them",
            hint: "write the repeated parts out, or build the tree in Swift")
    }

    /// The whole value that starts with `first`, built (without recursion).
    /// O(its tokens). A container an alias gives costs its tokens against
    /// `valueBudget` (a scalar is one value, which the tree's budgets count).
    mutating func value(_ first: DocumentToken) throws(ScenarioError) -> Value {
        guard first.isStart else { return Value(first, file: file) }
        try chargeValue()
        var open: [(start: DocumentToken, items: [Value])] = [(first, [])]
        while true {
            let token = try required()
            try chargeValue()
            if token.isStart {
                open.append((token, []))
                continue
            }
            var value = Value(token, file: file)
            if token.isEnd {
                let (start, items) = open.removeLast()
                value = Value(container: start, items: items, file: file)
                if open.isEmpty { return value }
            }
            open[open.count - 1].items.append(value)
        }
    }

    /// Counts the token just given against `valueBudget` if an alias gave it.
    private mutating func chargeValue() throws(ScenarioError) {
        guard lastReplayed else { return }
        replayedIntoValues += 1
        if replayedIntoValues > valueBudget { throw bomb(valueBudget, "values outside the tree") }
    }

    /// The document's root, which a scenario (or data) file holds one of:
    /// read whole but for the value of the root mapping's key `streamed`,
    /// which `read` takes from its first token on (and which the returned
    /// root holds as an empty text at its place). With `rootList`, a root
    /// that is a list is read by `read` too. Another root is returned as it is.
    static func root(
        _ reader: inout DocumentReader, what: String, streaming streamed: String, rootList: Bool = false,
        _ read: (inout DocumentReader, DocumentToken) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> Value {
        guard let first = try reader.next() else {
            throw ScenarioError(file: reader.file, line: 1, column: 1, message: "the file is empty", hint: "a scenario needs at least `name:` and `tree:`")
        }
        let root: Value
        if rootList && first.kind == .sequenceStart {
            try read(&reader, first)
            root = Value(DocumentToken(kind: .scalar, line: first.line, column: first.column), file: reader.file)
        } else {
            root = try reader.value(first, what: what, streaming: streamed, read)
        }
        if let extra = try reader.next() {
            throw Value(extra, file: reader.file).error("more text after the document's end", hint: "a file holds one document")
        }
        return root
    }

    /// `first`'s value; in a mapping, the value of the key `streamed` is read by `read`.
    private mutating func value(
        _ first: DocumentToken, what: String, streaming streamed: String,
        _ read: (inout DocumentReader, DocumentToken) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> Value {
        guard first.kind == .mappingStart else { return try value(first) }
        var items: [Value] = []
        var streamedOnce = false
        while true {
            let token = try required()
            if token.kind == .mappingEnd { return Value(container: first, items: items, file: file) }
            let key = try value(token)
            let start = try required()
            items.append(key)
            if case .scalar(streamed) = key.content {
                // A second one is refused before it is read: its nodes would count twice.
                guard !streamedOnce else { throw key.error("duplicate key '\(InertText(streamed))' in \(what)", hint: "keep one of them") }
                streamedOnce = true
                try read(&self, start)
                items.append(Value(DocumentToken(kind: .scalar, line: start.line, column: start.column), file: file))
            } else {
                items.append(try value(start))
            }
        }
    }
}
