#if canImport(Glibc)
import Glibc
#else
import Darwin
import OutlineAppearance
#endif

extension Surface {
    /// Fills whole pixels of a rectangle (clipped), source-over. The fast path
    /// for backgrounds, separators and guides, which are snapped to device
    /// pixels; use `fill(_:)` with a path for fractional edges.
    package func fill(_ rect: PixelRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty, color.a > 0 else { return }
        let source = color.premultiplied
        if color.a == 255 {
            let w = r.x1 - r.x0
            if w == width {
                // Full-width rows are one contiguous run: fill it at memset/memcpy speed.
                fillRun(words + r.y0 * width, count: w * (r.y1 - r.y0), with: source)
            } else {
                for y in r.y0 ..< r.y1 { fillRun(words + y * width + r.x0, count: w, with: source) }
            }
        } else {
            let full = [UInt8](repeating: 255, count: r.x1 - r.x0)
            full.withUnsafeBufferPointer { coverage in
                for y in r.y0 ..< r.y1 { blend(row: y, x0: r.x0, coverage: coverage, source: source) }
            }
        }
    }

    /// Sets the pixels of a rectangle to a colour, replacing what was there
    /// (no blending): how a canvas starts, whatever the colour's alpha.
    package func clear(_ rect: PixelRect, to color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        let value = color.premultiplied, w = r.x1 - r.x0
        if w == width {
            fillRun(words + r.y0 * width, count: w * (r.y1 - r.y0), with: value)
        } else {
            for y in r.y0 ..< r.y1 { fillRun(words + y * width + r.x0, count: w, with: value) }
        }
    }

    /// Sets `count` words to `value`: memset when its four bytes are equal
    /// (white, black), else a first stretch copied onto itself, doubling.
    private func fillRun(_ start: UnsafeMutablePointer<UInt32>, count: Int, with value: UInt32) {
        guard count > 0 else { return }
        let byte = value & 0xFF
        if value == byte * 0x0101_0101 {
            memset(start, Int32(byte), count * 4)
            return
        }
        let first = min(count, 64)
        start.update(repeating: value, count: first)
        var filled = first
        while filled < count {
            let n = min(filled, count - filled)
            memcpy(start + filled, start, n * 4)
            filled += n
        }
    }
}
