import CUnfoldFonts
import CUnfoldFreeType
import Foundation

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

    public enum BundledFont: Sendable, Equatable, CaseIterable {
        case regular, semibold, cjk
    }

    public var regular: Source
    public var semibold: Source
    public var cjk: Source
    /// A scenario's own fonts, each for one weight, tried before the others
    /// in their order (a brand's font, say); empty for the bundled set.
    public var preferred: [Preferred] = []

    /// A font tried first for text of its weight.
    public struct Preferred: Sendable, Equatable {
        public var source: Source
        public var weight: FontWeight
        public init(source: Source, weight: FontWeight) {
            self.source = source
            self.weight = weight
        }
    }

    /// The fonts built into the library.
    public static let bundled = FontSet(regular: .bundled(.regular), semibold: .bundled(.semibold), cjk: .bundled(.cjk))

    public init(regular: Source, semibold: Source, cjk: Source) {
        self.regular = regular
        self.semibold = semibold
        self.cjk = cjk
    }

    /// The fonts as files in `directory`, named as in `Fonts/`.
    public init(directory: String) {
        self.init(
            regular: .file(directory + "/" + BundledFont.regular.fileName),
            semibold: .file(directory + "/" + BundledFont.semibold.fileName),
            cjk: .file(directory + "/" + BundledFont.cjk.fileName))
    }

    /// A folder named by `UNFOLD_FONTS` that lacks the fonts.
    public struct NotFound: Error, CustomStringConvertible {
        public var directory: String
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
public enum FontWeight: Sendable, Hashable {
    case regular, semibold
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

/// A FreeType face, loaded from a file or from the bundled bytes (which
/// live as long as the process, as FreeType requires of memory faces).
final class Face {
    let library: Library
    let face: FT_Face
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double

    init(library: Library, source: FontSet.Source) throws {
        self.library = library
        var face: FT_Face?
        let error: FT_Error
        switch source {
        case let .file(path):
            error = FT_New_Face(library.handle, path, 0, &face)
        case let .bundled(font):
            let bytes = font.bytes.bindMemory(to: FT_Byte.self)
            error = FT_New_Memory_Face(library.handle, bytes.baseAddress, FT_Long(bytes.count), 0, &face)
        }
        guard error == 0, let face else { throw TextError.fontFailed(name: source.name, code: Int(error)) }
        self.face = face
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
    }

    deinit { FT_Done_Face(face) }

    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }
}

extension FontSet.BundledFont {
    /// The font file as built into the library: static, valid for the life
    /// of the process. (The build embeds `Fonts/` as it was when this target
    /// was compiled: after changing a font, build clean.)
    public var bytes: UnsafeRawBufferPointer {
        var length = 0
        let data = unfold_font_data(id, &length)
        return UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
    }

    /// Its file in `Fonts/`.
    public var fileName: String {
        switch self {
        case .regular: "OpenSans-Regular.ttf"
        case .semibold: "OpenSans-Semibold.ttf"
        case .cjk: "DroidSansFallbackFull.ttf"
        }
    }

    var id: unfold_font {
        switch self {
        case .regular: UNFOLD_FONT_REGULAR
        case .semibold: UNFOLD_FONT_SEMIBOLD
        case .cjk: UNFOLD_FONT_CJK
        }
    }
}

extension FontSet.Source {
    var name: String {
        switch self {
        case let .file(path): path
        case let .bundled(font): "the bundled \(font) font"
        }
    }
}

extension FontSet {
    /// A hash of the fonts' bytes (regular, semibold, CJK, then the preferred ones):
    /// equal fingerprints draw the same text alike. References record it, so
    /// that a font change is named as such. Reads font files; O(their bytes).
    public func fingerprint() throws(TextError) -> String {
        var hash = ContentHash()
        for source in [regular, semibold, cjk] + preferred.map(\.source) {
            switch source {
            case let .bundled(font): hash.update(font.bytes)
            case let .file(path):
                guard let data = FileManager.default.contents(atPath: path) else { throw .fontUnreadable(path: path) }
                data.withUnsafeBytes { hash.update($0) }
            }
            hash.update(0x1F)  // a separator, so that bytes cannot move between fonts
        }
        return hash.hex
    }
}

public enum TextError: Error, CustomStringConvertible {
    case fontFailed(name: String, code: Int)
    case fontUnreadable(path: String)
    case freeTypeFailed(Int)
    public var description: String {
        switch self {
        case let .fontUnreadable(path): "cannot read the font file \(path): check that it exists and is readable"
        case let .fontFailed(name, code): "cannot load \(name) (FreeType error \(code)): check that it is a TrueType or OpenType font"
        case let .freeTypeFailed(code): "FreeType failed to start (error \(code))"
        }
    }
}
