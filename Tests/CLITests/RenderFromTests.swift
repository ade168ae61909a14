import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `unfold render` and `--from` with inputs that are data: names that try to
/// span lines or reorder what follows, pipes and devices.
@Suite(.serialized) struct RenderFromTests {
    /// A file name with a newline and a right-to-left override is printed on
    /// one line, escaped: it cannot forge a message line, and
    /// `bidi-\u{202E}gpj.exe` does not show as "bidi-exe.jpg".
    @Test func namesFromInputArePrintedInert() throws {
        let s = Scratch()
        let name = "bidi-\u{202E}gpj.exe\nerror: all good.md"
        let file = s.write(name, "no list here\n")
        let r = try unfold(["render", "--from", file, "--out", s.path + "/o"])
        #expect(r.status == 2)
        #expect(
            r.err == "\(s.path)/bidi-\\u{202E}gpj.exe\\u{A}error: all good.md:1:1: error: the Markdown file has no list\n  hint: "
                + "write the tree as a nested list (`- Sources/`, then `  - App.swift` under it)\n")
        #expect(!r.err.unicodeScalars.contains("\u{202E}"))
        let missing = try unfold(["render", s.path + "/gone\u{202E}.yaml", "--out", s.path + "/o"])
        #expect(missing.status == 2 && missing.err == "error: \(s.path)/gone\\u{202E}.yaml: no such file or folder\n")
        let tree = s.write("tree.md", "- a\n")
        let out = s.path + "/o\nut"
        let rendered = try unfold(["render", "--from", tree, "--out", out, "--outputs", "states"])
        #expect(rendered.status == 0 && rendered.out.contains("in \(s.path)/o\\u{A}ut (") && rendered.out.split(separator: "\n").count == 1)
    }

    /// A FIFO (as a scenario or a tree) and a device are refused at once as
    /// not regular files: nothing waits for a writer or reads forever.
    @Test func pipesAndDevicesAreRefusedWithoutWaiting() throws {
        let s = Scratch()
        for name in ["s.yaml", "t.opml"] { #expect(mkfifo(s.path + "/" + name, 0o600) == 0) }
        let scenario = try unfold(["render", s.path + "/s.yaml", "--out", s.path + "/o"])
        #expect(scenario.status == 2 && scenario.err.hasPrefix("\(s.path)/s.yaml: error: the scenario file is not a regular file: it is a FIFO"))
        let tree = try unfold(["render", "--from", s.path + "/t.opml", "--out", s.path + "/o"])
        #expect(tree.status == 2 && tree.err.hasPrefix("\(s.path)/t.opml: error: the tree source is not a regular file: it is a FIFO"))
        let zero = try unfold(["render", "--from", "/dev/zero", "--out", s.path + "/o"])
        #expect(zero.status == 2 && zero.err.hasPrefix("/dev/zero: error: the tree source is not a regular file: it is a character device"))
    }
}
