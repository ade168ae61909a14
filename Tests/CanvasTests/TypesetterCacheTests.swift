import Foundation
import Testing

@testable import UnfoldCanvas

/// Typesetters and fingerprints kept between renders (`Typesetter.withCached`, `FontSet.fingerprint`).
@Suite struct TypesetterCacheTests {
    let fontsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Fonts"

    /// A typesetter taken from the cache draws what a new one draws.
    @Test func aCachedTypesetterDrawsWhatANewOneDraws() throws {
        func draw(_ typesetter: Typesetter) throws -> Pixmap {
            var pixmap = try Pixmap(width: 300, height: 40, fill: .white)
            typesetter.draw("Hello 河北 مرحبا", into: &pixmap, x: 4, baseline: 30, size: 20, weight: .semibold, color: .black)
            return pixmap
        }
        let fresh = try draw(Typesetter(fonts: .bundled))
        #expect(try Typesetter.withCached(FontIdentity(.bundled), draw) == fresh)
        #expect(try Typesetter.withCached(FontIdentity(.bundled), draw) == fresh)
        // Two at once are two typesetters.
        let bundled = try FontIdentity(.bundled)
        try Typesetter.withCached(bundled) { outer in
            try Typesetter.withCached(bundled) { inner in #expect(outer !== inner) }
        }
    }

    /// A typesetter given back is taken again for its fonts only; the least recently used font set goes first.
    @Test func typesettersAreKeptByFontSet() throws {
        let cache = TypesetterCache()
        let sets = (0 ... TypesetterCache.maxFontSets).map { n in
            FontSet(regular: .bundled(.regular), semibold: .bundled(.semibold), fallbacks: Array(FontSet.BundledFont.fallbacks.prefix(n).map { .bundled($0) }))
        }
        let keys = try sets.map { try FontIdentity($0) }
        let first = try Typesetter(fonts: sets[0])
        #expect(cache.take(keys[0]) == nil)
        cache.give(first, keys[0])
        #expect(cache.take(keys[1]) == nil)
        #expect(cache.take(keys[0]) === first)
        #expect(cache.take(keys[0]) == nil)
        cache.give(first, keys[0])
        for n in 1 ... TypesetterCache.maxFontSets { cache.give(try Typesetter(fonts: sets[n]), keys[n]) }
        #expect(cache.take(keys[0]) == nil, "the least recently used font set was kept")
        #expect(cache.take(keys[1]) != nil)
    }

    /// A font file rewritten in place is read again: neither a kept typesetter nor a kept fingerprint uses the old bytes.
    @Test func aFontFileChangedInPlaceIsReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-font-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/brand.ttf"
        try FileManager.default.copyItem(atPath: fontsFolder + "/OpenSans-Regular.ttf", toPath: path)
        let fonts = FontSet(regular: .file(path), semibold: .bundled(.semibold), fallbacks: [])
        func width() throws -> Double { try Typesetter.withCached(FontIdentity(fonts)) { $0.width("Wide words", size: 30, weight: .regular) } }
        let (before, printBefore) = (try width(), try fonts.fingerprint())
        #expect(try width() == before && fonts.fingerprint() == printBefore)
        let semibold = try Data(contentsOf: URL(fileURLWithPath: fontsFolder + "/OpenSans-Semibold.ttf"))
        try semibold.write(to: URL(fileURLWithPath: path))
        #expect(try width() != before)
        #expect(try fonts.fingerprint() != printBefore)
        #expect(try fonts.fingerprint() == FontSet(regular: .file(fontsFolder + "/OpenSans-Semibold.ttf"), semibold: .bundled(.semibold), fallbacks: []).fingerprint())
    }

    /// A font path that is a pipe is refused at once, never waited on.
    @Test func aFontThatIsAPipeIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-font-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/brand.ttf", 0o600) == 0)
        let fonts = FontSet(regular: .file(folder + "/brand.ttf"), semibold: .bundled(.semibold), fallbacks: [])
        #expect(throws: TextError.self) { try Typesetter(fonts: fonts) }
    }
}
