import CUnfoldFonts
import CUnfoldFreeType
import CUnfoldHarfBuzz
import Foundation
import UnfoldSupport

/// The fonts text is drawn with: the bundled ones (see `Fonts/README.md`),
/// built into the library so that rendering needs no file at run time, or
/// files of the same fonts in a folder. Rendering never reads system fonts:
/// the same text gives the same pixels everywhere.
public struct FontSet: Sendable, Equatable {
    /// Where one font comes from.
    public enum Source: Sendable, Equatable {
        /// Built into the library.
        case bundled(BundledFont)
        /// A font file.
        case file(String)
    }

    /// The fonts built into the library: Latin in two weights, then one
    /// weight of each script the Latin fonts lack, and monochrome emoji.
    public enum BundledFont: Sendable, Equatable, CaseIterable {
        /// Open Sans Regular: Latin, Greek and Cyrillic text.
        case regular
        /// Open Sans Semibold: Latin, Greek and Cyrillic text in semibold.
        case semibold
        /// Noto Sans Arabic UI.
        case arabic
        /// Noto Sans Hebrew.
        case hebrew
        /// Noto Sans Devanagari UI, for Hindi and other languages written in Devanagari.
        case devanagari
        /// Noto Sans Thai UI.
        case thai
        /// Droid Sans Fallback: Chinese and Japanese (its Korean has no Hangul syllables).
        case cjk
        /// Symbola's emoji, drawn in one colour.
        case emoji
        /// NanumGothic: Korean Hangul, which Droid Sans Fallback lacks. Tried
        /// last, so that it draws only what no other bundled font has.
        case hangul
        /// Liberation Mono Regular: the text of a look in a monospaced font
        /// (`style.monospace`), as a docs site's file tree draws it.
        case mono
        /// Liberation Mono Bold: that look's semibold text.
        case monoBold
        /// The fonts after the Latin ones, in the order they are tried.
        public static let fallbacks: [BundledFont] = [.arabic, .hebrew, .devanagari, .thai, .cjk, .emoji, .hangul]
    }

    /// The font of regular titles and subtitles.
    public var regular: Source
    /// The font of semibold titles.
    public var semibold: Source
    /// Fonts tried, in order, for characters the Latin font of the weight lacks.
    public var fallbacks: [Source]
    /// A scenario's own fonts, each for one weight, tried before the others
    /// in their order (a brand's font, say); empty for the bundled set.
    package var preferred: [Preferred] = []
    /// The monospaced fonts, regular and bold: in a look that asks for them
    /// (`style.monospace`), tried after a scenario's own fonts and before the others.
    public var monospaced: [Source] = [.bundled(.mono), .bundled(.monoBold)]

    /// A font tried first for text of its weight.
    package struct Preferred: Sendable, Equatable {
        /// The font.
        package var source: Source
        /// The weight of the text it is tried for.
        package var weight: FontWeight
        /// `source`, tried first for text of `weight`.
        package init(source: Source, weight: FontWeight) {
            self.source = source
            self.weight = weight
        }
    }

    /// The fonts built into the library.
    public static let bundled = FontSet(
        regular: .bundled(.regular), semibold: .bundled(.semibold), fallbacks: BundledFont.fallbacks.map { .bundled($0) })

    /// Latin fonts of each weight, then the fonts tried for characters they lack.
    public init(regular: Source, semibold: Source, fallbacks: [Source]) {
        self.regular = regular
        self.semibold = semibold
        self.fallbacks = fallbacks
    }

    /// The fonts as files in `directory`, named as in `Fonts/`.
    public init(directory: String) {
        func file(_ font: BundledFont) -> Source { .file(directory + "/" + font.fileName) }
        self.init(regular: file(.regular), semibold: file(.semibold), fallbacks: BundledFont.fallbacks.map(file))
        monospaced = [file(.mono), file(.monoBold)]
    }

    /// Every font in the order faces are numbered: regular, semibold, the fallbacks, the preferred ones.
    var sources: [Source] { [regular, semibold] + fallbacks + preferred.map(\.source) }

    /// A folder named by `UNFOLD_FONTS` that lacks the fonts.
    public struct NotFound: DescribedError {
        /// The folder `UNFOLD_FONTS` names.
        public var directory: String
        /// What is wrong and what to do.
        public var description: String {
            "UNFOLD_FONTS is \(directory), which has no OpenSans-Regular.ttf; "
                + "point it at the Fonts folder of an Unfold checkout, or unset it to use the fonts built into Unfold"
        }
    }

    /// The fonts in the folder `UNFOLD_FONTS` names, when it is set; else the bundled ones.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(NotFound) -> FontSet {
        guard let directory = environment["UNFOLD_FONTS"], !directory.isEmpty else { return .bundled }
        guard FileManager.default.fileExists(atPath: directory + "/OpenSans-Regular.ttf") else { throw NotFound(directory: directory) }
        return FontSet(directory: directory)
    }
}

