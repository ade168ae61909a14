/// A line of terminal output pasted into a page, as the terminal showed it:
/// colour and cursor escapes (`ESC [ 01;34m`, and the same with the escape
/// character lost in the paste, `[01;34m`; `ESC ] … BEL`) removed, icon-font
/// glyphs (`eza --icons`, `lsd`: private-use code points, and the spaces after
/// them) dropped, and a no-break space read as a space. What is left is what a
/// reader of the page sees, in Unicode scalars, one per column for the
/// drawings' branches and bars. O(length).
enum TerminalText {
    static func seen(_ line: Substring) -> [Unicode.Scalar] {
        let input = Array(line.unicodeScalars)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let c = input[i]
            if c == "\u{1B}" {
                i = afterEscape(input, at: i)
            } else if c == "[", let end = bareColour(input, at: i) {
                i = end
            } else if isIconGlyph(c) {
                i += 1
                while i < input.count, input[i] == " " || input[i] == "\u{A0}" { i += 1 }
            } else {
                out.append(c == "\u{A0}" ? " " : c)
                i += 1
            }
        }
        return out
    }

    /// Where the escape sequence at `i` ends: a control sequence (`ESC [`,
    /// parameters, a final letter), an operating-system command (`ESC ]` up to
    /// BEL or `ESC \`), or an escape and one character.
    private static func afterEscape(_ s: [Unicode.Scalar], at i: Int) -> Int {
        guard i + 1 < s.count else { return s.count }
        var j = i + 2
        switch s[i + 1] {
        case "[":
            while j < s.count, !(0x40 ... 0x7E).contains(s[j].value) { j += 1 }
            return min(s.count, j + 1)
        case "]":
            while j < s.count, s[j] != "\u{07}", !(s[j] == "\u{1B}" && j + 1 < s.count && s[j + 1] == "\\") { j += 1 }
            return min(s.count, j + (j < s.count && s[j] == "\u{1B}" ? 2 : 1))
        default:
            return j
        }
    }

    /// The end of a colour sequence whose escape character the paste lost
    /// (`[0m`, `[01;34m`) at `i`; nil for any other `[`.
    private static func bareColour(_ s: [Unicode.Scalar], at i: Int) -> Int? {
        var j = i + 1
        while j < s.count, j - i <= 16, s[j] == ";" || ("0" ... "9").contains(s[j]) { j += 1 }
        return j > i + 1 && j < s.count && s[j] == "m" ? j + 1 : nil
    }

    /// A code point of the private-use areas, where icon fonts (Nerd Fonts) put their glyphs.
    static func isIconGlyph(_ c: Unicode.Scalar) -> Bool {
        (0xE000 ... 0xF8FF).contains(c.value) || (0xF0000 ... 0x10FFFD).contains(c.value)
    }
}
