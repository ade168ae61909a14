import Foundation

/// A tree from the JSON that the `tree` command writes (`tree -J`):
/// `[{"type": "directory", "name": ".", "contents": [...]}, {"type": "report", ...}]`.
/// The first directory's contents are the top level; `directory` entries are
/// folders, every other type (`file`, `link`, …) a leaf, in the order `tree`
/// wrote them. O(entries).
enum TreeCommandJSON {
    static func read(_ path: String, at location: SourceLocation) throws(ScenarioError) -> ImportedTree {
        let data = try Document(text: try Scenario.readText(path, what: "`tree -J` file"), file: path).root
        let entries = try data.list("`tree -J` output")
        guard let rootEntry = entries.first, let root = try? rootEntry.anyMap("an entry"), (try? root["type"]?.string("`type`")) == "directory"
        else {
            throw data.error("this is not `tree -J` output: it does not start with a directory", hint: "write it with `tree -J FOLDER > tree.json`")
        }
        var tree = ImportedTree()
        try walk(try root["contents"]?.list("`contents`") ?? []) { item, parent throws(ScenarioError) in
            let entry = try item.anyMap("an entry")
            let type = try entry.required("type", in: "an entry").string("`type`")
            let name = try entry.required("name", in: "an entry").string("`name`")
            let node = ImportedTree.Node(
                name: name, isFolder: type == "directory", expanded: false, parent: parent,
                location: SourceLocation(file: item.file, line: item.line, column: item.column))
            guard let index = tree.add(node) else { throw item.error("more than \(Limits.nodes) entries", hint: "run `tree` with `-L DEPTH`") }
            return (index, type == "directory" ? try entry["contents"]?.list("`contents`") : nil)
        }
        return tree
    }
}
