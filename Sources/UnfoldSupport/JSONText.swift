/// Text as a JSON string literal (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\r`, `\t` or `\u00XX`, everything else kept as
/// UTF-8. The one escaping of the JSON Unfold writes by hand
/// (`updates.json`, `index.json`, `unfold diff --json`), so that a name or a
/// title from input stays one string value.
package enum JSONText {
    /// `text` as a quoted JSON string. Every character that acts on a
    /// terminal or on the order text is shown in (C0 and C1 controls, bidi
    /// overrides, `InertText.acts`) is written as a `\u` escape, so that the
    /// JSON printed to a terminal (`unfold updates`) or shown in a diff is
    /// inert; a JSON reader gets the same string back. O(length).
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where InertText.acts(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
