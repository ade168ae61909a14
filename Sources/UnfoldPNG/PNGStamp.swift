import UnfoldCanvas

/// The mark a reference picture carries to say that Unfold stored it under
/// its name: an `unFS` chunk just before `IEND` whose data is the
/// `ContentHash` (32 hex digits) of the reference's name and every byte
/// before the chunk.
///
/// A picture without it, or whose bytes or name no longer agree with it,
/// was written, changed or put there by something else (an image editor, an
/// optimiser, a hand, a copy of another reference), and a test never passes
/// it on its pixels alone. The mark lives in the picture, so accepting a
/// changed picture changes that one file and no index beside it. It is
/// input like the rest of the file: it can make a reference fail, never
/// pass (a pass always decodes the file or finds the bytes the renderer
/// wrote).
///
/// The chunk is ancillary, private and unsafe to copy (what the case of its
/// four letters says in PNG), so viewers and git hosts ignore it, and an
/// editor that changes the pixels drops it.
package enum PNGStamp {
    /// The chunk's type.
    static let type = Array("unFS".utf8)
    /// The bytes of its data: 32 hex digits.
    static let dataLength = 32
    /// The whole chunk: length, type, data, CRC.
    static let chunkLength = 12 + dataLength
    /// The `IEND` chunk every PNG Unfold writes ends with.
    static let end = PNGChunk.end

    /// `png`, which ends with `IEND` as Unfold writes it, stamped as the
    /// reference `name` (any stamp it had replaced). O(bytes).
    package static func stamped(_ png: [UInt8], name: String) -> [UInt8] {
        guard PNGChunk.endsWithEnd(png) else { return png }
        let body = stampOffset(png) ?? png.count - end.count
        return PNGChunk.inserting(PNGChunk.make(type, Array(hash(png, upTo: body, name: name).utf8)), into: png, at: body)
    }

    /// Whether `png` ends with a stamp, of the reference `name`, that every
    /// byte before it agrees with. O(bytes).
    package static func isStamped(_ png: [UInt8], name: String) -> Bool {
        guard let at = stampOffset(png) else { return false }
        return png[(at + 8) ..< (at + 8 + dataLength)].elementsEqual(hash(png, upTo: at, name: name).utf8)
    }

    /// Whether `stamped` is `plain` (a PNG as the renderer wrote it) with a
    /// well-formed stamp put in: the same picture, stored (whether the
    /// stamp agrees is `isStamped(_:name:)`'s to say). Reads no pixels. O(bytes).
    package static func isStamped(_ stamped: [UInt8], from plain: [UInt8]) -> Bool {
        guard let at = stampOffset(stamped), stamped.count == plain.count + chunkLength else { return false }
        return stamped[..<at].elementsEqual(plain[..<at]) && stamped.suffix(end.count).elementsEqual(plain.suffix(end.count))
    }

    /// Where a stamp chunk starts, when the file ends with a well-formed one (its CRC right) and `IEND`.
    private static func stampOffset(_ png: [UInt8]) -> Int? {
        let at = png.count - end.count - chunkLength
        guard at >= 8, png.suffix(end.count).elementsEqual(end), png[at ..< at + 4].elementsEqual([0, 0, 0, UInt8(dataLength)]),
            png[(at + 4) ..< (at + 8)].elementsEqual(type)
        else { return nil }
        let crc = png[(at + chunkLength - 4) ..< (at + chunkLength)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return PNGChunk.crc(png[at ..< (at + chunkLength - 4)]) == crc ? at : nil
    }

    /// The hash of `name` and `png`'s first `count` bytes, as 32 hex digits.
    private static func hash(_ png: [UInt8], upTo count: Int, name: String) -> String {
        var hash = ContentHash()
        hash.update(Array(name.utf8) + [0])
        // The bytes are read only inside the closure, while `png` is held.
        png.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        return hash.hex
    }
}
