import Foundation
import OutlineAppearance
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender
import UnfoldReport
import UnfoldSupport
import UnfoldTestSupport

@testable import UnfoldReferences
@testable import UnfoldSnapshot

/// What a fork's pull request (scenarios, `Snapshots/**`) or a downloaded
/// report could hold, crafted as an attacker would: nothing outside the
/// project changes, no outside file's content reaches a message, an
/// artifact or a reference, nothing traps, and every edited reference fails.
@Suite struct HostileInputTests {
    static let secret = "CI_SECRET_TOKEN=hunter2-\(UUID().uuidString)"

    /// A sandbox with a recorded `tiny`, a secret file beside it, and a failing run's report.
    func prepared() throws -> Sandbox {
        let box = Sandbox()
        try Data(Self.secret.utf8).write(to: URL(fileURLWithPath: box.path + "/secret.txt"))
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        return box
    }

    /// Every byte under the sandbox but the secret, as text: where a leak would show.
    func everythingWritten(_ box: Sandbox) -> String {
        var all = ""
        for file in FileManager.default.enumerator(atPath: box.path)?.compactMap({ $0 as? String }) ?? [] where file != "secret.txt" {
            // Links are the attack, not something written: their target is the secret.
            let type = try? FileManager.default.attributesOfItem(atPath: box.path + "/" + file)[.type] as? FileAttributeType
            guard type != .typeSymbolicLink else { continue }
            all += String(decoding: FileManager.default.contents(atPath: box.path + "/" + file) ?? Data(), as: UTF8.self)
        }
        return all
    }

