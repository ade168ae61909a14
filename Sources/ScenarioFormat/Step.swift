import OutlineEngine
import UnfoldSupport

/// One step of a scenario: an operation on the outline.
///
///     scenario.steps.append(Step(.expand("gd/gz")))
public struct Step: Sendable, Equatable {
    /// What a step does. Nodes are named by id: the path of keys from the top
    /// (`gd/gz`), or a key only one node has (`gz`).
    public enum Action: Sendable, Equatable {
        /// Shows the node's children.
        case expand(String)
        /// Hides the node's children.
        case collapse(String)
        /// Expands the node if it is collapsed, collapses it otherwise.
        case toggle(String)
        /// Expands the node's ancestors so that it shows.
        case reveal(String)
        /// Expands the node and every node below it.
        case expandRecursively(String)
        /// Collapses the node and every node below it.
        case collapseRecursively(String)
        /// Shows the detail row under the node's row.
        case detail(String)
        /// Hides the detail row under the node's row.
        case hideDetail(String)
        /// Selects the node.
        case select(String)
        /// Taps the node's row: the `tap` event, through the scenario's handlers.
        case tap(String)
        /// Expands every node.
        case expandAll
        /// Collapses every node.
        case collapseAll
        /// Expands the nodes above this depth and collapses the others (1: the top level and its children show).
        case expandToDepth(Int)
        /// Expands exactly these nodes and collapses every other one, in one step.
        case expandOnly([String])
        /// Insert `nodes` (flat, top-level ones go under `parent`) at child `index`.
        case insert(parent: String?, index: Int?, nodes: [NodeSpec])
        /// Removes the node and everything under it.
        case remove(String)
        /// Moves the node (with everything under it) under `parent` (nil: the
        /// top level) at child `index` (nil: last).
        case move(String, parent: String?, index: Int?)
        /// Checks (or unchecks) a node's checkbox and everything under it.
        case check(String, Bool)
        /// Moves the focus ring to the node (nil: none).
        case focus(String?)
        /// Puts the pointer over the node's row (nil: none).
        case hover(String?)
        /// Shows where a dragged row would drop, relative to the node (nil: no drag).
        case drop(String?, DropTarget.Position)
        /// Starts (true) or ends (false) the loading of the node's children:
        /// a "Loading…" row shows under it meanwhile. Inserting children ends it too.
        case loading(String, Bool)
    }

    /// What the step does.
    public var action: Action
    /// Where the step is written, for messages.
    public var location: ScenarioLocation
    /// Milliseconds the state after the step rests in an animation; nil:
    /// the animation's `hold`. A state worth reading (a tree opened whole)
    /// rests longer than one on the way.
    public var hold: Int?

    /// A step doing `action`, written at `location` (for messages; a step
    /// made in code is at `<code>`), resting `hold` ms after it (nil: the animation's).
    public init(_ action: Action, location: ScenarioLocation = ScenarioLocation(file: "<code>"), hold: Int? = nil) {
        self.action = action
        self.location = location
        self.hold = hold
    }

    /// The step as a line of text, as `updates.json` and strip labels show it.
    public var text: String {
        switch action {
        case let .expand(id): "expand \(id)"
        case let .collapse(id): "collapse \(id)"
        case let .toggle(id): "toggle \(id)"
        case let .reveal(id): "reveal \(id)"
        case let .expandRecursively(id): "expandRecursively \(id)"
        case let .collapseRecursively(id): "collapseRecursively \(id)"
        case let .detail(id): "detail \(id)"
        case let .hideDetail(id): "hideDetail \(id)"
        case let .select(id): "select \(id)"
        case let .tap(id): "tap \(id)"
        case .expandAll: "expandAll"
        case .collapseAll: "collapseAll"
        case let .expandToDepth(n): "expandToDepth \(n)"
        case let .expandOnly(ids): "expandOnly " + (ids.count <= 3 ? ids.joined(separator: ", ") : ids.prefix(2).joined(separator: ", ") + " and \(ids.count - 2) more")
        case let .insert(parent, index, nodes):
            "insert \(nodes.first?.key ?? nodes.first?.title ?? "")" + " under \(parent ?? "top")" + (index.map { " at \($0)" } ?? "")
        case let .remove(id): "remove \(id)"
        case let .move(id, parent, index): "move \(id) under \(parent ?? "top")" + (index.map { " at \($0)" } ?? "")
        case let .check(id, value): (value ? "check " : "uncheck ") + id
        case let .focus(id): "focus " + (id ?? "none")
        case let .hover(id): "hover " + (id ?? "none")
        case let .drop(id, position): id.map { "drop \(position.rawValue) \($0)" } ?? "drop none"
        case let .loading(id, value): (value ? "load " : "loaded ") + id
        }
    }

    /// Performs the step. Unknown ids and refused edits become errors that
    /// point at the step's line.
    public func apply(to outline: inout Outline) throws(ScenarioError) -> BatchUpdate {
        do {
            switch action {
            case let .expand(id): return outline.expand(try outline.node(id: id))
            case let .collapse(id): return outline.collapse(try outline.node(id: id))
            case let .toggle(id): return outline.toggle(try outline.node(id: id))
            case let .reveal(id): return outline.reveal(try outline.node(id: id))
            case let .expandRecursively(id): return outline.expandRecursively(try outline.node(id: id))
            case let .collapseRecursively(id): return outline.collapseRecursively(try outline.node(id: id))
            case let .detail(id): return outline.showDetail(try outline.node(id: id))
            case let .hideDetail(id): return outline.hideDetail(try outline.node(id: id))
            case let .select(id): return outline.select(try outline.node(id: id))
            case let .tap(id): return outline.tap(try outline.node(id: id)).update
            case .expandAll: return outline.expandAll()
            case .collapseAll: return outline.collapseAll()
            case let .expandToDepth(n): return outline.expand(toDepth: n)
            case let .expandOnly(ids): return outline.expandOnly(try ids.map { id throws(OutlineError) in try outline.node(id: id) })
            case let .insert(parent, index, nodes):
                return try outline.insert(nodes, under: try parent.map { id throws(OutlineError) in try outline.node(id: id) }, at: index)
            case let .remove(id): return try outline.remove(try outline.node(id: id))
            case let .move(id, parent, index):
                let node = try outline.node(id: id)
                return try outline.move(node, under: try parent.map { id throws(OutlineError) in try outline.node(id: id) }, at: index)
            case let .check(id, value): return outline.setChecked(try outline.node(id: id), value)
            case let .focus(id): return outline.setFocus(try id.map { id throws(OutlineError) in try outline.node(id: id) })
            case let .hover(id): return outline.setHover(try id.map { id throws(OutlineError) in try outline.node(id: id) })
            case let .drop(id, position):
                return outline.setDropTarget(try id.map { id throws(OutlineError) in DropTarget(node: try outline.node(id: id), position: position) })
            case let .loading(id, value): return try outline.setLoading(try outline.node(id: id), value)
            }
        } catch {
            throw ScenarioError(
                file: location.file, line: location.line, column: location.column,
                message: "step '\(InertText(text))': \(InertText("\(error)"))", hint: hint(for: error))
        }
    }

    private func hint(for error: OutlineError) -> String {
        switch error {
        case .unknownID: "ids are paths of `id:` keys (or titles) from the top, such as `gd/gz`"
        case .ambiguousID: "write the full path of ids"
        default: ""
        }
    }
}
