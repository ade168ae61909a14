import OutlineEngine
import UnfoldSupport

extension Scenario {
    /// A scenario of an outline built in code, in its current state (expansion,
    /// detail rows, selection, checks, focus, hover, drop target, highlights,
    /// loading)
    /// and with its event handlers, playing `steps`:
    /// for snapshot tests of code, not files. Its canvas is, unless given, as
    /// tall as the tallest state (not a phone's 844 points), so that a picture
    /// holds what it shows. O(n).
    public init(
        name: String, outline: Outline, canvas: Canvas = Canvas(height: nil), style: Style = Style(),
        kinds: [String: Kind] = [:], steps: [Step.Action] = []
    ) {
        var nodes: [NodeSpec] = []
        var details: [Int] = []
        var positions: [NodeID: Int] = [:]
        var order: [NodeID] = []
        // Pre-order, without recursion: parents come before their children.
        var stack: [(NodeID, Int?)] = outline.topLevelNodes.reversed().map { ($0, nil) }
        while let (node, parent) = stack.popLast() {
            // The "Loading…" row is the engine's, made again from its parent's `loading`.
            if outline.isLoadingRow(node) { continue }
            let index = nodes.count
            positions[node] = index
            order.append(node)
            var spec = outline.spec(of: node)
            spec.parent = parent
            // A checked subtree is checked at its top (below).
            spec.checked = false
            nodes.append(spec)
            if outline.isDetailShown(node) { details.append(index) }
            stack += outline.children(of: node).reversed().map { ($0, index) }
        }
        let here = ScenarioLocation(file: name, line: 0, column: 0)
        var kinds = kinds
        for kind in Set(nodes.compactMap(\.kind)) where kinds[kind] == nil { kinds[kind] = Kind(height: style.rowHeight) }
        var handlers = Handlers()
        handlers.outline = outline.handlers.outline
        handlers.byKind = outline.handlers.byKind
        for (node, table) in outline.handlers.byNode { if let i = positions[node] { handlers.byNode[i] = table } }
        for kind in outline.handlers.kindsWithDetail where kinds[kind]?.detail == nil {
            kinds[kind, default: Kind(height: style.rowHeight)].detail = Kind.Detail()
        }
        self.init(
            name: name, file: name, canvas: canvas, style: style, kinds: kinds, nodes: nodes,
            nodeLocations: nodes.map { _ in here }, initialDetails: details, handlers: handlers,
            steps: steps.map { Step($0, location: here) }, animation: Animation(),
            collapse: outline.collapsePolicy, initialSelection: outline.selection.flatMap { positions[$0] })
        // A checked subtree is checked at its top: one call for it, not one per leaf.
        initialStates.checked = order.indices.filter { i in
            let node = order[i]
            let parentChecked = outline.parent(of: node).map { outline.checkState(of: $0) == .checked } ?? false
            return outline.checkState(of: node) == .checked && !parentChecked
        }
        initialStates.focus = outline.focus.flatMap { positions[$0] }
        initialStates.hover = outline.hover.flatMap { positions[$0] }
        initialStates.drop = outline.dropTarget.flatMap { target in positions[target.node].map { ($0, target.position) } }
    }
}
