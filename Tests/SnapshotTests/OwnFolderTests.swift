import Foundation
import Testing
import UnfoldAcceptance
import UnfoldReferences
import UnfoldReport
import UnfoldTestSupport

@testable import UnfoldSnapshot

/// A repository that commits Unfold's own folders as links, or fills them
/// with files of its own: Unfold writes nothing through a link and deletes
/// only what it wrote.
@Suite struct OwnFolderTests {
    /// A folder outside the project, with files that must survive.
    func outside(_ box: Sandbox) throws -> String {
        let path = box.path + "/outside"
        try FileManager.default.createDirectory(atPath: path + "/tiny/.git", withIntermediateDirectories: true)
        try Data("SECRET=1".utf8).write(to: URL(fileURLWithPath: path + "/tiny/.env"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/state-00.expected.png"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/report.json"))
        return path
    }

    func listing(_ path: String) -> [String] { (FileManager.default.subpaths(atPath: path) ?? []).sorted() }

    @Test func referencesAreNeverWrittenThroughALinkedSnapshotsFolder() throws {
        let box = Sandbox()
        let target = try outside(box)
        let before = listing(target)
        try FileManager.default.createSymbolicLink(atPath: box.path + "/Snapshots", withDestinationPath: target)
        #expect {
            try SnapshotRunner.check(scenario(), options: box.options(.all))
        } throws: { "\($0)".contains("Snapshots is a symbolic link") }
        #expect(listing(target) == before)
    }

    @Test func aFolderOfHiddenFilesIsNotTakenForEmptyReferences() throws {
        let box = Sandbox()
        let folder = box.path + "/Snapshots/tiny"
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try Data("SECRET=1".utf8).write(to: URL(fileURLWithPath: folder + "/.env"))
        #expect {
            try SnapshotRunner.check(scenario(), options: box.options(.all))
        } throws: { "\($0)".contains("index.json is missing but the folder holds files") }
        #expect(listing(folder) == [".env", ".git"])
        // Beside real references too: the set is never swapped away with them.
        try FileManager.default.removeItem(atPath: folder)
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try Data("SECRET=1".utf8).write(to: URL(fileURLWithPath: folder + "/.env"))
        #expect {
            try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.all))
        } throws: { "\($0)".contains("holds files Unfold did not write (.env)") }
        #expect(FileManager.default.fileExists(atPath: folder + "/.env"))
    }

    @Test func reportsAreNeverWrittenOrCleanedThroughALinkedArtifactsFolder() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let target = try outside(box)
        let before = listing(target)
        try FileManager.default.createSymbolicLink(atPath: box.path + "/artifacts", withDestinationPath: target)
        for title in ["Bete", "Beta"] {  // a failing run, then a passing one
            var suite = SnapshotSuite(scenarios: [try scenario(title: title)], options: box.options(.never))
            suite.complete = true
            #expect { try suite.run() } throws: { "\($0)".contains("artifacts is a symbolic link") }
        }
        #expect(listing(target) == before)
    }

    @Test func onlyPicturesUnfoldWroteAreRemovedFromTheArtifacts() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        _ = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        let folder = box.path + "/artifacts/tiny"
        let written = listing(folder).filter { $0.hasSuffix(".png") }
        #expect(written.contains("state-01.diff.png"))
        // Someone else's files that look like Unfold's.
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/mine.expected.png"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/mine.actual.json"))
        _ = try SnapshotRunner.check(scenario(), options: box.options(.never))
        #expect(listing(folder) == ["mine.actual.json", "mine.expected.png"])
    }
}
