/// One node of an outline to build, in a flat list where each node names its
/// parent by position. A flat list (rather than nested values) lets trees of
/// any depth be built, copied and freed without recursion.
public struct NodeSpec: Sendable, Equatable {
    /// The node's key among its siblings; the title when nil. A node's id is
    /// the path of keys from the top, joined with `/` (`gd/gz`). A key may
    /// itself be a path (`src/app/views`, the row of a merged chain of
    /// folders), so that the row keeps the id its last folder had; a bare-key
    /// lookup finds it by its last part.
    public var key: String?
    /// The text of the node's row.
    public var title: String
    /// A second line under the title, or beside it as a badge, depending on the style.
    public var subtitle: String?
    /// The row kind (like a table view's cell class): chooses height, style and event handlers.
    public var kind: String?
    /// An icon name for the painter; the engine only carries it.
    public var icon: String?
    // The flags below follow the optional parent in its padding: 104 bytes a node.
    /// Position in the list of this node's parent, which must come earlier; nil for a top-level node.
    public var parent: Int?
    /// Initial expansion (remembered even while the node is hidden or a leaf).
    public var expanded: Bool
    /// Checked at the start (its checkbox; a parent's state comes from its leaves).
    public var checked: Bool
    /// Drawn highlighted, as a docs site's file tree marks entries (several
    /// may be): with the selection's tint, whatever is selected.
    public var highlighted: Bool
    /// Text drawn after the title, dimmer, with its own emphasis (a docs
    /// page's note beside a file name); nil: none.
    public var annotation: Annotation?

    /// A node titled `title`; every other field has the default a plain,
    /// collapsed, unchecked top-level node has.
    public init(
        key: String? = nil, title: String, subtitle: String? = nil, kind: String? = nil,
        icon: String? = nil, expanded: Bool = false, parent: Int? = nil, checked: Bool = false,
        annotation: Annotation? = nil, highlighted: Bool = false
    ) {
        self.checked = checked
        self.annotation = annotation
        self.highlighted = highlighted
        self.key = key
        self.title = title
        self.subtitle = subtitle
        self.kind = kind
        self.icon = icon
        self.expanded = expanded
        self.parent = parent
    }

    /// The key used in ids: the given key, or the title with `/` escaped as
    /// `%2F`. Package-visible so that merging folder chains joins the keys ids use.
    package var effectiveKey: String {
        key ?? title.replacingSlashes()
    }
}

extension String {
    func replacingSlashes() -> String {
        guard utf8.contains(UInt8(ascii: "/")) else { return self }
        return split(separator: "/", omittingEmptySubsequences: false).joined(separator: "%2F")
    }
}
