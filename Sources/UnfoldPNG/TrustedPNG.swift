import UnfoldCanvas

/// The one kind of PNG file Unfold trusts as a test reference or as a
/// report's picture: a still image as Unfold writes it, whose pixels every
/// reader agrees on.
///
/// A reference is shown to reviewers by browsers and by git hosts' image
/// diffs, and judged by Unfold's decoder: the two must see the same picture.
/// So the file holds only `IHDR`, `PLTE`, `tRNS`, `IDAT`, the rows the
/// picture shows (`unRW`, in a swift-snapshot-testing snapshot), the stamp
/// that says Unfold stored it (`unFS`, the hash of the bytes before it) and
/// `IEND`, in that order (viewers ignore the two of Unfold's own), with 8-bit samples, no interlacing, `tRNS` only for a
/// palette, every palette index inside the palette, `IEND` last and nothing
/// after it. Everything else is refused: an animation (`acTL`, `fcTL`,
/// `fdAT`, whose frames a browser shows instead of the default image),
/// colour management (`gAMA`, `cHRM`, `sRGB`, `iCCP`, which a browser
/// applies and the comparison does not), any other chunk, a damaged chunk,
/// a missing end. A file refused here is re-recorded, never guessed at.
///
///     let image = try TrustedPNG.decode(bytes, largest: (width: 4096, pixels: 1 << 24))
public enum TrustedPNG {
    /// Decodes `bytes` after checking the chunks and, from the header, that
    /// the picture is at most `largest.width` wide and `largest.pixels` in
    /// all (before any pixel memory is taken). O(bytes + pixels).
    public static func decode(_ bytes: [UInt8], largest: (width: Int, pixels: Int)) throws(PNGError) -> RGBAImage {
        let header = try check(bytes)
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard header.width <= largest.width, !overflow, pixels <= largest.pixels else {
            throw PNGError(message: "it is \(header.width)x\(header.height) pixels, larger than any picture Unfold draws")
        }
        // The profile's kinds are the ones the row decoder takes: one inflate, then the palette is checked before the rows are expanded.
        guard let rows = try PNG.Rows(bytes, maxPixels: UInt32(clamping: largest.pixels)) else {
            throw PNGError(message: "it is not a PNG as Unfold writes it")
        }
        guard rows.warnings.isEmpty else { throw PNGError(message: "it is not a PNG as Unfold writes it: \(rows.warnings)") }
        if let index = rows.largestPaletteIndex(), index >= header.paletteEntries {
            throw PNGError(message: "it is not a PNG as Unfold writes it: a pixel's palette index (\(index)) is past the palette, which readers show differently")
        }
        return try rows.image(rows: 0 ..< rows.height)
    }

    /// The chunk walk: throws for any file that is not a still PNG as Unfold
    /// writes it (see the type's rules), and returns the size its header
    /// gives. Reads no image data. O(chunks).
    package static func check(_ bytes: [UInt8]) throws(PNGError) -> (width: Int, height: Int, paletteEntries: Int) {
        func refuse(_ why: String) -> PNGError { PNGError(message: "it is not a PNG as Unfold writes it: \(why)") }
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, bytes[0 ..< 8].elementsEqual(signature) else { throw PNGError(message: "it is not a PNG file (bad signature)") }
        var at = 8
        var previous = ""
        var size = (width: 0, height: 0, paletteEntries: 0)
        var palette = false, hasPalette = false, hasData = false
        while at < bytes.count {
            guard bytes.count - at >= 12 else { throw refuse("it ends inside a chunk") }
            guard be32(bytes, at) <= Int32.max, UInt64(be32(bytes, at)) <= UInt64(bytes.count - at - 12) else { throw refuse("a chunk runs past the end of the file") }
            let length = Int(be32(bytes, at))
            let typeBytes = bytes[at + 4 ..< at + 8]
            guard typeBytes.allSatisfy({ (65 ... 90).contains($0) || (97 ... 122).contains($0) }) else { throw refuse("a chunk has no valid type") }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let body = at + 8
            switch type {
            case "IHDR":
                guard previous.isEmpty, length == 13 else { throw refuse("its IHDR is not the first chunk or not 13 bytes") }
                size = (Int(exactly: be32(bytes, body)) ?? Int.max, Int(exactly: be32(bytes, body + 4)) ?? Int.max, 0)
                let depth = bytes[body + 8], color = bytes[body + 9], interlace = bytes[body + 12]
                guard depth == 8, [2, 3, 6].contains(color), interlace == 0 else {
                    throw refuse("it is not 8-bit RGB, RGBA or palette without interlacing (depth \(depth), colour type \(color), interlace \(interlace))")
                }
                palette = color == 3
            case "PLTE":
                guard previous == "IHDR", palette, length % 3 == 0, (3 ... 768).contains(length) else {
                    throw refuse("its PLTE is misplaced, malformed or in an image without a palette")
                }
                hasPalette = true
                size.paletteEntries = length / 3
            case "tRNS":
                guard previous == "PLTE" else { throw refuse("its tRNS is not right after the palette") }
            case "IDAT":
                guard previous == "IDAT" || (!hasData && ["IHDR", "PLTE", "tRNS"].contains(previous) && palette == hasPalette) else {
                    throw refuse("its image data is misplaced or split by other chunks")
                }
                hasData = true
            case "unRW":
                guard previous == "IDAT", length <= PNGRows.limit else { throw refuse("its unRW rows are misplaced or too long") }
            case "unFS":
                guard previous == "IDAT" || previous == "unRW", length == PNGStamp.dataLength else {
                    throw refuse("its unFS stamp is misplaced or malformed")
                }
            case "IEND":
                guard ["IDAT", "unRW", "unFS"].contains(previous), length == 0 else { throw refuse("its IEND is misplaced") }
                guard at + 12 == bytes.count else { throw refuse("it has \(bytes.count - at - 12) bytes after its end (IEND)") }
            case "acTL", "fcTL", "fdAT":
                throw refuse("it is an animated PNG (\(type)), whose frames a browser shows instead of the picture Unfold compares")
            case "gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCv", "cLLi":
                throw refuse("it has colour management (\(type)), which a browser applies and the comparison does not")
            default:
                throw refuse("it has a \(type) chunk, which Unfold never writes")
            }
            previous = type
            at = body + length + 4
        }
        guard previous == "IEND" else { throw refuse("it has no end (IEND)") }
        return size
    }

    /// The 32-bit big-endian number at `at`. A length is at most 2³¹ − 1
    /// (PNG's rule) and is compared as UInt64, and sides are made Int only
    /// when they fit, so that more is refused, not a trap, where Int has 32 bits.
    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
