import Foundation
import Testing
import UnfoldTestSupport

/// `unfold test` on a project whose every file a pull request wrote: no file
/// outside the project is read or printed, whatever the scenarios name or link.
@Suite struct PullRequestTests {
    static let secret = "CI_SECRET_TOKEN=hunter2-\(UUID().uuidString)"

    /// A project with `Examples/`, and a secret outside it (one line, with a control byte, as `/proc/self/environ` is).
    func project() throws -> (root: String, secret: String, scratch: Scratch) {
        let s = Scratch()
        let root = s.path + "/project"
        try FileManager.default.createDirectory(atPath: root + "/Examples", withIntermediateDirectories: true)
        let secret = s.write("environ", "HOME=/root\u{0}" + Self.secret + "\u{0}PATH=/bin")
        _ = s.write("secret.md", "- " + Self.secret + "\n")
        try FileManager.default.createDirectory(atPath: s.path + "/home/.ssh", withIntermediateDirectories: true)
        _ = s.write("home/.ssh/id_rsa", Self.secret)
        return (root, secret, s)
    }

    func example(_ p: (root: String, secret: String, scratch: Scratch), _ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: p.root + "/Examples/" + name))
    }

    /// The README's own command, `unfold render Examples --out docs/images`,
    /// in a project that committed `docs/images` as a link to a folder outside:
    /// nothing there is written or removed.
    @Test func anOutputFolderLinkedOutsideIsNeverWrittenThrough() throws {
        let p = try project()
        try example(p, "Documents.yaml", "name: Documents\ntree: [ {title: a} ]\n")
        let outside = p.scratch.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside + "/Documents", withIntermediateDirectories: true)
        _ = p.scratch.write("outside/Documents/thesis.txt", "mine")
        try FileManager.default.createDirectory(atPath: p.root + "/docs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: p.root + "/docs/images", withDestinationPath: outside)
        let r = try unfold(["render", "Examples", "--out", "docs/images"], in: p.root)
        #expect(r.status == 2 && r.err.contains("docs/images is a symbolic link"), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside + "/Documents") == ["thesis.txt"])
    }

    @Test func aScenarioLinkedOutsideIsRefusedAndNothingOfItIsPrinted() throws {
        let p = try project()
        try FileManager.default.createSymbolicLink(atPath: p.root + "/Examples/evil.yaml", withDestinationPath: p.secret)
        let r = try unfold(["test", "--record", "never"], in: p.root, environment: ["CI": "1"])
        #expect(r.status != 0)
        #expect(r.err.contains("Examples/evil.yaml: error: is a link that leads outside the project"))
        #expect(!(r.out + r.err).contains("hunter2"))
    }

    @Test func sourcesOutsideTheProjectAreRefusedAndNothingOfThemIsDrawn() throws {
        let p = try project()
        let sources = [
            "{file: \(p.secret)}", "{file: ../../environ}", "{markdown: ../../secret.md}", "{directory: \(p.scratch.path)/home, hidden: true}",
            "{directory: ../../home, hidden: true}",
        ]
        for (i, source) in sources.enumerated() {
            try example(p, "s\(i).yaml", "name: s\(i)\nsource: \(source)\n")
        }
        // And a link inside the project that leads out.
        try FileManager.default.createSymbolicLink(atPath: p.root + "/notes.md", withDestinationPath: p.scratch.path + "/secret.md")
        try example(p, "t.yaml", "name: t\nsource: {markdown: ../notes.md}\n")
        for i in sources.indices {
            let r = try unfold(["test", "--record", "all", "Examples/s\(i).yaml"], in: p.root)
            #expect(r.status == 2, "\(sources[i])")
            #expect(r.err.contains("a scenario reads only files inside its project"), "\(sources[i]): \(r.err)")
        }
        let linked = try unfold(["test", "--record", "all", "Examples/t.yaml"], in: p.root)
        #expect(linked.status == 2 && linked.err.contains("leads outside the project"))
        #expect(!FileManager.default.fileExists(atPath: p.root + "/Snapshots"))
    }

    /// `tiny` recorded as "Beta" in a project, then changed by the pull request to "Bete".
    func recordedThenChanged() throws -> (root: String, secret: String, scratch: Scratch) {
        let p = try project()
        let tiny = "name: tiny\ncanvas: { width: 200, height: 120, scale: 1 }\ntree: [ { id: a, title: Alpha, children: [ { title: Beta } ] } ]\n"
        try example(p, "tiny.yaml", tiny + "steps: [ {expand: a} ]\n")
        #expect(try unfold(["test", "--record", "missing"], in: p.root).status == 0)
        try example(p, "tiny.yaml", tiny.replacingOccurrences(of: "Beta", with: "Bete") + "steps: [ {expand: a} ]\n")
        return p
    }

    @Test func aForgedIndexFailsTheTest() throws {
        let p = try recordedThenChanged()
        // The index of an older layout claims the new rendering's pixels for the untouched pictures.
        let index = p.root + "/Snapshots/tiny/index.json"
        let text = try String(contentsOfFile: index, encoding: .utf8)
        let forged = text.replacingOccurrences(of: #"\}"#, with: ", \"pixels\": \"" + String(repeating: "a", count: 32) + "\"}")
        try Data(forged.utf8).write(to: URL(fileURLWithPath: index))
        let r = try unfold(["test", "--record", "never"], in: p.root, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("failed"))
    }

    @Test func anAnimatedReferenceFailsTheTest() throws {
        let p = try recordedThenChanged()
        let reference = p.root + "/Snapshots/tiny/state-01.png"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
        let animated = PNGChunks.inserting([PNGChunks.chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0])], afterIHDR: bytes)
        try Data(animated).write(to: URL(fileURLWithPath: reference))
        let r = try unfold(["test", "--record", "never"], in: p.root, environment: ["CI": "1"])
        #expect(r.status == 1 && (r.out + r.err).contains("animated PNG (acTL)"), "\(r.out)\(r.err)")
    }

    @Test func aFileYAMLRefusesIsToldByItsPlaceNotQuoted() throws {
        let p = try project()
        // A scenario whose line holds a control character and a secret.
        try example(p, "bad.yaml", "name: bad\ntree: [ { title: \"A\u{1}" + Self.secret + "\" } ]\n")
        // A duplicate key: YAML's own message would quote the whole file.
        try example(p, "dup.yaml", "name: dup\nname: dup\ntree: [ { title: \"" + Self.secret + "\" } ]\n")
        for name in ["bad.yaml", "dup.yaml"] {
            let r = try unfold(["test", "--record", "all", "Examples/" + name], in: p.root)
            #expect(r.status == 2 && r.err.contains("Examples/" + name), "\(r.err)")
            #expect(!(r.out + r.err).contains("hunter2"), "\(name): \(r.err)")
        }
    }
}
