import UnfoldSupport

/// One event of a YAML or JSON document as a reader sees it: a scalar, the
/// start or end of a mapping or a list, or an alias (`*name`), with where it
/// starts. Scalars are their text as written (a number, `true` or `null`
/// too): what a value means is for the reader to say, with its line.
struct DocumentToken {
    enum Kind: UInt8 { case scalar, mappingStart, mappingEnd, sequenceStart, sequenceEnd, alias }

    var kind: Kind
    /// A scalar's text, or the anchor an alias names.
    var text = ""
    /// Whether an anchor (`&name`) is on a scalar or a container's start:
    /// the source's `takeAnchor()` gives its name (kept apart, so that a
    /// token holds one text).
    var isAnchored = false
    var line: Int32
    var column: Int32
    /// For an alias kept in a recording of an anchored part: the recording it
    /// names, fixed when it was read (a later `&name` may name another part).
    var target: Int32 = -1

    @inline(__always) var isStart: Bool { kind == .mappingStart || kind == .sequenceStart }
    @inline(__always) var isEnd: Bool { kind == .mappingEnd || kind == .sequenceEnd }
}

/// The tokens of a document in order, from its syntax (JSON, YAML) or from a
/// value already read; `nil` after the document's last token. A source checks
/// its grammar: containers nest, a mapping alternates keys and values.
protocol DocumentTokenSource {
    /// The next token, or nil at the end of the document. Throws on text
    /// that is not the source's syntax, with the position.
    mutating func nextToken() throws(ScenarioError) -> DocumentToken?
    /// The name of the anchor on the token just given, once (`isAnchored`).
    mutating func takeAnchor() -> String?
}

extension DocumentTokenSource {
    /// No anchors: a syntax without them (JSON), or values already read.
    mutating func takeAnchor() -> String? { nil }
}

/// A value already read, given again as tokens (a step's `insert: {node: …}`
/// read by the same tree reader as `tree:`). O(1) per token.
struct ValueTokens: DocumentTokenSource {
    /// The values still to give, innermost last, with the next item of each.
    private var stack: [(items: [Value], next: Int, isMapping: Bool, end: Value)]
    private var first: Value?

    init(_ value: Value) { stack = []; first = value }

    mutating func nextToken() throws(ScenarioError) -> DocumentToken? {
        let value: Value
        if let v = first {
            first = nil
            value = v
        } else {
            guard let last = stack.indices.last else { return nil }
            let frame = stack[last]
            guard frame.next < frame.items.count else {
                stack.removeLast()
                return DocumentToken(
                    kind: frame.isMapping ? .mappingEnd : .sequenceEnd, line: Int32(frame.end.line), column: Int32(frame.end.column))
            }
            stack[last].next += 1
            value = frame.items[frame.next]
        }
        let (line, column) = (Int32(value.line), Int32(value.column))
        switch value.content {
        case let .scalar(text): return DocumentToken(kind: .scalar, text: text, line: line, column: column)
        case let .sequence(items):
            stack.append((items, 0, false, value))
            return DocumentToken(kind: .sequenceStart, line: line, column: column)
        case let .mapping(pairs):
            stack.append((pairs.flatMap { [$0.key, $0.value] }, 0, true, value))
            return DocumentToken(kind: .mappingStart, line: line, column: column)
        }
    }
}
