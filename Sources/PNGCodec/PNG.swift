import Canvas
import CPNG

/// A PNG that could not be read or written.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// PNG and animated PNG through the `CPNG` shim: libpng's simplified API for
/// reading (every libpng error becomes a return code, never a longjmp into
/// Swift), and our own chunk writer with band-parallel deflate for writing.
/// Output bytes depend only on the pixels, never on `threads` or the time.
public enum PNG {
    /// The largest image `decode` accepts by default.
    public static let defaultMaxPixels = UInt32(Pixmap.maxPixels)

    /// Encodes a pixmap; opaque images are written as RGB.
    public static func encode(_ pixmap: Pixmap, threads: Int = 1) throws(PNGError) -> [UInt8] {
        let rgba = pixmap.isOpaque ? pixmap.pixels : pixmap.unpremultiplied()
        var out = cpng_buffer()
        var err = [CChar](repeating: 0, count: 256)
        let code = rgba.withUnsafeBufferPointer { p in
            cpng_encode(p.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height), pixmap.stride, Int32(threads), &out, &err, err.count)
        }
        return try take(out, code: code, err: err, action: "encode")
    }

    /// Width and height from the header, without decoding; nil if the bytes do not start like a PNG.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        var width: UInt32 = 0, height: UInt32 = 0
        guard bytes.withUnsafeBufferPointer({ cpng_peek($0.baseAddress, $0.count, &width, &height) }) == Int32(CPNG_OK) else { return nil }
        return (Int(width), Int(height))
    }

    /// Decodes any PNG (first frame of an APNG) into a premultiplied pixmap.
    /// The common kinds decode straight into the pixmap's memory with
    /// libdeflate; libpng reads the rest.
    public static func decode(_ bytes: [UInt8], maxPixels: UInt32 = defaultMaxPixels) throws(PNGError) -> Pixmap {
        guard let (w, h) = size(of: bytes) else { throw PNGError(message: "not a PNG file (bad signature or no IHDR)") }
        guard w > 0, h > 0, UInt64(w) * UInt64(h) <= UInt64(maxPixels) else {
            throw PNGError(message: "image of \(w)x\(h) pixels is over the limit of \(maxPixels)")
        }
        var err = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            code = bytes.withUnsafeBufferPointer { p in
                cpng_decode_fast(p.baseAddress, p.count, maxPixels, 1, buffer.baseAddress, buffer.count, &err, err.count)
            }
            initialized = buffer.count
        }
        if code == Int32(CPNG_OK) { return Pixmap(width: w, height: h, pixels: pixels) }
        guard code == Int32(CPNG_UNSUPPORTED) else { throw PNGError(message: message(err, fallback: "not a valid PNG")) }
        var image = cpng_image()
        code = bytes.withUnsafeBufferPointer { p in
            cpng_decode(p.baseAddress, p.count, maxPixels, &image, &err, err.count)
        }
        guard code == Int32(CPNG_OK), let decoded = image.pixels else {
            throw PNGError(message: message(err, fallback: "not a valid PNG"))
        }
        defer { cpng_free(decoded) }
        let rgba = [UInt8](UnsafeBufferPointer(start: decoded, count: Int(image.width) * Int(image.height) * 4))
        return Pixmap.fromUnpremultiplied(width: Int(image.width), height: Int(image.height), rgba: rgba)
    }

    /// Writes an animated PNG frame by frame; later frames store only what changed.
    public final class Animation {
        private var writer: OpaquePointer?
        public let width: Int
        public let height: Int

        /// `plays`: 0 loops forever.
        public init(width: Int, height: Int, plays: Int = 0, threads: Int = 1) throws(PNGError) {
            var err = [CChar](repeating: 0, count: 256)
            guard let w = cpng_apng_begin(UInt32(width), UInt32(height), UInt32(plays), 0, Int32(threads), &err, err.count) else {
                throw PNGError(message: PNG.message(err, fallback: "cannot start an animated PNG"))
            }
            writer = w
            self.width = width
            self.height = height
        }

        deinit { cpng_apng_free(writer) }

        /// Adds a frame shown for `milliseconds`.
        public func add(_ pixmap: Pixmap, milliseconds: Int) throws(PNGError) {
            guard let writer else { throw PNGError(message: "the animation is finished") }
            guard pixmap.width == width, pixmap.height == height else {
                throw PNGError(message: "frame is \(pixmap.width)x\(pixmap.height), the animation \(width)x\(height)")
            }
            let rgba = pixmap.isOpaque ? pixmap.pixels : pixmap.unpremultiplied()
            var err = [CChar](repeating: 0, count: 256)
            let delay = UInt16(clamping: max(1, milliseconds))
            let code = rgba.withUnsafeBufferPointer { p in
                cpng_apng_add_frame(writer, p.baseAddress, pixmap.stride, delay, 1000, &err, err.count)
            }
            guard code == Int32(CPNG_OK) else { throw PNGError(message: PNG.message(err, fallback: "cannot add a frame")) }
        }

        /// The file's bytes.
        public func finish() throws(PNGError) -> [UInt8] {
            guard let w = writer else { throw PNGError(message: "the animation is finished") }
            writer = nil
            var out = cpng_buffer()
            var err = [CChar](repeating: 0, count: 256)
            let code = cpng_apng_finish(w, &out, &err, err.count)
            return try PNG.take(out, code: code, err: err, action: "write the animation")
        }
    }

    static func take(_ out: cpng_buffer, code: Int32, err: [CChar], action: String) throws(PNGError) -> [UInt8] {
        guard code == Int32(CPNG_OK), let data = out.data else {
            throw PNGError(message: message(err, fallback: "cannot \(action)"))
        }
        defer { cpng_free(data) }
        return [UInt8](UnsafeBufferPointer(start: data, count: out.len))
    }

    static func message(_ err: [CChar], fallback: String) -> String {
        let text = err.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? fallback : text
    }
}

