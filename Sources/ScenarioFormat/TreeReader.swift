import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// Reads `tree:` into the flat node list, without recursion.
enum TreeReader {
    static let keys = [
        "id", "title", "subtitle", "annotation", "kind", "icon", "expanded", "highlighted", "detail", "on", "children", "checked", "loading",
    ]

    /// Reads a list of nodes, or with `single` one node.
    static func read(_ tree: Value, into scenario: inout Scenario, single: Bool = false) throws(ScenarioError) {
        var text = 0  // bytes of text read, against the document's `textBudget`
        try walk(single ? [tree] : try tree.list("`tree`")) { item, parent throws(ScenarioError) in
            let f = try item.map("a node", allowed: Self.keys)
            let title = try f.required("title", in: "a node").string("`title`")
            // What a node holds is charged as it is read: an alias repeats its text, and its handlers, at full cost.
            text += f.pairs.reduce(0) { sum, pair in sum + (pair.value.node.scalar?.string.utf8.count ?? 0) + 32 * (pair.value.node.mapping?.count ?? 0) }
            if text > item.textBudget {
                throw item.error(
                    "the tree holds more than \(item.textBudget) bytes of text, more than a file of its size holds without aliases (`*name`) repeating it",
                    hint: "write the repeated text out, or build the tree in Swift")
            }
            let index = scenario.nodes.count
            scenario.nodes.append(
                NodeSpec(
                    key: try f["id"]?.key("`id`"), title: title,
                    subtitle: try f["subtitle"]?.string("`subtitle`"), kind: try f["kind"]?.string("`kind`"),
                    icon: try f["icon"]?.string("`icon`"), expanded: try f["expanded"]?.bool("`expanded`") ?? false,
                    parent: parent))
            scenario.nodes[index].checked = try f["checked"]?.bool("`checked`") ?? false
            scenario.nodes[index].highlighted = try f["highlighted"]?.bool("`highlighted`") ?? false
            // Written as a Markdown list's note is: `**bold**`, `*italic*`, `` `code` ``.
            scenario.nodes[index].annotation = try f["annotation"].flatMap { v throws(ScenarioError) in
                MarkdownTree.annotation(Substring(try v.string("`annotation`")))
            }
            let at = ScenarioLocation(file: item.file, line: item.line, column: item.column)
            scenario.nodeLocations.append(at)
            if try f["detail"]?.bool("`detail`") == true { scenario.initialDetails.append(index) }
            if let on = f["on"] { scenario.handlers.byNode[index] = try Scenario.readHandlers(on, what: "`on`") }
            if try f["loading"]?.bool("`loading`") == true {
                guard f["children"] == nil else {
                    throw f.keyValue("loading").error(
                        "a node still `loading` has no children yet", hint: "drop `children:`, or `loading: true` once they are loaded")
                }
                // The row a list shows while children load: a spinner and "Loading…", removable by a step (`remove: <id>/loading`).
                scenario.nodes.append(NodeSpec(key: "loading", title: "Loading…", icon: Appearance.loadingIcon, parent: index))
                scenario.nodeLocations.append(at)
                return (index, nil)
            }
            return (index, try f["children"]?.list("`children`"))
        }
    }
}

/// Visits nested items in pre-order with an explicit stack (no recursion, so
/// any depth is safe): `visit(item, parentIndex)` returns the item's own index
/// and its children, if any.
func walk(_ top: [Value], _ visit: (Value, Int?) throws(ScenarioError) -> (index: Int, children: [Value]?)) throws(ScenarioError) {
    var stack: [(items: [Value], next: Int, parent: Int?)] = [(top, 0, nil)]
    var visited = 0
    while !stack.isEmpty {
        let last = stack.count - 1
        let (items, next, parent) = stack[last]
        guard next < items.count else { stack.removeLast(); continue }
        stack[last].next += 1
        visited += 1
        let budget = items[next].nodeBudget
        if visited > budget {
            guard budget < Limits.nodes else {
                throw items[next].error("the tree has more than \(Limits.nodes) nodes", hint: "split it into several scenarios")
            }
            throw items[next].error(
                "the tree has more than \(budget) nodes, more than a file of its size holds without aliases (`*name`) repeating parts of it many times over",
                hint: "write the repeated nodes out, or build the tree in Swift")
        }
        let (index, children) = try visit(items[next], parent)
        if let children { stack.append((children, 0, index)) }
    }
}

