import CUnfoldYAML
import Foundation
import UnfoldSupport

/// A YAML document's tokens, one at a time: nothing is built but the token
/// in hand, so a file of any size is read in memory that grows with what the
/// reader keeps. The block YAML scenarios are written in is read by
/// `BlockYAMLScanner`; from the first line it does not read, libyaml's parser
/// reads the file, past the tokens given. One document per file; a second
/// one (`---`) is an error. A copy reads on by itself until libyaml takes
/// over; copies then share libyaml's parser (one reader uses a source).
/// Where libyaml takes over, the tokens it reads past are checked to be the
/// ones the scanner gave (a digest of each token's kind, text and place).
/// `UNFOLD_YAML=libyaml` in the environment reads every file with libyaml alone.
struct YAMLTokens: DocumentTokenSource, Sendable {
    private let bytes: [UInt8]
    private let file: String
    /// Until it meets text it does not read; then nil.
    private var scanner: BlockYAMLScanner?
    /// How many tokens the scanner gave, and their digest.
    private var given = 0
    private var digest = TokenDigest()
    private var events: YAMLEvents?
    /// The anchor on the token just given, until `takeAnchor()`.
    private var anchor: String?

    /// Reads `bytes` (UTF-8).
    init(bytes: [UInt8], file: String, libyamlAlone: Bool = Self.libyamlAlone) {
        self.bytes = bytes
        self.file = file
        scanner = libyamlAlone ? nil : BlockYAMLScanner(bytes: bytes)
    }

    /// Whether the environment asks for libyaml alone (`UNFOLD_YAML=libyaml`), read once.
    static let libyamlAlone = ProcessInfo.processInfo.environment["UNFOLD_YAML"] == "libyaml"

    /// Whether libyaml reads the rest of the file (the scanner met text it does not read).
    var isReadByLibyaml: Bool { events != nil }

    mutating func nextToken() throws(ScenarioError) -> DocumentToken? {
        switch scanner?.next() {
        case let .token(token)?:
            given += 1
            digest.add(token)
            return token
        case .end?: return nil
        case .unread?:
            scanner = nil
            let events = try YAMLEvents(bytes: bytes, file: file)
            self.events = events
            // The tokens given are libyaml's first ones: read past them, and check they are the same.
            var read = TokenDigest()
            for _ in 0 ..< given {
                guard let (token, _) = try events.next() else { break }
                read.add(token)
            }
            guard read == digest else {
                throw ScenarioError(
                    file: file, line: 1, column: 1, message: "the two YAML readers disagree about this file",
                    hint: "please report it with the file; meanwhile UNFOLD_YAML=libyaml reads it with libyaml alone")
            }
        case nil:
            // Read by libyaml alone (`UNFOLD_YAML=libyaml`) from the start.
            if events == nil { events = try YAMLEvents(bytes: bytes, file: file) }
        }
        guard let (token, name) = try events?.next() else { return nil }
        anchor = name
        return token
    }

    mutating func takeAnchor() -> String? {
        defer { anchor = nil }
        return anchor
    }
}

/// A digest of tokens in order (their kinds, texts and places, FNV-1a): the
/// same tokens give the same digest, and two readers are checked to agree
/// without keeping what they read. O(1) memory.
struct TokenDigest: Equatable, Sendable {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var count = 0

    mutating func add(_ token: DocumentToken) {
        count += 1
        mix(UInt64(token.kind.rawValue))
        mix(UInt64(UInt32(bitPattern: token.line)) << 32 | UInt64(UInt32(bitPattern: token.column)))
        for byte in token.text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
        mix(UInt64(token.text.utf8.count))
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x100_0000_01B3
        value ^= value >> 29
    }
}

/// libyaml's parser over a file's bytes, giving its events as tokens. Used
/// by one thread at a time (a reader's, or the one that reads ahead of it,
/// `ReadAheadTokens`). The parser and the bytes it reads are allocated here
/// and valid until `deinit`.
final class YAMLEvents: @unchecked Sendable {
    let file: String
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var ended = false
    private var documents = 0

