import Foundation
import Testing
import UnfoldRender

@Suite struct SourceWatcherTests {
    /// A write, a new file and a removal are changes; the render's own output
    /// folder and a folder below a root that is not recursive are not watched.
    @Test func changesAreSeenAndTheOutputIsNot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-watch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["tree/sub", "out", "flat/inner"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + path)) }
        try write("tree/sub/a.md", "- a")
        try write("flat/s.yaml", "name: s")
        var watcher = SourceWatcher(
            [SourceWatcher.Root(dir + "/tree", recursive: true), SourceWatcher.Root(dir + "/flat")], ignoring: [dir + "/tree/../out"])
        func changed() -> Bool { watcher.changed() }
        #expect(!changed())
        try write("tree/sub/a.md", "- a\n- b")
        #expect(changed() && !changed())
        try write("tree/sub/new.md", "")
        #expect(changed())
        try FileManager.default.removeItem(atPath: dir + "/tree/sub/new.md")
        #expect(changed())
        try write("out/state-00.png", "x")
        try write("flat/inner/x.txt", "x")
        #expect(!changed())
        try write("flat/s.yaml", "name: t")
        #expect(changed())
    }
}
