/// The lines of a text, numbered from 1, split where a reader sees a line
/// end: LF, CR, CR LF (one end), VT, FF, NEL, and the line and paragraph
/// separators, as `Character.isNewline` says. Walked over the UTF-8 bytes
/// as they are asked for, with no array of lines: a page of a million empty
/// lines costs its bytes, not a million slices. O(bytes) for all the lines.
struct TextLines: Sequence, IteratorProtocol {
    private let text: String
    private var start: String.Index
    private var number = 0
    private var done = false

    init(_ text: String) {
        self.text = text
        start = text.startIndex
    }

    /// The next line and its number, without its line end; a text ending
    /// in a line end has an empty last line, as `split` gives it.
    mutating func next() -> (number: Int, line: Substring)? {
        guard !done else { return nil }
        let bytes = text.utf8
        var i = start
        while i < bytes.endIndex {
            let width = Self.lineEnd(bytes, at: i)
            guard width == 0 else {
                let line = text[start ..< i]
                start = bytes.index(i, offsetBy: width)
                number += 1
                return (number, line)
            }
            i = bytes.index(after: i)
        }
        done = true
        number += 1
        return (number, text[start...])
    }

    /// The bytes of the line end at `i` (2 for CR LF), or 0 where none starts.
    private static func lineEnd(_ bytes: String.UTF8View, at i: String.Index) -> Int {
        func byte(_ k: Int) -> UInt8? {
            guard let j = bytes.index(i, offsetBy: k, limitedBy: bytes.endIndex), j < bytes.endIndex else { return nil }
            return bytes[j]
        }
        switch bytes[i] {
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0x0A, 0x0B, 0x0C: return 1
        case 0xC2: return byte(1) == 0x85 ? 2 : 0  // NEL
        case 0xE2: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0  // U+2028, U+2029
        default: return 0
        }
    }
}
