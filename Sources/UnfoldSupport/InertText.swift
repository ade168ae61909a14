/// Text that came from input (a file or folder name, a title, a name in a
/// downloaded report), made safe to print: in a terminal, a log or a CI
/// page it shows as what it is and cannot move the cursor, recolour, retitle
/// the window, hide a line or reorder what follows.
///
/// Control characters (C0, DEL, C1), bidirectional controls and line or
/// paragraph separators are shown as `\u{1B}`; a backslash as `\\`; all else
/// as it is. The result is one line, and short: past `limit` characters the
/// rest is left out (`…, 5000 more characters`), so that no file, however it
/// is made, gets more than a piece of itself into a message or a log. Use it
/// in every message that quotes input:
///
///     "no such scenario \(InertText(name))"
///
/// O(n) in the text's scalars.
package struct InertText: CustomStringConvertible, Sendable, Equatable {
    /// The text as it was given.
    package var raw: String

    /// Wraps text from input.
    package init(_ raw: String) {
        self.raw = raw
    }

    /// The most characters of input a message quotes.
    package static let limit = 300

    /// The text with every character that could act on a terminal escaped, cut at `limit`.
    package var description: String {
        let count = raw.unicodeScalars.count
        guard count > Self.limit else { return escaped }
        return InertText(String(String.UnicodeScalarView(raw.unicodeScalars.prefix(Self.limit)))).escaped + "…, \(count - Self.limit) more characters"
    }

    /// The whole text, every character that could act on a terminal
    /// escaped, none cut: for a message of Unfold's own whose quoted pieces
    /// of input are each an `InertText` already (a warning is printed whole).
    package var escaped: String {
        guard raw.unicodeScalars.contains(where: Self.needsEscape) else { return raw }
        var out = ""
        for scalar in raw.unicodeScalars {
            if scalar == "\\" {
                out += "\\\\"
            } else if Self.acts(scalar) {
                out += Self.visible(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { scalar == "\\" || acts(scalar) }

    /// A character that acts (`acts(_:)`) as it is shown instead, in every
    /// place quoted input is shown (the terminal, reports, the review page):
    /// `\u{202E}`.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Characters that do something in a terminal or to the order of what is shown.
    package static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F: true  // C0, DEL, C1 (ESC, CSI, BEL, newline, …)
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true  // bidi marks, embeddings, overrides, isolates
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }
}
