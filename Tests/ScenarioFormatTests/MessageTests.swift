import Foundation
import Testing
import UnfoldSupport

@testable import ScenarioFormat

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The scenario error `body` throws.
func thrown(_ body: () throws -> some Any) -> ScenarioError? {
    do {
        _ = try body()
        return nil
    } catch { return error as? ScenarioError }
}

/// Messages name input as it is, on one line: names, titles, ids and paths
/// from files are `InertText`; an error reads the same as `description`,
/// `localizedDescription` or printed; a problem with no line says none.
@Suite struct MessageTests {
    @Test func aNameWithANewlineStaysOnOneLine() throws {
        let f = Folder()
        let path = f.write("two\nlines.md", "just prose\n")
        let e = try #require(thrown { try Scenario.imported(from: path) })
        #expect(e.description == "\(f.path)/two\\u{A}lines.md:1:1: error: the Markdown file has no list and no tree drawing\n  hint: " + e.hint)
        #expect(e.description.split(separator: "\n").count == 2)
    }

    @Test func aRightToLeftOverrideIsShownNotObeyed() throws {
        let f = Folder()
        let e = try #require(f.error("{directory: \"bidi-\u{202E}gpj.exe\"}"))
        #expect(e.message == "no such folder \(f.path)/bidi-\\u{202E}gpj.exe")
        #expect(!e.description.unicodeScalars.contains("\u{202E}"))
    }

    @Test func namesInsideFilesAreInertToo() throws {
        let f = Folder()
        f.write("e.opml", "<opml><body><outline text=\"a &x\u{202E}\ny; b\"/></body></opml>")
        #expect(f.error("{opml: e.opml}")?.message == "malformed OPML: unknown entity &x\\u{202E}\\u{A}y;")
        let step = parseError("name: t\ntree: [ { id: a, title: A } ]\nsteps: [ { expand: \"b\\u202Ec\" } ]\n")
        #expect(step?.message.hasPrefix("step 'expand b\\u{202E}c': no node has the id 'b\\u{202E}c'") == true)
        let key = parseError("name: t\ntree: [ { title: A, \"ti\\ntle\": B } ]\n")
        #expect(key?.message == "unknown key 'ti\\u{A}tle' in a node")
        let duplicate = parseError("name: t\ntree: [ { id: \"a\\e[2J\", title: A }, { id: \"a\\e[2J\", title: B } ]\n")
        #expect(duplicate?.message.hasPrefix("duplicate id 'a\\u{1B}[2J'") == true)
    }

    @Test func errorsReadTheSameAsLocalizedDescriptions() throws {
        let e = try #require(parseError("name: t\ntree: [ { title: A, colour: red } ]\n"))
        #expect((e as Error).localizedDescription == e.description)
        #expect(e.localizedDescription.hasPrefix("t.yaml:2:") && e.localizedDescription.contains("unknown key 'colour'"))
    }

    @Test func aProblemWithNoLineNamesTheFileAlone() throws {
        let f = Folder()
        let e = try #require(thrown { try Scenario.load(path: f.path + "/gone.yaml") })
        #expect(e.description == "\(f.path)/gone.yaml: error: no such scenario file\n  hint: check the path")
        #expect(ScenarioError(file: "a.yaml", line: 3, column: 0, message: "m").description == "a.yaml:3: error: m")
    }

    /// FIFOs and devices are refused from their `stat`: nothing waits for a
    /// writer or reads `/dev/zero` forever.
    @Test func pipesAndDevicesAreNotRegularFiles() throws {
        let f = Folder()
        for name in ["s.yaml", "t.opml", "u.md", "v.json", "font.ttf", "dir/.gitignore"] {
            let path = f.path + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(mkfifo(path, 0o600) == 0)
        }
        let scenario = try #require(thrown { try Scenario.load(path: f.path + "/s.yaml") })
        #expect(scenario.message == "the scenario file is not a regular file: it is a FIFO (named pipe)" && scenario.line == 0)
        #expect(scenario.hint.hasPrefix("name a regular file"))
        for name in ["t.opml", "u.md", "v.json"] {
            #expect(thrown { try Scenario.imported(from: f.path + "/" + name) }?.message.hasSuffix("is not a regular file: it is a FIFO (named pipe)") == true)
        }
        let zero = try #require(thrown { try Scenario.imported(from: "/dev/zero") })
        #expect(zero.message == "the tree source is not a regular file: it is a character device")
        #expect(f.error("{markdown: /dev/zero}")?.message.hasPrefix("`source.markdown` /dev/zero is an absolute path") == true)
        try FileManager.default.createSymbolicLink(atPath: f.path + "/zero.md", withDestinationPath: "/dev/zero")
        #expect(f.error("{markdown: zero.md}")?.message.hasPrefix("`source.markdown` zero.md leads outside the project") == true)
        #expect(f.error("{directory: dir}")?.message == "the `.gitignore` file \(f.path)/dir/.gitignore is not a regular file: it is a FIFO (named pipe)")
        let font = try #require(thrown { try Scenario.parse("name: t\nfonts: [ { file: font.ttf } ]\ntree: [ { title: A } ]\n", file: "t.yaml", baseDirectory: f.path) })
        #expect(font.message == "the font file \(ProjectBoundary(root: f.path).root)/font.ttf is not a regular file: it is a FIFO (named pipe)" && font.line == 2)
    }

    /// A file larger than `Limits.fileBytes` is refused before it is read.
    @Test func aHugeFileIsRefusedUnread() throws {
        let f = Folder()
        let path = f.write("huge.md")
        #expect(truncate(path, off_t(Limits.fileBytes) + 1) == 0)  // sparse: no disk used
        #expect(thrown { try Scenario.imported(from: path) }?.message == "the Markdown file is larger than 256 MiB")
    }
}
