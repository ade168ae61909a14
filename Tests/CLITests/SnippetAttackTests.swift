import Foundation
import Testing

/// A snippet is printed whole and escaped for the page it is pasted into,
/// whatever its alt text and base URL hold: it can never be cut open inside
/// an attribute, and nothing in it acts on the terminal it is printed to.
@Suite(.serialized) struct SnippetAttackTests {
    /// A title of 10,000 characters that tries to leave the attribute, with a bidi override early on.
    static let title = "Sources\u{202E}evil\u{202C}\" onerror=alert(document.domain) x=\"" + String(repeating: "long name ", count: 990)

    @Test func aLongAltAndBaseURLGiveAWholeSnippetOnEverySite() throws {
        let s = Scratch()
        let file = s.write("long.yaml", "name: long\ntree: [ { title: '\(Self.title.replacingOccurrences(of: "'", with: "''"))' } ]\n")
        let base = "https://docs.example.com/" + String(repeating: "deep/", count: 200)
        for site in ["github", "starlight", "docusaurus", "vitepress"] {
            for themes in [[], ["--theme", "light,dark"]] {
                // A site says how two themes switch: one picture is the same `<img>` on every site.
                let siteOption = themes.isEmpty ? [] : ["--site", site]
                let r = try unfold(["render", file, "--snippet", "--base-url", base, "--out", s.path + "/out", "--outputs", "states"] + siteOption + themes)
                #expect(r.status == 0, "\(site): \(r.err)")
                #expect(!r.out.contains("more characters") && !r.out.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{202C}" })
                #expect(r.out.contains("&#x202E;") && r.out.contains("deep/deep/deep/long"), "\(site): \(r.out)")
                // Every alt attribute is closed where it should be: its value holds no quote and ends the bounded text.
                for part in r.out.components(separatedBy: "alt=\"").dropFirst() {
                    let value = part.prefix { $0 != "\"" }
                    #expect(value.hasSuffix("…") && value.count < 400 && value.contains("&quot; onerror="), "\(site): \(value)")
                    #expect(part.dropFirst(value.count).hasPrefix("\" "), "\(site): \(part.prefix(80))")
                }
            }
        }
    }

    @Test func aFileChoosesAPathNotAScheme() throws {
        let s = Scratch()
        for base in ["https://elsewhere/img", "javascript:alert(1)", "data:text/html,x", "//elsewhere/img"] {
            let file = s.write("b.yaml", "name: b\nsnippet: { baseURL: '\(base)' }\ntree: [ { title: A } ]\n")
            let r = try unfold(["render", file, "--out", s.path + "/out", "--outputs", "states"])
            #expect(r.status == 2 && r.err.contains("`snippet.baseURL` is a path") && r.err.contains("b.yaml:2:"), "\(base): \(r.err)")
        }
        let file = s.write("b.yaml", "name: b\nsnippet: { baseURL: /img/trees }\ntree: [ { title: A } ]\n")
        let r = try unfold(["render", file, "--out", s.path + "/out", "--outputs", "states", "--base-url", "https://docs.example.com/img"])
        #expect(r.status == 0 && r.out.contains("src=\"https://docs.example.com/img/b/state-00.png\""), "\(r.out)")
    }
}
