import Foundation
import ScenarioFormat
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A folder of references (`Snapshots`, or a Swift test's
/// `__Snapshots__/<test file>`) and the state Unfold keeps beside them in
/// `.unfold`: the lock writers take turns under, the sets being written, and
/// the undo records of accepts. The scenarios' own folders are
/// `ReferenceStore`s inside it.
package struct SnapshotsFolder: Sendable {
    /// The folder, as given.
    package let path: String

    /// The references' folder at `path`.
    package init(_ path: String) {
        self.path = path
    }

    /// Where references are unless told otherwise: `Snapshots`.
    package static let defaultPath = "Snapshots"
    /// The name of Unfold's own folder inside it.
    static let stateName = ".unfold"
    /// Where Unfold keeps its own state beside the references: the lock, sets being written, undo records.
    var state: String { path + "/" + Self.stateName }
    /// Where accepts keep their undo records (`UndoRecord`).
    var accepted: String { state + "/accepted" }

    /// The largest reference file read.
    package static let fileLimit = 512 << 20

    /// Runs `body` holding the references' lock (the file `<path>/.unfold/lock`),
    /// waiting for another process or thread that holds it. The lock goes, and
    /// its file with it, when `body` returns or the process ends. Writers take
    /// it; readers need not.
    package func locked<T>(_ body: () throws -> T) throws -> T {
        let folder = try openState()
        defer { folder.close() }
        let fd = try lock(in: folder)
        defer {
            // Removed while held: a waiter that then gets the lock of the
            // removed file sees that it is no longer the file at the path and
            // tries again (see `lock(in:)`).
            unlinkat(folder.fd, "lock", 0)
            close(fd)
        }
        sweep(folder)
        return try body()
    }

    /// Opens and locks `lock` in `folder`, waiting for its holder; if the
    /// holder removed the file meanwhile, locks the new one instead. The
    /// descriptor is the lock: closing it releases it.
    private func lock(in folder: ContainedFolder) throws(DamagedReferences) -> Int32 {
        func failure(_ what: String) -> DamagedReferences {
            DamagedReferences(description: "cannot \(what) the lock \(InertText(state))/lock: \(String(cString: strerror(errno)))")
        }
        while true {
            let fd = openat(folder.fd, "lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw failure("open") }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw failure("take")
                }
            }
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, fstatat(folder.fd, "lock", &current, AT_SYMLINK_NOFOLLOW) == 0, held.st_dev == current.st_dev,
                held.st_ino == current.st_ino
            {
                return fd
            }
            close(fd)
        }
    }

    /// `<path>/.unfold`, made if missing (with a `.gitignore` that ignores it
    /// all), and refused if it is a link.
    private func openState() throws(DamagedReferences) -> ContainedFolder {
        do { try OwnFolder.refuseLinks(state) } catch { throw DamagedReferences(description: "\(error)") }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw DamagedReferences(description: "cannot make \(InertText(path)): \(error.localizedDescription)")
        }
        if mkdir(state, 0o755) == 0 {
            try? AtomicFile.write(Array("# Unfold's own state (lock, undo records): not for git.\n*\n".utf8), to: state + "/.gitignore")
        }
        do { return try ContainedFolder(state) } catch { throw DamagedReferences(description: "\(error)") }
    }

    /// Removes sets that an interrupted writer left half-written or replaced
    /// (`staging-*`), and puts back a scenario's folder that an interrupted
    /// two-rename exchange left aside (`aside-<scenario>`).
    private func sweep(_ folder: ContainedFolder) {
        for name in folder.names() where name.hasPrefix("staging-") { try? FileManager.default.removeItem(atPath: state + "/" + name) }
        for name in folder.names() where name.hasPrefix("aside-") {
            let scenario = String(name.dropFirst(6)), live = path + "/" + scenario
            var info = stat()
            if Scenario.isValidName(scenario), lstat(live, &info) != 0 {
                rename(state + "/" + name, live)
            } else {
                try? FileManager.default.removeItem(atPath: state + "/" + name)
            }
        }
    }

    /// Swaps the folder `staging` with `scenario`'s folder at once (see
    /// `FolderExchange`; an interruption of its fallback is undone by the
    /// next writer's `sweep`).
    func exchange(_ staging: String, scenario: String) throws(DamagedReferences) {
        do {
            try FolderExchange.put(staging, at: path + "/" + scenario, aside: state + "/aside-" + scenario)
        } catch {
            throw DamagedReferences(description: error.description)
        }
    }

    /// Refuses a scenario's folder that is a symbolic link (it could point anywhere).
    func checkNotLinked(scenario: String) throws(DamagedReferences) {
        let directory = path + "/" + scenario
        var info = stat()
        if lstat(directory, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw DamagedReferences(
                description: "\(InertText(directory)) is not a folder (a symbolic link?); references are never written through links: "
                    + "replace it with a folder")
        }
    }

    /// Flushes the folder's entries (renames) to the disk.
    func sync() {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Removes `accepted` when it holds no record, and then `.unfold` when
    /// all it holds is its `.gitignore`: an undone accept leaves no folder
    /// behind. Called once the lock is released.
    func tidy() {
        rmdir(accepted)
        guard (try? FileManager.default.contentsOfDirectory(atPath: state)) == [".gitignore"] else { return }
        unlink(state + "/.gitignore")
        rmdir(state)
    }
}
