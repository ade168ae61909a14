import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport
import UnfoldTreeSources

/// Reads `tree:` into the flat node list as its tokens come, without recursion.
enum TreeReader {
    static let keys = [
        "id", "title", "subtitle", "annotation", "kind", "icon", "expanded", "highlighted", "detail", "on", "children", "checked", "loading",
    ]

    /// Reads a list of nodes that starts with `first`, or with `single` one node.
    /// O(tokens), in memory for the nodes and one node's fields at a time.
    static func read(_ reader: inout DocumentReader, first: DocumentToken, into scenario: inout Scenario, single: Bool = false) throws(ScenarioError) {
        scenario.reserveNodes(reader.mostMappings, budget: reader.nodeBudget)
        try NodeStream.read(
            &reader, first: first, single: single, list: "`tree`", item: "a node", childrenKey: "children",
            open: { parent, at in
                scenario.nodes.append(NodeSpec(title: "", parent: parent))
                scenario.nodeLocations.append(ScenarioLocation(file: at.file, line: at.line, column: at.column))
                return scenario.nodes.count - 1
            },
            close: { index, fields, children throws(ScenarioError) in
                // What a node holds is charged as it is read: an alias repeats its text, and its handlers, at full cost.
                try fill(index, from: fields, children: children, into: &scenario)
            })
    }

    /// Node `index`'s fields, once its mapping is read, in one pass over
    /// them; returns the bytes of text they hold.
    private static func fill(_ index: Int, from f: Fields, children: Value?, into scenario: inout Scenario) throws(ScenarioError) -> Int {
        var node = NodeSpec(title: "", parent: scenario.nodes[index].parent)
        var title = false, detail = false
        var loading: Value?
        var text = 0
        for (key, value) in f.entries {
            text += value.textCost
            switch key.scalar {
            case "id": node.key = try value.key("`id`")
            case "title": (node.title, title) = (try value.string("`title`"), true)
            case "subtitle": node.subtitle = try value.string("`subtitle`")
            case "kind": node.kind = try value.string("`kind`")
            case "icon": node.icon = try value.string("`icon`")
            case "expanded": node.expanded = try value.bool("`expanded`")
            case "checked": node.checked = try value.bool("`checked`")
            case "highlighted": node.highlighted = try value.bool("`highlighted`")
            // Written as a Markdown list's note is: `**bold**`, `*italic*`, `` `code` ``.
            case "annotation": node.annotation = MarkdownTree.annotation(Substring(try value.string("`annotation`")))
            case "detail": detail = try value.bool("`detail`")
            case "on": scenario.handlers.byNode[index] = try Scenario.readHandlers(value, what: "`on`")
            case "loading": loading = try value.bool("`loading`") ? key : nil
            default: throw Fields.unknownKey(key, allowed: Self.keys, in: "a node")
            }
        }
        guard title else { throw f.owner.error("a node has no `title:`", hint: "add `title: ...`") }
        scenario.nodes[index] = node
        if detail { scenario.initialDetails.append(index) }
        if let loading {
            guard children == nil else {
                throw loading.error("a node still `loading` has no children yet", hint: "drop `children:`, or `loading: true` once they are loaded")
            }
            // The row a list shows while children load: a spinner and "Loading…", removable by a step (`remove: <id>/loading`).
            scenario.nodes.append(NodeSpec(key: "loading", title: "Loading…", icon: Appearance.loadingIcon, parent: index))
            scenario.nodeLocations.append(scenario.nodeLocations[index])
        }
        return text
    }
}

