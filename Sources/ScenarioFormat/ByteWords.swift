/// Eight bytes of a file at a time, for the YAML scanner's passes over
/// every byte: which bytes of a word are a given one. Exact per byte: no sum
/// carries from one byte into the next.
enum ByteWords {
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// `byte` in each of the eight bytes.
    static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The high bit of each zero byte of `word`.
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word) & highBits
    }

    /// The high bit of each byte of `word` that is `byte`.
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ repeated(byte))
    }

    /// The eight bytes at `offset` of `base` (a pointer valid for them), in memory order.
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
    }
}
