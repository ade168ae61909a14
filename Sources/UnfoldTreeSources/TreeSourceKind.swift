import Foundation
import OutlineAppearance
import UnfoldSupport

/// A kind of tree that people already keep, read as an outline: a folder, a
/// docs page (Markdown, reStructuredText, AsciiDoc, Org), a `tree`
/// drawing, `tree -J` output, an OPML outline.
/// `all` is the registry: `unfold render --from`, a scenario's `source:` and
/// the hint for a tree given as a scenario all read it. A new kind of tree
/// is one file, its reader with its `TreeSourceKind` value, and one line in
/// `all`.
package struct TreeSourceKind: Sendable {
    /// What it is called in messages, with its article (`a Markdown file`).
    package let name: String
    /// Its key in a scenario's `source:` (`markdown`).
    package let key: String
    /// Whether it is a folder (else a file).
    package let isFolder: Bool
    /// The file extensions it is known by, in lower case.
    package let extensions: [String]
    /// The options it takes, by their `source:` keys; others are errors.
    package let options: [TreeSourceOptions.Key]
    /// Whether the start of a file (its first 4 KiB, as text) looks like
    /// this kind: for a file whose extension names no kind, or several.
    package let recognizes: @Sendable (_ head: Substring) -> Bool
    /// Reads the tree at `path`; errors point at `location`.
    package let read: @Sendable (_ path: String, TreeSourceOptions, _ location: ScenarioLocation) throws(ScenarioError) -> ImportedTree

    /// Every kind, in the order the start of a file is asked about (and
    /// messages list them): the most particular first, a drawing before a
    /// Markdown page (a page's drawings are in code blocks, a drawing's
    /// file has none).
    package static let all = [folder, opml, treeJSON, drawing, org, asciidoc, rst, markdown]

    /// Extensions that name no kind but may hold any of them: none, and `xml` (OPML saved under its syntax's name).
    private static let generic: Set<String> = ["", "xml"]

    /// The kind of a file: the one its extension names (any case); where
    /// several do (`.txt`), or it has a generic one (none, `.xml`), the first
    /// whose `recognizes` says yes to the file's first 4 KiB. Nil: not a tree
    /// source. An error when the file cannot be read or is empty. O(kinds).
    package static func of(file path: String) throws(ScenarioError) -> TreeSourceKind? {
        let named = named(byExtensionOf: path)
        if named.count == 1 { return named[0] }
        guard named.count > 1 || generic.contains((path as NSString).pathExtension.lowercased()) else { return nil }
        let head: [UInt8]
        do throws(InputFile.Failure) { head = try InputFile.prefix(of: path, count: 4096) } catch {
            throw ScenarioError(file: path, line: 0, column: 0, message: error.message("tree source"), hint: error.hint)
        }
        guard head.count == 4096 || head.contains(where: { ![9, 10, 13, 32].contains($0) }) else {
            throw ScenarioError(file: path, line: 0, column: 0, message: "the file holds no tree: it is empty", hint: "save the tree in it first")
        }
        let text = Substring(String(decoding: head, as: UTF8.self))
        return (named.isEmpty ? all.filter { !$0.isFolder } : named).first { $0.recognizes(text) }
    }

    /// The kinds of file that `path`'s extension names (any case), without
    /// reading it. O(kinds).
    package static func named(byExtensionOf path: String) -> [TreeSourceKind] {
        let ext = (path as NSString).pathExtension.lowercased()
        return all.filter { !$0.isFolder && $0.extensions.contains(ext) }
    }

    /// The kinds and what names them, for a hint: `a folder, a Markdown file (.md, .mdx, .markdown), …`.
    package static var described: String {
        all.map { kind in
            kind.name + (kind.extensions.isEmpty ? "" : " (" + kind.extensions.map { "." + $0 }.joined(separator: ", ") + ")")
        }.joined(separator: ", ")
    }

    /// Which options are for which kinds, for a hint: `--list is for a Markdown file; --depth, … are for a folder`.
    package static func optionsHint(flag: (TreeSourceOptions.Key) -> String) -> String {
        all.filter { !$0.options.isEmpty }.map { kind in
            let flags = kind.options.map(flag)
            return flags.joined(separator: ", ") + (flags.count == 1 ? " is" : " are") + " for " + kind.name
        }.joined(separator: "; ")
    }
}