/// Reads nested items (mappings whose `childrenKey` holds a list of more)
/// in pre-order as their tokens come, with a stack of the open ones (no
/// recursion, so any depth is safe). `open(parent, at)` adds an item and
/// returns its index as soon as its mapping starts, so that its children
/// come after it; `close(index, fields, children)` gets its other fields
/// once the mapping ends, and where `childrenKey` was written, if it was.
/// Items are counted against the reader's `nodeBudget`, and the bytes of
/// text `close` says an item holds against its `textBudget`, over the whole
/// document.
enum NodeStream {
    static func read(
        _ reader: inout DocumentReader, first: DocumentToken, single: Bool, list: String, item: String, childrenKey: String,
        open: (Int?, Value) -> Int, close: (Int, Fields, Value?) throws(ScenarioError) -> Int
    ) throws(ScenarioError) {
        var stack: [Frame] = []
        var token = first
        if single {
            guard token.kind == .mappingStart else { _ = try reader.value(token).anyMap(item); return }
        } else {
            guard token.kind == .sequenceStart else { _ = try reader.value(token).list(list); return }
            stack.append(Frame(isItem: false, index: nil, at: Value(token, file: reader.file)))
            token = try reader.required()
        }
        while true {
            let top = stack.count - 1
            if top < 0 || !stack[top].isItem {
                // In a list: an item starts, or the list ends.
                if token.kind == .sequenceEnd {
                    stack.removeLast()
                    if stack.isEmpty { return }
                } else {
                    let at = Value(token, file: reader.file)
                    guard token.kind == .mappingStart else { _ = try reader.value(token).anyMap(item); return }
                    reader.nodesRead += 1
                    if reader.nodesRead > reader.nodeBudget { throw overBudget(at, budget: reader.nodeBudget) }
                    stack.append(Frame(isItem: true, index: open(top < 0 ? nil : stack[top].index, at), at: at))
                }
            } else if token.kind == .mappingEnd {
                let frame = stack.removeLast()
                reader.textRead += try close(frame.index ?? 0, try Fields(owner: frame.at, frame.entries, in: item), frame.children)
                if reader.textRead > reader.textBudget {
                    throw frame.at.error(
                        "the tree holds more than \(reader.textBudget) bytes of text, more than a file of its size holds without aliases (`*name`) repeating it",
                        hint: "write the repeated text out, or build the tree in Swift")
                }
                if single && stack.isEmpty { return }
            } else {
                let key = try reader.value(token)
                let start = try reader.required()
                if key.scalar == childrenKey {
                    if stack[top].children != nil { throw key.error("duplicate key '\(InertText(childrenKey))' in \(item)", hint: "keep one of them") }
                    guard start.kind == .sequenceStart else { _ = try reader.value(start).list("`\(InertText(childrenKey))`"); return }
                    stack[top].children = key
                    stack.append(Frame(isItem: false, index: stack[top].index, at: Value(start, file: reader.file)))
                } else {
                    stack[top].entries.append((key, try reader.value(start)))
                }
            }
            token = try reader.required()
        }
    }

    /// An open list (items of the node `index`), or an open item with the entries read so far.
    private struct Frame {
        var isItem: Bool
        var index: Int?
        var at: Value
        var entries: [(key: Value, value: Value)]
        var children: Value?

        init(isItem: Bool, index: Int?, at: Value) {
            self.isItem = isItem
            self.index = index
            self.at = at
            entries = []
            if isItem { entries.reserveCapacity(6) }  // one allocation for a node's few fields
        }
    }

    private static func overBudget(_ at: Value, budget: Int) -> ScenarioError {
        guard budget < Limits.nodes else {
            return at.error("the tree has more than \(Limits.nodes) nodes", hint: "split it into several scenarios")
        }
        return at.error(
            "the tree has more than \(budget) nodes, more than a file of its size holds without aliases (`*name`) repeating parts of it many times over",
            hint: "write the repeated nodes out, or build the tree in Swift")
    }
}

/// Reads a tree out of arbitrary JSON (or YAML) data with a key mapping that
/// says which key of each model holds its children, title and id:
/// `source: {file: data.json, children: modelArray, title: name, id: code}`.
enum SourceReader {
    /// The forms of `source:`: data with a key mapping (`file:`), or a tree
    /// another tool keeps (`TreeSourceKind.all`: `markdown:`, `directory:`, `drawing:`, `tree:`, `opml:`).
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
        var options = TreeSourceOptions()
        for key in kind.options {
            guard let x = f[key.rawValue] else { continue }
            let what = "`source.\(key.rawValue)`"
            if let range = key.range {
                options[number: key] = try x.int(what, in: range)
            } else if key == .hidden {
                options.hidden = try x.bool(what)
            } else {
                options.exclude = try x.list(what).map { v throws(ScenarioError) in try v.string("a pattern") }
            }
        }
        let named = f.keyValue(kind.key)
        let value = try f.required(kind.key, in: "`source`")
        let path = try files.path(try value.string("`source.\(kind.key)`"), at: named, what: "`source.\(kind.key)`")
        // A missing source is a mistake in this line, as a missing data file or font is.
        if case .failure(.missing) = Result(catching: { () throws(InputFile.Failure) in try InputFile.isFolder(path) }) {
            throw named.error(
                "no such \(kind.isFolder ? "folder" : "file") \(InertText(path))", hint: "the path is relative to the scenario file")
        }
        let tree = try kind.read(path, options, ScenarioLocation(file: named.file, line: named.line, column: named.column))
        scenario.append(tree)
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

