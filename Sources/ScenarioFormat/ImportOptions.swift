import UnfoldTreeSources

/// How `unfold render --from` makes a scenario of a tree source: the
/// source's own options (`TreeSourceOptions`, as a scenario's `source:` has
/// them), the scenario's name, and whether it is one still picture.
public struct ImportOptions: Sendable, Equatable {
    /// The scenario's name, which names its output folder; nil: from the file's name.
    public var name: String?
    /// How the source is read: which tree of a page, how deep, which folders are open.
    public var source: TreeSourceOptions
    /// Every source: one picture of the whole tree, every folder open, no
    /// steps (what a docs page shows beside its text).
    public var still = false

    /// The source read with `source`'s options, as an animation unless `still`.
    public init(name: String? = nil, source: TreeSourceOptions = TreeSourceOptions(), still: Bool = false) {
        self.name = name
        self.source = source
        self.still = still
    }
}
