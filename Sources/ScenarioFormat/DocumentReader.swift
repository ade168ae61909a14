import OutlineAppearance
import UnfoldSupport

/// A document read one token at a time, with YAML's aliases (`*name`) given
/// as the tokens of the part they name: what the reader keeps is built as it
/// comes (a tree straight into the flat node list), small values as `Value`s
/// that remember where they are, so that every error can point at a line
/// and column.
///
/// An anchored part (`&name`) is kept as tokens while it is read; an alias
/// gives them again, and an alias inside them gives its own part in turn,
/// so nothing is copied per repeat. Every token an alias gives counts
/// against `replayBudget`: a file whose aliases would name millions of
/// nodes (an "alias bomb") is refused in time and memory linear in its size.
struct DocumentReader {
    let file: String
    /// The most tree nodes read from this document (`Document.nodeBudget`).
    let nodeBudget: Int
    /// The most bytes of text read into a tree (`Document.textBudget`).
    let textBudget: Int
    /// The most tokens aliases may give (`Document.replayBudget`).
    let replayBudget: Int
    /// Whether the source refused its text: a syntax error, not a meaning one.
    private(set) var syntaxFailed = false
    /// At least as many as the mappings the text writes (`Document.Shape`),
    /// so that the list a tree goes into can be made once: only what is
    /// filled is touched. Aliases may repeat mappings past it.
    var mostMappings = 0
    /// Whether the text is read as JSON.
    var isJSON: Bool { source is JSONStream }

    private var source: any DocumentTokenSource
    /// The anchored parts read so far, as tokens, and the latest part of each name.
    private var recordings: [[DocumentToken]] = []
    private var anchors: [String: Int] = [:]
    /// The anchored parts being read, innermost last, with their open containers.
    private var recording: [(name: String, tokens: [DocumentToken], depth: Int)] = []
    /// The parts aliases are giving, innermost last, with the next token of each.
    private var replay: [(recording: Int, next: Int)] = []
    private var replayed = 0

    /// The document of `bytes` of text in `source`, with the budgets of a file of its size.
    init(_ source: any DocumentTokenSource, file: String, bytes: Int) {
        self.source = source
        self.file = file
        nodeBudget = Document.nodeBudget(bytes: bytes)
        textBudget = Document.textBudget(bytes: bytes)
        replayBudget = Document.replayBudget(bytes: bytes)
    }

    /// A value read before, given again (budgets were spent reading it).
    init(value: Value) {
        source = ValueTokens(value)
        file = value.file
        nodeBudget = Limits.nodes
        textBudget = Int.max
        replayBudget = Int.max
    }

    /// The next token, aliases given as the parts they name; nil at the end.
    /// O(1) amortized, but for an anchor's recording.
    mutating func next() throws(ScenarioError) -> DocumentToken? {
        while true {
            if let last = replay.indices.last {
                let (index, next) = replay[last]
                let tokens = recordings[index]
                guard next < tokens.count else { replay.removeLast(); continue }
                replay[last].next += 1
                replayed += 1
                let token = tokens[next]
                if replayed > replayBudget { throw bomb(token) }
                if token.kind == .alias {
                    replay.append((Int(token.target), 0))
                    continue
                }
                return token
            }
            let read: DocumentToken?
            do { read = try source.nextToken() } catch {
                syntaxFailed = true
                throw error
            }
            guard var token = read else { return nil }
            if token.kind == .alias {
                guard let target = anchors[token.text] else {
                    throw ScenarioError(
                        file: file, line: Int(token.line), column: Int(token.column),
                        message: "the alias '*\(InertText(token.text))' names no anchor before it",
                        hint: "write `&\(InertText(token.text))` on the part to repeat, before its first `*\(InertText(token.text))`")
                }
                token.target = Int32(target)
                keep(token)
                replay.append((target, 0))
                continue
            }
            keep(token)
            if let anchor = token.anchor {
                token.anchor = nil
                recording.append((anchor, [token], token.isStart ? 1 : 0))
                if !token.isStart { finishRecording() }
            }
            return token
        }
    }

    /// The next token, which the grammar says must come.
    mutating func required() throws(ScenarioError) -> DocumentToken {
        guard let token = try next() else {
            throw ScenarioError(file: file, line: 0, column: 0, message: "the file ends inside a value", hint: "check that every list and mapping is closed")
        }
        return token
    }

    /// Adds a token read from the source to the anchored parts being read.
    private mutating func keep(_ token: DocumentToken) {
        guard !recording.isEmpty else { return }
        for i in recording.indices {
            recording[i].tokens.append(token)
            if token.isStart { recording[i].depth += 1 }
            if token.isEnd { recording[i].depth -= 1 }
        }
        if token.isEnd { finishRecording() }
    }

    /// Files the innermost anchored part if its last container just closed.
    private mutating func finishRecording() {
        while let last = recording.last, last.depth == 0 {
            recording.removeLast()
            anchors[last.name] = recordings.count
            recordings.append(last.tokens)
        }
    }

    private func bomb(_ token: DocumentToken) -> ScenarioError {
        ScenarioError(
            file: file, line: Int(token.line), column: Int(token.column),
            message: "aliases (`*name`) repeat more than \(replayBudget) values, more than a file of its size holds without them",
            hint: "write the repeated parts out, or build the tree in Swift")
    }

    /// The whole value that starts with `first`, built (without recursion).
    /// O(its tokens).
    mutating func value(_ first: DocumentToken) throws(ScenarioError) -> Value {
        guard first.isStart else { return Value(first, file: file) }
        var open: [(start: DocumentToken, items: [Value])] = [(first, [])]
        while true {
            let token = try required()
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

    /// The document's root, which a scenario (or data) file holds one of:
    /// read whole but for the value of the root mapping's key `streamed`,
    /// which `read` takes from its first token on (and which the returned
    /// root holds as an empty text at its place). With `rootList`, a root
    /// that is a list is read by `read` too. Another root is returned as it is.
    static func root(
        _ reader: inout DocumentReader, streaming streamed: String, rootList: Bool = false,
        _ read: (inout DocumentReader, DocumentToken) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> Value {
        guard let first = try reader.next() else {
            throw ScenarioError(file: reader.file, line: 1, column: 1, message: "the file is empty", hint: "a scenario needs at least `name:` and `tree:`")
        }
        var root: Value
        if rootList && first.kind == .sequenceStart {
            try read(&reader, first)
            root = Value(DocumentToken(kind: .scalar, line: first.line, column: first.column), file: reader.file)
        } else {
            root = try reader.value(first, streaming: streamed, read)
        }
        if let extra = try reader.next() {
            root = Value(extra, file: reader.file)
            throw root.error("more text after the document's end", hint: "a file holds one document")
        }
        return root
    }

    /// `first`'s value; in a mapping, the value of the key `streamed` is read by `read`.
    private mutating func value(
        _ first: DocumentToken, streaming streamed: String,
        _ read: (inout DocumentReader, DocumentToken) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> Value {
        guard first.kind == .mappingStart else { return try value(first) }
        var items: [Value] = []
        while true {
            let token = try required()
            if token.kind == .mappingEnd { return Value(container: first, items: items, file: file) }
            let key = try value(token)
            let start = try required()
            items.append(key)
            if case .scalar(streamed) = key.content {
                try read(&self, start)
                items.append(Value(DocumentToken(kind: .scalar, line: start.line, column: start.column), file: file))
            } else {
                items.append(try value(start))
            }
        }
    }
}
