import CUnfoldAnimation
import UnfoldCanvas

/// An animated GIF or WebP written frame by frame (CUnfoldAnimation), for
/// where docs live: the same frames as `PNG.Animation`'s. A frame that shows
/// what the one before it shows lengthens that one instead of being written;
/// GIF keeps 1-bit transparency and frames of at most 255 colours exactly
/// (others on a palette of their own colours, dithered), WebP is lossless.
/// Deterministic for the same giflib and libwebp.
package final class AnimatedImage {
    package enum Format: String, Sendable, CaseIterable {
        case gif, webp

        var c: canim_format { self == .gif ? CANIM_GIF : CANIM_WEBP }
    }

    private var writer: OpaquePointer?
    package let format: Format
    package let width: Int
    package let height: Int

    /// `plays`: 0 loops forever. `matte` (0xRRGGBB, GIF only): the colour of
    /// the page a transparent GIF goes on, which its partly transparent
    /// pixels are blended over so that their edges stay smooth.
    package init(format: Format, width: Int, height: Int, plays: Int = 0, matte: UInt32? = nil) throws(PNGError) {
        var err = [CChar](repeating: 0, count: 256)
        guard let w = canim_begin(format.c, UInt32(clamping: width), UInt32(clamping: height), UInt32(clamping: plays), &err, err.count) else {
            throw PNGError(message: PNG.message(err, fallback: "cannot start an animated \(format.rawValue.uppercased())"))
        }
        if let matte, canim_set_matte(w, matte, &err, err.count) != CANIM_OK {
            canim_free_writer(w)
            throw PNGError(message: PNG.message(err, fallback: "cannot set the matte"))
        }
        writer = w
        self.format = format
        self.width = width
        self.height = height
    }

    deinit { canim_free_writer(writer) }

    /// Adds a frame shown for `milliseconds`.
    package func add(_ pixmap: Pixmap, milliseconds: Int) throws(PNGError) {
        guard let writer else { throw PNGError(message: "the animation is finished") }
        let rgba = pixmap.isOpaque ? pixmap.pixels : pixmap.straight.bytes
        var err = [CChar](repeating: 0, count: 256)
        let code = rgba.withUnsafeBufferPointer { p in
            canim_add_frame(writer, p.baseAddress, pixmap.stride, UInt32(clamping: max(1, milliseconds)), &err, err.count)
        }
        guard code == CANIM_OK else { throw PNGError(message: PNG.message(err, fallback: "cannot add a frame")) }
    }

    /// The bytes the writer holds that it can account for.
    package var heldBytes: Int { Int(canim_bytes(writer)) }

    /// The file's bytes.
    package func finish() throws(PNGError) -> [UInt8] {
        guard let w = writer else { throw PNGError(message: "the animation is finished") }
        defer {
            canim_free_writer(w)
            writer = nil
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var err = [CChar](repeating: 0, count: 256)
        let code = canim_finish(w, &out, &length, &err, err.count)
        guard code == CANIM_OK, let out else { throw PNGError(message: PNG.message(err, fallback: "cannot write the animation")) }
        defer { canim_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: length))
    }
}
