import OutlineEngine
import ScenarioFormat

/// Where and how one row is drawn in one frame, in points. The painter draws
/// exactly this; everything that animates is a field here.
public struct RowBox: Sendable, Equatable {
    public var row: Row
    public var y: Double
    public var height: Double
    public var depth: Int
    /// 0 transparent ... 1 opaque.
    public var opacity: Double
    /// Chevron rotation in degrees: 0 points right (collapsed), 90 down (expanded); nil: a leaf.
    public var chevron: Double?
    /// Strength of the selection highlight, 0...1.
    public var selection: Double
    public var title: String
    public var subtitle: String?
    public var kind: String?
    public var icon: String?
    /// Child count shown at the trailing edge of expandable rows.
    public var badge: String?
    /// Title lines when the row is self-sizing; one line otherwise (truncated by the painter).
    public var lines: [String]
    public var isDetail: Bool { row.isDetail }

    public init(row: Row, y: Double, height: Double, depth: Int, opacity: Double, chevron: Double?, selection: Double,
                title: String, subtitle: String?, kind: String?, icon: String?, badge: String?, lines: [String]) {
        self.row = row
        self.y = y
        self.height = height
        self.depth = depth
        self.opacity = opacity
        self.chevron = chevron
        self.selection = selection
        self.title = title
        self.subtitle = subtitle
        self.kind = kind
        self.icon = icon
        self.badge = badge
        self.lines = lines
    }
}

/// The rows of one picture, in drawing order (rows drawn later cover earlier ones).
public struct FrameLayout: Sendable, Equatable {
    public var rows: [RowBox]
    /// The height of the content in points.
    public var contentHeight: Double

    public init(rows: [RowBox], contentHeight: Double) {
        self.rows = rows
        self.contentHeight = contentHeight
    }
}
