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

    /// A node titled `title` with the nodes `children` lists under it.
    /// `id` is the key among its siblings (the title when nil).
    public init(
        _ title: String, id: String? = nil, subtitle: String? = nil, kind: String? = nil, icon: String? = nil,
        expanded: Bool = false, @OutlineBuilder children: () -> [OutlineNode] = { [] }
    ) {
        spec = NodeSpec(key: id, title: title, subtitle: subtitle, kind: kind, icon: icon, expanded: expanded)
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
        try self.init(OutlineNode.flatten(nodes()), collapsePolicy: collapsePolicy)
    }
}

extension OutlineNode {
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