extension Pixmap {
    /// Whether every pixel is opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            // AND whole chunks (which vectorises), then look at the alpha byte.
            var start = 0
            while start < words.count {
                let end = min(words.count, start + 4096)
                var all: UInt32 = 0xFFFF_FFFF
                for i in start ..< end { all &= words[i] }
                if all >> 24 != 0xFF { return false }
                start = end
            }
            return true
        }
    }
}

extension PNG {
    /// A decoded PNG kept as unfiltered packed rows, so that two images can be
    /// compared row by row and only the rows that matter expanded to pixels.
    public final class Rows: @unchecked Sendable {
        private var rows: cpng_rows
        public var width: Int { Int(rows.width) }
        public var height: Int { Int(rows.height) }

        /// nil for the kinds of PNG only libpng reads (16-bit, interlaced, colour keys).
        public init?(_ bytes: [UInt8], maxPixels: UInt32 = PNG.defaultMaxPixels) throws(PNGError) {
            var r = cpng_rows()
            var err = [CChar](repeating: 0, count: 256)
            let code = bytes.withUnsafeBufferPointer { p in cpng_decode_rows(p.baseAddress, p.count, maxPixels, &r, &err, err.count) }
            if code == Int32(CPNG_UNSUPPORTED) { return nil }
            guard code == Int32(CPNG_OK) else { throw PNGError(message: PNG.message(err, fallback: "not a valid PNG")) }
            rows = r
        }

        deinit { cpng_rows_free(&rows) }

        /// The first and last rows that differ from `other`'s (nil when none),
        /// or nil overall when the two differ in size or format and rows cannot be compared.
        public func differingRows(_ other: Rows) -> ClosedRange<Int>?? {
            var first: Int64 = -1, last: Int64 = -1
            guard withUnsafePointer(to: &rows, { a in withUnsafePointer(to: &other.rows) { b in
                cpng_rows_first_difference(a, b, &first, &last)
            } }) == 1 else { return nil }
            return .some(first < 0 ? nil : Int(first) ... Int(last))
        }

        /// Rows [y0, y1) as a premultiplied pixmap.
        public func pixmap(rows range: Range<Int>) -> Pixmap {
            let h = range.count, w = width
            let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
                withUnsafePointer(to: &rows) { r in
                    cpng_rows_expand(r, UInt32(range.lowerBound), UInt32(range.upperBound), 1, buffer.baseAddress)
                }
                initialized = w * h * 4
            }
            return Pixmap(width: w, height: h, pixels: pixels)
        }
    }
}
