/// Chunks spliced into PNG files, as a forger would: for tests that attack
/// what Unfold reads.
public enum PNGChunks {
    /// A chunk of `type` holding `body`, with its length and CRC.
    public static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let length = UInt32(body.count)
        let typed = Array(type.utf8) + body
        return [UInt8(length >> 24), UInt8(length >> 16 & 255), UInt8(length >> 8 & 255), UInt8(length & 255)] + typed + bigEndian(crc32(typed))
    }

    /// `file` with `chunks` after its IHDR (which ends 33 bytes in).
    public static func inserting(_ chunks: [[UInt8]], afterIHDR file: [UInt8]) -> [UInt8] {
        Array(file[..<33]) + chunks.flatMap { $0 } + Array(file[33...])
    }

    /// `file` without its IEND (the last 12 bytes).
    public static func withoutEnd(_ file: [UInt8]) -> [UInt8] { Array(file.dropLast(12)) }

    /// The concatenated bodies of the IDAT chunks.
    public static func imageData(_ file: [UInt8]) -> [UInt8] {
        var at = 8, data: [UInt8] = []
        while at + 12 <= file.count {
            let length = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            if String(decoding: file[at + 4 ..< at + 8], as: UTF8.self) == "IDAT" { data += file[at + 8 ..< at + 8 + length] }
            at += 12 + length
        }
        return data
    }

    /// `v` as 4 bytes, most significant first.
    public static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    /// PNG's CRC-32 of `bytes`. O(n).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
