import UnfoldCanvas
import UnfoldPaint

/// Where the frames sit in a strip: row r (a step) and column c (a frame)
/// have their top-left corner at `origin(row:column:)`.
public struct StripGeometry: Sendable, Equatable, Codable {
    public var rows: Int
    public var columns: Int
    public var frameWidth: Int
    public var frameHeight: Int
    public static let padding = 12
    public static let gap = 8
    public static let label = 30

    public init(rows: Int, columns: Int, frameWidth: Int, frameHeight: Int) {
        self.rows = rows
        self.columns = columns
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    public var width: Int { 2 * Self.padding + columns * frameWidth + (columns - 1) * Self.gap }
    public var height: Int { 2 * Self.padding + rows * (Self.label + frameHeight) + (rows - 1) * Self.gap }

    public func origin(row: Int, column: Int) -> (x: Int, y: Int) {
        (
            Self.padding + column * (frameWidth + Self.gap),
            Self.padding + row * (Self.label + frameHeight + Self.gap) + Self.label
        )
    }
}

/// An animation strip: one labelled row per step, its frames as columns.
/// The canvas is made first and each frame placed as it is drawn
/// (`Pixmap.placeFrame`), so that no frame waits for the others.
enum Strip {
    /// The empty strip.
    static func canvas(_ geometry: StripGeometry, palette: Palette) throws -> Pixmap {
        try Pixmap(width: geometry.width, height: geometry.height, fill: palette.detailBackground)
    }

    /// Writes each row's label above it.
    static func label(_ strip: inout Pixmap, geometry: StripGeometry, labels: [String], palette: Palette, typesetter: Typesetter) {
        for (r, label) in labels.enumerated() where r < geometry.rows {
            let top = geometry.origin(row: r, column: 0)
            typesetter.draw(
                label, into: &strip, x: Double(StripGeometry.padding), baseline: top.y - 9, size: 15,
                weight: .semibold, color: palette.text)
        }
    }
}
