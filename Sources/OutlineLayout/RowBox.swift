import OutlineAppearance
import OutlineEngine

/// Where and how one row is drawn in one frame, in points. The painter draws
/// exactly this: `y`, `height`, `opacity`, `chevron` and `selection` are what
/// animates; `content` is the row's geometry, the same in every frame.
package struct RowBox: Sendable, Equatable {
    package var row: Row
    package var y: Double
    package var height: Double
    package var depth: Int
    /// 0 transparent ... 1 opaque.
    package var opacity: Double
    /// Chevron rotation in degrees: 0 points to the trailing side (collapsed), 90 down (expanded); nil: a leaf.
    package var chevron: Double?
    /// Strength of the selection highlight, 0...1.
    package var selection: Double
    /// Strength of the focus ring and of the pointer's highlight, 0...1.
    package var focus: Double = 0
    package var hover: Double = 0
    /// Where a dragged row would drop, relative to this row.
    package var drop: DropTarget.Position?
    /// The row's kind, for its colours.
    package var kind: String?
    /// Its text in the secondary colour (`NodeSpec.dimmed`).
    package var isDimmed = false
    /// The vertical span, in points, outside which nothing of the row is drawn
    /// (a row that appears or disappears shows only in the gap it opens or
    /// closes); nil: the whole row.
    package var clip: Range<Double>?
    package var content: RowContent
    package var isDetail: Bool { row.isDetail }

    package init(
        row: Row, y: Double, height: Double, depth: Int, opacity: Double = 1, chevron: Double?,
        selection: Double, focus: Double = 0, hover: Double = 0, drop: DropTarget.Position? = nil, kind: String?,
        isDimmed: Bool = false, content: RowContent
    ) {
        self.isDimmed = isDimmed
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
package struct RowContent: Sendable, Equatable {
    /// One or more lines of text in one font, starting at `leading`.
    package struct Text: Sendable, Equatable {
        /// Final lines: wrapped (self-sizing rows) or cut with an ellipsis to `width`.
        package var lines: [String]
        package var fontSize: Double
        package var weight: Appearance.Weight
        package var leading: Double
        /// The width the lines were fitted to.
        package var width: Double
        /// Each line as runs of their own weight and tone (a title with an
        /// annotation; their text is the line's); nil: every line in `weight`, in the text's colour.
        package var runs: [[TextRun]]? = nil
    }

    /// A square icon: a letter in a rounded square.
    package struct Icon: Sendable, Equatable {
        package var name: String
        package var leading: Double
        package var size: Double
        package var radius: Double
        /// The letter's size.
        package var fontSize: Double
    }

    /// A checkbox before the icon and title.
    package struct Checkbox: Sendable, Equatable {
        package var leading: Double
        package var size: Double
        package var state: CheckState
    }

    /// The child count in a pill at the trailing side.
    package struct Badge: Sendable, Equatable {
        package var text: String
        package var fontSize: Double
        package var leading: Double
        package var width: Double
        package var height: Double
        /// Where the text starts, centred in the pill.
        package var textLeading: Double
    }

    /// The centre of the chevron, for expandable rows.
    package var chevronCenter: Double
    /// One indent guide per ancestor level, through the centre of its chevron box.
    package var guides: [Double]
    /// Where the separator at the bottom starts (0: full width); nil: none.
    package var separator: Double?
    package var checkbox: Checkbox?
    package var icon: Icon?
    package var badge: Badge?
    package var title: Text
    package var subtitle: Text?
    /// Where a label behind icon and name (`style.selection: label`) ends:
    /// 8 points after the name on the title's first line, and before its
    /// note; nil in the other looks, which measure no more than they draw.
    package var labelEnd: Double? = nil
}

/// The rows of one picture, in drawing order (rows drawn later cover earlier ones).
package struct FrameLayout: Sendable, Equatable {
    package var rows: [RowBox]

    /// The rows as given, except that a row directly above a selected row
    /// (more than half selected) loses its separator: UIKit hides both
    /// separators of a selected cell (the painter leaves out the selected
    /// row's own). O(rows).
    package init(rows: [RowBox]) {
        self.rows = rows
        // Tops and bottoms compared in 1/64 points: a moving row's sums may differ in the last bits.
        func key(_ y: Double) -> Int { Int((y * 64).rounded()) }
        let selectedTops = Set(rows.lazy.filter { $0.selection >= 0.5 }.map { key($0.y) })
        guard !selectedTops.isEmpty else { return }
        for i in self.rows.indices where self.rows[i].content.separator != nil {
            if selectedTops.contains(key(self.rows[i].y + self.rows[i].height)) { self.rows[i].content.separator = nil }
        }
    }
}
