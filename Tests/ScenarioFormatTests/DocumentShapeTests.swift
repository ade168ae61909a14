import Testing

@testable import ScenarioFormat

/// A document's shape (the nesting it writes, the mappings it may hold),
/// taken eight bytes at a time, is the one a byte-by-byte pass takes.
@Suite struct DocumentShapeTests {
    /// Byte by byte: a line's leading spaces, dashes and question marks nest,
    /// then brackets; the depth is checked where the indentation ends and
    /// where a bracket opens.
    static func reference(_ bytes: [UInt8]) -> (beyond: Int?, mappings: Int) {
        var (flow, line, braces, i) = (0, 1, 0, 0)
        while i < bytes.count {
            var indent = 0
            while i < bytes.count, [0x20, 0x2D, 0x3F].contains(bytes[i]) { (indent, i) = (indent + 1, i + 1) }
            var first = true
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                if byte == 0x0A {
                    line += 1
                    break
                }
                if byte == 0x7B || byte == 0x5B { (flow, braces) = (flow + 1, braces + (byte == 0x7B ? 1 : 0)) }
                if byte == 0x5D || byte == 0x7D { flow = max(0, flow - 1) }
                guard first || byte == 0x7B || byte == 0x5B else { continue }
                first = false
                if indent + flow > Document.maxNesting { return (line, 0) }
            }
        }
        return (nil, line + braces)
    }

    @Test func theShapeIsTheOneEachByteGives() {
        var random = SeededRandom(seed: 11)
        let deep = String(repeating: "[", count: 1500) + "x" + String(repeating: "]", count: 1500)  // closes inside the line
        let pieces = ["a", "bc d", "{", "}", "[", "]", "\n", "  ", "- ", "é", "# {", "\"]\"", String(repeating: "[", count: 700), deep, "abcdefgh}}}}}}}}"]
        for _ in 0 ..< 5000 {
            let text = (0 ..< random.below(40)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            let shape = Document.Shape(bytes)
            let expected = Self.reference(bytes)
            #expect(shape.beyondLimit?.line == expected.beyond, "\(text.debugDescription)")
            if expected.beyond == nil { #expect(shape.mostMappings == expected.mappings, "\(text.debugDescription)") }
        }
    }
}
