import Foundation
import UnfoldCanvas
import UnfoldSupport

/// What a page pastes to show a live tree that `--outputs html` wrote: for
/// an MDX page (`outline.mdx`) or a VitePress page (`outline.vue`), the line
/// that imports the tree's component and its element; for any other page,
/// the tree's piece of `outline.html` (its style, rows and script) as it is.
/// `unfold render --snippet` prints every tree's import once, at the top (a
/// Vue page has one `<script setup>`), then each tree's element.
package struct LiveTreeSnippet: Sendable, Equatable {
    /// The line that imports the tree's component; nil for a plain HTML page.
    package var importLine: String?
    /// What stands where the tree shows: the component's element, or the piece.
    package var element: String
    /// The import is Vue's (it goes in the page's one `<script setup>`).
    package var isVue = false

    /// The snippet of the live tree written in `folder` (among `files`) for
    /// the scenario `name`: the component is named after the scenario, so
    /// that two trees on one page import two names, from `base` (the folder
    /// as the page imports it, such as `@site/static/trees`) or else
    /// `folder`. Nil when no live tree was written. O(size of the piece).
    package init?(in folder: String, files: [String], name: String, base: String? = nil) {
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        guard names.contains(FileNames.html) else { return nil }
        let component = Self.componentName(name)
        let from = (base.map { String($0.reversed().drop { $0 == "/" }.reversed()) + "/" + name } ?? folder)
        if let file = ["outline.mdx", "outline.vue"].first(where: names.contains) {
            isVue = file == "outline.vue"
            importLine = "import \(component) from \(Self.module(from + "/" + file))" + (isVue ? "" : ";")
            element = "<\(component) />"
            return
        }
        guard let page = try? String(contentsOfFile: folder + "/" + FileNames.html, encoding: .utf8),
            let start = page.range(of: "<!-- unfold tree -->\n"), let end = page.range(of: "<!-- /unfold tree -->", range: start.upperBound ..< page.endIndex)
        else { return nil }
        element = String(page[start.upperBound ..< end.lowerBound].dropLast())
    }

    /// The imports of `trees` as a page takes them at its top: MDX's lines
    /// as they are, Vue's in one `<script setup>`; nil when none imports.
    package static func imports(_ trees: [LiveTreeSnippet]) -> String? {
        let mdx = trees.filter { !$0.isVue }.compactMap(\.importLine), vue = trees.filter(\.isVue).compactMap(\.importLine)
        var blocks: [String] = []
        if !mdx.isEmpty { blocks.append(mdx.joined(separator: "\n")) }
        if !vue.isEmpty { blocks.append("<script setup>\n" + vue.joined(separator: "\n") + "\n</script>") }
        return blocks.isEmpty ? nil : blocks.joined(separator: "\n\n")
    }

    /// A component's name from a scenario's: `Unfold` and its words
    /// capitalized (`docs-tree` is `UnfoldDocsTree`); a name that is not
    /// lowercase words of ASCII letters and digits, each starting with a
    /// letter, joined by `-`, also gets 6 hex digits of its hash, so that
    /// two names never give one component. O(length).
    static func componentName(_ name: String) -> String {
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        let plain = words.allSatisfy { word in
            word.first.map { ("a" ... "z").contains($0) } == true && word.allSatisfy { ("a" ... "z").contains($0) || ("0" ... "9").contains($0) }
        }
        let readable = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        guard !plain else { return "Unfold" + readable.joined() }
        var hash = ContentHash()
        hash.update(Array(name.utf8))
        return "Unfold" + readable.joined() + "_" + hash.hex.prefix(6)
    }

    /// A path as a JavaScript string: its quote and backslash escaped (no
    /// line break can be in a file name Unfold wrote), `./` before a
    /// relative one that a bundler would take for a package's name.
    static func module(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        let local = escaped.hasPrefix("/") || escaped.hasPrefix(".") || escaped.hasPrefix("@") || escaped.hasPrefix("~")
        return "'" + (local ? escaped : "./" + escaped) + "'"
    }
}
