import Testing
import UnfoldSupport

/// The check a file's bytes pass before they are read as text agrees with the
/// standard library's (which builds a string to tell).
@Suite struct WellFormedUTF8Tests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        bytes.isWellFormedUTF8 == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test func theEdgesOfEachSequenceLength() {
        let cases: [[UInt8]] = [
            [], Array("plain ASCII, longer than eight bytes".utf8), Array("é ✓ 😀 ключ".utf8),
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82],
            Array("12345678".utf8) + [0xE2, 0x82], [0x61, 0xE2, 0x28, 0xA1], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x41],
        ]
        for bytes in cases { #expect(Self.agrees(bytes), "\(bytes)") }
        #expect(Array("é ✓ 😀".utf8).isWellFormedUTF8 && ![0xED, 0xA0, 0x80].isWellFormedUTF8)
    }

    /// Bytes drawn mostly from lead and continuation bytes, at every offset from an 8-byte boundary.
    @Test func randomBytesAsTheStandardLibrarySays() {
        var random = SeededRandom(seed: 8)
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var valid = 0
        for _ in 0 ..< 50_000 {
            let ascii = [UInt8](repeating: 0x61, count: random.below(17))
            let bytes = ascii + (0 ..< random.below(9)).map { _ in alphabet[random.below(alphabet.count)] }
            #expect(Self.agrees(bytes), "\(bytes)")
            if bytes.isWellFormedUTF8 { valid += 1 }
        }
        #expect(valid > 5_000)
    }
}
