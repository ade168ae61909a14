import OutlineEngine

extension Scenario {
    /// A scenario of an outline built in code, in its current state (expansion
    /// and detail rows), with no steps: for snapshot tests of code, not files.
    public init(name: String, outline: Outline, canvas: Canvas = Canvas(), style: Style = Style(),
                kinds: [String: Kind] = [:], steps: [Step.Action] = []) {
        var nodes: [NodeSpec] = []
        var details: [Int] = []
        // Pre-order, without recursion: parents come before their children.
        var stack: [(NodeID, Int?)] = outline.topLevelNodes.reversed().map { ($0, nil) }
        while let (node, parent) = stack.popLast() {
            let index = nodes.count
            nodes.append(NodeSpec(key: outline.key(of: node), title: outline.title(of: node), subtitle: outline.subtitle(of: node),
                                  kind: outline.kind(of: node), icon: outline.icon(of: node),
                                  expanded: outline.isExpanded(node), parent: parent))
            if outline.isDetailShown(node) { details.append(index) }
            stack += outline.children(of: node).reversed().map { ($0, index) }
        }
        let here = SourceLocation(file: name, line: 0, column: 0)
        var kinds = kinds
        for kind in Set(nodes.compactMap(\.kind)) where kinds[kind] == nil { kinds[kind] = Kind(height: style.rowHeight) }
        self.init(name: name, file: name, canvas: canvas, style: style, kinds: kinds, nodes: nodes,
                  nodeLocations: nodes.map { _ in here }, initialDetails: details, handlers: Handlers(),
                  steps: steps.map { Step(action: $0, location: here) }, animation: Animation(),
                  collapse: outline.collapsePolicy)
    }
}
