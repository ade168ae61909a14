extension Surface {
    /// Fills whole pixels of a rectangle (clipped), source-over. The fast path
    /// for backgrounds, separators and guides, which are snapped to device
    /// pixels; use `fill(_:)` with a path for fractional edges.
    public func fill(_ rect: PixelRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty, color.a > 0 else { return }
        let source = color.premultiplied
        if color.a == 255 {
            for y in r.y0 ..< r.y1 {
                (words + y * width + r.x0).update(repeating: source, count: r.x1 - r.x0)
            }
        } else {
            let full = [UInt8](repeating: 255, count: r.x1 - r.x0)
            full.withUnsafeBufferPointer { coverage in
                for y in r.y0 ..< r.y1 { blend(row: y, x0: r.x0, coverage: coverage, source: source) }
            }
        }
    }
}
