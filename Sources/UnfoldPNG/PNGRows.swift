/// The rows an outline's picture shows, kept inside the picture: an `unRW`
/// chunk after the image data holding the rows' record (`updates.json`'s
/// bytes), for a snapshot that is one PNG file (swift-snapshot-testing's),
/// so that a failure can say in words which row changed.
///
/// The chunk is ancillary, private and unsafe to copy, so viewers ignore it
/// and an editor that changes the pixels drops it. What it holds is input
/// like the rest of the file: it only words a failure, and the pixels alone
/// decide whether the picture matches.
package enum PNGRows {
    /// The chunk's type.
    static let type = Array("unRW".utf8)
    /// The most bytes of record a picture carries.
    package static let limit = 16 << 20

    /// `png`, which ends with `IEND` as Unfold writes it, with `rows` put
    /// before its end; as it is when `rows` is over `limit`. O(bytes).
    package static func adding(_ rows: [UInt8], to png: [UInt8]) -> [UInt8] {
        guard rows.count <= limit, PNGChunk.endsWithEnd(png) else { return png }
        return PNGChunk.inserting(PNGChunk.make(type, rows), into: png, at: png.count - PNGChunk.end.count)
    }

    /// The record a picture carries, if it has one: the first `unRW` chunk's
    /// data. Reads the chunks' headers, no image data. O(chunks).
    package static func read(_ png: [UInt8]) -> [UInt8]? {
        var at = 8
        while png.count - at >= 12 {
            let length = png[at ..< at + 4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard length <= UInt64(png.count - at - 12) else { return nil }
            let n = Int(length)
            if png[(at + 4) ..< (at + 8)].elementsEqual(type) { return n <= limit ? Array(png[(at + 8) ..< (at + 8 + n)]) : nil }
            at += 12 + n
        }
        return nil
    }
}
