/// The YAML that scenarios are written in, read straight from its bytes:
/// block mappings and lists (indentless lists too), scalars on one line
/// (plain, 'single-' or "double-quoted" with the common escapes), flow
/// collections on one line, comments and blank lines. For such text it gives
/// exactly the tokens libyaml gives (kinds, texts, lines and columns), in
/// less time than libyaml's parser takes for its bare events (`unfold-bench
/// read` prints both) and without a copy of the file.
///
/// At the first line it does not read (an anchor, an alias, a tag, a block
/// or multi-line scalar, a tab, a `---`, text libyaml refuses, ...) it says
/// `unread`: `YAMLTokens` goes on with libyaml from the file's start, past
/// the tokens already given. Those are exactly the tokens libyaml gives
/// before it, errors included: a line's tokens are given once the next line
/// is read (libyaml reads that far ahead before giving a line's last token),
/// and none is given while a character libyaml refuses is less than
/// `checkAhead` bytes past the line read (libyaml checks the characters of
/// its next 16 KB read before giving more tokens). O(bytes) time; memory
/// O(the nesting), at most `Document.maxNesting` blocks and `mostFlowTokens`
/// tokens a line.
struct BlockYAMLScanner: Sendable {
    /// What `next()` found.
    enum Next {
        case token(DocumentToken)
        /// The document ended: no more tokens.
        case end
        /// Text this scanner does not read, from the next token on.
        case unread
    }

    /// A block mapping or list that is open, by the column of its keys or
    /// dashes; an indentless list (`key:` then `- ` at the key's column)
    /// has its mapping's column.
    private struct Block {
        var column: Int
        var isMapping: Bool
        var isIndentless = false
    }

    /// Where a scalar queued ends: the index just past its text (past its
    /// closing quote), and whether it is plain (libyaml would join it with
    /// a next line indented past the innermost block).
    private struct ScalarEnd {
        var end: Int
        var isPlain: Bool
    }

    /// The bytes, UTF-8 (checked by whoever read them).
    private let bytes: [UInt8]
    /// The start of the next line to read.
    private var start = 0
    /// The 1-based number of the line being read.
    private var line = 1
    /// Where the line being read starts.
    private var lineStart = 0
    /// The last column counted (`column(_:)`): of the byte at `at`.
    private var counted = (at: 0, column: 0)
    /// The open blocks, innermost last.
    private var blocks: [Block] = []
    /// Where the empty value of a `key:` or a `- ` with nothing after it is
    /// (just after the indicator), until the next line says whether a value
    /// follows.
    private var emptyValue: (line: Int, column: Int)?
    private var hasRoot = false
    private var ended = false
    private var isUnread = false
    /// The tokens of the line being read, in order.
    private var queue: [DocumentToken] = []
    /// The tokens of the last line read, until the next one is read.
    private var held: [DocumentToken] = []
    /// The tokens to give, and how many are given (each is moved out).
    private var ready: [DocumentToken] = []
    private var given = 0
    /// How far the file is checked for characters libyaml refuses.
    private var checked = 0
    /// How far past the line being read the file is checked: well past
    /// libyaml's own 16 KB.
    static let checkAhead = 1 << 20

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next token. O(1) amortised: each line is read once, and each
    /// byte checked once for characters libyaml refuses.
    mutating func next() -> Next {
        while given == ready.count {
            if isUnread { return .unread }
            if ended { return .end }
            guard readLine(), !refusesCharacter(before: start + Self.checkAhead) else {
                (queue, held, isUnread) = ([], [], true)
                continue
            }
            // The line before can no longer change: given; this one is held (all of it at the end).
            ready.removeAll(keepingCapacity: true)
            given = 0
            swap(&ready, &held)
            swap(&held, &queue)
            if ended {
                ready += held
                held.removeAll()
            }
        }
        var token = DocumentToken(kind: .scalar, line: 0, column: 0)
        swap(&token, &ready[given])
        given += 1
        return .token(token)
    }