    /// Reads `bytes` (UTF-8). Throws only when libyaml cannot start.
    init(bytes: [UInt8], file: String) throws(ScenarioError) {
        self.file = file
        input = .allocate(capacity: max(1, bytes.count))
        _ = input.initialize(from: bytes)
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            input.deallocate()
            parser.deallocate()
            throw ScenarioError(file: file, line: 1, column: 1, message: "cannot start the YAML reader (out of memory)")
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// The next token and the name of the anchor on it, if any; nil at the
    /// end. Throws where the text is not YAML, and at a second document.
    func next() throws(ScenarioError) -> (token: DocumentToken, anchor: String?)? {
        while !ended {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else {
                ended = true  // libyaml gives no event after an error
                throw syntaxError()
            }
            defer { yaml_event_delete(&event) }
            let line = Int32(clamping: event.start_mark.line + 1)
            let column = Int32(clamping: event.start_mark.column + 1)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                return Self.anchored(DocumentToken(kind: .scalar, text: text, line: line, column: column), scalar.anchor)
            case YAML_ALIAS_EVENT:
                return (DocumentToken(kind: .alias, text: Self.text(event.data.alias.anchor) ?? "", line: line, column: column), nil)
            case YAML_SEQUENCE_START_EVENT:
                return Self.anchored(DocumentToken(kind: .sequenceStart, line: line, column: column), event.data.sequence_start.anchor)
            case YAML_MAPPING_START_EVENT:
                return Self.anchored(DocumentToken(kind: .mappingStart, line: line, column: column), event.data.mapping_start.anchor)
            case YAML_SEQUENCE_END_EVENT: return (DocumentToken(kind: .sequenceEnd, line: line, column: column), nil)
            case YAML_MAPPING_END_EVENT: return (DocumentToken(kind: .mappingEnd, line: line, column: column), nil)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    ended = true
                    throw ScenarioError(
                        file: file, line: Int(line), column: Int(column), message: "the file holds more than one YAML document",
                        hint: "keep one document: remove the second `---` and what follows it")
                }
            case YAML_STREAM_END_EVENT, YAML_NO_EVENT: ended = true
            default: continue  // the stream's start, a document's end
            }
        }
        return nil
    }

    /// `token` with the anchor `name` (a C string of the event) on it, if there is one.
    private static func anchored(_ token: DocumentToken, _ name: UnsafeMutablePointer<yaml_char_t>?) -> (DocumentToken, String?) {
        var token = token
        let anchor = text(name)
        token.isAnchored = anchor != nil
        return (token, anchor)
    }

    /// A C string of the event (valid until the event is deleted) as text.
    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The error of text libyaml refused, told by its position and libyaml's
    /// own words, never by quoting the file: it may be any file
    /// (`/proc/self/environ` behind a link) whose lines must not reach a log.
    private func syntaxError() -> ScenarioError {
        let p = parser.pointee
        let problem = InertText(p.problem.map { String(cString: $0) } ?? "unknown problem")
        let context = p.context.map { " \(InertText(String(cString: $0)))" } ?? ""
        let line = Int(p.problem_mark.line) + 1
        let column = Int(p.problem_mark.column) + 1
        switch p.error {
        case YAML_READER_ERROR:
            let at = Document.position(ofByte: p.problem_offset, in: input)
            let character = p.problem_value >= 0 ? String(format: " (U+%04X)", p.problem_value) : ""
            return ScenarioError(
                file: file, line: at.line, column: at.column, message: "the file cannot be read as YAML: \(problem)\(character)",
                hint: "a scenario is UTF-8 text without control characters")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return ScenarioError(
                file: file, line: line, column: column, message: "syntax error: \(problem)\(context)",
                hint: "check the indentation and quoting on this line")
        default:
            return ScenarioError(file: file, line: 1, column: 1, message: "cannot parse the file as YAML (out of memory)")
        }
    }
}
