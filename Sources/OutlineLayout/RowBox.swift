import OutlineAppearance
import OutlineEngine

/// Where and how one row is drawn in one frame, in points. The painter draws
/// exactly this: `y`, `height`, `opacity`, `chevron` and `selection` are what
/// animates; `content` is the row's geometry, the same in every frame.
public struct RowBox: Sendable, Equatable {
    public var row: Row
    public var y: Double
    public var height: Double
    public var depth: Int
    /// 0 transparent ... 1 opaque.
    public var opacity: Double
    /// Chevron rotation in degrees: 0 points to the trailing side (collapsed), 90 down (expanded); nil: a leaf.
    public var chevron: Double?
    /// Strength of the selection highlight, 0...1.
    public var selection: Double
    /// Strength of the focus ring and of the pointer's highlight, 0...1.
    public var focus: Double = 0
    public var hover: Double = 0
    /// Where a dragged row would drop, relative to this row.
    public var drop: DropTarget.Position?
    /// The row's kind, for its colours.
    public var kind: String?
    public var content: RowContent
    public var isDetail: Bool { row.isDetail }

    public init(
        row: Row, y: Double, height: Double, depth: Int, opacity: Double = 1, chevron: Double?,
        selection: Double, focus: Double = 0, hover: Double = 0, drop: DropTarget.Position? = nil, kind: String?, content: RowContent
    ) {
        self.focus = focus
        self.hover = hover
        self.drop = drop
        self.row = row
        self.y = y
        self.height = height
        self.depth = depth
        self.opacity = opacity
        self.chevron = chevron
        self.selection = selection
        self.kind = kind
        self.content = content
    }
}

/// The geometry of a row's content, in points. Horizontal positions are
/// distances from the leading edge (the left one, left to right), so that a
/// right-to-left outline is the mirror image: x = canvas width − leading − width.
/// Vertically, content is centred on the row.
public struct RowContent: Sendable, Equatable {
    /// One or more lines of text in one font, starting at `leading`.
    public struct Text: Sendable, Equatable {
        /// Final lines: wrapped (self-sizing rows) or cut with an ellipsis to `width`.
        public var lines: [String]
        public var fontSize: Double
        public var weight: Appearance.Weight
        public var leading: Double
        /// The width the lines were fitted to.
        public var width: Double
    }

    /// A square icon: a letter in a rounded square.
    public struct Icon: Sendable, Equatable {
        public var name: String
        public var leading: Double
        public var size: Double
        public var radius: Double
        /// The letter's size.
        public var fontSize: Double
    }

    /// A checkbox before the icon and title.
    public struct Checkbox: Sendable, Equatable {
        public var leading: Double
        public var size: Double
        public var state: CheckState
    }

    /// The child count in a pill at the trailing side.
    public struct Badge: Sendable, Equatable {
        public var text: String
        public var fontSize: Double
        public var leading: Double
        public var width: Double
        public var height: Double
        /// Where the text starts, centred in the pill.
        public var textLeading: Double
    }

    /// The centre of the chevron, for expandable rows.
    public var chevronCenter: Double
    /// One indent guide per ancestor level, through the centre of its chevron box.
    public var guides: [Double]
    /// Where the separator at the bottom starts (0: full width); nil: none.
    public var separator: Double?
    public var checkbox: Checkbox?
    public var icon: Icon?
    public var badge: Badge?
    public var title: Text
    public var subtitle: Text?
}

/// The rows of one picture, in drawing order (rows drawn later cover earlier ones).
public struct FrameLayout: Sendable, Equatable {
    public var rows: [RowBox]

    public init(rows: [RowBox]) {
        self.rows = rows
    }
}
