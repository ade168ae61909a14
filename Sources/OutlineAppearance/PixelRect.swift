/// A rectangle in whole pixels, from its left and top edges (included) to
/// its right and bottom edges (excluded): for regions a comparison ignores,
/// and where differences are.
public struct PixelRect: Sendable, Equatable, Hashable {
    /// The left edge: the first column inside.
    public var x0: Int
    /// The top edge: the first row inside.
    public var y0: Int
    /// The right edge: the first column past the rectangle.
    public var x1: Int
    /// The bottom edge: the first row past the rectangle.
    public var y1: Int
    /// The columns `x0 ..< x1` of the rows `y0 ..< y1`.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    /// Whether the rectangle holds no pixel.
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The pixels in both rectangles (empty when they do not overlap).
    package func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}