        let bytes: [UInt8]
        do { bytes = try InputFile.utf8(full, what: "source data file \(InertText(full))", missing: "the path is relative to the scenario file") } catch {
            throw f.keyValue("file").error(error.message, hint: error.hint)
        }
        // The data is a list of models, or one model whose children are the top level.
        var found = false
        let start = scenario.nodes.count
        let data = try Document.read(bytes: bytes, file: full) { reader throws(ScenarioError) in
            // Read again as YAML after JSON's syntax failed: from where the first reading started.
            scenario.nodes.removeSubrange(start...)
            scenario.nodeLocations.removeSubrange(start...)
            found = false
            return try DocumentReader.root(&reader, what: "the data", streaming: childrenKey, rootList: true) { reader, first throws(ScenarioError) in
                found = true
                scenario.reserveNodes(reader.mostMappings, budget: reader.nodeBudget)
                try NodeStream.read(
                    &reader, first: first, single: false, list: "`\(InertText(childrenKey))`", item: "a model",
                    childrenKey: childrenKey,
                    open: { parent, at in
                        scenario.nodes.append(NodeSpec(title: "", parent: parent))
                        scenario.nodeLocations.append(ScenarioLocation(file: at.file, line: at.line, column: at.column))
                        return scenario.nodes.count - 1
                    },
                    close: { index, model, _ throws(ScenarioError) in
                        guard let title = model[titleKey] else {
                            throw model.owner.error(
                                "this model has no `\(InertText(titleKey))`",
                                hint: didYouMean(titleKey, model.pairs.map(\.key), fallback: "set `source.title` to the key that holds the title"))
                        }
                        scenario.nodes[index] = NodeSpec(
                            key: try idKey.flatMap { k throws(ScenarioError) in try model[k]?.key("`\(InertText(k))`") },
                            title: try title.string("`\(InertText(titleKey))`"),
                            subtitle: try subtitleKey.flatMap { k throws(ScenarioError) in try model[k]?.string("`\(InertText(k))`") },
                            kind: try kindKey.flatMap { k throws(ScenarioError) in try model[k]?.string("`\(InertText(k))`") },
                            expanded: try expandedKey.flatMap { k throws(ScenarioError) in try model[k]?.bool("`\(InertText(k))`") } ?? false,
                            parent: scenario.nodes[index].parent)
                        return 0  // a model's other fields are data, not text the tree draws
                    })
            }
        }
        guard found else {
            throw data.error(
                "the data is neither a list nor a mapping with `\(InertText(childrenKey))`",
                hint: "set `source.children` to the key that holds each model's children")
        }
    }
}

extension Scenario {
    /// Room for the nodes a file may hold (`mostMappings`, at most `budget`
    /// and 4 million), made at once rather than by doubling: the list is
    /// touched only as it is filled.
    mutating func reserveNodes(_ mostMappings: Int, budget: Int) {
        let count = nodes.count + min(mostMappings, budget, 1 << 22)
        nodes.reserveCapacity(count)
        nodeLocations.reserveCapacity(count)
    }
}

extension Value {
    /// A node's id, which is one key: text without `/` (a key that is a path
    /// is the engine's for a merged chain of folders, which compaction makes).
    func key(_ what: String) throws(ScenarioError) -> String {
        let key = try string(what)
        guard !key.utf8.contains(UInt8(ascii: "/")) else {
            throw error(
                "invalid id '\(InertText(key))': an id must not contain '/'",
                hint: "an id is one node's key among its siblings; steps name a node by the path of ids (`a/b`)")
        }
        return key
    }
}
