/// A node of an outline written in Swift, in the spirit of SwiftUI's
/// `OutlineGroup`: a title, optional details, and children given by a
/// builder.
///
///     let outline = try Outline {
///         OutlineNode("General", icon: "gear", expanded: true) {
///             OutlineNode("About")
///             OutlineNode("Software Update", subtitle: "Automatic")
///         }
///     }
public struct OutlineNode: Sendable, Equatable {
    /// The node itself (its `parent` is set when the tree is flattened).
    public var spec: NodeSpec
    /// The nodes under it, in order.
    public var children: [OutlineNode]
    /// Whether the outline starts with this node selected (an outline has
    /// one selection: of several nodes marked, the last one listed).
    public var selected: Bool

    /// A node titled `title` with the nodes `children` lists under it.
    /// `id` is the key among its siblings (the title when nil); `annotation`
    /// is drawn after the title, dimmer (a version control badge such as
    /// `M`, a note); `checked` checks its box (a parent is checked when all
    /// its leaves are, mixed when some are), `highlighted` tints it as the
    /// selection does (several nodes may be), and `selected` selects it;
    /// `loading` shows a "Loading…" row under it instead of children (a
    /// loading node has none yet); `detailText` is what its detail row reads;
    /// `dimmed` draws it in the secondary colour (a file version control ignores).
    public init(
        _ title: String, id: String? = nil, subtitle: String? = nil, annotation: Annotation? = nil, kind: String? = nil, icon: String? = nil,
        expanded: Bool = false, checked: Bool = false, highlighted: Bool = false, selected: Bool = false, loading: Bool = false,
        detailText: String? = nil, dimmed: Bool = false, @OutlineBuilder children: () -> [OutlineNode] = { [] }
    ) {
        spec = NodeSpec(
            key: id, title: title, subtitle: subtitle, kind: kind, icon: icon, expanded: expanded, checked: checked,
            annotation: annotation, highlighted: highlighted, loading: loading, detailText: detailText,
            dimmed: dimmed)
        self.selected = selected
        self.children = children()
    }
}

/// Collects `OutlineNode`s, with `if`, `if`/`else` and `for` as in SwiftUI.
@resultBuilder
public enum OutlineBuilder {
    /// One node in the builder's block.
    public static func buildExpression(_ node: OutlineNode) -> [OutlineNode] { [node] }
    /// An array of nodes in the builder's block, such as a `map` over your data.
    public static func buildExpression(_ nodes: [OutlineNode]) -> [OutlineNode] { nodes }
    /// The nodes of a block, in order.
    public static func buildBlock(_ parts: [OutlineNode]...) -> [OutlineNode] { parts.flatMap { $0 } }
    /// The nodes of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [OutlineNode]?) -> [OutlineNode] { part ?? [] }
    /// The nodes of the first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [OutlineNode]) -> [OutlineNode] { part }
    /// The nodes of the second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [OutlineNode]) -> [OutlineNode] { part }
    /// The nodes of a `for` loop, in order.
    public static func buildArray(_ parts: [[OutlineNode]]) -> [OutlineNode] { parts.flatMap { $0 } }
}

extension Outline {
    /// An outline of the nodes a builder lists. The tree is flattened without
    /// recursion, parents before children. O(n).
    public init(collapsePolicy: CollapsePolicy = .remember, @OutlineBuilder _ nodes: () -> [OutlineNode]) throws(OutlineError) {
        let nodes = nodes()
        try self.init(OutlineNode.flatten(nodes), collapsePolicy: collapsePolicy)
        if let selected = OutlineNode.selectedIndex(nodes) { _ = select(NodeID(Int32(selected))) }
    }
}

extension OutlineNode {
    /// The position in `flatten(nodes)` of the last node marked `selected`. O(n).
    static func selectedIndex(_ nodes: [OutlineNode]) -> Int? {
        var stack = Array(nodes.reversed()), index = 0, found: Int?
        while let node = stack.popLast() {
            if node.selected { found = index }
            index += 1
            stack += node.children.reversed()
        }
        return found
    }

    /// The nodes as a flat list of specs, each naming its parent. O(n).
    public static func flatten(_ nodes: [OutlineNode]) -> [NodeSpec] {
        var specs: [NodeSpec] = []
        var stack: [(OutlineNode, Int?)] = nodes.reversed().map { ($0, nil) }
        while let (node, parent) = stack.popLast() {
            var spec = node.spec
            spec.parent = parent
            specs.append(spec)
            let index = specs.count - 1
            stack += node.children.reversed().map { ($0, index) }
        }
        return specs
    }
}
