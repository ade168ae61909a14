/// Text from input (a scenario or reference name, a message that quotes a
/// file, a report someone else wrote) made inert for a Markdown page such as
/// a CI job's summary: it shows as the characters it is and cannot become a
/// link, an image, HTML, a table cell's end or a heading.
///
///     "| \(MarkdownText.code(id)) | \(MarkdownText.escaped(message)) |"
///
/// O(n) in the text's scalars.
package enum MarkdownText {
    /// The text as a code span, with a fence of backticks longer than any run
    /// inside it (so it cannot close the span early); control characters and
    /// line breaks as `\u{…}`, `|` escaped (GitHub's tables split cells on it
    /// even in code, and take `\|` back as `|`).
    package static func code(_ text: String) -> String {
        let inert = "\(InertText(text))".replacingOccurrences(of: "|", with: "\\|")
        var longest = 0, run = 0
        for scalar in inert.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = inert.hasPrefix("`") || inert.hasSuffix("`") || inert.isEmpty ? " " : ""
        return fence + pad + inert + pad + fence
    }

    /// The text as plain words: every ASCII punctuation character that
    /// Markdown or HTML could read as syntax (`<`, `[`, `!`, `*`, `|`, …) is
    /// escaped with a backslash; control characters and line breaks as `\u{…}`.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in "\(InertText(text))".unicodeScalars {
            if scalar.isASCII, "\\`*_{}[]()<>#+-.!|~&\"'=:".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
