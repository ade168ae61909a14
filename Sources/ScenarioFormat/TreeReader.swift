import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport
import UnfoldTreeSources

/// Reads `tree:` into the flat node list as its tokens come, without recursion.
enum TreeReader {
    /// A node's keys, in the order a misspelt one's hint lists them.
    enum Key: String, CaseIterable {
        case id, title, subtitle, annotation, kind, icon, expanded, highlighted, detail, detailText, on, children, checked, loading, dimmed
    }

    /// The keys' names; a key's place here is its bit in `OpenNode.written`.
    static let keys = Key.allCases.map(\.rawValue)
    /// The keys in the same order, made once.
    static let keyList = Key.allCases
    static let titlePlace = Key.allCases.firstIndex(of: .title) ?? 0

    /// Reads a list of nodes that starts with `first`, or with `single` one node.
    /// O(tokens), in memory for the nodes and the open nodes' few flags.
    static func read(_ reader: inout DocumentReader, first: DocumentToken, into scenario: inout Scenario, single: Bool = false) throws(ScenarioError) {
        scenario.reserveNodes(reader.mostMappings, budget: reader.nodeBudget)
        var open: [OpenNode] = []  // the nodes whose mappings are being read, innermost last
        try NodeStream.read(
            &reader, first: first, single: single, list: "`tree`", item: "a node", childrenKey: "children",
            open: { parent, at in
                let index = scenario.appendUntitledNode(parent: parent, at: at)
                open.append(OpenNode(index: index))
                return index
            },
            field: { key, start, reader throws(ScenarioError) in try open[open.count - 1].take(key, start, &reader, into: &scenario) },
            close: { at, hasChildren throws(ScenarioError) in try open.removeLast().close(at: at, hasChildren: hasChildren, into: &scenario) })
    }

    /// A node of `tree:` while its mapping is read: its fields go straight
    /// into its `NodeSpec` as they come; what it has written so far (a key
    /// written twice is an error), and what is settled when it ends.
    struct OpenNode {
        let index: Int
        var written: UInt16 = 0
        var detail = false
        /// Where `loading: true` is written, if it is.
        var loading: DocumentToken?

        /// Takes the entry `key: value`, whose value starts with `start`.
        /// What a node holds is charged as it is read: an alias repeats its
        /// text, and its handlers, at full cost. Returns those bytes.
        mutating func take(
            _ key: DocumentToken, _ start: DocumentToken, _ reader: inout DocumentReader, into scenario: inout Scenario
        ) throws(ScenarioError) -> Int {
            guard let place = TreeReader.keys.firstIndex(of: key.text) else {
                throw Fields.unknownKey(Value(key, file: reader.file), allowed: TreeReader.keys, in: "a node")
            }
            guard written & 1 << place == 0 else {
                throw Value(key, file: reader.file).error("duplicate key '\(InertText(key.text))' in a node", hint: "keep one of them")
            }
            written |= 1 << place
            // A scalar, as most fields are, is taken from its token: a `Value` is made only
            // for a container, or to read a scalar written another way and report a mistake.
            let value = start.kind == .scalar ? nil : try reader.value(start)
            func whole() -> Value { value ?? Value(start, file: reader.file) }
            func string(_ what: String) throws(ScenarioError) -> String {
                if value == nil, start.text.utf8.count <= Limits.textLength { return start.text }
                return try whole().string(what)
            }
            func bool(_ what: String) throws(ScenarioError) -> Bool {
                if value == nil, start.text == "true" || start.text == "false" { return start.text == "true" }
                return try whole().bool(what)
            }
            switch TreeReader.keyList[place] {
            case .id:
                let plain = value == nil && !start.text.utf8.contains(UInt8(ascii: "/"))
                scenario.nodes[index].key = plain ? try string("`id`") : try whole().key("`id`")
            case .title: scenario.nodes[index].title = try string("`title`")
            case .subtitle: scenario.nodes[index].subtitle = try string("`subtitle`")
            // Written as a Markdown list's note is: `**bold**`, `*italic*`, `` `code` ``.
            case .annotation: scenario.nodes[index].annotation = MarkdownTree.annotation(Substring(try string("`annotation`")))
            case .kind: scenario.nodes[index].kind = try string("`kind`")
            case .icon: scenario.nodes[index].icon = try string("`icon`")
            case .expanded: scenario.nodes[index].expanded = try bool("`expanded`")
            case .highlighted: scenario.nodes[index].highlighted = try bool("`highlighted`")
            case .dimmed: scenario.nodes[index].dimmed = try bool("`dimmed`")
            case .detail: detail = try bool("`detail`")
            case .detailText: scenario.nodes[index].detailText = try string("`detailText`")
            case .on: scenario.handlers.byNode[index] = try Scenario.readHandlers(whole(), what: "`on`")
            case .checked: scenario.nodes[index].checked = try bool("`checked`")
            case .loading:
                loading = try bool("`loading`") ? key : nil
                scenario.nodes[index].loading = loading != nil
            case .children: break  // NodeStream reads a node's children itself
            }
            return value?.textCost ?? start.text.utf8.count
        }

