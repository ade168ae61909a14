/// JSON read as a stream of events (a container starts or ends, a key, a
/// scalar), each with its line and column, checked against the grammar with
/// a stack of the open containers rather than the call stack: any nesting
/// is read in O(size) time and O(depth) memory, and a reader builds what it
/// needs (a flat list) as the events come. Malformed JSON is an error with
/// its position.
package struct JSONStream: Sendable {
    /// One event of the stream.
    package enum Event: Equatable {
        case objectStart, objectEnd, arrayStart, arrayEnd
        /// A key of an object; its value is the next event.
        case key(String)
        case string(String)
        /// A number, `true`, `false` or `null`, as written.
        case literal(String)
    }

    /// What the next token may be.
    private enum Expect { case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, nothing }

    private let bytes: [UInt8]
    /// The file the JSON is from, for errors.
    package let file: String
    private var i = 0
    private var line = 1
    /// The column of `bytes[i]`: Unicode scalars from the start of the line, plus one.
    private var column = 1
    /// The open containers, innermost last: true for an object.
    private var open: [Bool] = []
    private var expect = Expect.value

    /// The JSON in `text`, from `file`.
    package init(text: String, file: String) {
        self.init(bytes: Array(text.utf8), file: file)
    }

    /// The JSON in `bytes`, which are UTF-8 (checked by whoever read them).
    package init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// An error at `line` and `column` of the file.
    package func error(_ message: String, line: Int, column: Int, hint: String = "check the file in a JSON validator") -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message, hint: hint)
    }

    private mutating func advance() {
        if bytes[i] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if i + 1 == bytes.count || bytes[i + 1] & 0xC0 != 0x80 {
            column += 1  // the next byte starts a scalar (or is the end)
        }
        i += 1
    }

    /// The next event and where it starts; nil at the end of a complete document.
    package mutating func next() throws(ScenarioError) -> (event: Event, line: Int, column: Int)? {
        while true {
            while i < bytes.count, Self.isSpace(bytes[i]) { advance() }
            let (l, c) = (line, column)
            guard i < bytes.count else {
                if expect == .nothing { return nil }
                throw error(open.isEmpty ? "the file is empty" : "malformed JSON: the file ends inside \(open.last == true ? "an object" : "a list")", line: l, column: c)
            }
            let byte = bytes[i]
            switch expect {
            case .nothing:
                throw error("malformed JSON: more text after the end of the value", line: l, column: c)
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw error("malformed JSON: ':' expected after the key", line: l, column: c) }
                advance()
                expect = .value
            case .commaOrEnd:
                if let end = close(byte) { return (end, l, c) }
                guard byte == UInt8(ascii: ",") else {
                    throw error("malformed JSON: ',' or '\(open.last == true ? "}" : "]")' expected", line: l, column: c)
                }
                advance()
                expect = open.last == true ? .key : .value
            case .key, .keyOrEnd:
                if expect == .keyOrEnd, let end = close(byte) { return (end, l, c) }
                guard byte == UInt8(ascii: "\"") else { throw error("malformed JSON: a key in double quotes expected", line: l, column: c) }
                let key = try string()
                expect = .colon
                return (.key(key), l, c)
            case .value, .valueOrEnd:
                if expect == .valueOrEnd, let end = close(byte) { return (end, l, c) }
                return (try value(byte), l, c)
            }
        }
    }

    /// The value that starts with `byte`: a container's start, a string or a literal.
    private mutating func value(_ byte: UInt8) throws(ScenarioError) -> Event {
        let (l, c) = (line, column)
        switch byte {
        case UInt8(ascii: "{"):
            advance()
            open.append(true)
            expect = .keyOrEnd
            return .objectStart
        case UInt8(ascii: "["):
            advance()
            open.append(false)
            expect = .valueOrEnd
            return .arrayStart
        case UInt8(ascii: "\""):
            let s = try string()
            expect = open.isEmpty ? .nothing : .commaOrEnd
            return .string(s)
        default:
            let word = literal()
            guard Self.isLiteral(word) else {
                throw error("malformed JSON: a value expected (text in double quotes, a number, true, false, null, [ or {)", line: l, column: c)
            }
            expect = open.isEmpty ? .nothing : .commaOrEnd
            return .literal(word)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The end of the innermost container if `byte` closes it.
    private mutating func close(_ byte: UInt8) -> Event? {
        guard let isObject = open.last, byte == UInt8(ascii: isObject ? "}" : "]") else { return nil }
        advance()
        open.removeLast()
        expect = open.isEmpty ? .nothing : .commaOrEnd
        return isObject ? .objectEnd : .arrayEnd
    }

    /// A string from its opening quote to just past its closing one, escapes decoded.
    private mutating func string() throws(ScenarioError) -> String {
        if let text = plainString() { return text }
        let (l, c) = (line, column)
        advance()  // "
        var out: [UInt8] = []
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                advance()
                return String(decoding: out, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("malformed JSON: a control character in a string (escape it)", line: line, column: column) }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                advance()
                continue
            }
            let (el, ec) = (line, column)
            advance()
            guard i < bytes.count else { break }
            let escaped = bytes[i]
            advance()
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex4() else { throw error("malformed JSON: \\u needs four hex digits", line: el, column: ec) }
                // A high surrogate followed by a low one is one scalar; a lone surrogate is U+FFFD.
                if (0xD800 ..< 0xDC00).contains(unit), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let save = (i, line, column)
                    advance()
                    advance()
                    if let low = hex4(), (0xDC00 ..< 0xE000).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        (i, line, column) = save
                    }
                }
                UTF8.encode(Unicode.Scalar(unit) ?? "\u{FFFD}") { out.append($0) }
            default:
                throw error("malformed JSON: unknown escape", line: el, column: ec)
            }
        }
        throw error("malformed JSON: the string is never closed", line: l, column: c)
    }

    /// A string without escapes, taken whole from its opening quote to just
    /// past its closing one, the column counted by the scalars it passed
    /// (most strings); nil, nothing consumed, for any other.
    private mutating func plainString() -> String? {
        var end = i + 1
        var scalars = 0
        while end < bytes.count, case let byte = bytes[end], byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            if byte & 0xC0 != 0x80 { scalars += 1 }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let text = String(decoding: bytes[(i + 1) ..< end], as: UTF8.self)
        i = end + 1
        column += scalars + 2
        return text
    }

    /// Four hex digits, consumed; nil (nothing consumed past a bad digit) otherwise.
    private mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard i < bytes.count, let digit = Self.hexDigit(bytes[i]) else { return nil }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The run of letters, digits, signs and dots at the cursor, consumed.
    private mutating func literal() -> String {
        var word: [UInt8] = []
        while i < bytes.count, case let b = bytes[i],
            (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                || b == UInt8(ascii: ".")
        {
            word.append(b)
            advance()
        }
        return String(decoding: word, as: UTF8.self)
    }

    /// `true`, `false`, `null` or a number as JSON writes it (`-0.5e+3`, no leading zeros).
    static func isLiteral(_ word: String) -> Bool {
        if ["true", "false", "null"].contains(word) { return true }
        var rest = Substring(word)
        if rest.first == "-" { rest = rest.dropFirst() }
        let digit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let whole = rest.prefix(while: digit)
        guard !whole.isEmpty, whole == "0" || whole.first != "0" else { return false }
        rest = rest.dropFirst(whole.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix(while: digit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: digit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
