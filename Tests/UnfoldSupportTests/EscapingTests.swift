import Foundation
import Testing
import UnfoldSupport

/// Each escaper keeps text from input as text where it is shown.
@Suite struct EscapingTests {
    @Test func inertTextShowsWhatActsOnATerminal() {
        #expect("\(InertText("a\nb\u{1B}[31m\u{202E}c\\"))" == "a\\u{A}b\\u{1B}[31m\\u{202E}c\\\\")
        #expect("\(InertText("plain 名前"))" == "plain 名前")
        let long = String(repeating: "x", count: InertText.limit + 5)
        #expect("\(InertText(long))" == String(repeating: "x", count: InertText.limit) + "…, 5 more characters")
    }

    @Test func markupTextCannotBecomeMarkup() {
        #expect(MarkupText.escaped(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(MarkupText.escaped("a\nb\u{0}\u{85}\u{FFFE}c") == "a bc")
        #expect(MarkupText.escaped("a\nb", keepingLines: true) == "a\nb")
    }

    @Test func markdownTextCannotBecomeALinkOrEndACell() {
        #expect(MarkdownText.escaped("[x](http://e) | <b>") == #"\[x\]\(http\://e\) \| \<b\>"#)
        #expect(MarkdownText.code("a`b") == "``a`b``")
        #expect(MarkdownText.code("`x`") == "`` `x` ``")
        #expect(MarkdownText.code("a|b\n") == "`a\\|b\\u{A}`")
    }

    /// Every control character survives a round trip through a JSON parser.
    @Test func jsonTextIsAStringValueForEveryScalar() throws {
        let text = String(String.UnicodeScalarView((0 ..< 0xA0).compactMap(Unicode.Scalar.init))) + "\u{2028}\u{202E}名\u{1F600}"
        let json = "[" + JSONText.quoted(text) + "]"
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(parsed == [text])
        #expect(JSONText.quoted("a\"b\\c\n\t\u{1}") == #""a\"b\\c\n\t\u0001""#)
        // What acts on a terminal is escaped: `unfold updates` prints ids as they are in the file.
        #expect(JSONText.quoted("a\u{9B}b\u{202E}c名") == #""a\u009bb\u202ec名""#)
    }
}
