import Foundation

/// Where one assertion's references and failure pictures go, named after the
/// test as swift-snapshot-testing names its files:
///
///     Tests/AppTests/__Snapshots__/SettingsTests/screen.1/        the first unnamed assertion of `screen()`
///     Tests/AppTests/__Snapshots__/SettingsTests/screen.dark/     `named: "dark"`
///     Tests/AppTests/__Snapshots__/SettingsTests/sizes-count.3.1/ the case `count: 3` of a parameterized test
///
/// A folder written before names came from the test (`__Snapshots__/<name>/`,
/// named by `named:` or by the scenario) is still used while it exists.
/// Failure pictures go to `.build/unfold-artifacts/` of the package (or
/// `UNFOLD_ARTIFACTS`), under the same relative path as the references, so
/// that tests of different files and targets never share them.
package struct SnapshotLocation: Equatable, Sendable {
    /// The folder holding the reference folder.
    package var snapshots: String
    /// The reference folder's name, which the scenario is checked under.
    package var name: String
    /// The folder holding `<name>/`, with the failure pictures.
    package var artifacts: String
    /// The folder of the run's report (`.build/unfold-artifacts` of the
    /// package, or `UNFOLD_ARTIFACTS`), which `artifacts` is inside.
    package var reportFolder: String
    /// `snapshots` relative to the package's folder; nil outside a package.
    package var snapshotsInPackage: String?
    /// The package's folder (the nearest above `snapshots` with a `Package.swift`); nil outside a package.
    package var packageFolder: String?
    /// The test that claimed it, as its framework names it (`TestIdentity.owner`); nil when made otherwise.
    package var test: String?

    /// The references' folder, for messages.
    package var references: String { snapshots + "/" + name }

    /// The location of an assertion in the test file `filePath` by `test`,
    /// claimed for that test. Throws when `named` cannot be a folder's name
    /// or another test uses the folder.
    package static func claim(
        filePath: String, test: TestIdentity, named: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SnapshotLocation {
        if let named, !Scenario.isValidName(named) { throw InvalidName(name: named) }
        let folder = (filePath as NSString).deletingLastPathComponent + "/__Snapshots__"
        let file = TestIdentity.fileName(((filePath as NSString).lastPathComponent as NSString).deletingPathExtension)
        var stem = test.name.isEmpty ? "test" : test.name
        if let arguments = test.arguments { stem += "." + arguments }
        let suffix = named ?? String(ReferenceClaims.shared.next(test.owner + "\n" + folder + "/" + file + "/" + stem))
        var location = SnapshotLocation(snapshots: folder + "/" + (file.isEmpty ? "Tests" : file), name: stem + "." + suffix, environment: environment)
        location.test = test.owner
        try ReferenceClaims.shared.claim(location.references, by: test.owner)
        return location
    }

    /// References `name` in `snapshots`, with failure pictures where `artifactsFolder(for:)` says.
    package init(snapshots: String, name: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.snapshots = snapshots
        self.name = name
        let folders = Self.folders(for: snapshots, environment: environment)
        (reportFolder, snapshotsInPackage, packageFolder) = (folders.report, folders.inPackage, folders.package)
        artifacts = folders.report + "/" + folders.inside
    }

    /// Where the failure pictures of the references in `snapshots` go: the
    /// package's `.build/unfold-artifacts` (the nearest folder above with a
    /// `Package.swift`), or `UNFOLD_ARTIFACTS`, followed by the path of
    /// `snapshots` inside the package; outside a package, a folder in the
    /// temporary directory. O(depth of the path).
    package static func artifactsFolder(for snapshots: String, environment: [String: String]) -> String {
        let folders = folders(for: snapshots, environment: environment)
        return folders.report + "/" + folders.inside
    }

    /// The report's folder, the path of `snapshots` under it, and that path
    /// inside the package (nil outside one).
    static func folders(for snapshots: String, environment: [String: String]) -> (
        report: String, inside: String, inPackage: String?, package: String?
    ) {
        let folder = URL(fileURLWithPath: snapshots).standardizedFileURL
        var dir = folder
        var package: URL?
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                package = dir
                break
            }
            dir.deleteLastPathComponent()
        }
        let base: String
        if let custom = environment["UNFOLD_ARTIFACTS"], !custom.isEmpty {
            base = custom
        } else if let package {
            base = package.appendingPathComponent(".build/unfold-artifacts").path
        } else {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-artifacts").path
        }
        let inPackage = package.map { String(folder.path.dropFirst($0.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        let inside = (inPackage ?? folder.path).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return (base, inside, inPackage, package?.path)
    }
}
