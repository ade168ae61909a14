import CUnfoldPNG
import UnfoldCanvas
import UnfoldSupport

/// A PNG that could not be read or written.
public struct PNGError: DescribedError, Equatable, Sendable {
    /// What is wrong, e.g. `not a PNG file (bad signature)`.
    public var message: String
    /// The same as `message`.
    public var description: String { message }
}

/// Reads and writes PNG files in memory. Reading uses libdeflate, and
/// libpng for the rarer kinds of PNG (every libpng error becomes a
/// `PNGError`, never a crash); writing compresses bands of rows in parallel.
/// Output bytes depend only on the pixels, never on `threads` or the time.
public enum PNG {
    /// The largest image `decode` accepts by default.
    public static let defaultMaxPixels = UInt32(Pixmap.maxPixels)

    /// How hard an animated PNG is worked at to make it small.
    public enum AnimationEffort: String, CaseIterable, Sendable {
        /// Each frame stores the smallest rectangle of what changed and is
        /// compressed once: about what writing the frames as PNGs costs.
        case fast
        /// Every way to store each frame is compressed and the smallest
        /// kept, then compressed again, slowly: smaller, at many times the
        /// cost. For pictures published once.
        case max
    }

    /// Encodes a pixmap; opaque images are written as RGB.
    package static func encode(_ pixmap: Pixmap, threads: Int = 1) throws(PNGError) -> [UInt8] {
        // Opaque pixels are the same premultiplied or not: no conversion.
        let bytes = pixmap.isOpaque ? pixmap.pixels : pixmap.straight.bytes
        return try encode(bytes, width: pixmap.width, height: pixmap.height, threads: threads)
    }

    /// Encodes straight RGBA pixels as they are. `threads` compress bands of
    /// rows at once; the bytes are the same for any number. O(pixels).
    public static func encode(_ image: RGBAImage, threads: Int = 1) throws(PNGError) -> [UInt8] {
        try encode(image.bytes, width: image.width, height: image.height, threads: threads)
    }

    /// Encodes straight RGBA pixels as small as this library can (the same
    /// pixel format as `encode`, compressed harder): for files written once
    /// and read often, such as test references. Several times slower than `encode`.
    public static func encodeSmallest(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        var out = cpng_buffer()
        var err = [CChar](repeating: 0, count: 256)
        let code = image.bytes.withUnsafeBufferPointer { p in
            cpng_encode_smallest(p.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4, &out, &err, err.count)
        }
        return try take(out, code: code, err: err, action: "encode")
    }

    static func encode(_ rgba: [UInt8], width: Int, height: Int, threads: Int) throws(PNGError) -> [UInt8] {
        var out = cpng_buffer()
        var err = [CChar](repeating: 0, count: 256)
        let code = rgba.withUnsafeBufferPointer { p in
            cpng_encode(p.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(threads), &out, &err, err.count)
        }
        return try take(out, code: code, err: err, action: "encode")
    }

