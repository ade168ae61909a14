/// Where a line of text may break, by the common cases of the Unicode line
/// breaking algorithm (UAX #14): after spaces and zero-width spaces (which
/// Thai and Khmer text may carry between words); before and after CJK
/// ideographs, kana, Hangul syllables and emoji; after a hyphen inside a
/// word. Never before closing punctuation, a small kana or "…", and never
/// after opening punctuation (rules LB13, LB14, LB21, LB22, LB30 in spirit).
/// Thai and other scripts without spaces break only at spaces here (true
/// breaks need a dictionary); a word too long for a line is cut by the
/// typesetter between clusters. Works on characters (grapheme clusters), so
/// a base and its marks never part. O(n).
enum LineBreaks {
    /// For each character of `characters`, whether a line may start there
    /// (index 0 is always false).
    static func opportunities(_ characters: [Character]) -> [Bool] {
        var result = [Bool](repeating: false, count: characters.count)
        guard characters.count > 1 else { return result }
        let classes = characters.map(Class.init)
        for i in 1 ..< characters.count {
            let before = classes[i - 1], after = classes[i]
            switch (before, after) {
            case (.zeroWidthSpace, _): result[i] = true
            case (_, .space), (_, .closing), (_, .nonStarter), (.opening, _): result[i] = false
            case (.space, _): result[i] = true
            case (.ideographic, _), (_, .ideographic): result[i] = true
            case (.hyphen, .other): result[i] = classes[..<(i - 1)].last.map { $0 == .other } ?? false
            default: result[i] = false
            }
        }
        return result
    }

    /// The line-breaking classes Unfold tells apart.
    enum Class: Equatable {
        case space, zeroWidthSpace, opening, closing, nonStarter, ideographic, hyphen, other

        init(_ character: Character) {
            guard let scalar = character.unicodeScalars.first else { self = .other; return }
            switch scalar.value {
            case 0x20, 0x09, 0x1680, 0x2000 ... 0x2006, 0x2008 ... 0x200A, 0x205F, 0x3000: self = .space
            case 0x200B: self = .zeroWidthSpace
            case 0x28, 0x5B, 0x7B, 0xAB, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018,
                0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
                self = .opening
            case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0xBB, 0x2019, 0x201D, 0x2026, 0x3001, 0x3002,
                0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFF01, 0xFF09,
                0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64:
                self = .closing
            case 0x3005, 0x303B, 0x309B ... 0x309E, 0x30A0, 0x30FB ... 0x30FE, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049,
                0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3,
                0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC, 0xFF67 ... 0xFF70:
                self = .nonStarter
            case 0x2D, 0x2010, 0x2012, 0x2013: self = .hyphen
            case 0x2E80 ... 0x2FDF, 0x3040 ... 0x30FF, 0x3100 ... 0x31FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
                0xAC00 ... 0xD7AF, 0xF900 ... 0xFAFF, 0xFF00 ... 0xFFEF, 0x20000 ... 0x2FA1F, 0x1F300 ... 0x1FAFF:
                self = .ideographic
            default: self = .other
            }
        }
    }
}
