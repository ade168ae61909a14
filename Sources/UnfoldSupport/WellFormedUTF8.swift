extension Array where Element == UInt8 {
    /// Whether these bytes are well-formed UTF-8 (Unicode's table of
    /// well-formed byte sequences: no overlong form, no surrogate, nothing
    /// past U+10FFFF, no sequence cut short), checked without building a
    /// string: a large file is checked in place. O(count), eight ASCII bytes
    /// at a time.
    package var isWellFormedUTF8: Bool {
        withUnsafeBufferPointer { buffer in  // the pointer is valid inside this closure only
            guard let base = buffer.baseAddress else { return true }
            let count = buffer.count
            var i = 0
            while i < count {
                if i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                let lead = buffer[i]
                if lead < 0x80 {
                    i += 1
                    continue
                }
                // The length of the sequence, and the range its second byte must be in.
                var second: ClosedRange<UInt8> = 0x80 ... 0xBF
                let length: Int
                switch lead {
                case 0xC2 ... 0xDF: length = 2
                case 0xE0: (length, second) = (3, 0xA0 ... 0xBF)
                case 0xED: (length, second) = (3, 0x80 ... 0x9F)
                case 0xE1 ... 0xEF: length = 3
                case 0xF0: (length, second) = (4, 0x90 ... 0xBF)
                case 0xF4: (length, second) = (4, 0x80 ... 0x8F)
                case 0xF1 ... 0xF3: length = 4
                default: return false
                }
                guard i + length <= count, second.contains(buffer[i + 1]) else { return false }
                for k in 2 ..< length where buffer[i + k] & 0xC0 != 0x80 { return false }
                i += length
            }
            return true
        }
    }
}
