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
    /// Position in the list of this node's parent, which must come earlier; nil for a top-level node.
    public var parent: Int?
    /// Initial expansion (remembered even while the node is hidden or a leaf).
    public var expanded: Bool
    /// Checked at the start (its checkbox; a parent's state comes from its leaves).
    public var checked: Bool
    /// Drawn highlighted, as a docs site's file tree marks entries (several
    /// may be): with the selection's tint, whatever is selected.
    public var highlighted: Bool
    /// Drawn dimmed, in the secondary text colour, as a code editor shows a
    /// file version control ignores.
    public var dimmed: Bool
    /// Text drawn after the title, dimmer, with its own emphasis (a docs
    /// page's note beside a file name, a version control badge such as
    /// `M`); nil: none.
    public var annotation: Annotation? {
        get { rare?.annotation }
        set { rare = RareFields.make(annotation: newValue, detailText: detailText) }
    }
    /// Its children are still loading: the row has a disclosure, and opened
    /// it shows a "Loading…" row with a spinner (the engine adds that row;
    /// inserting children ends the loading). A loading node has no children
    /// of its own in the list.
    public var loading: Bool
    /// The text of the node's detail row (a file's last commit, say); nil:
    /// its kind's, else "Details of <title>".
    public var detailText: String? {
        get { rare?.detailText }
        set { rare = RareFields.make(annotation: annotation, detailText: newValue) }
    }
    /// The fields few nodes have, in one box, so that a node of a large tree
    /// without them costs one pointer for all (104 bytes a node in all).
    private var rare: RareFields?

    /// A node titled `title`; every other field has the default a plain,
    /// collapsed, unchecked top-level node has.
    public init(
        key: String? = nil, title: String, subtitle: String? = nil, kind: String? = nil,
        icon: String? = nil, expanded: Bool = false, parent: Int? = nil, checked: Bool = false,
        annotation: Annotation? = nil, highlighted: Bool = false, loading: Bool = false, detailText: String? = nil,
        dimmed: Bool = false
    ) {
        self.dimmed = dimmed
        self.loading = loading
        self.rare = RareFields.make(annotation: annotation, detailText: detailText)
        self.checked = checked
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

/// A node's annotation and detail text, set once (a change makes a new box).
private final class RareFields: Sendable, Equatable {
    let annotation: Annotation?
    let detailText: String?

    private init(annotation: Annotation?, detailText: String?) {
        self.annotation = annotation
        self.detailText = detailText
    }

    /// A box of these fields; nil when neither is set.
    static func make(annotation: Annotation?, detailText: String?) -> RareFields? {
        annotation == nil && detailText == nil ? nil : RareFields(annotation: annotation, detailText: detailText)
    }

    static func == (a: RareFields, b: RareFields) -> Bool { a.annotation == b.annotation && a.detailText == b.detailText }
}

extension String {
    func replacingSlashes() -> String {
        guard utf8.contains(UInt8(ascii: "/")) else { return self }
        return split(separator: "/", omittingEmptySubsequences: false).joined(separator: "%2F")
    }
}
