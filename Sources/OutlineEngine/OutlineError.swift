#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an outline could not be built or an operation could not run. Cases
/// that come from a `NodeSpec` list carry the position in that list so that
/// a file format can point at the offending line.
public enum OutlineError: Error, Equatable, Sendable {
    /// Two siblings share a key, so their ids would be equal.
    case duplicateID(String, first: Int, second: Int)
    /// A spec names a parent that is not an earlier spec.
    case invalidParent(spec: Int, parent: Int)
    /// A key is empty or holds a `/`.
    case invalidKey(String, spec: Int)
    /// No node has this id.
    case unknownID(String, closest: [String])
    /// A bare key matches several nodes.
    case ambiguousID(String, candidates: [String])
    /// A move would put a node inside itself.
    case moveIntoOwnSubtree(String)
    /// A child index past the end of the parent's children.
    case indexOutOfRange(Int, count: Int)
    /// The node was removed.
    case removedNode
    /// A spec marked `loading` has children of its own: a node still loading has none yet.
    case loadingWithChildren(spec: Int)
    /// A node with children cannot start loading them.
    case loadingHasChildren(String)
    /// A node cannot be moved under a node whose children are loading.
    case parentIsLoading(String)
    /// The "Loading…" row is the engine's: it is not moved, holds no children and loads nothing.
    case loadingRow(String)
}

extension OutlineError: CustomStringConvertible {
    /// What is wrong and what to do, in one line, e.g. `no node has the id
    /// 'gz'; did you mean 'gd/gz'?`.
    public var description: String {
        switch self {
        case let .duplicateID(id, _, _):
            return "duplicate id '\(id)': two siblings have the same key; give one of them a distinct `id:`"
        case let .invalidParent(spec, parent):
            return "node \(spec) names parent \(parent), which is not an earlier node"
        case let .invalidKey(key, _):
            return "invalid id '\(key)': a key must be non-empty, and a key that is a path of keys (a merged chain of folders) must have no empty part"
        case let .unknownID(id, closest):
            let hint = closest.isEmpty ? "" : "; did you mean \(closest.map { "'\($0)'" }.joined(separator: ", "))?"
            return "no node has the id '\(id)'\(hint)"
        case let .ambiguousID(id, candidates):
            return "'\(id)' matches several nodes: \(candidates.map { "'\($0)'" }.joined(separator: ", ")); write the full path"
        case let .moveIntoOwnSubtree(id):
            return "cannot move '\(id)' into itself or one of its descendants"
        case let .indexOutOfRange(index, count):
            return "index \(index) is out of range: the parent has \(count) children (use 0...\(count))"
        case .removedNode:
            return "the node was removed"
        case .loadingWithChildren:
            return "a node still loading has no children yet: give it its children, or mark it loading, not both"
        case let .loadingHasChildren(id):
            return "'\(id)' has children: only a node without children can be loading them (remove them first)"
        case let .parentIsLoading(id):
            return "'\(id)' is loading its children: insert them (which ends the loading), or end its loading first"
        case let .loadingRow(id):
            return "'\(id)' is the row shown while its parent's children load: it cannot be moved, hold children or load; end the loading instead"
        }
    }
}

extension OutlineError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` says what is wrong.
    public var errorDescription: String? { description }
}
