import Foundation
import Testing
import UnfoldSupport

/// Files are read, written and replaced only as the support layer promises.
@Suite final class FileTests {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "unfold-support-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func theExchangePutsTheNewFolderAndKeepsTheOld() throws {
        try write("old", root + "/live/a")
        try write("new", root + "/new/a")
        try FolderExchange.put(root + "/new", at: root + "/live", aside: root + "/aside")
        #expect(read(root + "/live/a") == "new")
        #expect(read(root + "/new/a") == "old")
    }

    @Test func withNoOldFolderTheNewOneIsMoved() throws {
        try write("new", root + "/new/a")
        try FolderExchange.put(root + "/new", at: root + "/live", aside: root + "/aside")
        #expect(read(root + "/live/a") == "new")
        #expect(!FileManager.default.fileExists(atPath: root + "/new"))
    }

    /// A file system that cannot exchange: the old folder goes aside, then back under the new one's name.
    @Test func withoutAnExchangeTheOldFolderIsMovedAside() throws {
        try write("old", root + "/live/a")
        try write("new", root + "/new/a")
        let cannot: (String, String) -> Int32 = { _, _ in
            errno = ENOSYS
            return -1
        }
        try FolderExchange.put(root + "/new", at: root + "/live", aside: root + "/aside", exchange: cannot)
        #expect(read(root + "/live/a") == "new")
        #expect(read(root + "/new/a") == "old")
        #expect(!FileManager.default.fileExists(atPath: root + "/aside"))
        let failing: (String, String) -> Int32 = { _, _ in
            errno = EIO
            return -1
        }
        #expect(throws: FolderExchange.Failure.self) {
            try FolderExchange.put(root + "/new", at: root + "/live", aside: root + "/aside", exchange: failing)
        }
        #expect(read(root + "/live/a") == "new")
    }

    @Test func anAtomicWriteLeavesNoTemporaryFile() throws {
        try AtomicFile.write(Array("one".utf8), to: root + "/f/x.txt", durable: true)
        try AtomicFile.write(Array("two".utf8), to: root + "/f/x.txt")
        #expect(read(root + "/f/x.txt") == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/f") == ["x.txt"])
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([], to: root + "/f/x.txt/inside") }
    }

    @Test func aContainedFolderReadsNoLinkAndNoPipe() throws {
        try write("secret", root + "/outside")
        try write("mine", root + "/in/file")
        try FileManager.default.createSymbolicLink(atPath: root + "/in/link", withDestinationPath: root + "/outside")
        #expect(mkfifo(root + "/in/pipe", 0o600) == 0)
        let folder = try ContainedFolder(root + "/in")
        defer { folder.close() }
        #expect(try folder.read("file", limit: 100) == Array("mine".utf8))
        #expect(try folder.read("gone", limit: 100) == nil)
        #expect(throws: ContainedFolder.Failure.self) { try folder.read("link", limit: 100) }
        #expect(throws: ContainedFolder.Failure.self) { try folder.read("pipe", limit: 100) }
        #expect(throws: ContainedFolder.Failure.self) { try folder.read("file", limit: 3) }
        #expect(folder.names() == ["file", "link", "pipe"])
        #expect(throws: ContainedFolder.Failure.self) { try OwnFolder.refuseLinks("link/x", inside: root + "/in") }
    }

    @Test func anInputFileIsARegularFileOfBoundedSize() throws {
        try write("12345", root + "/five")
        #expect(try InputFile.contents(of: root + "/five", limit: 5) == Array("12345".utf8))
        #expect(throws: InputFile.Failure.tooLarge(4)) { try InputFile.contents(of: root + "/five", limit: 4) }
        #expect(try InputFile.prefix(of: root + "/five", count: 2) == Array("12".utf8))
        #expect(throws: InputFile.Failure.missing) { try InputFile.contents(of: root + "/none", limit: 5) }
        #expect(mkfifo(root + "/pipe", 0o600) == 0)
        #expect(throws: InputFile.Failure.notRegular("a FIFO (named pipe)")) { try InputFile.contents(of: root + "/pipe", limit: 5) }
        #expect(throws: InputFile.Failure.notRegular("a folder")) { try InputFile.contents(of: root, limit: 5) }
    }

    @Test func aDescribedErrorIsItsOwnLocalizedDescription() {
        let error: any Error = ContainedFolder.Failure(path: "x\n", reason: "is not a file")
        #expect(error.localizedDescription == "x\\u{A} is not a file")
    }
}

extension FileTests {
    /// A missing new folder moves nothing: the live one stays where it is.
    @Test func aMissingNewFolderLeavesTheLiveOneInPlace() throws {
        try write("old", root + "/live/a")
        let cannot: (String, String) -> Int32 = { _, _ in
            errno = ENOENT
            return -1
        }
        #expect(throws: FolderExchange.Failure.self) {
            try FolderExchange.put(root + "/gone", at: root + "/live", aside: root + "/aside", exchange: cannot)
        }
        #expect(read(root + "/live/a") == "old")
        #expect(!FileManager.default.fileExists(atPath: root + "/aside"))
    }
}
