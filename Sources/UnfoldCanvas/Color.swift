// Pictures are drawn with the appearance's colour type, re-exported so that
// code that draws needs no other import. The whole module, never one type: a
// scoped re-export (`import struct`) would shadow every other `Color` in a
// file that imports Unfold (SwiftUI's, UIKit's, an app's own).
@_exported import OutlineAppearance

extension Color {
    /// The same colour with its alpha multiplied by `factor` (0...256 = 0...1).
    package func fading(_ factor: Int) -> Color {
        Color(r: r, g: g, b: b, a: UInt8((Int(a) * min(max(factor, 0), 256) + 128) >> 8))
    }

    /// Premultiplied Color packed in memory order (R at the lowest address, little-endian).
    var premultiplied: UInt32 {
        let a = UInt32(self.a)
        func m(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return m(r) | m(g) << 8 | m(b) << 16 | a << 24
    }
}
