import Foundation

extension Typesetter {
    /// Runs `body` with a typesetter of `fonts` that no other thread uses
    /// meanwhile: one an earlier call gave back, with its fonts loaded and its
    /// shaped lines and glyphs still cached, else a new one. A typesetter
    /// draws the same pixels whatever its caches hold, so this only saves the
    /// time of loading fonts and of shaping and rasterizing again what earlier
    /// renders drew. `body` must not keep the typesetter. Thread-safe.
    package static func withCached<T>(_ fonts: FontIdentity, _ body: (Typesetter) throws -> T) throws -> T {
        let typesetter = try TypesetterCache.shared.take(fonts) ?? Typesetter(fonts: fonts.fonts)
        defer { TypesetterCache.shared.give(typesetter, fonts) }
        return try body(typesetter)
    }

    /// `withCached` for `count` typesetters at once (at least one), for a
    /// picture drawn in bands on as many threads, one typesetter each.
    package static func withCached<T>(_ fonts: FontIdentity, count: Int, _ body: ([Typesetter]) throws -> T) throws -> T {
        var taken: [Typesetter] = []
        defer { for typesetter in taken { TypesetterCache.shared.give(typesetter, fonts) } }
        for _ in 0 ..< max(1, count) { taken.append(try TypesetterCache.shared.take(fonts) ?? Typesetter(fonts: fonts.fonts)) }
        return try body(taken)
    }
}

/// Typesetters not in use, by the fonts they were made with, for
/// `Typesetter.withCached`. Bounded: a few font sets (the least recently
/// used is dropped), and for each as many typesetters as are ever in use at
/// once, up to a few per core (the rest are dropped when given back).
final class TypesetterCache: @unchecked Sendable {
    static let shared = TypesetterCache()
    static let maxFontSets = 4
    static let maxPerFontSet = 2 * ProcessInfo.processInfo.activeProcessorCount + 2

    private let lock = NSLock()
    /// Idle typesetters by key, the most recently used key last.
    private var idle: [(key: FontIdentity, typesetters: [Typesetter])] = []

    /// An idle typesetter of `key`, now the caller's alone; nil when there is none.
    func take(_ key: FontIdentity) -> Typesetter? {
        lock.lock()
        defer { lock.unlock() }
        guard let n = idle.firstIndex(where: { $0.key == key }) else { return nil }
        return idle[n].typesetters.popLast()
    }

    /// Gives a typesetter back; the caller must not use it any more.
    func give(_ typesetter: Typesetter, _ key: FontIdentity) {
        lock.lock()
        defer { lock.unlock() }
        var entry = idle.firstIndex { $0.key == key }.map { idle.remove(at: $0) } ?? (key: key, typesetters: [])
        if entry.typesetters.count < Self.maxPerFontSet { entry.typesetters.append(typesetter) }
        idle.append(entry)
        if idle.count > Self.maxFontSets { idle.removeFirst() }
    }
}