    func editReport(_ box: Sandbox, _ edit: (inout [String: Any]) -> Void) throws {
        let path = box.path + "/artifacts/report.json"
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    func editCase(_ box: Sandbox, _ reference: String, _ edit: @escaping (inout [String: Any]) -> Void) throws {
        try editReport(box) { report in
            var cases = report["cases"] as! [[String: Any]]
            for i in cases.indices where cases[i]["reference"] as? String == reference { edit(&cases[i]) }
            report["cases"] = cases
        }
    }

    /// Makes `reference`'s case the case of `other`, compared with the
    /// project's `other` (its hash) and showing only its actual picture.
    func renameCase(_ box: Sandbox, _ reference: String, to other: String) throws {
        let hash = try box.store.contents().hashes[other]
        try editCase(box, reference) {
            $0["reference"] = other
            $0["referenceHash"] = hash
            $0["artifacts"] = ["actual": ($0["artifacts"] as? [String: Any])?["actual"] ?? ""]
        }
    }

    /// Leaves `reference`'s case out of the report, so that another case may take its name.
    func dropCase(_ box: Sandbox, _ reference: String) throws {
        try editReport(box) { report in
            report["cases"] = (report["cases"] as! [[String: Any]]).filter { $0["reference"] as? String != reference }
        }
    }

    /// The maintainer looks at a downloaded report whose expected picture is
    /// not the project's reference (its diff looks small): accept refuses it,
    /// and the review, which shows the project's reference, accepts.
    @Test func aReportWhoseExpectedIsNotTheReferenceIsRefused() throws {
        let box = try prepared()
        let artifacts = box.path + "/artifacts/tiny/"
        var forged = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: artifacts + "state-01.actual.png"))))
        forged.copy(try RGBAImage(width: 1, height: 1, fill: Color(r: 255, g: 0, b: 0, a: 255)), x: 0, y: 0)
        try Data(try PNG.encode(forged)).write(to: URL(fileURLWithPath: artifacts + "state-01.expected.png"))
        let before = box.files()
        let acceptance = try box.acceptance()
        #expect {
            try acceptance.accept(acceptance.select(["tiny/state-01.png"]))
        } throws: { error in
            "\(error)".contains("is not the project's reference") && "\(error)".contains("unfold review --report")
        }
        #expect(box.files() == before)
        let shown = try #require(acceptance.shownFailures().first { $0.id == "tiny/state-01.png" })
        #expect(shown.expected == before["tiny/state-01.png"].map { [UInt8]($0) })
        let actual = try #require(shown.actual)
        #expect(try acceptance.accept(acceptance.select(["tiny/state-01.png"]), shown: ["tiny/state-01.png": actual]) == ["tiny/state-01.png"])
    }

    @Test func anIndexThatNamesAPathOutsideIsDamagedAndLeaksNothing() throws {
        let box = try prepared()
        let index = box.store.directory + "/index.json"
        for blob in ["../../secret.txt", "../../../../../../proc/self/environ", "/etc/passwd", "state-01.png/../../../secret.txt"] {
            let text = "{\"references\": {\"state-01.png\": {\"blob\": \"\(blob)\"}}}"
            try Data(text.utf8).write(to: URL(fileURLWithPath: index))
            #expect(throws: DamagedReferences.self) { try SnapshotRunner.check(scenario(), options: box.options(.never)) }
            do { _ = try box.store.contents() } catch { #expect(!"\(error)".contains("hunter2")) }
        }
        #expect(!everythingWritten(box).contains("hunter2"))
    }

    @Test func aReferenceThatIsALinkIsRefusedNotRead() throws {
        let box = try prepared()
        let reference = box.store.directory + "/updates.json"
        try FileManager.default.removeItem(atPath: reference)
        try FileManager.default.createSymbolicLink(atPath: reference, withDestinationPath: box.path + "/secret.txt")
        #expect {
            try SnapshotRunner.check(scenario(), options: box.options(.all))
        } throws: { error in
            "\(error)".contains("is a symbolic link") && !"\(error)".contains("hunter2")
        }
        #expect(!everythingWritten(box).contains("hunter2"))
    }

    @Test func everyKindOfEditedReferenceFails() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let path = box.store.directory + "/state-01.png"
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var image = try PNG.decode([UInt8](original))
        image.copy(try RGBAImage(width: 1, height: 1, fill: Color(r: 255, g: 0, b: 0, a: 255)), x: 3, y: 3)
        let other = try Data(contentsOf: URL(fileURLWithPath: box.store.directory + "/state-00.png"))
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n"
        let edits: [(String, Data)] = [
            ("one pixel", Data(try PNG.encode(image))), ("lfs", Data(pointer.utf8)), ("truncated", Data()), ("another picture", other),
        ]
        for (what, bytes) in edits {
            try bytes.write(to: URL(fileURLWithPath: path))
            let run = try SnapshotRunner.check(scenario(), options: box.options(.never))
            let state = try #require(run.cases.first { $0.reference == "state-01.png" })
            #expect(state.status == .failed, "\(what)")
            // Another reference's picture (stamped as that one) is changed outside Unfold too.
            if what == "lfs" { #expect(state.message.contains("git lfs pull")) } else { #expect(state.message.contains("was changed outside unfold"), "\(what)") }
            // A picture that still decodes is compared as it is, with a diff picture to look at.
            if what == "one pixel" || what == "another picture" { #expect(state.artifacts.diff != nil, "\(what)") }
        }
        // Re-encoded with the same pixels: still not passed silently.
        try Data(try PNG.encodeSmallest(try PNG.decode([UInt8](original)))).write(to: URL(fileURLWithPath: path))
        let reencoded = try SnapshotRunner.check(scenario(), options: box.options(.never)).cases.first { $0.reference == "state-01.png" }
        #expect(reencoded?.status == .failed && reencoded?.message.hasPrefix("it matches, but state-01.png was changed outside unfold") == true)
        // Re-recording restores agreement between the file and the index.
        _ = try SnapshotRunner.check(scenario(), options: box.options(.failed))
        #expect(try SnapshotRunner.check(scenario(), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    /// The cell of the stored strip at the report's frame.
    func storedFrame(_ box: Sandbox, _ f: FrameFailure, _ strip: StripGeometry) throws -> RGBAImage {
        let stored = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: box.store.directory + "/strip.png"))))
        let o = strip.origin(row: f.step - 1, column: f.frame)
        return try #require(stored.cropped(PixelRect(x0: o.x, y0: o.y, x1: o.x + strip.frameWidth, y1: o.y + strip.frameHeight)))
    }

    @Test func aFrameIsAcceptedFromItsOwnPictureNeverCutFromTheReportsStrip() throws {
        let box = try prepared()
        // The report's whole strip swapped for another picture: accepting a frame must not read it.
        let folder = box.path + "/artifacts/tiny"
        try FileManager.default.removeItem(atPath: folder + "/strip.actual.png")
        try FileManager.default.copyItem(atPath: box.store.directory + "/state-00.png", toPath: folder + "/strip.actual.png")
        let acceptance = try box.acceptance()
        let c = try #require(acceptance.report.cases.first { $0.reference == "strip.png" })
        let (f, strip) = (try #require(c.frames.first), try #require(c.strip))
        let frame = try #require(try acceptance.select(["tiny/step-\(String(format: "%02d", f.step))/frame-\(String(format: "%02d", f.frame))"]).first)
        try acceptance.accept([frame])
        let shown = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: box.path + "/artifacts/" + f.artifacts.actual!))))
        #expect(try storedFrame(box, f, strip) == shown)
    }

    @Test func aForgedStripGeometryCannotReplaceTheStrip() throws {
        let box = try prepared()
        let before = try Data(contentsOf: URL(fileURLWithPath: box.store.directory + "/strip.png"))
        try editCase(box, "strip.png") { c in
            var strip = c["strip"] as! [String: Any]
            strip["frameWidth"] = 1
            strip["frameHeight"] = 1
            c["strip"] = strip
            var frames = c["frames"] as! [[String: Any]]
            for i in frames.indices { frames[i]["x1"] = 0; frames[i]["y1"] = 0 }
            c["frames"] = frames
        }
        let acceptance = try box.acceptance()
        let frame = try #require(try acceptance.select(["tiny/step-01/*"]).first)
        #expect { try acceptance.accept([frame]) } throws: { "\($0)".contains("not the size of the stored strip") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.store.directory + "/strip.png")) == before)
    }

    @Test func noNumberOrTextInAReportTrapsOrActsOnTheTerminal() throws {
        let box = try prepared()
        try editReport(box) { $0["referenceBytesChange"] = Int.min }
        #expect { try box.acceptance() } throws: { "\($0)".contains("has a byte count out of range") }
        try box.run(scenario(title: "Bete"))
        try editCase(box, "state-01.png") { $0["status"] = "\u{1B}]0;pwned\u{07}failed" }
        #expect { try box.acceptance() } throws: { error in
            let text = "\(error)"
            return text.contains("not an unfold JSON report") && !text.unicodeScalars.contains("\u{1B}")
        }
        try box.run(scenario(title: "Bete"))
        try editReport(box) { $0["environmentChanges"] = ["../x": "![img](https://evil.example/x.png)"] }
        #expect { try box.acceptance() } throws: { "\($0)".contains("environment change") }
    }

    @Test func theJobSummaryShowsInputAsTextNeverAsMarkdown() throws {
        var report = SnapshotReport()
        var c = CaseResult(
            scenario: "tiny", reference: "updates.json", status: .failed,
            message: "line 2 differs: expected ![x](https://evil.example/x.png) <img src=x> | [link](https://evil.example)")
        c.artifacts = FailurePictures(diff: "tiny/a`b.diff.png")
        report.cases = [c]
        report.stale = ["gone/`<b>`"]
        report.environmentChanges = ["tiny": "<script>**bold**</script>"]
        let markdown = report.markdown()
        // Outside code spans every character Markdown or HTML would act on is escaped; code spans outlast their content's backticks.
        #expect(markdown.contains(#"expected \!\[x\]\(https\://evil\.example/x\.png\) \<img src\=x\> \| \[link\]"#))
        #expect(markdown.contains(#"> **tiny**: \<script\>\*\*bold\*\*\</script\>"#))
        #expect(markdown.contains("`` gone/`<b>` ``") && markdown.contains("``tiny/a`b.diff.png``"))
    }

    /// A Swift test's report names its case's references' folder: only a
    /// test's `__Snapshots__` folder inside the project, as a relative path.
    @Test func aCaseFolderIsOnlyEverASnapshotsFolderInsideTheProject() throws {
        let box = try prepared()
        let outside = [
            "../__Snapshots__", "/tmp/__Snapshots__", "Tests/../../x/__Snapshots__", "Tests/Fixtures", ".git/__Snapshots__", "a//__Snapshots__", "",
            "Snapshots", "Sources/App/Resources/Snapshots", "Tests/__Snapshots__/a/b",
        ]
        for folder in outside {
            try box.run(scenario(title: "Bete"))
            try editCase(box, "state-01.png") { $0["snapshots"] = folder }
            #expect(throws: (any Error).self, "\(folder)") { try box.acceptance() }
        }
        for folder in ["Tests/AppTests/__Snapshots__", "Tests/AppTests/__Snapshots__/SettingsTests"] { #expect(SnapshotReport.isReferenceFolder(folder)) }
        // A folder on the way that is a link is refused when accepting.
        let scratch = "unfold-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: box.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch, withDestinationPath: box.path + "/elsewhere")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try box.run(scenario(title: "Bete"))
        try editCase(box, "state-01.png") { $0["snapshots"] = scratch + "/__Snapshots__" }
        let acceptance = try box.acceptance()
        #expect { try acceptance.accept(try acceptance.select(["*/state-01.png"])) } throws: { "\($0)".contains("is a symbolic link") }
        #expect(listing(box.path + "/elsewhere").isEmpty)
    }

    func listing(_ path: String) -> [String] { (FileManager.default.subpaths(atPath: path) ?? []).sorted() }

    /// A report that names a test's folder the project does not have: accept
    /// makes no folder for it.
    @Test func acceptMakesNoFolderAReportNames() throws {
        let box = try prepared()
        let folder = "unfold-made-\(UUID().uuidString)/Tests/AppTests/__Snapshots__"
        defer { try? FileManager.default.removeItem(atPath: folder.split(separator: "/")[0].description) }
        try editCase(box, "state-01.png") { $0["snapshots"] = folder }
        let acceptance = try box.acceptance()
        #expect {
            try acceptance.accept(try acceptance.select(["*/state-01.png"]))
        } throws: { "\($0)".contains("which the project does not have") }
        #expect(!FileManager.default.fileExists(atPath: String(folder.split(separator: "/")[0])))
    }

    /// A report whose actual picture is a small file of one colour that
    /// claims millions of pixels: accept refuses it from its header.
    @Test func aPictureFarLargerThanTheReferenceItReplacesIsNotAccepted() throws {
        let box = try prepared()
        let bomb = try PNG.encode(try RGBAImage(width: 3000, height: 3000, fill: Color(r: 0, g: 0, b: 0, a: 255)))
        try Data(bomb).write(to: URL(fileURLWithPath: box.path + "/artifacts/tiny/state-01.actual.png"))
        let before = box.files()
        let acceptance = try box.acceptance()
        #expect {
            try acceptance.accept(acceptance.select(["tiny/state-01.png"]))
        } throws: { "\($0)".contains("is 3000x3000 pixels, far more than the 200x160 of the reference it would replace") }
        #expect(box.files() == before)
    }

    /// A reference whose header claims the largest size a PNG can say: the
    /// run and accept tell it apart from what is drawn without an overflow.
    @Test func theLargestHeaderIsAFailureNotACrash() throws {
        let box = try prepared()
        var huge = try PNG.encode(RGBAImage(width: 1, height: 1, fill: Color(r: 0, g: 0, b: 0, a: 255)))
        Self.setSize(&huge, width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)
        let path = box.store.directory + "/state-01.png"
        try Data(huge).write(to: URL(fileURLWithPath: path))
        let run = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        #expect(run.cases.first { $0.reference == "state-01.png" }?.status == .failed)
        let acceptance = try box.acceptance()
        #expect(throws: (any Error).self) { try acceptance.accept(acceptance.select(["tiny/state-01.png"])) }
    }

    /// A report that tells one strip frame again and again is refused before anything is shown.
    @Test func aFrameToldTwiceIsRefused() throws {
        let box = try prepared()
        try editCase(box, "strip.png") { c in
            var frames = c["frames"] as! [[String: Any]]
            frames += Array(repeating: frames[0], count: 3)
            c["frames"] = frames
        }
        #expect { try box.acceptance() } throws: { "\($0)".contains("twice") }
    }

    @Test func aReportNeverChoosesWhereAcceptWrites() throws {
        let box = try prepared()
        // A folder that holds only hidden files, named by the report as its references' folder.
        let home = box.path + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try Data("key".utf8).write(to: URL(fileURLWithPath: home + "/.ssh/id_rsa"))
        try Data("rc".utf8).write(to: URL(fileURLWithPath: home + "/.bashrc"))
        try editReport(box) { $0["snapshots"] = home }
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select([]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == [".bashrc", ".ssh"])
        #expect(FileManager.default.contents(atPath: home + "/.ssh/id_rsa") == Data("key".utf8))
        #expect(try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
    }

    @Test func aReportsPathsAndLinksAreNeverFollowed() throws {
        for actual in ["../../secret.txt", "/etc/passwd", "javascript:alert(1)", "tiny/../../secret.txt", ".hidden"] {
            let box = try prepared()
            try editCase(box, "state-01.png") { $0["artifacts"] = ["actual": actual] }
            #expect(throws: ReportError.self) { try box.acceptance() }
        }
        // A link inside the report's folder, for a picture and for updates.json.
        let box = try prepared()
        let actual = box.path + "/artifacts/tiny/state-01.actual.png"
        try FileManager.default.removeItem(atPath: actual)
        try FileManager.default.createSymbolicLink(atPath: actual, withDestinationPath: box.path + "/secret.txt")
        let acceptance = try box.acceptance()
        #expect(throws: ReportFolder.UnreadableFile.self) { try acceptance.accept(acceptance.select(["tiny/state-01.png"])) }
        try dropCase(box, "updates.json")
        try renameCase(box, "state-01.png", to: "updates.json")
        let again = try box.acceptance()
        #expect(throws: ReportFolder.UnreadableFile.self) { try again.accept(again.select(["tiny/updates.json"])) }
        // Names that are not references (notes.txt) are refused as a whole report.
        try editCase(box, "updates.json") { $0["reference"] = "notes.txt" }
        #expect(throws: ReportError.self) { try box.acceptance() }
        #expect(!everythingWritten(box).contains("hunter2"))
    }

    @Test func whatIsAcceptedIsStoredReEncodedNeverAsItCame() throws {
        let box = try prepared()
        // Bytes that are no picture, and text that is no updates.json.
        let actual = box.path + "/artifacts/tiny/state-01.actual.png"
        try Data(Self.secret.utf8).write(to: URL(fileURLWithPath: actual))
        let acceptance = try box.acceptance()
        #expect(throws: Acceptance.Unacceptable.self) { try acceptance.accept(acceptance.select(["tiny/state-01.png"])) }
        try dropCase(box, "updates.json")
        try renameCase(box, "state-01.png", to: "updates.json")
        let text = try box.acceptance()
        #expect(throws: Acceptance.Unacceptable.self) { try text.accept(text.select(["tiny/updates.json"])) }
        // A picture larger than any Unfold draws, refused from its header (nothing is decoded).
        var huge = try PNG.encode(RGBAImage(width: 1, height: 1, fill: Color(r: 0, g: 0, b: 0, a: 255)))
        Self.setSize(&huge, width: 16384, height: 16384)
        try Data(huge).write(to: URL(fileURLWithPath: actual))
        try renameCase(box, "updates.json", to: "state-01.png")
        let big = try box.acceptance()
        #expect {
            try big.accept(big.select(["tiny/state-01.png"]))
        } throws: { error in
            // Refused by the size of the reference it would replace, before the largest picture Unfold draws.
            "\(error)".contains("16384x16384 pixels, far more than the 200x160")
        }
        #expect(!everythingWritten(box).contains("hunter2"))
    }

    @Test func undoRecordsInADownloadedFolderAreIgnored() throws {
        let box = try prepared()
        let record = box.path + "/artifacts/accepted/001/tiny"
        try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: record + "/after.json"))
        #expect(throws: UndoRecord.NothingToUndo.self) { try Acceptance.undo(snapshots: box.snapshots) }
        // A record number too large for Int is not a record, and does not trap.
        try FileManager.default.createDirectory(atPath: box.snapshots + "/.unfold/accepted/9223372036854775807", withIntermediateDirectories: true)
        #expect(UndoRecord.numbers(root: box.snapshots) == [])
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select([]))
        #expect(UndoRecord.numbers(root: box.snapshots) == [1])
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
    }

    /// A pull request commits an undo record (a well-formed one, as an accept
    /// on another machine writes it): `unfold accept --undo` never applies it.
    @Test func anUndoRecordNotMadeOnThisMachineIsNeverApplied() throws {
        let box = try prepared()
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select([]))
        let accepted = box.files()
        // The record as the repository would hold it: its stamp is one this machine never made.
        let stamp = box.snapshots + "/.unfold/accepted/001/stamp"
        let made = try String(contentsOfFile: stamp, encoding: .utf8)
        try Data((String(made.prefix(21)) + String(repeating: "0", count: 32)).utf8).write(to: URL(fileURLWithPath: stamp))
        #expect {
            try Acceptance.undo(snapshots: box.snapshots)
        } throws: { "\($0)".contains("were not made on this machine") }
        #expect(box.files() == accepted)
    }

    @Test func anAcceptInterruptedBeforeOrAfterItsExchangeIsUndoneRight() throws {
        let box = try prepared()
        let before = box.files()
        // An accept stopped after its record and some of the new set's files were staged, the references not yet exchanged.
        func interrupted(writing staged: (_ files: [String: [UInt8]], _ index: [UInt8]) -> [String: [UInt8]]) throws {
            try box.store.locked {
                let record = try UndoRecord.new(root: box.snapshots, report: "r", stamp: UndoRecord.newStamp())
                let current = try box.store.contents()
                var files = current.files
                files["state-01.png", default: []] += [0]
                let staging = try record.prepare(scenario: "tiny", before: current.index.json(hashing: current.files), after: current.index.json(hashing: files))
                for (name, bytes) in staged(files, current.index.json()) { try Data(bytes).write(to: URL(fileURLWithPath: staging + "/" + name)) }
            }
        }
        // Interrupted before the exchange: the new set written whole, the references unchanged.
        try interrupted { files, index in files.merging(["index.json": index]) { $1 } }
        #expect(try Acceptance.undo(snapshots: box.snapshots) == [])
        #expect(box.files() == before)
        // Killed while the new set was being written (one picture, no index yet): nothing to put back, and no record left in the way.
        try interrupted { files, _ in ["state-01.png": files["state-01.png"] ?? []] }
        #expect(try Acceptance.undo(snapshots: box.snapshots) == [])
        #expect(box.files() == before)
        #expect(throws: UndoRecord.NothingToUndo.self) { try Acceptance.undo(snapshots: box.snapshots) }
        // Committed (the exchange happened) but nothing after it ran: undone whole.
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select([]))
        #expect(box.files() != before)
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
        #expect(box.files() == before)
    }

    /// A scenario may be named as another's record file would be
    /// (`tiny.after`): one accept takes both, and the undo puts both back.
    @Test func aScenarioNamedLikeAnothersRecordIsAcceptedAndUndoneBesideIt() throws {
        let box = Sandbox()
        var other = try scenario()
        other.name = "tiny.after"
        for s in [try scenario(), other] { _ = try SnapshotRunner.check(s, options: box.options(.missing)) }
        let before = box.files()
        var changed = try scenario(title: "Bete")
        var report = SnapshotReport()
        report.cases = try SnapshotRunner.check(changed, options: box.options(.never)).cases
        changed.name = "tiny.after"
        report.cases += try SnapshotRunner.check(changed, options: box.options(.never)).cases
        report.environment = try SnapshotEnvironment(fonts: fontFiles)
        report.kinds = ReferenceCatalog.standard.kinds.map(ReportedKind.init)
        try report.write(to: box.path + "/artifacts", catalog: .standard)
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select([]))
        #expect(box.files() != before)
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny", "tiny.after"])
        #expect(box.files() == before)
    }

    @Test func numbersOutOfRangeAreRefusedNotTrapped() throws {
        let edits: [(inout [String: Any]) -> Void] = [
            { $0["seconds"] = 1e308 },
            { $0["strip"] = ["rows": 1, "columns": 2, "frameWidth": Int.max, "frameHeight": 10] },
            { $0["frames"] = [["step": Int.min, "frame": 0, "differentPixels": 1, "x0": 0, "x1": 1, "y0": 0, "y1": 1, "artifacts": [:]]] },
        ]
        for edit in edits {
            let box = try prepared()
            try editCase(box, "strip.png", edit)
            #expect(throws: ReportError.self) { try box.acceptance() }
        }
        let box = try prepared()
        try editReport(box) { $0["referenceBytes"] = Int.max }
        #expect(throws: ReportError.self) { try box.acceptance() }
    }

    @Test func idsFromThePageAreMatchedExactly() throws {
        let box = try prepared()
        let acceptance = try box.acceptance()
        #expect(throws: Acceptance.NoMatch.self) { try acceptance.select(exactly: ["tiny/state-0*"]) }
        #expect(try acceptance.select(exactly: ["tiny/state-01.png"]).map(\.id) == ["tiny/state-01.png"])
        // Names with escapes cannot be in a report at all.
        try editCase(box, "state-01.png") { $0["scenario"] = "tiny\u{1B}]0;owned\u{07}" }
        #expect(throws: ReportError.self) { try box.acceptance() }
    }

    @Test func textFromInputIsShownInert() {
        #expect(InertText("a\u{1B}[2Kb\nc\u{202E}d\\").description == "a\\u{1B}[2Kb\\u{A}c\\u{202E}d\\\\")
        #expect(InertText("plain name-1.png").description == "plain name-1.png")
    }

    /// Sets a PNG's IHDR size and its CRC.
    static func setSize(_ png: inout [UInt8], width: UInt32, height: UInt32) {
        for (i, v) in [width, height].enumerated() {
            for b in 0 ..< 4 { png[16 + 4 * i + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in png[12 ..< 29] {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        for b in 0 ..< 4 { png[29 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
    }
}