        /// Settles the node once its mapping (which starts at `at`) ends.
        func close(at: Value, hasChildren: Bool, into scenario: inout Scenario) throws(ScenarioError) {
            guard written & 1 << TreeReader.titlePlace != 0 else { throw at.error("a node has no `title:`", hint: "add `title: ...`") }
            if detail { scenario.initialDetails.append(index) }
            // The engine shows the "Loading…" row under it; an `insert:` under it ends the loading.
            if let loading, hasChildren {
                throw Value(loading, file: at.file).error(
                    "a node still `loading` has no children yet", hint: "drop `children:`, or `loading: true` once they are loaded")
            }
        }
    }
}

/// Reads nested items (mappings whose `childrenKey` holds a list of more)
/// in pre-order as their tokens come, with a stack of the open ones (no
/// recursion, so any depth is safe). `open(parent, at)` adds an item as
/// soon as its mapping starts, so that its children come after it, and
/// returns its index; `field(key, start, &reader)` gives the innermost open
/// item each of its entries but `childrenKey` as it comes (a key is a
/// scalar token of text; the value starts with `start`) and returns the
/// bytes of text it holds; `close(at, hasChildren)` settles it once its
/// mapping (which starts at `at`) ends. Items are counted against the
/// reader's `nodeBudget`, and their text against its `textBudget`, over
/// the whole document. The reader of the fields says which keys it takes,
/// once each.
enum NodeStream {
    static func read(
        _ reader: inout DocumentReader, first: DocumentToken, single: Bool, list: String, item: String, childrenKey: String,
        open: (Int?, ScenarioLocation) -> Int,
        field: (DocumentToken, DocumentToken, inout DocumentReader) throws(ScenarioError) -> Int,
        close: (Value, Bool) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        var stack: [Frame] = []
        var token = first
        if single {
            guard token.kind == .mappingStart else { _ = try reader.value(token).anyMap(item); return }
        } else {
            guard token.kind == .sequenceStart else { _ = try reader.value(token).list(list); return }
            stack.append(Frame(index: nil, isItem: false, at: token))
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
                    guard token.kind == .mappingStart else { _ = try reader.value(token).anyMap(item); return }
                    reader.nodesRead += 1
                    if reader.lastReplayed { reader.nodesReplayed += 1 } else { reader.nodesWritten += 1 }
                    if reader.nodesRead > reader.nodeBudget { throw overBudget(Value(token, file: reader.file), budget: reader.nodeBudget) }
                    if reader.nodesReplayed > Document.replayAllowance(written: reader.nodesWritten) {
                        throw overAllowance(Value(token, file: reader.file), reader: reader)
                    }
                    let at = ScenarioLocation(file: reader.file, line: Int(token.line), column: Int(token.column))
                    stack.append(Frame(index: open(top < 0 ? nil : stack[top].index, at), isItem: true, at: token))
                }
            } else if token.kind == .mappingEnd {
                let frame = stack.removeLast()
                try close(Value(frame.at, file: reader.file), frame.hasChildren)
                if single && stack.isEmpty { return }
            } else {
                // A key is text: anything else, or text too long, is refused as `Value.string` refuses it.
                if token.kind != .scalar || token.text.utf8.count > Limits.textLength { _ = try reader.value(token).string("a key") }
                let start = try reader.required()
                if token.text == childrenKey {
                    if stack[top].hasChildren {
                        throw Value(token, file: reader.file).error("duplicate key '\(InertText(childrenKey))' in \(item)", hint: "keep one of them")
                    }
                    guard start.kind == .sequenceStart else { _ = try reader.value(start).list("`\(InertText(childrenKey))`"); return }
                    stack[top].hasChildren = true
                    stack.append(Frame(index: stack[top].index, isItem: false, at: start))
                } else {
                    reader.textRead += try field(token, start, &reader)
                    if reader.textRead > reader.textBudget {
                        throw Value(stack[top].at, file: reader.file).error(
                            "the tree holds more than \(reader.textBudget) bytes of text, more than a file of its size holds without aliases (`*name`) repeating it",
                            hint: "write the repeated text out, or build the tree in Swift")
                    }
                }
            }
            token = try reader.required()
        }
    }

    /// An open list (`index`: the item whose children it holds), or an open
    /// item: its index, where it starts, and whether its `childrenKey` is
    /// written yet.
    private struct Frame {
        var index: Int?
        var isItem: Bool
        var at: DocumentToken
        var hasChildren = false
    }

    /// Aliases that repeat more nodes than the file writes allow (`Document.replayAllowance`).
    private static func overAllowance(_ at: Value, reader: DocumentReader) -> ScenarioError {
        at.error(
            "aliases (`*name`) repeat more than \(Document.replayAllowance(written: reader.nodesWritten)) nodes of the tree, "
                + "more than 16 times the \(reader.nodesWritten) nodes the file writes (and 100,000 more)",
            hint: "write the repeated nodes out, or build the tree in Swift")
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
                var open: [OpenModel] = []  // the models whose mappings are being read, innermost last
                try NodeStream.read(
                    &reader, first: first, single: false, list: "`\(InertText(childrenKey))`", item: "a model",
                    childrenKey: childrenKey,
                    open: { parent, at in
                        let index = scenario.appendUntitledNode(parent: parent, at: at)
                        open.append(OpenModel(index: index))
                        return index
                    },
                    field: { key, start, reader throws(ScenarioError) in try open[open.count - 1].take(key, start, &reader) },
                    close: { at, _ throws(ScenarioError) in
                        let closed = open.removeLast()
                        let (index, model) = (closed.index, try Fields(owner: at, closed.entries, in: "a model"))
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

/// A model of `source: {file: …}` while its mapping is read: its index and its entries so far.
private struct OpenModel {
    let index: Int
    var entries: [(key: Value, value: Value)] = []

    /// Keeps the entry `key: value`, whose value starts with `start`. A
    /// model's fields other than the tree's are data, not text the tree
    /// draws: returns 0 bytes of text.
    mutating func take(_ key: DocumentToken, _ start: DocumentToken, _ reader: inout DocumentReader) throws(ScenarioError) -> Int {
        entries.append((Value(key, file: reader.file), try reader.value(start)))
        return 0
    }
}

extension Scenario {
    /// A node as soon as its mapping starts, so that its children come
    /// after it; its fields follow as they are read. Returns its index.
    mutating func appendUntitledNode(parent: Int?, at: ScenarioLocation) -> Int {
        nodes.append(NodeSpec(title: "", parent: parent))
        nodeLocations.append(at)
        return nodes.count - 1
    }

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
