/// What a handler does with an event. Actions apply to the row that raised it.
public enum EventAction: String, Sendable, CaseIterable {
    /// Expands the row if it is collapsed, collapses it if it is expanded.
    case toggle
    /// Shows the row's children.
    case expand
    /// Hides the row's children.
    case collapse
    /// Expands the row and every row below it.
    case expandRecursively
    /// Collapses the row and every row below it.
    case collapseRecursively
    /// Shows the detail row under the row, or hides it.
    case toggleDetail
    /// Shows the detail row under the row.
    case showDetail
    /// Hides the detail row under the row.
    case hideDetail
    /// Selects the row.
    case select
    /// Expands the row's ancestors so that it shows.
    case reveal
    /// Handled, and nothing happens: stops the event from bubbling further.
    case ignore
    /// Not handled here: the event goes on to the next handler in the chain.
    case pass
}

/// Handler tables for named events that rows raise (`tap`, or names of your
/// own, such as `edit`), like a responder chain: a row's event goes to the
/// node's own handlers, then its kind's, then up through its ancestors'
/// (node, then kind), then to the outline's table, until one handles it.
/// So one entry can give every row of a kind, or a whole subtree, its behaviour.
public struct EventHandlers: Sendable, Equatable {
    /// Handlers of single nodes: node → event name → action.
    public var byNode: [NodeID: [String: EventAction]] = [:]
    /// Handlers of every row of a kind (`NodeSpec.kind`): kind → event name → action.
    public var byKind: [String: [String: EventAction]] = [:]
    /// The outline's own handlers, asked last: event name → action.
    public var outline: [String: EventAction] = [:]
    /// Kinds whose rows have a detail row: by default a tap on such a leaf toggles it.
    public var kindsWithDetail: Set<String> = []
    /// Empty tables: a tap toggles an expandable row, and nothing else happens.
    public init() {}
}

/// Who handled an event.
public enum EventHandler: Equatable, Sendable {
    /// The handlers of this node (the row's own node or one of its ancestors).
    case node(NodeID)
    /// The handlers of this kind, reached through a row of that kind (the
    /// row's own node or one of its ancestors).
    case kind(String, of: NodeID)
    /// The outline's own table.
    case outline
    /// No handler took it: the built-in tap behaviour, or nothing.
    case builtIn
}

/// What sending an event did: who handled it, what it did, and the rows that changed.
public struct EventOutcome: Equatable, Sendable {
    /// Who handled the event.
    public var handler: EventHandler
    /// nil when nothing handled the event.
    public var action: EventAction?
    /// The rows the action changed.
    public var update: BatchUpdate
}

extension Outline {
    /// Raises a named event on a node's row and performs the action of the
    /// first handler up the chain. Without a handler, `tap` toggles an
    /// expandable row, or the detail row of a leaf whose kind declares one.
    /// O(depth) to find the handler, plus the action's cost.
    @discardableResult
    public mutating func send(_ event: String, to node: NodeID) -> EventOutcome {
        let (handler, action) = resolve(event, for: node)
        let update = action.map { perform($0, on: node) } ?? .unchanged(rows: rowCount)
        return EventOutcome(handler: handler, action: action, update: update)
    }

    /// A tap on a node's row: the `tap` event.
    @discardableResult
    public mutating func tap(_ node: NodeID) -> EventOutcome { send("tap", to: node) }

    /// The handler and action an event would get, without performing it. O(depth).
    public func resolve(_ event: String, for node: NodeID) -> (EventHandler, EventAction?) {
        var x: NodeID? = node
        while let n = x {
            if let a = handlers.byNode[n]?[event], a != .pass { return (.node(n), a) }
            if let k = kind(of: n), let a = handlers.byKind[k]?[event], a != .pass { return (.kind(k, of: n), a) }
            x = parent(of: n)
        }
        if let a = handlers.outline[event], a != .pass { return (.outline, a) }
        guard event == "tap" else { return (.builtIn, nil) }
        if isExpandable(node) { return (.builtIn, .toggle) }
        if let k = kind(of: node), handlers.kindsWithDetail.contains(k) { return (.builtIn, .toggleDetail) }
        return (.builtIn, nil)
    }

    /// Performs an action on a node, as if a handler had chosen it.
    @discardableResult
    public mutating func perform(_ action: EventAction, on node: NodeID) -> BatchUpdate {
        switch action {
        case .toggle: return toggle(node)
        case .expand: return expand(node)
        case .collapse: return collapse(node)
        case .expandRecursively: return expandRecursively(node)
        case .collapseRecursively: return collapseRecursively(node)
        case .toggleDetail: return toggleDetail(node)
        case .showDetail: return showDetail(node)
        case .hideDetail: return hideDetail(node)
        case .select: return select(node)
        case .reveal: return reveal(node)
        case .ignore, .pass: return .unchanged(rows: rowCount)
        }
    }
}
