import CFreeType
import Foundation

/// The bundled font files (see `Fonts/README.md`). Rendering never reads
/// system fonts: the same text gives the same pixels everywhere.
public struct FontFiles: Sendable, Equatable {
    public var regular: String
    public var semibold: String
    public var cjk: String

    public init(directory: String) {
        regular = directory + "/OpenSans-Regular.ttf"
        semibold = directory + "/OpenSans-Semibold.ttf"
        cjk = directory + "/DroidSansFallbackFull.ttf"
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var searched: [String]
        public var description: String {
            "cannot find the bundled fonts (looked in \(searched.joined(separator: ", "))); "
                + "set UNFOLD_FONTS to the Fonts folder of an Unfold checkout"
        }
    }

    /// Finds `Fonts/`: `$UNFOLD_FONTS`, then beside the executable or any folder
    /// above it, then the checkout this source file belongs to.
    public static func locate() throws -> FontFiles {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["UNFOLD_FONTS"] { candidates.append(env) }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 8 {
            candidates.append(dir.appendingPathComponent("Fonts").path)
            dir = dir.deletingLastPathComponent()
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Fonts").path)
        for c in candidates where FileManager.default.fileExists(atPath: c + "/OpenSans-Regular.ttf") {
            return FontFiles(directory: c)
        }
        throw NotFound(searched: candidates)
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

/// A FreeType face loaded from a file.
final class Face {
    let library: Library
    let face: FT_Face
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double

    init(library: Library, path: String) throws {
        self.library = library
        var face: FT_Face?
        let error = FT_New_Face(library.handle, path, 0, &face)
        guard error == 0, let face else {
            throw TextError.fontFailed(path: path, code: Int(error))
        }
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

public enum TextError: Error, CustomStringConvertible {
    case fontFailed(path: String, code: Int)
    case freeTypeFailed(Int)
    public var description: String {
        switch self {
        case let .fontFailed(path, code): "cannot load the font \(path) (FreeType error \(code)); check the Fonts folder"
        case let .freeTypeFailed(code): "FreeType failed to start (error \(code))"
        }
    }
}
