import CUnfoldPixels

/// A 128-bit hash of bytes, fed in pieces: the same bytes give the same
/// hash however they are split, on every machine (words are read little-endian).
/// It names contents (a picture's pixels, a font set), so that equal contents
/// can be recognised without keeping or comparing them; it is not a
/// cryptographic hash. O(n) in the bytes fed, about a word per nanosecond.
package struct ContentHash: Sendable {
    /// The two lanes, a and b, side by side as `unfold_hash_words` takes them.
    private var lanes: (a: UInt64, b: UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length: UInt64 = 0

    package init() {}

    /// Feeds `bytes`.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var i = 0
        let n = bytes.count
        length &+= UInt64(n)
        while pendingCount > 0, pendingCount < 8, i < n {  // finish a word begun by an earlier piece
            pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            i += 1
        }
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
        // Whole words in C (`unfold_hash_words`), which a debug build runs at a usable speed.
        let words = (n - i) / 8
        if words > 0, let base = bytes.baseAddress {
            withUnsafeMutablePointer(to: &lanes) { lanes in
                lanes.withMemoryRebound(to: UInt64.self, capacity: 2) {
                    unfold_hash_words($0, base.assumingMemoryBound(to: UInt8.self) + i, words)
                }
            }
            i += 8 * words
        }
        while i < n {
            pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            i += 1
        }
    }

    /// Feeds the bytes of an array.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds an integer as 8 little-endian bytes.
    package mutating func update(_ value: Int) {
        withUnsafeBytes(of: UInt64(UInt(bitPattern: value)).littleEndian) { update($0) }
    }

    /// Mixes one word, as `unfold_hash_words` mixes each.
    private mutating func mix(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { bytes in
            withUnsafeMutablePointer(to: &lanes) { lanes in
                lanes.withMemoryRebound(to: UInt64.self, capacity: 2) {
                    unfold_hash_words($0, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
                }
            }
        }
    }

    /// murmur3's finaliser: every input bit reaches every output bit.
    private static func avalanche(_ x: UInt64) -> UInt64 {
        var x = x
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        return x ^ x >> 33
    }

    /// The hash as 32 hex digits.
    package var hex: String {
        var copy = self
        if copy.pendingCount > 0 { copy.mix(copy.pending ^ UInt64(copy.pendingCount) << 59) }
        let high = Self.avalanche(copy.lanes.a ^ copy.length), low = Self.avalanche(copy.lanes.b &+ high)
        return [high, low].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
