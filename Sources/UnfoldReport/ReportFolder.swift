import Foundation
import ScenarioFormat
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A report's folder (the `--artifacts` of `unfold test`, or one downloaded
/// from CI), read as data that whoever made it chose.
///
/// A path in a report is only ever a relative path *inside* the folder: it is
/// checked as a path (`isArtifactPath`) and opened one component at a time
/// without following a link, and only a regular file is read, up to a size
/// limit. So a report cannot make Unfold read a secret, a device, a FIFO or
/// another user's file, however it names or links them.
package struct ReportFolder: Sendable {
    /// The folder, as given.
    package let path: String

    /// Where failures' pictures and the reports go unless told otherwise: `.unfold/artifacts`.
    package static let defaultPath = ".unfold/artifacts"

    /// The folder at `path`.
    package init(_ path: String) {
        self.path = path
    }

    /// Why a file of the report cannot be read.
    package struct UnreadableFile: DescribedError {
        /// The path the report gave, relative to its folder.
        package var relative: String
        /// What is wrong, as a sentence's end.
        package var reason: String
        package var description: String { "the report's file \(InertText(relative)) \(reason)" }
    }

    /// Whether `relative` can name a file of a report: components of letters,
    /// digits, `.`, `_` and `-`, none starting with `.`, joined by `/`, at
    /// most 24 deep (a Swift test's `__Snapshots__` folder can be deep). No absolute path, no `..`, no scheme (`javascript:`).
    package static func isArtifactPath(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return (1 ... 24).contains(parts.count) && relative.utf8.count <= 1024
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first != "." else { return false }
                return part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
            }
    }

    /// The bytes of the regular file `relative` (see `isArtifactPath`), at
    /// most `limit` of them. Every folder on the way and the file itself are
    /// opened without following links (`O_NOFOLLOW`), so a symbolic link
    /// anywhere is refused, as is a FIFO, a device or a folder. O(size).
    package func read(_ relative: String, limit: Int) throws(UnreadableFile) -> [UInt8] {
        guard Self.isArtifactPath(relative) else {
            throw UnreadableFile(relative: relative, reason: "is not a path inside the report's folder; the report was not written by unfold test")
        }
        do {
            return try readContained(relative, limit: limit)
        } catch {
            throw UnreadableFile(relative: relative, reason: error.reason)
        }
    }

    private func readContained(_ relative: String, limit: Int) throws(ContainedFolder.Failure) -> [UInt8] {
        let parts = relative.split(separator: "/").map(String.init)
        // The folder itself was named by the user, so it may be a link; nothing in it may.
        var folder = try ContainedFolder(path, followingLink: true)
        defer { folder.close() }
        for part in parts.dropLast() {
            let next = try folder.folder(part)
            folder.close()
            folder = next
        }
        guard let bytes = try folder.read(parts[parts.count - 1], limit: limit) else {
            throw ContainedFolder.Failure(path: relative, reason: "does not exist")
        }
        return bytes
    }
}
