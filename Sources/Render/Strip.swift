import Canvas
import Paint

/// Where the frames sit in a strip: row r (a step) and column c (a frame)
/// have their top-left corner at `origin(row:column:)`.
public struct StripGeometry: Sendable, Equatable {
    public var rows: Int
    public var columns: Int
    public var frameWidth: Int
    public var frameHeight: Int
    public static let padding = 12
    public static let gap = 8
    public static let label = 30

    public var width: Int { 2 * Self.padding + columns * frameWidth + (columns - 1) * Self.gap }
    public var height: Int { 2 * Self.padding + rows * (Self.label + frameHeight) + (rows - 1) * Self.gap }

    public func origin(row: Int, column: Int) -> (x: Int, y: Int) {
        (Self.padding + column * (frameWidth + Self.gap),
         Self.padding + row * (Self.label + frameHeight + Self.gap) + Self.label)
    }
}

/// An animation strip: one labelled row per step, its frames as columns.
enum Strip {
    static func draw(rows: [(label: String, frames: [Pixmap])], palette: Palette,
                     typesetter: Typesetter) throws -> (pixmap: Pixmap, geometry: StripGeometry) {
        let first = rows[0].frames[0]
        let geometry = StripGeometry(rows: rows.count, columns: rows.map(\.frames.count).max() ?? 1,
                                     frameWidth: first.width, frameHeight: first.height)
        var strip = try Pixmap(width: geometry.width, height: geometry.height, fill: palette.detailBackground)
        for (r, row) in rows.enumerated() {
            let top = geometry.origin(row: r, column: 0)
            typesetter.draw(row.label, into: &strip, x: Double(StripGeometry.padding), baseline: top.y - 9, size: 15,
                            weight: .semibold, color: palette.text)
            for (c, frame) in row.frames.enumerated() {
                let o = geometry.origin(row: r, column: c)
                strip.fill(PixelRect(x0: o.x - 1, y0: o.y - 1, x1: o.x + frame.width + 1, y1: o.y + frame.height + 1), color: palette.separator)
                strip.copy(frame, x: o.x, y: o.y)
            }
        }
        return (strip, geometry)
    }
}