    /// Whether a character libyaml refuses is before `limit` (checked on
    /// from where the last check ended, a window past `limit` at a time).
    private mutating func refusesCharacter(before limit: Int) -> Bool {
        guard checked < min(bytes.count, limit) else { return false }
        var end = min(bytes.count, limit + Self.checkAhead)
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }  // a character is checked whole, in one window
        defer { checked = end }
        return Self.holdsRefusedCharacter(bytes[checked ..< end])
    }

    /// Whether `bytes` hold a character libyaml's reader refuses: a control
    /// character other than a tab or a line break, DEL, a C1 control but
    /// NEL, U+FFFE or U+FFFF. O(count), eight ASCII bytes at a time.
    static func holdsRefusedCharacter(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in  // the pointer is valid inside this closure only
            guard let base = buffer.baseAddress else { return false }
            var i = 0
            while i < buffer.count {
                if i + 8 <= buffer.count {
                    let word = ByteWords.load(base, i)
                    if word & ByteWords.highBits == 0 && Self.controlsButNewline(word) == 0 {
                        i += 8
                        continue
                    }
                }
                switch buffer[i] {
                case 0x09, 0x0A, 0x0D: break
                case 0x00 ..< 0x20, 0x7F: return true
                case 0xC2: if i + 1 < buffer.count && (0x80 ... 0x9F).contains(buffer[i + 1]) && buffer[i + 1] != 0x85 { return true }
                case 0xEF: if i + 2 < buffer.count && buffer[i + 1] == 0xBF && buffer[i + 2] >= 0xBE { return true }
                default: break
                }
                i += 1
            }
            return false
        }
    }

    /// Of eight ASCII bytes, the high bit of each that is a control
    /// character (below 0x20, or 0x7F) but `\n`: a tab or `\r` too, which
    /// the byte-by-byte step then lets through.
    private static func controlsButNewline(_ word: UInt64) -> UInt64 {
        let belowSpace = ~((word & ByteWords.lowBits) &+ ByteWords.repeated(0x60)) & ByteWords.highBits
        return (belowSpace | ByteWords.bytes(word, equalTo: 0x7F)) & ~ByteWords.bytes(word, equalTo: 0x0A)
    }

    // MARK: Lines

    /// Reads the next line that holds a token, queueing its tokens, or the
    /// end of the file; false where the text is not what this reads.
    private mutating func readLine() -> Bool {
        var at = start
        while true {
            lineStart = start
            at = skipSpaces(start)
            guard at < bytes.count else { return finish() }
            if bytes[at] == UInt8(ascii: "\n") {
                start = at + 1
                line += 1
                continue
            }
            if bytes[at] != UInt8(ascii: "#") { break }
            guard let end = endOfComment(at) else { return false }
            nextLine(after: end)
        }
        let column = at - lineStart
        if column == 0 && isDocumentMarker(at) { return false }
        if let empty = emptyValue, let top = blocks.last {
            emptyValue = nil
            if column > top.column { return node(at: at) }
            if top.isMapping && column == top.column && isEntry(at) {
                emit(.sequenceStart, at: at)
                blocks.append(Block(column: column, isMapping: false, isIndentless: true))
                return entry(at: at)
            }
            queue.append(Self.token(.scalar, line: empty.line, column: empty.column))
        }
        while let top = blocks.last, top.column > column || (top.isIndentless && top.column == column && !isEntry(at)) {
            closeBlock(line: line, column: column)
        }
        guard let top = blocks.last else {
            guard !hasRoot else { return false }
            hasRoot = true
            return node(at: at)
        }
        guard top.column == column else { return false }
        if !top.isMapping { return isEntry(at) && entry(at: at) }
        guard let key = scalar(at: at, inFlow: false), isKey(from: at, end: key.end) else { return false }
        return value(afterColon: key.end)
    }

    /// The end of the file: an empty value left open, then the end of every
    /// open block where libyaml puts them. Those indented past the column
    /// where the file ends end there; the others at the start of the next
    /// line (if the file ends inside a line).
    private mutating func finish() -> Bool {
        if let empty = emptyValue {
            queue.append(Self.token(.scalar, line: empty.line, column: empty.column))
            emptyValue = nil
        }
        lineStart = bytes.count
        while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let endColumn = column(bytes.count)
        while let top = blocks.last, top.column > endColumn { closeBlock(line: line, column: endColumn) }
        let endLine = endColumn == 0 ? line : line + 1
        while !blocks.isEmpty { closeBlock(line: endLine, column: 0) }
        ended = true
        return true
    }

    /// The node that starts at `at` (a line's first token, or after `- `):
    /// lists opened by dashes, then a mapping's first key or a value.
    private mutating func node(at first: Int) -> Bool {
        var at = first
        while isEntry(at) {
            // Deeper than a scenario may nest (`Document.Shape` refuses it first): a line's queue stays short.
            guard blocks.count < Document.maxNesting else { return false }
            emit(.sequenceStart, at: at)
            blocks.append(Block(column: column(at), isMapping: false))
            let next = skipSpaces(at + 1)
            if isLineEnd(next) {
                emptyValue = (line, column(at) + 1)
                return endLine(from: next, afterPlain: false)
            }
            at = next
        }
        if bytes[at] == UInt8(ascii: "{") || bytes[at] == UInt8(ascii: "[") {
            guard let end = flow(at: at) else { return false }
            return endLine(from: end, afterPlain: false)
        }
        guard let scalar = scalar(at: at, inFlow: false) else { return false }
        if isKey(from: at, end: scalar.end) {
            // A mapping starts where its first key does, before it.
            queue.insert(Self.token(.mappingStart, line: line, column: column(at)), at: queue.count - 1)
            blocks.append(Block(column: column(at), isMapping: true))
            return value(afterColon: scalar.end)
        }
        return endLine(from: scalar.end, afterPlain: scalar.isPlain)
    }

    /// A `- ` of the innermost list at `at`: its value, on this line or the next.
    private mutating func entry(at dash: Int) -> Bool {
        let next = skipSpaces(dash + 1)
        guard isLineEnd(next) else { return node(at: next) }
        emptyValue = (line, column(dash) + 1)
        return endLine(from: next, afterPlain: false)
    }

    /// What follows a key's `:` at `colon`: a value on this line (a scalar
    /// or a flow collection), or one on the next lines.
    private mutating func value(afterColon colon: Int) -> Bool {
        let at = skipSpaces(colon + 1)
        if isLineEnd(at) {
            emptyValue = (line, column(colon) + 1)
            return endLine(from: at, afterPlain: false)
        }
        if bytes[at] == UInt8(ascii: "{") || bytes[at] == UInt8(ascii: "[") {
            guard let end = flow(at: at) else { return false }
            return endLine(from: end, afterPlain: false)
        }
        guard let scalar = scalar(at: at, inFlow: false) else { return false }
        return endLine(from: scalar.end, afterPlain: scalar.isPlain)
    }

    /// The rest of the line from `at`: spaces, then a comment or nothing.
    /// After a plain scalar, the next line must not go on with it (be
    /// indented past the innermost block), or libyaml would join the two.
    private mutating func endLine(from at: Int, afterPlain: Bool) -> Bool {
        let at = skipSpaces(at)
        var end = at
        if at < bytes.count && bytes[at] == UInt8(ascii: "#") {
            guard at > 0 && bytes[at - 1] == UInt8(ascii: " "), let commentEnd = endOfComment(at) else { return false }
            end = commentEnd
        } else if at < bytes.count && bytes[at] != UInt8(ascii: "\n") {
            return false
        } else if afterPlain && continues(after: at) {
            return false
        }
        nextLine(after: end)
        return true
    }

    /// Moves to the line after the one whose `\n` is at `end`, or to the
    /// file's end (on the same line, for `finish`).
    private mutating func nextLine(after end: Int) {
        guard end < bytes.count else {
            start = bytes.count
            return
        }
        start = end + 1
        line += 1
    }

    /// Whether the first line after `end` that holds anything but a
    /// comment is indented past the innermost block (a plain scalar's
    /// next line, to libyaml); true too at a character left to libyaml.
    private func continues(after end: Int) -> Bool {
        var at = end
        while at < bytes.count {
            let lineAt = at + 1
            at = skipSpaces(lineAt)
            guard at < bytes.count else { return false }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\n") { continue }
            if byte == UInt8(ascii: "#") { return false }
            return isLeftToLibyaml(at) || at - lineAt > (blocks.last?.column ?? -1)
        }
        return false
    }

    // MARK: Scalars and flow collections

    /// Queues the scalar at `at` (plain, or quoted on one line) and says
    /// where it ends; nil if there is none this scanner reads there.
    private mutating func scalar(at: Int, inFlow: Bool) -> ScalarEnd? {
        let first = bytes[at]
        let text: String
        let end: Int
        if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
            guard let quoted = quoted(at: at) else { return nil }
            (text, end) = quoted
        } else {
            guard startsPlain(at: at, inFlow: inFlow), let plainEnd = plainEnd(at: at, inFlow: inFlow) else { return nil }
            text = self.text(at ..< plainEnd)
            end = plainEnd
        }
        queue.append(Self.token(.scalar, text, line: line, column: column(at)))
        return ScalarEnd(end: end, isPlain: !(first == UInt8(ascii: "'") || first == UInt8(ascii: "\"")))
    }

    /// Whether a plain scalar may start at `at`: not an indicator, save
    /// `-` (or, outside flow collections, `?` and `:`) before a non-space;
    /// `?` and `:` are left to libyaml.
    private func startsPlain(at: Int, inFlow: Bool) -> Bool {
        let byte = bytes[at]
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
            return true  // a letter or a digit, as most scalars start
        }
        return switch byte {
        case UInt8(ascii: "-"): !isBlank(at + 1)
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"),
            UInt8(ascii: " "), UInt8(ascii: "\n"):
            false
        default: true
        }
    }

    /// The end of the plain scalar at `at`, its trailing spaces left out:
    /// it stops at the line's end, at `: ` or ` #`, and in a flow collection
    /// at `,[]{}`. Nil at a character this scanner leaves to libyaml (a
    /// control character, a tab, a line break other than `\n`), or at a `:`
    /// inside a flow collection's scalar.
    private func plainEnd(at first: Int, inFlow: Bool) -> Int? {
        var at = first
        var end = first
        while at < bytes.count {
            let byte = bytes[at]
            // Most bytes: printable ASCII that ends nothing here.
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ":") && !(inFlow && Self.isFlowIndicator(byte)) {
                at += 1
                end = at
                continue
            }
            switch byte {
            case UInt8(ascii: " "):
                at += 1
                if at < bytes.count && bytes[at] == UInt8(ascii: "#") { return end }
                continue
            case UInt8(ascii: "\n"):
                return end
            case UInt8(ascii: ":"):
                if isBlank(at + 1) { return end }
                if inFlow { return nil }
            case _ where inFlow && Self.isFlowIndicator(byte):
                return end
            default:
                if isLeftToLibyaml(at) { return nil }
            }
            at += 1
            end = at
        }
        return end
    }

    /// `,[]{}`, which end a plain scalar inside a flow collection.
    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// A quoted scalar on one line, from its opening quote: its text and the
    /// index past its closing quote. Single quotes double to write one;
    /// double quotes take `\\`, `\"`, `\n` and `\t` (any other escape is
    /// libyaml's to read). Nil if it goes on past the line.
    private func quoted(at first: Int) -> (String, Int)? {
        let quote = bytes[first]
        var at = first + 1
        var text: [UInt8] = []
        var run = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == quote {
                if quote == UInt8(ascii: "'") && at + 1 < bytes.count && bytes[at + 1] == quote {
                    text += bytes[run ... at]
                    at += 2
                    run = at
                    continue
                }
                if text.isEmpty { return (self.text(run ..< at), at + 1) }
                text += bytes[run ..< at]
                return (String(decoding: text, as: UTF8.self), at + 1)
            }
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                guard at + 1 < bytes.count, let escaped = Self.escaped(bytes[at + 1]) else { return nil }
                text += bytes[run ..< at]
                text.append(escaped)
                at += 2
                run = at
                continue
            }
            if isLeftToLibyaml(at) { return nil }
            at += 1
        }
        return nil
    }

    /// The character `\c` writes in a double-quoted scalar, for the escapes this reads.
    private static func escaped(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""): byte
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The most tokens the flow collections of one line may hold: a line is
    /// queued whole, and libyaml, which gives tokens as it reads them, reads
    /// a longer one (a whole document written on one line).
    static let mostFlowTokens = 1 << 16

    /// A flow collection on one line, from its `{` or `[`: its tokens queued,
    /// and the index past its end. A mapping's entries are `key: value`
    /// (no empty value, no `key` alone); a list's are values; no trailing
    /// comma, no comment inside. O(its length), memory O(its nesting).
    private mutating func flow(at first: Int) -> Int? {
        enum Expect { case keyOrEnd, key, valueOrEnd, value, commaOrEnd }
        var open: [Bool] = []  // true for a mapping
        var expect = Expect.value
        var at = first
        while queue.count < Self.mostFlowTokens {
            at = skipSpaces(at)
            guard at < bytes.count, bytes[at] != UInt8(ascii: "\n"), bytes[at] != UInt8(ascii: "#") else { return nil }
            let byte = bytes[at]
            let closes = byte == UInt8(ascii: open.last == true ? "}" : "]")
            if closes && (expect == .commaOrEnd || expect == .keyOrEnd || expect == .valueOrEnd) {
                guard let isMapping = open.popLast() else { return nil }
                emit(isMapping ? .mappingEnd : .sequenceEnd, at: at)
                at += 1
                if open.isEmpty { return at }
                expect = .commaOrEnd
                continue
            }
            switch expect {
            case .commaOrEnd:
                guard byte == UInt8(ascii: ","), let isMapping = open.last else { return nil }
                at += 1
                expect = isMapping ? .key : .value
            case .key, .keyOrEnd:
                guard let key = scalar(at: at, inFlow: true), isKey(from: at, end: key.end) else { return nil }
                at = key.end + 1
                expect = .value
            case .value, .valueOrEnd:
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    emit(byte == UInt8(ascii: "{") ? .mappingStart : .sequenceStart, at: at)
                    open.append(byte == UInt8(ascii: "{"))
                    expect = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
                    at += 1
                    continue
                }
                guard let value = scalar(at: at, inFlow: true), value.end == bytes.count || bytes[value.end] != UInt8(ascii: ":") else {
                    return nil
                }
                at = value.end
                expect = .commaOrEnd
            }
        }
        return nil
    }

    // MARK: Bytes

    /// Whether a key's `:` follows its text at `end`, the whole key short
    /// enough to be one for libyaml (which takes at most 1024 characters,
    /// with a margin: 1000 bytes are at most 1000 characters).
    private func isKey(from first: Int, end: Int) -> Bool {
        end < bytes.count && bytes[end] == UInt8(ascii: ":") && isBlank(end + 1) && end - first <= 1000
    }

    /// Whether `-` at `at` opens a list entry (a space or the line's end after it).
    private func isEntry(_ at: Int) -> Bool {
        bytes[at] == UInt8(ascii: "-") && isBlank(at + 1)
    }

    /// A space, the line's end or the file's end.
    private func isBlank(_ at: Int) -> Bool {
        at >= bytes.count || bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\n")
    }

    /// The line ends at `at` (spaces skipped): its `\n`, the file's end, or a comment.
    private func isLineEnd(_ at: Int) -> Bool {
        at >= bytes.count || bytes[at] == UInt8(ascii: "\n") || (bytes[at] == UInt8(ascii: "#") && bytes[at - 1] == UInt8(ascii: " "))
    }

    private func skipSpaces(_ from: Int) -> Int {
        var at = from
        while at < bytes.count && bytes[at] == UInt8(ascii: " ") { at += 1 }
        return at
    }

    /// `---` or `...` at a line's start: a document's start or end, libyaml's to read.
    private func isDocumentMarker(_ at: Int) -> Bool {
        guard at + 2 < bytes.count, bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: ".") else { return false }
        return bytes[at + 1] == bytes[at] && bytes[at + 2] == bytes[at] && isBlank(at + 3)
    }

    /// The index of the `\n` that ends the comment at `at` (or the file's
    /// end); nil if the comment holds a character left to libyaml.
    private func endOfComment(_ first: Int) -> Int? {
        var at = first
        while at < bytes.count && bytes[at] != UInt8(ascii: "\n") {
            if isLeftToLibyaml(at) { return nil }
            at += 1
        }
        return at
    }

    /// Whether the character at `at` is one libyaml treats apart: a
    /// control character (a tab, `\r`, a `\n` inside a quoted scalar), a
    /// C1 control or NEL, a line or paragraph separator, a byte order mark,
    /// U+FFFE or U+FFFF.
    @inline(__always)
    private func isLeftToLibyaml(_ at: Int) -> Bool {
        let byte = bytes[at]
        if byte < 0x20 || byte == 0x7F { return true }
        guard byte >= 0xC2 else { return false }
        func follows(_ a: UInt8, _ b: ClosedRange<UInt8>) -> Bool {
            at + 2 < bytes.count && bytes[at + 1] == a && b.contains(bytes[at + 2])
        }
        switch byte {
        case 0xC2: return at + 1 < bytes.count && bytes[at + 1] < 0xA0
        case 0xE2: return follows(0x80, 0xA8 ... 0xA9)
        case 0xEF: return follows(0xBB, 0xBF ... 0xBF) || follows(0xBF, 0xBE ... 0xBF)
        default: return false
        }
    }

    /// The 0-based column of `at` on its line, in characters: counted on
    /// from the last one asked on the line. O(the line) per line.
    private mutating func column(_ at: Int) -> Int {
        if counted.at < lineStart || counted.at > at { counted = (lineStart, 0) }
        counted.column += bytes.withUnsafeBufferPointer { buffer in  // valid inside the closure only
            guard let base = buffer.baseAddress else { return 0 }
            var characters = 0
            var i = counted.at
            while i + 8 <= at, ByteWords.load(base, i) & ByteWords.highBits == 0 {
                characters += 8  // eight ASCII characters
                i += 8
            }
            for j in i ..< at where buffer[j] & 0xC0 != 0x80 { characters += 1 }
            return characters
        }
        counted.at = at
        return counted.column
    }

    /// The text of the bytes in `range` (read in place: no slice of the file is made).
    private func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }  // valid inside the closure only
    }

    /// Queues a token of `kind` that starts at `at`, on the line being read.
    private mutating func emit(_ kind: DocumentToken.Kind, at: Int) {
        queue.append(Self.token(kind, line: line, column: column(at)))
    }

    /// Queues the end of the innermost block, at `line` and the 0-based `column`.
    private mutating func closeBlock(line: Int, column: Int) {
        guard let block = blocks.popLast() else { return }
        queue.append(Self.token(block.isMapping ? .mappingEnd : .sequenceEnd, line: line, column: column))
    }

    /// A token at `line` and the 0-based `column` (a token's column counts from 1, as libyaml's marks plus one).
    private static func token(_ kind: DocumentToken.Kind, _ text: String = "", line: Int, column: Int) -> DocumentToken {
        DocumentToken(kind: kind, text: text, line: Int32(clamping: line), column: Int32(clamping: column + 1))
    }
}
