import Foundation
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The scenario files a command runs over, from files and folders: in a
/// folder, `.yaml`, `.yml` and `.unfold.json` files (other JSON files may be
/// `source:` data), sorted by path.
///
/// A folder's entries are the repository's, not the person's: each must be a
/// regular file inside `project`, so a committed link to
/// `/proc/self/environ` is an error, never read. A folder or file the person
/// typed is theirs; a folder nobody typed (`Examples` by default) must be
/// inside the project too. O(entries).
///
///     let files = try ScenarioFiles.find(["Examples"], project: .currentDirectory, typed: false)
package enum ScenarioFiles {
    /// Whether `name` is a scenario file's (`.yaml`, `.yml`, `.unfold.json`).
    package static func isScenario(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".unfold.json")
    }

    /// The scenario files of `inputs`. `typed`: the inputs were typed by a person.
    package static func find(_ inputs: [String], project: ProjectBoundary, typed: Bool = true) throws(ScenarioError) -> [String] {
        var files: [String] = []
        for input in inputs {
            var info = stat()
            guard stat(input, &info) == 0 else {
                throw ScenarioError(file: input, line: 0, column: 0, message: "no such file or folder", hint: "check the path")
            }
            if !typed, !project.contains(input) {
                throw ScenarioError(file: input, line: 0, column: 0, message: "leads outside the project (a link?)", hint: "name the folder on the command line")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                files.append(input)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
            for name in names.sorted() where isScenario(name) {
                let path = input + "/" + name
                var own = stat()
                guard lstat(path, &own) == 0 else { continue }
                if own.st_mode & S_IFMT == S_IFLNK, !project.contains(path) {
                    throw ScenarioError(
                        file: path, line: 0, column: 0, message: "is a link that leads outside the project; it is not read",
                        hint: "replace the link with the scenario file, or remove it")
                }
                var target = stat()
                guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else {
                    throw ScenarioError(
                        file: path, line: 0, column: 0, message: "is not a regular file; it is not read", hint: "replace it with the scenario file")
                }
                files.append(path)
            }
        }
        return files
    }
}