/// Title weights that have their own font file.
package enum FontWeight: Sendable, Hashable {
    /// Regular text.
    case regular
    /// Semibold text.
    case semibold
}

/// A FreeType library instance; faces keep it alive until they are done.
final class Library {
    let handle: FT_Library

    init() throws {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw TextError.freeTypeFailed(Int(error)) }
        handle = lib
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A font file's bytes, read once and shared by every face made from it
/// while any of them lives (typesetters on several threads, kept for later
/// renders by `Typesetter.withCached`), so that they all read the same bytes
/// and memory does not grow with the number of typesetters. The bytes are
/// valid until the last face that holds this object is gone.
final class FontFileBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    /// The file as it was when it was read.
    let stamp: FileStamp
    /// Larger files are refused: no font Unfold can use comes close.
    static let maxBytes = 64 << 20

    private init(copying data: [UInt8], stamp: FileStamp) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.withUnsafeBytes { copy.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(copy)
        self.stamp = stamp
    }

    deinit { bytes.deallocate() }

    private struct Entry { weak var file: FontFileBytes? }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var open: [String: Entry] = [:]

    /// The file's bytes: those already read if a face still holds them and
    /// the file has not changed since (`FileStamp`), else read now.
    static func read(_ path: String) throws(TextError) -> FontFileBytes {
        lock.lock()
        defer { lock.unlock() }
        guard let stamp = FileStamp(path) else { throw .fontUnreadable(path: path) }
        if let file = open[path]?.file, file.stamp == stamp { return file }
        guard stamp.size <= maxBytes else { throw .fontTooLarge(path: path, bytes: stamp.size) }
        // A regular file only, read to its end: a pipe or a device is refused, never waited on.
        guard let bytes = try? InputFile.contents(of: path, limit: maxBytes), !bytes.isEmpty else { throw .fontUnreadable(path: path) }
        let file = FontFileBytes(copying: bytes, stamp: stamp)
        open = open.filter { $0.value.file != nil }
        open[path] = Entry(file: file)
        return file
    }
}

/// One font, as FreeType (for glyph outlines) and HarfBuzz (for shaping)
/// see it: both read the same bytes, a file's (`FontFileBytes`, kept alive
/// here) or a bundled font's (static), as FreeType and HarfBuzz require of
/// memory fonts.
final class Face {
    let library: Library
    let face: FT_Face
    /// HarfBuzz's font at a scale of one unit per font unit, so that shaping
    /// gives exact font units and the conversion to pixels is Unfold's own.
    let font: OpaquePointer
    /// HarfBuzz's (always 16...16384), for both its scale and the conversion.
    let unitsPerEm: Int
    let ascender: Double
    let descender: Double
    /// A file's bytes, kept alive while FreeType and HarfBuzz read them; nil for a bundled font.
    private let file: FontFileBytes?

    init(library: Library, source: FontSet.Source) throws(TextError) {
        self.library = library
        let (bytes, file) = try source.load()
        self.file = file
        var face: FT_Face?
        let error = FT_New_Memory_Face(
            library.handle, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), 0, &face)
        guard error == 0, let face else { throw .fontFailed(name: source.name, code: Int(error)) }
        let blob = hb_blob_create(
            bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        // HarfBuzz reads what FreeType may not (and the other way round): a font must be readable by both.
        let hbFont: OpaquePointer? = hb_face_get_glyph_count(hbFace) > 0 ? hb_font_create(hbFace) : nil
        unitsPerEm = Int(hb_face_get_upem(hbFace))
        hb_face_destroy(hbFace)
        guard let hbFont else {
            FT_Done_Face(face)
            throw .unreadableForShaping(name: source.name)
        }
        font = hbFont
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        self.face = face
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// Whether the font has a glyph for the character (its cmap, as HarfBuzz reads it).
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && glyph != 0
    }
}

extension FontSet.BundledFont {
    /// The font file as built into the library: static, valid for the life
    /// of the process. (The build embeds `Fonts/` as it was when this target
    /// was compiled: after changing a font, build clean.)
    package var bytes: UnsafeRawBufferPointer {
        var length = 0
        let data = unfold_font_data(id, &length)
        return UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
    }

