import CUnfoldPNG

/// A chunk of Unfold's own, put into a PNG Unfold wrote just before its
/// `IEND`: the stamp of a reference (`PNGStamp`) and the rows a picture
/// shows (`PNGRows`) are made and placed the same way.
enum PNGChunk {
    /// The `IEND` chunk every PNG Unfold writes ends with.
    static let end: [UInt8] = [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82]

    /// The chunk of `type` (4 letters) holding `data`: its length, type,
    /// data and CRC. `data` is at most 2³¹ − 1 bytes, as PNG's lengths are. O(bytes).
    static func make(_ type: [UInt8], _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        let chunk: [UInt8] = [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + type + data
        let crc = crc(chunk[...])
        return chunk + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// The CRC of a chunk's type and data, `chunk` being its length, type and data. O(bytes).
    static func crc(_ chunk: ArraySlice<UInt8>) -> UInt32 {
        // The pointer is used only inside the closure, while `chunk` is held.
        chunk.withUnsafeBufferPointer { cpng_crc32($0.baseAddress.map { $0 + 4 }, chunk.count - 4) }
    }

    /// Whether `png` ends as Unfold writes a PNG: a signature's room, then `IEND` last.
    static func endsWithEnd(_ png: [UInt8]) -> Bool {
        png.count >= 8 + end.count && png.suffix(end.count).elementsEqual(end)
    }

    /// `png`'s bytes up to `body` (where its own chunks end), then `chunk`,
    /// then `IEND`. O(bytes).
    static func inserting(_ chunk: [UInt8], into png: [UInt8], at body: Int) -> [UInt8] {
        Array(png[..<body]) + chunk + end
    }
}