    /// Width and height from the header, without decoding; nil if the bytes do not start like a PNG.
    package static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        var width: UInt32 = 0, height: UInt32 = 0
        guard bytes.withUnsafeBufferPointer({ cpng_peek($0.baseAddress, $0.count, &width, &height) }) == Int32(CPNG_OK) else { return nil }
        return (Int(width), Int(height))
    }

    /// Decodes any PNG (the first frame of an APNG) to straight 8-bit RGBA,
    /// by one rule whatever the encoding (see `read`). O(pixels).
    public static func decode(_ bytes: [UInt8], maxPixels: UInt32 = defaultMaxPixels) throws(PNGError) -> RGBAImage {
        try read(bytes, maxPixels: maxPixels).image
    }

    /// Decodes any PNG (the first frame of an APNG) to straight 8-bit RGBA,
    /// by one rule whatever the encoding: samples as stored (colour-space
    /// chunks are ignored), 16-bit samples rounded to 8 bits, colour keys made
    /// transparent. Like libpng, it reads a file that lacks its IEND or has a
    /// damaged ancillary chunk, and says so in `warnings`; damaged critical
    /// data is an error. The common kinds decode straight into the image's
    /// memory with libdeflate; libpng's full read API takes the rest. O(pixels).
    package static func read(_ bytes: [UInt8], maxPixels: UInt32 = defaultMaxPixels) throws(PNGError)
        -> (image: RGBAImage, warnings: PNGWarnings)
    {
        let (w, h) = try checkedSize(of: bytes, maxPixels: maxPixels)
        var err = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        var warnings: UInt32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            code = bytes.withUnsafeBufferPointer { p in
                cpng_decode_fast(p.baseAddress, p.count, maxPixels, 0, buffer.baseAddress, buffer.count, &warnings, &err, err.count)
            }
            // Every byte is written on success; on failure the array is dropped unread.
            initialized = buffer.count
        }
        if code == Int32(CPNG_OK) { return (try image(w, h, pixels), PNGWarnings(rawValue: warnings)) }
        guard code == Int32(CPNG_E_UNSUPPORTED) else { throw PNGError(message: message(err, fallback: "not a valid PNG")) }
        var image = cpng_image()
        code = bytes.withUnsafeBufferPointer { p in
            cpng_decode(p.baseAddress, p.count, maxPixels, &image, &warnings, &err, err.count)
        }
        guard code == Int32(CPNG_OK), let decoded = image.pixels else {
            throw PNGError(message: message(err, fallback: "not a valid PNG"))
        }
        defer { cpng_free(decoded) }
        let rgba = [UInt8](UnsafeBufferPointer(start: decoded, count: Int(image.width) * Int(image.height) * 4))
        return (try Self.image(Int(image.width), Int(image.height), rgba), PNGWarnings(rawValue: warnings))
    }

    /// The size from the header, checked against `maxPixels` before anything is allocated.
    static func checkedSize(of bytes: [UInt8], maxPixels: UInt32) throws(PNGError) -> (Int, Int) {
        guard let (w, h) = size(of: bytes) else { throw PNGError(message: "not a PNG file (bad signature or no IHDR)") }
        guard w > 0, h > 0 else {
            throw PNGError(message: "the image is \(w)x\(h) pixels: a PNG needs a width and a height of at least 1")
        }
        guard UInt64(w) * UInt64(h) <= UInt64(maxPixels) else {
            throw PNGError(message: "the image is \(w)x\(h) pixels, over the limit of \(maxPixels) pixels")
        }
        return (w, h)
    }

    static func image(_ width: Int, _ height: Int, _ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        do { return try RGBAImage(width: width, height: height, bytes: bytes) } catch { throw PNGError(message: error.description) }
    }

    /// Writes an animated PNG frame by frame: frames that repeat are merged,
    /// later frames store only what changed, and with `effort` `.max`,
    /// `finish` compresses every frame again, slowly and small, on `threads` threads.
    package final class Animation {
        private var writer: OpaquePointer?
        package let width: Int
        package let height: Int

        /// `plays`: 0 loops forever.
        package init(width: Int, height: Int, plays: Int = 0, threads: Int = 1, effort: AnimationEffort = .fast) throws(PNGError) {
            var err = [CChar](repeating: 0, count: 256)
            let level = effort == .max ? CPNG_APNG_MAX : CPNG_APNG_FAST
            guard let w = cpng_apng_begin(UInt32(width), UInt32(height), UInt32(plays), Int32(threads), level, &err, err.count) else {
                throw PNGError(message: PNG.message(err, fallback: "cannot start an animated PNG"))
            }
            writer = w
            self.width = width
            self.height = height
        }

        deinit { cpng_apng_free(writer) }

        /// Adds a frame shown for `milliseconds`.
        package func add(_ pixmap: Pixmap, milliseconds: Int) throws(PNGError) {
            guard let writer else { throw PNGError(message: "the animation is finished") }
            guard pixmap.width == width, pixmap.height == height else {
                throw PNGError(message: "frame is \(pixmap.width)x\(pixmap.height), the animation \(width)x\(height)")
            }
            let rgba = pixmap.isOpaque ? pixmap.pixels : pixmap.straight.bytes
            var err = [CChar](repeating: 0, count: 256)
            let delay = UInt16(clamping: max(1, milliseconds))
            let code = rgba.withUnsafeBufferPointer { p in
                cpng_apng_add_frame(writer, p.baseAddress, pixmap.stride, delay, 1000, &err, err.count)
            }
            guard code == Int32(CPNG_OK) else { throw PNGError(message: PNG.message(err, fallback: "cannot add a frame")) }
        }

        /// The bytes of frame data held so far.
        package var heldBytes: Int { Int(cpng_apng_bytes(writer)) }

        /// The file's bytes.
        package func finish() throws(PNGError) -> [UInt8] {
            guard let w = writer else { throw PNGError(message: "the animation is finished") }
            writer = nil
            var out = cpng_buffer()
            var err = [CChar](repeating: 0, count: 256)
            let code = cpng_apng_finish(w, &out, &err, err.count)
            return try PNG.take(out, code: code, err: err, action: "write the animation")
        }
    }

    /// Encodes a still PNG whose rows come top to bottom, band by band, without
    /// holding the image: the file is byte for byte `encode`'s for the same
    /// pixels. Memory: the compressed data and a window of about a megabyte
    /// of rows per thread (`heldBytes`).
    package final class Stream {
        private var stream: OpaquePointer?
        package let width: Int
        package let height: Int

        package init(width: Int, height: Int, threads: Int = 1) throws(PNGError) {
            var err = [CChar](repeating: 0, count: 256)
            guard let s = cpng_stream_begin(UInt32(clamping: width), UInt32(clamping: height), Int32(threads), &err, err.count) else {
                throw PNGError(message: PNG.message(err, fallback: "cannot start a PNG"))
            }
            stream = s
            self.width = width
            self.height = height
        }

        deinit { cpng_stream_free(stream) }

        /// Appends the rows of `pixmap` (as wide as the image) below those before.
        package func add(_ pixmap: Pixmap) throws(PNGError) {
            guard let stream else { throw PNGError(message: "the PNG is finished") }
            guard pixmap.width == width else { throw PNGError(message: "rows are \(pixmap.width) pixels wide, the PNG \(width)") }
            let rgba = pixmap.isOpaque ? pixmap.pixels : pixmap.straight.bytes
            var err = [CChar](repeating: 0, count: 256)
            let code = rgba.withUnsafeBufferPointer { p in
                cpng_stream_rows(stream, p.baseAddress, pixmap.stride, UInt32(pixmap.height), &err, err.count)
            }
            guard code == Int32(CPNG_OK) else { throw PNGError(message: PNG.message(err, fallback: "cannot add rows")) }
        }

        /// The bytes the encoder holds now.
        package var heldBytes: Int { Int(cpng_stream_bytes(stream)) }

        /// The file's bytes, once every row is in.
        package func finish() throws(PNGError) -> [UInt8] {
            guard let s = stream else { throw PNGError(message: "the PNG is finished") }
            var out = cpng_buffer()
            var err = [CChar](repeating: 0, count: 256)
            let code = cpng_stream_finish(s, &out, &err, err.count)
            cpng_stream_free(s)
            stream = nil
            return try PNG.take(out, code: code, err: err, action: "write the PNG")
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
        let text = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}

extension PNG {
    /// A decoded PNG kept as unfiltered packed rows, so that two images can be
    /// compared row by row and only the rows that matter expanded to pixels.
    /// Immutable after `init`, so it may be shared between threads.
    package final class Rows: @unchecked Sendable {
        private let rows: cpng_rows
        package var width: Int { Int(rows.width) }
        package var height: Int { Int(rows.height) }

        /// nil for the kinds of PNG only libpng reads (16-bit, interlaced, colour keys).
        package init?(_ bytes: [UInt8], maxPixels: UInt32 = PNG.defaultMaxPixels) throws(PNGError) {
            _ = try PNG.checkedSize(of: bytes, maxPixels: maxPixels)
            var r = cpng_rows()
            var err = [CChar](repeating: 0, count: 256)
            var flags: UInt32 = 0
            let code = bytes.withUnsafeBufferPointer { p in
                cpng_decode_rows(p.baseAddress, p.count, maxPixels, &r, &flags, &err, err.count)
            }
            if code == Int32(CPNG_E_UNSUPPORTED) { return nil }
            guard code == Int32(CPNG_OK) else { throw PNGError(message: PNG.message(err, fallback: "not a valid PNG")) }
            rows = r
            warnings = PNGWarnings(rawValue: flags)
        }

        /// What the reader tolerated (see `PNG.read`).
        package let warnings: PNGWarnings

        /// The largest palette index a pixel uses; nil for an image without a
        /// palette. The rows are this object's, valid while it lives. O(pixels).
        package func largestPaletteIndex() -> Int? {
            guard rows.paletted != 0, rows.channels == 1, let base = rows.rows else { return nil }
            var largest: UInt8 = 0
            for y in 0 ..< height {
                let row = UnsafeBufferPointer(start: base + y * rows.pitch + 1, count: width)
                largest = max(largest, row.max() ?? 0)
            }
            return Int(largest)
        }

        deinit {
            var r = rows
            cpng_rows_free(&r)
        }

        /// The first and last rows that differ from `other`'s (nil when none),
        /// or nil overall when the two differ in size or format and rows cannot be compared.
        /// O(rows × pitch) at most.
        package func differingRows(_ other: Rows) -> ClosedRange<Int>?? {
            var first: Int64 = -1, last: Int64 = -1
            guard
                withUnsafePointer(
                    to: rows,
                    { a in
                        withUnsafePointer(to: other.rows) { b in
                            cpng_rows_first_difference(a, b, &first, &last)
                        }
                    }) == 1
            else { return nil }
            return .some(first < 0 ? nil : Int(first) ... Int(last))
        }

        /// Rows `range` (non-empty, within the image) as straight RGBA. O(range × width).
        package func image(rows range: Range<Int>) throws(PNGError) -> RGBAImage {
            precondition(
                !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= height,
                "rows \(range) of an image of \(height) rows")
            let count = range.count * width * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                withUnsafePointer(to: rows) { r in
                    // The range was checked above, so this cannot fail.
                    _ = cpng_rows_expand(r, UInt32(range.lowerBound), UInt32(range.upperBound), 0, buffer.baseAddress)
                }
                initialized = count
            }
            return try PNG.image(width, range.count, pixels)
        }
    }
}

/// What a PNG reader tolerated, as libpng does by default.
package struct PNGWarnings: OptionSet, Sendable, CustomStringConvertible {
    /// The set's bits.
    package let rawValue: UInt32
    /// The set of the warnings whose bits `rawValue` holds.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The file ends after its image data, without IEND (some encoders write that).
    package static let noEnd = PNGWarnings(rawValue: UInt32(CPNG_W_NO_IEND))
    /// An ancillary chunk with a bad CRC was skipped.
    package static let badAncillaryCRC = PNGWarnings(rawValue: UInt32(CPNG_W_BAD_ANCILLARY_CRC))
    /// A misplaced, malformed or repeated transparency chunk was ignored.
    package static let badAncillary = PNGWarnings(rawValue: UInt32(CPNG_W_BAD_ANCILLARY))

    /// The warnings in words, separated by `; ` (empty when there is none).
    package var description: String {
        var parts: [String] = []
        if contains(.noEnd) { parts.append("the file has no IEND chunk (read as complete)") }
        if contains(.badAncillaryCRC) { parts.append("an ancillary chunk with a bad CRC was skipped") }
        if contains(.badAncillary) { parts.append("a malformed transparency chunk was ignored") }
        return parts.joined(separator: "; ")
    }
}
