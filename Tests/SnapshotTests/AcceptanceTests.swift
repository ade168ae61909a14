import Foundation
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot
import UnfoldTestSupport

@Suite struct AcceptanceTests {
    @Test func acceptingAReportMakesTheNextRunPassAndUndoPutsEverythingBack() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let before = box.files()
        #expect(try box.run(scenario(title: "Bete")).cases.contains { $0.status == .failed })
        let acceptance = try box.acceptance()
        // The title is in the pictures and in updates.json.
        let all = ["tiny/state-01.png", "tiny/strip.png", "tiny/updates.json"]
        #expect(acceptance.items.map(\.id) == all)
        #expect(try acceptance.accept(acceptance.select([])) == all)
        #expect(try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
        #expect(box.files() == before)
        #expect(throws: UndoRecord.NothingToUndo.self) { try Acceptance.undo(snapshots: box.snapshots) }
    }

    @Test func oneFrameOfAStripIsAcceptedAloneAndNothingElseChanges() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let before = box.files()
        try box.run(scenario(title: "Bete"))
        let acceptance = try box.acceptance()
        let items = try acceptance.select(["tiny/step-01/frame-01"])
        #expect(items.map(\.id) == ["tiny/step-01/frame-01"])
        try acceptance.accept(items)
        let after = box.files()
        // The strip alone: not even the index changes.
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.keys.filter { after[$0] != before[$0] } == ["tiny/strip.png"])
        let again = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        #expect(again.cases.first { $0.reference == "strip.png" }!.frames.map(\.frame) == [2])
        #expect(again.cases.first { $0.reference == "state-01.png" }!.status == .failed)
    }

    /// A new scenario in CI (nothing recorded, `--record never`) fails with
    /// its picture; that report is accepted as any other.
    @Test func aMissingReferenceIsAcceptedFromARunThatRecordedNothing() throws {
        let box = Sandbox()
        let check = try box.run(scenario())
        #expect(check.cases.allSatisfy { $0.status == .failed && $0.referenceHash == nil && $0.comparison != nil })
        let acceptance = try box.acceptance()
        #expect(try acceptance.accept(acceptance.select([])) == ["tiny/state-00.png", "tiny/state-01.png", "tiny/strip.png", "tiny/updates.json"])
        #expect(try SnapshotRunner.check(scenario(), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
    }

    /// A stale reference is told in the words of the run that checks it again.
    @Test func aStaleReferenceSaysWhichRunToMakeAgain() {
        let swift = StaleReferences(directory: "Tests/AppTests/__Snapshots__/SettingsTests/screen.1", names: ["state-00.png"])
        #expect(swift.description.hasSuffix("run `swift test` again and accept from its report (.build/unfold-artifacts)"))
        let scenario = StaleReferences(directory: "Snapshots/settings", names: ["state-00.png"])
        #expect(scenario.description.hasSuffix("run `unfold test` again and accept from its report"))
    }

    @Test func aReferenceThatChangedSinceTheReportIsRefused() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        // Someone records another picture after the report was made.
        _ = try SnapshotRunner.check(scenario(title: "Beth"), options: box.options(.failed))
        let recorded = box.files()
        let acceptance = try box.acceptance()
        #expect(throws: StaleReferences.self) { try acceptance.accept(acceptance.select(["tiny/state-01"])) }
        #expect(box.files() == recorded)
        // A refused accept leaves nothing to undo.
        #expect(throws: UndoRecord.NothingToUndo.self) { try Acceptance.undo(snapshots: box.snapshots) }
    }

    @Test func patternsNameScenariosReferencesFramesAndGlobs() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        let a = try box.acceptance()
        #expect(try a.select(["tiny"]).map(\.id) == ["tiny/state-01.png", "tiny/strip.png", "tiny/updates.json"])
        #expect(try a.select(["tiny/state-01"]).map(\.id) == ["tiny/state-01.png"])
        #expect(try a.select(["*/step-01/*"]).map(\.id) == ["tiny/step-01/frame-01", "tiny/step-01/frame-02"])
        #expect(try a.select(["tiny/strip.png", "tiny/step-01/frame-01"]).map(\.id) == ["tiny/strip.png"])
        #expect(throws: Acceptance.NoMatch.self) { try a.select(["tiny/state-00"]) }
        #expect {
            try a.select(["nothing"])
        } throws: { error in
            "\(error)" == "no failure in the report matches 'nothing'; it has: tiny/state-01.png, tiny/strip.png, tiny/updates.json"
        }
    }

    @Test func aFontChangeIsOneMessageAndUnchangedPicturesStillPass() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        // Pretend the references were recorded with other fonts.
        let index = box.store.directory + "/index.json"
        let text = String(decoding: FileManager.default.contents(atPath: index)!, as: UTF8.self)
        let fonts = try FontSet.bundled.fingerprint()
        try Data(text.replacingOccurrences(of: fonts, with: String(repeating: "0", count: 32)).utf8).write(to: URL(fileURLWithPath: index))
        let same = try SnapshotRunner.check(scenario(), options: box.options(.never))
        #expect(same.environmentChange == nil && same.cases.allSatisfy { $0.status == .passed })
        let changed = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        #expect(
            changed.environmentChange
                == "the references were recorded with font set 00000000 (this build has \(fonts.prefix(8))): if the new pictures are right, "
                + "re-record them with `unfold test --record all` (UNFOLD_RECORD=all for the Swift test helpers)")
    }

    /// An index of another layout (each entry naming a file of its own) is
    /// refused, saying to record the scenario again, and nothing is recorded over it.
    @Test func anIndexOfAnotherLayoutIsRefusedWithHowToReRecord() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let current = try box.store.contents()
        var entries: [String] = []
        for (name, hash) in current.hashes.sorted(by: { $0.key < $1.key }) {
            let dot = try #require(name.lastIndex(of: "."))
            let blob = name[..<dot] + "." + hash.prefix(16) + name[dot...]
            try FileManager.default.moveItem(atPath: box.store.directory + "/" + name, toPath: box.store.directory + "/" + blob)
            entries.append("\"\(name)\": {\"blob\": \"\(blob)\"}")
        }
        try Data(("{\"references\": {" + entries.joined(separator: ", ") + "}}").utf8).write(to: URL(fileURLWithPath: box.store.directory + "/index.json"))
        let error = try #require(throws: DamagedReferences.self) { try SnapshotRunner.check(scenario(), options: box.options(.missing)) }
        #expect(error.description.contains("has no `bytes` hash") && error.description.contains("delete the folder and record again"))
    }

    @Test func contentHashesDoNotDependOnHowTheBytesArriveAndSeeEveryByte() {
        let bytes = (0 ..< 1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var whole = ContentHash()
        whole.update(bytes)
        for split in [1, 3, 7, 8, 9, 500, 999] {
            var parts = ContentHash()
            parts.update(Array(bytes[..<split]))
            parts.update(Array(bytes[split...]))
            #expect(parts.hex == whole.hex)
        }
        for i in [0, 7, 8, 999] {
            var changed = bytes
            changed[i] ^= 1
            var other = ContentHash()
            other.update(changed)
            #expect(other.hex != whole.hex)
        }
        var shorter = ContentHash()
        shorter.update(Array(bytes.dropLast()))
        #expect(shorter.hex != whole.hex)
    }

    @Test func framesOfOneStripAreAcceptedOneAfterAnother() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        let acceptance = try box.acceptance()
        try acceptance.accept(acceptance.select(["tiny/step-01/frame-01"]))
        try acceptance.accept(acceptance.select(["tiny/step-01/frame-02"]))
        let again = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        #expect(again.cases.first { $0.reference == "strip.png" }!.status == .passed)
        // Two undos, in turn, back to the first state.
        let recorded = box.files()
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
        #expect(box.files() != recorded)
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
        #expect(try SnapshotRunner.check(scenario(), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
    }

    /// One accept may write into several folders (a Swift run's tests each
    /// keep their own): undo puts back the last accept, wherever it wrote,
    /// then the one before, and leaves no folder of its own behind.
    @Test func undoPutsBackTheLastAcceptWhereverItWrote() throws {
        let a = Sandbox(), b = Sandbox()
        for box in [a, b] { _ = try SnapshotRunner.check(scenario(), options: box.options(.missing)) }
        let before = [a.files(), b.files()]
        for box in [a, b] {
            try box.run(scenario(title: "Bete"))
            try box.acceptance().accept(try box.acceptance().select([]))
        }
        let roots = [a.snapshots, b.snapshots]
        #expect(try UndoRecord.undoLast(roots: roots, catalog: .standard).map(\.root) == [b.snapshots])
        #expect(b.files() == before[1] && a.files() != before[0])
        #expect(try UndoRecord.undoLast(roots: roots, catalog: .standard).map(\.root) == [a.snapshots])
        #expect(a.files() == before[0])
        #expect(throws: UndoRecord.NothingToUndo.self) { try UndoRecord.undoLast(roots: roots, catalog: .standard) }
        for root in roots { #expect(!FileManager.default.fileExists(atPath: root + "/.unfold")) }
        // Nothing to undo makes no folder.
        #expect(throws: UndoRecord.NothingToUndo.self) { try Acceptance.undo(snapshots: a.path + "/Elsewhere") }
        #expect(!FileManager.default.fileExists(atPath: a.path + "/Elsewhere"))
    }

    @Test func undoNeedsOnlyItsRecord() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let before = box.files()
        try box.run(scenario(title: "Bete"))
        try box.acceptance().accept(try box.acceptance().select([]))
        try FileManager.default.removeItem(atPath: box.path + "/artifacts/report.json")
        #expect(try Acceptance.undo(snapshots: box.snapshots) == ["tiny"])
        #expect(box.files() == before)
    }

    @Test func aReportThatNamesPathsIsRefused() throws {
        let box = Sandbox()
        for (scenario, reference) in [("../x", "state-00.png"), ("tiny", "../index.json"), ("tiny", "a/b.png")] {
            var report = SnapshotReport()
            var c = CaseResult(scenario: scenario, reference: reference, status: .failed, message: "differs")
            c.artifacts = FailurePictures(actual: "x.png")
            report.cases = [c]
            try report.write(to: box.path + "/artifacts", catalog: .standard)
            #expect(throws: ReportError.self) { try box.acceptance() }
        }
    }
}
