import Foundation
import UnfoldCanvas

/// The pixels of pictures a render is done with, handed to its next
/// picture of the same size. A frame's megabytes are then written over
/// rather than mapped and faulted in afresh for every frame (the command
/// line maps large buffers on their own, so that a long render's memory
/// follows what it holds). One render owns one; it keeps at most `limit`
/// pictures, so it holds no more than that many frames besides those in use.
///
/// Thread-safe: a picture is given back from whichever thread lets it go.
package final class PixmapRecycler: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: [Pixmap] = []
    private let limit: Int

    /// A recycler that keeps at most `limit` pictures.
    package init(limit: Int = 1) { self.limit = limit }

    /// A spare picture of `width` × `height` pixels, to draw over; nil when
    /// there is none. Its pixels are a finished picture's. O(limit).
    package func take(width: Int, height: Int) -> Pixmap? {
        lock.withLock {
            guard let i = spare.firstIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return spare.remove(at: i)
        }
    }

    /// Keeps `pixmap` for a later picture, in place of the oldest spare once
    /// `limit` are kept. O(limit).
    package func give(_ pixmap: Pixmap) {
        guard limit > 0 else { return }
        lock.withLock {
            if spare.count >= limit { spare.removeFirst() }
            spare.append(pixmap)
        }
    }
}
