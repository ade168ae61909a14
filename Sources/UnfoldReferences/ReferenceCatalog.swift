import UnfoldRender

/// The kinds of reference a run keeps: the one list that the runner, the
/// store, the index, reports, accept, the review and undo all read, so that a
/// kind added here is recorded, compared, reported, shown, accepted and
/// undone like the others. Nothing falls back to a list of its own: a
/// catalog is handed from the options to every part that reads references.
///
/// `standard` holds what `unfold test` and the Swift assertions keep: a state
/// picture `state-03.png`, the animation strip `strip.png` compared frame by
/// frame, and the batch updates `updates.json`.
package struct ReferenceCatalog: Sendable {
    /// The kinds, in the order their files are listed.
    package let kinds: [ReferenceKind]

    /// A catalog of `kinds`; the first that matches a name is its kind.
    package init(_ kinds: [ReferenceKind]) {
        self.kinds = kinds
    }

    /// The kinds `unfold test` and the Swift assertions keep.
    package static let standard = ReferenceCatalog([.state, .strip, .updates])

    /// This catalog with `kind` added after the others.
    package func adding(_ kind: ReferenceKind) -> ReferenceCatalog { ReferenceCatalog(kinds + [kind]) }

    /// The kind of the reference `name`; nil when it is no reference's name
    /// (names from an index or a report are data). O(kinds).
    package func kind(of name: String) -> ReferenceKind? {
        kinds.first { $0.matches(name) }
    }

    /// The kind of the files a render output makes; nil when the catalog keeps none of them. O(kinds).
    package func kind(madeBy output: RenderOptions.Output) -> ReferenceKind? {
        kinds.first { $0.output == output }
    }

    /// The kind whose label is `label`. O(kinds).
    package func kind(labelled label: String) -> ReferenceKind? {
        kinds.first { $0.label == label }
    }

    /// The names it knows, for messages: `state-NN.png, strip.png, updates.json`.
    package var patterns: String { kinds.map(\.pattern).joined(separator: ", ") }
}