/// Reads a tree out of arbitrary JSON (or YAML) data with a key mapping that
/// says which key of each model holds its children, title and id:
/// `source: {file: data.json, children: modelArray, title: name, id: code}`.
enum SourceReader {
    /// The forms of `source:`: data with a key mapping (`file:`), or a tree
    /// another tool keeps (`markdown:`, `directory:`, `tree:`, `opml:`).
    static func read(_ v: Value, into scenario: inout Scenario, files: NamedFiles) throws(ScenarioError) {
        let fields = try v.anyMap("`source`")
        let keys = (["file"] + TreeSourceKind.all.map(\.key)).filter { fields[$0] != nil }
        // A key that is an option of another form named beside it is that option (`markdown:` with `tree: 2`).
        let forms = keys.filter { key in
            !keys.contains { other in TreeSourceKind.all.first { $0.key == other }?.options.contains { $0.rawValue == key } ?? false }
        }
        guard forms.count == 1, let form = forms.first else {
            let kinds = TreeSourceKind.all.map { "`\($0.key):` (\($0.name))" }
            throw v.error(
                forms.isEmpty ? "`source` names no tree" : "`source` names \(forms.count) trees: \(forms.joined(separator: ", "))",
                hint: "use one of `file:` (JSON or YAML data), " + kinds.joined(separator: ", "))
        }
        guard let kind = TreeSourceKind.all.first(where: { $0.key == form }) else {
            return try readData(v, into: &scenario, files: files)
        }
        let f = try v.map("`source`", allowed: [kind.key] + kind.options.map(\.rawValue))
        var options = TreeReadOptions()
        if let x = f["list"] { options.list = try x.int("`source.list`", in: TreeReadOptions.lists) }
        if let x = f["filetree"] { options.filetree = try x.int("`source.filetree`", in: TreeReadOptions.lists) }
        if kind.options.contains(.tree), let x = f["tree"] { options.tree = try x.int("`source.tree`", in: TreeReadOptions.lists) }
        if let x = f["depth"] { options.depth = try x.int("`source.depth`", in: TreeReadOptions.depths) }
        if let x = f["open"] { options.open = try x.int("`source.open`", in: TreeReadOptions.opens) }
        if let x = f["exclude"] { options.exclude = try x.list("`source.exclude`").map { v throws(ScenarioError) in try v.string("a pattern") } }
        if let x = f["hidden"] { options.hidden = try x.bool("`source.hidden`") }
        if let x = f["limit"] { options.limit = try x.int("`source.limit`", in: TreeReadOptions.limits) }
        let named = f.keyValue(kind.key)
        let value = try f.required(kind.key, in: "`source`")
        let path = try files.path(try value.string("`source.\(kind.key)`"), at: named, what: "`source.\(kind.key)`")
        let tree = try kind.read(path, options, ScenarioLocation(file: named.file, line: named.line, column: named.column))
        tree.apply(to: &scenario)
    }

    /// `source: {file: data.json, children: …, title: …}`: a tree out of data.
    static func readData(_ v: Value, into scenario: inout Scenario, files: NamedFiles) throws(ScenarioError) {
        let f = try v.map("`source`", allowed: ["file", "children", "title", "id", "subtitle", "kind", "expanded"])
        let path = try f.required("file", in: "`source`").string("`source.file`")
        let full = try files.path(path, at: f.keyValue("file"), what: "`source.file`")
        let childrenKey = try f["children"]?.string("`source.children`") ?? "children"
        let titleKey = try f["title"]?.string("`source.title`") ?? "title"
        let idKey = try f["id"]?.string("`source.id`")
        let subtitleKey = try f["subtitle"]?.string("`source.subtitle`")
        let kindKey = try f["kind"]?.string("`source.kind`")
        let expandedKey = try f["expanded"]?.string("`source.expanded`")

        let text: String
        do { text = try Scenario.readText(full, what: "source data file \(InertText(full))", missing: "the path is relative to the scenario file") } catch {
            throw f.keyValue("file").error(error.message, hint: error.hint)
        }
        let data = try Document(text: text, file: full).root
        // The data is a list of models, or one model whose children are the top level.
        let topLevel: [Value]
        if case .sequence = data.node {
            topLevel = try data.list("the data")
        } else {
            let fields = try data.anyMap("the data")
            guard let list = fields[childrenKey] else {
                throw data.error(
                    "the data is neither a list nor a mapping with `\(InertText(childrenKey))`",
                    hint: "set `source.children` to the key that holds each model's children")
            }
            topLevel = try list.list("`\(InertText(childrenKey))`")
        }
        try walk(topLevel) { item, parent throws(ScenarioError) in
            let model = try item.anyMap("a model")
            guard let title = model[titleKey] else {
                throw item.error(
                    "this model has no `\(InertText(titleKey))`",
                    hint: didYouMean(titleKey, model.pairs.map(\.key), fallback: "set `source.title` to the key that holds the title"))
            }
            let index = scenario.nodes.count
            scenario.nodes.append(
                NodeSpec(
                    key: try idKey.flatMap { k throws(ScenarioError) in try model[k]?.key("`\(InertText(k))`") },
                    title: try title.string("`\(InertText(titleKey))`"),
                    subtitle: try subtitleKey.flatMap { k throws(ScenarioError) in try model[k]?.string("`\(InertText(k))`") },
                    kind: try kindKey.flatMap { k throws(ScenarioError) in try model[k]?.string("`\(InertText(k))`") },
                    expanded: try expandedKey.flatMap { k throws(ScenarioError) in try model[k]?.bool("`\(InertText(k))`") } ?? false,
                    parent: parent))
            scenario.nodeLocations.append(ScenarioLocation(file: item.file, line: item.line, column: item.column))
            return (index, try model[childrenKey]?.list("`\(InertText(childrenKey))`"))
        }
    }
}

extension Value {
    /// A node's id, which is one key: text without `/` (a key that is a path
    /// is the engine's for a merged chain of folders, which compaction makes).
    func key(_ what: String) throws(ScenarioError) -> String {
        let key = try string(what)
        guard !key.contains("/") else {
            throw error(
                "invalid id '\(InertText(key))': an id must not contain '/'",
                hint: "an id is one node's key among its siblings; steps name a node by the path of ids (`a/b`)")
        }
        return key
    }
}
