/// What a handler does with an event. Actions apply to the row that raised it.
public enum EventAction: String, Sendable, CaseIterable {
    case toggle, expand, collapse, expandRecursively, collapseRecursively
    case toggleDetail, showDetail, hideDetail, select, reveal
    /// Handled, and nothing happens: stops the event from bubbling further.
    case ignore
    /// Not handled here: the event goes on to the next handler in the chain.
    case pass
}

/// Handler tables for named events (seed 003, MutableCellTableView): a row's
/// event goes to the node's own handlers, then its kind's, then up through its
/// ancestors' (node, then kind), then to the outline's table, until one handles it.
public struct EventHandlers: Sendable, Equatable {
    public var byNode: [NodeID: [String: EventAction]] = [:]
    public var byKind: [String: [String: EventAction]] = [:]
    public var outline: [String: EventAction] = [:]
    /// Kinds whose rows have a detail row: by default a tap on such a leaf toggles it.
    public var kindsWithDetail: Set<String> = []
    public init() {}
}

/// Who handled an event.
public enum EventHandler: Equatable, Sendable {
    case node(NodeID)
    case kind(String, of: NodeID)
    case outline
    /// No handler took it: the built-in tap behaviour, or nothing.
    case builtIn
}

public struct EventOutcome: Equatable, Sendable {
    public var handler: EventHandler
    /// nil when nothing handled the event.
    public var action: EventAction?
    public var update: BatchUpdate
}

extension Outline {
    /// Raises a named event on a node's row and performs the action of the
    /// first handler up the chain. Without a handler, `tap` toggles an
    /// expandable row, or the detail row of a leaf whose kind declares one.
    @discardableResult
    public mutating func send(_ event: String, to node: NodeID) -> EventOutcome {
        let (handler, action) = resolve(event, for: node)
        let update = action.map { perform($0, on: node) } ?? .unchanged(rows: rowCount)
        return EventOutcome(handler: handler, action: action, update: update)
    }

    /// A tap on a node's row.
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

    /// Performs an action on a node.
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
