/// Text made safe inside XML or HTML, as an element's content or a
/// double-quoted attribute's value: the five markup characters escaped and
/// the characters XML 1.0 does not allow (C0 and C1 controls, U+FFFE, U+FFFF)
/// dropped, so that what a tree or a report says can never become markup.
/// The one escaping of SVG pictures, JUnit and HTML reports and the
/// `<picture>` snippet; each says what becomes of the characters that
/// reorder text or break lines (`InertText.acts`).
package enum MarkupText {
    /// What becomes of a bidirectional control or a line separator.
    package enum Acting: Sendable {
        /// Kept: text drawn in a picture, where a title's own marks order it.
        case kept
        /// Shown as `\u{202E}`, as the terminal shows it: quoted input in a
        /// report, so that a reviewer reads the sentence in its order.
        case visible
        /// Written as a character reference (`&#x202E;`): the page gets the
        /// character, and the markup, printed to a terminal, holds none.
        case references
    }

    /// `text` escaped; tabs and line breaks kept (`keepingLines`) or made
    /// spaces (an attribute, a line of a picture). O(length).
    package static func escaped(_ text: String, keepingLines: Bool = false, acting: Acting = .kept) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(keepingLines ? scalar : " ")
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F ... 0x9F).contains(v) || (0xFFFE ... 0xFFFF).contains(v) { continue }
                switch acting {
                case .visible where InertText.acts(scalar): out += InertText.visible(scalar)
                case .references where InertText.acts(scalar): out += "&#x" + String(v, radix: 16, uppercase: true) + ";"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