    /// Its file in `Fonts/`.
    package var fileName: String {
        switch self {
        case .regular: "OpenSans-Regular.ttf"
        case .semibold: "OpenSans-Semibold.ttf"
        case .arabic: "NotoSansArabicUI-Regular.ttf"
        case .hebrew: "NotoSansHebrew-Regular.ttf"
        case .devanagari: "NotoSansDevanagariUI-Regular.ttf"
        case .thai: "NotoSansThaiUI-Regular.ttf"
        case .cjk: "DroidSansFallbackFull.ttf"
        case .emoji: "SymbolaEmoji.ttf"
        case .hangul: "NanumGothic.ttf"
        case .mono: "LiberationMono-Regular.ttf"
        case .monoBold: "LiberationMono-Bold.ttf"
        }
    }

    var id: unfold_font {
        switch self {
        case .regular: UNFOLD_FONT_REGULAR
        case .semibold: UNFOLD_FONT_SEMIBOLD
        case .arabic: UNFOLD_FONT_ARABIC
        case .hebrew: UNFOLD_FONT_HEBREW
        case .devanagari: UNFOLD_FONT_DEVANAGARI
        case .thai: UNFOLD_FONT_THAI
        case .cjk: UNFOLD_FONT_CJK
        case .emoji: UNFOLD_FONT_EMOJI
        case .hangul: UNFOLD_FONT_HANGUL
        case .mono: UNFOLD_FONT_MONO
        case .monoBold: UNFOLD_FONT_MONO_BOLD
        }
    }
}

extension FontSet.Source {
    /// The font's bytes, with the file's bytes object that keeps them valid
    /// (nil for a bundled font, whose bytes are valid for the process).
    func load() throws(TextError) -> (bytes: UnsafeRawBufferPointer, file: FontFileBytes?) {
        switch self {
        case let .bundled(font): return (font.bytes, nil)
        case let .file(path):
            let file = try FontFileBytes.read(path)
            return (file.bytes, file)
        }
    }

    var name: String {
        switch self {
        case let .file(path): path
        case let .bundled(font): "the bundled \(font) font"
        }
    }
}

extension FontSet {
    /// A hash of the fonts' bytes (regular, semibold, the fallbacks, then the preferred ones):
    /// equal fingerprints draw the same text alike. References record it, so
    /// that a font change is named as such. Reads font files; O(their bytes).
    package func fingerprint() throws(TextError) -> String {
        // Every snapshot check asks; the fonts (and the files, by their stamps) are usually the same.
        let key = try FontIdentity(self)
        if let known = FingerprintCache.shared.value(for: key) { return known }
        let value = try hashSources()
        FingerprintCache.shared.store(value, for: key)
        return value
    }

    /// `fingerprint()` computed from the bytes.
    private func hashSources() throws(TextError) -> String {
        var hash = ContentHash()
        for source in sources {
            let (bytes, file) = try source.load()
            withExtendedLifetime(file) { hash.update(bytes) }
            hash.update(0x1F)  // a separator, so that bytes cannot move between fonts
        }
        return hash.hex
    }
}

/// Fingerprints of the last few font sets, so that checking many scenarios
/// drawn with the same fonts hashes them once.
private final class FingerprintCache: @unchecked Sendable {
    static let shared = FingerprintCache()
    private let lock = NSLock()
    /// The most recently stored last; at most `TypesetterCache.maxFontSets`.
    private var known: [(key: FontIdentity, value: String)] = []

    func value(for key: FontIdentity) -> String? {
        lock.withLock { known.first { $0.key == key }?.value }
    }

    func store(_ value: String, for key: FontIdentity) {
        lock.withLock {
            known.removeAll { $0.key == key }
            known.append((key, value))
            if known.count > TypesetterCache.maxFontSets { known.removeFirst() }
        }
    }
}

/// A font that cannot be used: rendering throws it for a font file that is
/// missing, too large or not a font.
public enum TextError: DescribedError {
    /// FreeType could not load the font `name` (its error `code`).
    case fontFailed(name: String, code: Int)
    /// The font file cannot be read.
    case fontUnreadable(path: String)
    /// The font file is larger than a single font can be.
    case fontTooLarge(path: String, bytes: Int)
    /// HarfBuzz, which shapes text, cannot read the font `name`.
    case unreadableForShaping(name: String)
    /// FreeType could not start (its error code).
    case freeTypeFailed(Int)
    /// What went wrong with which font, and what to check.
    public var description: String {
        switch self {
        case let .fontUnreadable(path): "cannot read the font file \(path): check that it exists and is readable"
        case let .unreadableForShaping(name): "HarfBuzz cannot read \(name): check that it is a TrueType or OpenType font"
        case let .fontTooLarge(path, bytes):
            "the font file \(path) is \(bytes) bytes, over the limit of \(FontFileBytes.maxBytes): name a single font, not a collection or an archive"
        case let .fontFailed(name, code): "cannot load \(name) (FreeType error \(code)): check that it is a TrueType or OpenType font"
        case let .freeTypeFailed(code): "FreeType failed to start (error \(code))"
        }
    }
}
