import Foundation

/// A font set as it draws: the fonts, and the stamp of each font file when
/// the identity was made. A file changed in place gives another identity, so
/// that what is kept for a font set (typesetters, fingerprints) is never
/// used for other bytes under the same path. A render makes one and uses it
/// for every picture (`Typesetter.withCached`).
package struct FontIdentity: Equatable, Sendable {
    package let fonts: FontSet
    let files: [FileStamp]

    /// Reads the stamps of the set's font files (not their bytes). O(font files).
    package init(_ fonts: FontSet) throws(TextError) {
        self.fonts = fonts
        var files: [FileStamp] = []
        for case let .file(path) in fonts.sources {
            guard let stamp = FileStamp(path) else { throw .fontUnreadable(path: path) }
            files.append(stamp)
        }
        self.files = files
    }
}

/// What tells a file's contents apart without reading them: its device,
/// inode, size and modification time. A file rewritten in place gets another.
struct FileStamp: Equatable {
    var device: Int
    var inode: Int
    var size: Int
    var modified: Date

    /// The file's stamp; nil when it cannot be read.
    init?(_ path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        self.size = size
        self.modified = modified
        device = attributes[.systemNumber] as? Int ?? 0
        inode = attributes[.systemFileNumber] as? Int ?? 0
    }
}
