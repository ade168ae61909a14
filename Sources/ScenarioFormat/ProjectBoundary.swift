import Foundation
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The folder a scenario may read files from: the project it belongs to.
///
/// A scenario file, like every file of a pull request, is written by whoever
/// sent it. So a file it names (`source:`, `fonts:`) must be inside the
/// project, reached without a link that leads out of it: no absolute path, no
/// `..` that climbs above the project, no link to `/proc/self/environ`. A path
/// a person types (`unfold render --from PATH`, a scenario file on the command
/// line) is theirs and stays free; the folder of a scenario file typed
/// outside the project is that file's project.
///
///     let scenario = try Scenario.load(path: "Examples/regions.yaml", project: .currentDirectory)
public struct ProjectBoundary: Sendable, Equatable {
    /// The project's folder, with every link resolved.
    public let root: String

    /// The project in `folder` (its links resolved).
    public init(root folder: String) {
        root = Self.realPath(folder.isEmpty ? "." : folder) ?? URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// The folder `unfold` runs in.
    package static var currentDirectory: ProjectBoundary { ProjectBoundary(root: ".") }

    /// The package a test file belongs to: the nearest folder above `file`
    /// with a `Package.swift`, else the file's own folder. O(depth).
    public static func package(containing file: String) -> ProjectBoundary {
        var folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        let start = folder
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return ProjectBoundary(root: folder.path) }
            folder.deleteLastPathComponent()
        }
        return ProjectBoundary(root: start.path)
    }

    /// Whether `path` (its links resolved) is the project's folder or inside it;
    /// a path that does not exist is judged by its words. O(length).
    public func contains(_ path: String) -> Bool {
        isInside(Self.realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// The path of the file `named` by a scenario file in the folder `base`:
    /// relative to `base`, inside the project, its links resolved. Throws a
    /// sentence's end (`is an absolute path`, `leads outside the project`)
    /// for anything else. O(length).
    package func resolve(_ named: String, from base: String) throws(Outside) -> String {
        guard !named.hasPrefix("/"), !named.hasPrefix("~") else { throw Outside(reason: "is an absolute path") }
        let joined = (base.isEmpty ? "." : base) + "/" + named
        if let real = Self.realPath(joined) {
            guard isInside(real) else { throw Outside(reason: "leads outside the project (through `..` or a link)") }
            return real
        }
        // Missing: judged by its words, so that the reader can say it is missing.
        guard isInside(URL(fileURLWithPath: joined).standardizedFileURL.path) else { throw Outside(reason: "leads outside the project") }
        return joined
    }

    /// Why a named file is refused.
    package struct Outside: Error {
        /// A sentence's end, after the path.
        package var reason: String
    }

    private func isInside(_ real: String) -> Bool { real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }

    /// `path` with every link and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// How a scenario file's named files are found: relative to its folder,
/// inside its project (`ProjectBoundary`).
struct NamedFiles {
    /// The scenario file's folder.
    var base: String
    /// The project its files must be in.
    var project: ProjectBoundary

    /// The path of the file `named` at `value`, or an error at `value` that
    /// says what is wrong (`what` names the key, e.g. "`source.file`").
    func path(_ named: String, at value: Value, what: String) throws(ScenarioError) -> String {
        do { return try project.resolve(named, from: base) } catch {
            throw value.error(
                "\(what) \(InertText(named)) \(error.reason); a scenario reads only files inside its project (\(InertText(project.root)))",
                hint: "name a file inside the project, relative to the scenario file")
        }
    }
}
