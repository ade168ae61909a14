import Foundation
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldPNG
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot
import UnfoldTestSupport

@Suite struct SnapshotTests {
    @Test func missingReferencesAreRecordedThenPass() throws {
        let box = Sandbox()
        let first = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        #expect(first.cases.allSatisfy { $0.status == .recorded })
        #expect(Set(first.cases.map(\.reference)) == ["state-00.png", "state-01.png", "strip.png", "updates.json"])
        let second = try SnapshotRunner.check(scenario(), options: box.options(.never))
        // States pass by their decoded pixels, without encoding; the strip (always encoded) and the text by their bytes.
        #expect(second.cases.allSatisfy { $0.status == .passed })
        #expect(second.cases.map(\.message) == ["identical pixels", "identical pixels", "identical bytes", "identical bytes"])
    }

    /// The lock lets one writer in at a time, across threads, and its file
    /// goes when it is released (no lock files pile up).
    @Test func theLockIsExclusiveAndRemovedWhenReleased() throws {
        let box = Sandbox()
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        final class Counts: @unchecked Sendable {
            let lock = NSLock()
            var inside = 0, most = 0, entries = 0
            func enter() { lock.lock(); inside += 1; entries += 1; most = max(most, inside); lock.unlock() }
            func leave() { lock.lock(); inside -= 1; lock.unlock() }
        }
        let counts = Counts()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0 ..< 25 {
                _ = try? store.locked {
                    counts.enter()
                    usleep(100)
                    counts.leave()
                }
            }
        }
        #expect(counts.entries == 100 && counts.most == 1)
        #expect(!FileManager.default.fileExists(atPath: box.path + "/Snapshots/.unfold/lock"))
    }

    /// Re-recording the pictures that changed (`--record failed`, after a
    /// renderer change) stamps the set with the new environment when the
    /// others matched in it: a later failure is then reported frame by frame,
    /// not as "recorded with another renderer".
    @Test func aPartialReRecordStampsTheSetWhenTheRestMatched() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let indexPath = box.path + "/Snapshots/tiny/index.json"
        let original = try String(contentsOfFile: indexPath, encoding: .utf8)
        let renderer = try #require(original.range(of: #""renderer": "[0-9]+""#, options: .regularExpression))
        try original.replacingCharacters(in: renderer, with: #""renderer": "0""#).write(toFile: indexPath, atomically: true, encoding: .utf8)
        _ = try SnapshotRunner.check(scenario(title: "Bravo"), options: box.options(.failed))
        #expect(!(try String(contentsOfFile: indexPath, encoding: .utf8)).contains(#""renderer": "0""#))
    }

    /// A test file's first recording makes `__Snapshots__/<file>/` and any folder above it.
    @Test func recordingMakesTheFoldersAboveTheReferences() throws {
        let box = Sandbox()
        var options = box.options(.missing)
        options.root = box.path + "/Tests/AppTests/__Snapshots__/AppTests"
        let run = try SnapshotRunner.check(scenario(), options: options)
        #expect(run.cases.allSatisfy { $0.status == .recorded })
        #expect(FileManager.default.fileExists(atPath: options.root + "/tiny/index.json"))
    }

    /// The strip of a scenario without steps would be its one state again:
    /// it is not stored, so a change is one changed picture.
    @Test func aScenarioWithoutStepsStoresNoStrip() throws {
        let box = Sandbox()
        let still = { (title: String) in
            try Scenario.parse("name: still\ncanvas: { width: 200, height: 100, scale: 1 }\ntree: [ { title: \(title) } ]", file: "still.yaml")
        }
        _ = try SnapshotRunner.check(still("Alpha"), options: box.options(.missing))
        let run = try SnapshotRunner.check(still("Alfa"), options: box.options(.never))
        #expect(run.cases.map(\.reference).sorted() == ["state-00.png", "updates.json"])
        #expect(run.cases.filter { $0.status == .failed }.map(\.reference) == ["state-00.png", "updates.json"])
        #expect(!FileManager.default.fileExists(atPath: box.path + "/Snapshots/still/strip.png"))
    }

    @Test func neverModeFailsOnMissingReferencesAndWritesNothing() throws {
        let box = Sandbox()
        let run = try SnapshotRunner.check(scenario(), options: box.options(.never))
        #expect(run.cases.allSatisfy { $0.status == .failed })
        #expect(!FileManager.default.fileExists(atPath: box.path + "/Snapshots/tiny"))
    }

    @Test func aChangedTitleFailsWithArtifactsAndKeepsTheReference() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        let before = try store.contents().files["state-01.png"]
        let run = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.missing))
        let state = run.cases.first { $0.reference == "state-01.png" }!
        // What changed in the rows first, then the pixels.
        #expect(state.status == .failed && state.message.hasPrefix("\"Beta\" renamed \"Bete\" (a/b); differ: "), "\(state.message)")
        #expect(state.message.contains(" different pixels (") && state.message.contains(", y "))
        #expect(FileManager.default.fileExists(atPath: box.path + "/artifacts/" + state.artifacts.diff!))
        #expect(try store.contents().files["state-01.png"] == before)
        let strip = run.cases.first { $0.reference == "strip.png" }!
        #expect(strip.frames.map(\.frame) == [1, 2] && strip.frames.allSatisfy { $0.step == 1 })
        #expect(run.cases.first { $0.reference == "state-00.png" }!.status == .passed)
    }

    @Test func aRunLeavesOnlyItsOwnFailuresPictures() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let first = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        let diff = box.path + "/artifacts/" + (first.cases.first { $0.reference == "state-01.png" }?.artifacts.diff ?? "?")
        #expect(FileManager.default.fileExists(atPath: diff))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: box.path + "/artifacts/tiny/notes.txt"))
        // The next run fails elsewhere (a new step); the earlier failure's pictures are gone, other files stay.
        let second = try SnapshotRunner.check(scenario(steps: "[ {expand: a}, {collapse: a} ]"), options: box.options(.never))
        #expect(second.cases.contains { $0.status == .failed })
        #expect(!FileManager.default.fileExists(atPath: diff))
        #expect(FileManager.default.fileExists(atPath: box.path + "/artifacts/tiny/notes.txt"))
        let left = try FileManager.default.subpathsOfDirectory(atPath: box.path + "/artifacts/tiny").filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }
        let named = Set(
            second.cases.flatMap { c in
                (c.artifacts.paths + c.frames.flatMap(\.artifacts.paths)).map { String($0.path.dropFirst("tiny/".count)) }
            })
        #expect(Set(left) == named)
    }

    @Test func failedModeReRecordsOnlyWhatDiffers() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let run = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.failed))
        #expect(run.cases.first { $0.reference == "state-01.png" }!.status == .recorded)
        #expect(run.cases.first { $0.reference == "state-00.png" }!.status == .passed)
        let after = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        #expect(after.cases.allSatisfy { $0.status == .passed })
    }

    @Test func updatesAreComparedAsText() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let run = try SnapshotRunner.check(scenario(steps: "[ {expand: a}, {collapse: a} ]"), options: box.options(.never))
        let updates = run.cases.first { $0.reference == "updates.json" }!
        #expect(updates.status == .failed && updates.message.hasPrefix("step 2 \"collapse a\" is new; line "), "\(updates.message)")
        #expect(run.cases.first { $0.reference == "state-02.png" }!.status == .failed)  // missing under `never`
    }

    @Test func staleReferencesAreReportedAndPrunedOnlyWhenAsked() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(steps: "[ {expand: a}, {collapse: a} ]"), options: box.options(.missing))
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        let kept = try SnapshotRunner.check(scenario(), options: box.options(.never))
        #expect(kept.stale == ["tiny/state-02.png"])
        #expect(try store.contents().files["state-02.png"] != nil)
        let pruned = try SnapshotRunner.check(scenario(), options: box.options(.never), prune: true)
        #expect(pruned.stale == ["tiny/state-02.png"])
        #expect(try store.contents().files["state-02.png"] == nil && store.contents().files["state-01.png"] != nil)
    }

    @Test func referencesHaveStableNamesSoThatARerecordIsAModification() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        let names = { try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted() }
        let first = try names()
        #expect(first == ["index.json", "state-00.png", "state-01.png", "strip.png", "updates.json"])
        let before = try store.contents()
        _ = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.failed))
        let after = try store.contents()
        #expect(try names() == first)
        #expect(after.files["state-00.png"] == before.files["state-00.png"] && after.files["state-01.png"] != before.files["state-01.png"])
        // The index names the references and holds no hash: a re-record changes the picture, not the index.
        #expect(after.index.json() == before.index.json())
        let text = String(decoding: after.index.json(), as: UTF8.self)
        #expect(text.contains("\"state-01.png\"") && !text.contains("bytes"))
        #expect(after.verified("state-01.png"))
    }

    /// References recorded before pictures were stamped (an index of
    /// hashes, pictures without `unFS`) still pass, and an edited one still
    /// fails; the first write into the folder stamps the unchanged pictures
    /// and leaves an index of names, after which accepting one picture
    /// changes that picture alone.
    @Test func referencesFromBeforeStampsPassAndAreStampedWhenNextWritten() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        var hashes: [String] = []
        for (name, bytes) in try store.contents().files.sorted(by: { $0.key < $1.key }) {
            let old = name.hasSuffix(".png") ? Array(bytes[..<(bytes.count - 56)] + bytes.suffix(12)) : bytes
            try Data(old).write(to: URL(fileURLWithPath: store.directory + "/" + name))
            hashes.append("\"\(name)\": {\"bytes\": \"\(ReferenceIndex.hash(old))\"}")
        }
        let legacy = "{\"references\": {" + hashes.joined(separator: ", ") + "}}"
        try Data(legacy.utf8).write(to: URL(fileURLWithPath: store.directory + "/index.json"))
        let old = try store.contents()
        #expect(old.files.keys.allSatisfy { old.verified($0) } && !PNGStamp.isStamped(old.files["state-00.png"]!, name: "state-00.png"))
        #expect(try SnapshotRunner.check(scenario(), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
        // An edited picture of such a set is not vouched for by its hash.
        var edited = try PNG.decode(old.files["state-00.png"]!)
        edited.copy(try RGBAImage(width: 1, height: 1, fill: Color(r: 255, g: 0, b: 0, a: 255)), x: 2, y: 2)
        try Data(try PNG.encode(edited)).write(to: URL(fileURLWithPath: store.directory + "/state-00.png"))
        #expect(try !store.contents().verified("state-00.png"))
        try Data(old.files["state-00.png"]!).write(to: URL(fileURLWithPath: store.directory + "/state-00.png"))
        // The first write stamps what it keeps.
        _ = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.failed))
        let new = try store.contents()
        #expect(new.index.hashes.isEmpty && new.files.keys.allSatisfy { new.verified($0) })
        #expect(PNGStamp.isStamped(new.files["state-00.png"]!, from: old.files["state-00.png"]!))
        #expect(try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
    }

    @Test func aDamagedIndexOrMissingBlobIsAnErrorNeverARecording() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let store = ReferenceStore(root: box.path + "/Snapshots", scenario: "tiny", catalog: .standard)
        try FileManager.default.removeItem(atPath: store.directory + "/state-01.png")
        #expect(throws: DamagedReferences.self) { try SnapshotRunner.check(scenario(), options: box.options(.missing)) }
        try FileManager.default.moveItem(atPath: store.directory + "/index.json", toPath: box.path + "/index.json")
        #expect(throws: DamagedReferences.self) { try SnapshotRunner.check(scenario(), options: box.options(.missing)) }
        let conflicted = "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> other\n"
        try Data(conflicted.utf8).write(to: URL(fileURLWithPath: store.directory + "/index.json"))
        #expect(throws: DamagedReferences.self) { try SnapshotRunner.check(scenario(), options: box.options(.all)) }
        #expect(String(decoding: FileManager.default.contents(atPath: store.directory + "/index.json")!, as: UTF8.self) == conflicted)
    }

    @Test func recordModeComesFromTheEnvironment() throws {
        #expect(try RecordMode.resolve(environment: ["UNFOLD_RECORD": "never"]) == .never)
        #expect(try RecordMode.resolve(.all, environment: ["UNFOLD_RECORD": "never", "CI": "1"]) == .all)
        #expect(try RecordMode.resolve(environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.resolve(environment: ["CI": "true", "UNFOLD_RECORD": "failed"]) == .failed)
        #expect(try RecordMode.resolve(environment: [:]) == .missing)
        #expect(throws: RecordMode.UnknownMode.self) { try RecordMode.resolve(environment: ["UNFOLD_RECORD": "true"]) }
    }

    @Test func namesThatWouldLeaveTheSnapshotFolderAreRefused() throws {
        let box = Sandbox()
        var bad = try scenario()
        for name in ["../escape", "a/b", ".hidden", ""] {
            bad.name = name
            #expect(throws: InvalidName.self) { try SnapshotRunner.check(bad, options: box.options(.all)) }
        }
        #expect(!FileManager.default.fileExists(atPath: box.path + "/escape"))
    }

    @Test func reportsMergeAndRender() throws {
        var a = SnapshotReport()
        a.cases = [CaseResult(scenario: "b", reference: "state-00.png", status: .failed, message: "differs <here>")]
        var b = SnapshotReport()
        b.cases = [CaseResult(scenario: "a", reference: "state-01.png", status: .passed, message: "ok")]
        let merged = SnapshotReport.merged([a, b])
        #expect(merged.cases.map(\.scenario) == ["a", "b"] && merged.summary == "1 passed, 1 failed")
        #expect(merged.junit().contains("<failure message=\"differs &lt;here&gt;\">"))
        #expect(merged.html(catalog: .standard).contains("differs &lt;here&gt;"))
        let decoded = try JSONDecoder().decode(SnapshotReport.self, from: Data(merged.json()))
        #expect(decoded == merged)
    }

    /// A report of Swift tests speaks of `swift test` and names each JUnit suite by its test.
    @Test func aSwiftRunsReportSpeaksOfTests() {
        var report = SnapshotReport()
        for file in ["SettingsTests", "OtherTests"] {
            var c = CaseResult(scenario: "screen.1", reference: "state-00.png", status: .failed, message: "differ")
            c.snapshots = "Tests/AppTests/__Snapshots__/" + file
            report.cases.append(c)
        }
        #expect(report.runName == "swift test")
        var strip = report.cases[0]
        strip.reference = "strip.png"
        report.cases.append(strip)
        // Counted by assertions, then references; a report of the package's own run shows no path of the machine it ran on.
        #expect(report.markdown().hasPrefix("### swift test: 2 assertions failed (3 references)") && report.markdown().contains("UNFOLD_RECORD=failed swift test"))
        #expect(report.html(catalog: .standard).contains("<h1>swift test</h1>"))
        let junit = report.junit()
        #expect(junit.contains("testsuite name=\"SettingsTests.screen.1\"") && junit.contains("testsuite name=\"OtherTests.screen.1\""))
        #expect(SnapshotReport().runName == "unfold test")
    }
}

/// A change a user makes fails, and says what it is, whether the look draws it or not.
@Suite struct EveryStateIsSeenTests {
    /// `tiny` with one of its files checked, and the style's `checkboxes` as given.
    func checked(_ id: String, checkboxes: String = "") throws -> Scenario {
        try Scenario.parse(
            """
            name: tiny
            canvas: { width: 200, height: 160, scale: 1 }
            \(checkboxes.isEmpty ? "" : "style: { checkboxes: \(checkboxes) }")
            tree:
              - id: a
                title: Alpha
                children: [ { id: b, title: Beta, checked: \(id == "b") }, { id: c, title: Gamma, checked: \(id == "c") } ]
            steps: [ {expand: a} ]
            """, file: "tiny.yaml")
    }

    @Test func aMovedCheckFailsWithoutAStyleAndNamesTheRows() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(checked("b"), options: box.options(.missing))
        let run = try SnapshotRunner.check(checked("c"), options: box.options(.never))
        let state = try #require(run.cases.first { $0.reference == "state-01.png" })
        #expect(state.status == .failed)
        #expect(state.message.hasPrefix("\"Beta\" (a/b) unchecked, \"Gamma\" (a/c) checked; differ: "), "\(state.message)")
        // The folder is mixed either way: its picture is the same, and passes.
        #expect(run.cases.first { $0.reference == "state-00.png" }?.status == .passed)
        let updates = try #require(run.cases.first { $0.reference == "updates.json" })
        #expect(updates.status == .failed && updates.message.hasPrefix("state 1: \"Beta\" (a/b) unchecked, \"Gamma\" (a/c) checked; line "), "\(updates.message)")
    }

    @Test func checksHiddenByTheStyleStillFailInTheUpdates() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(checked("b", checkboxes: "false"), options: box.options(.missing))
        let run = try SnapshotRunner.check(checked("c", checkboxes: "false"), options: box.options(.never))
        #expect(run.cases.filter { $0.reference.hasSuffix(".png") }.allSatisfy { $0.status == .passed })
        let updates = try #require(run.cases.first { $0.reference == "updates.json" })
        #expect(updates.status == .failed && updates.message.contains("\"Gamma\" (a/c) checked"), "\(updates.message)")
    }

    /// The states `scenario` draws, by name.
    func render(_ scenario: Scenario, outputs: Set<RenderOptions.Output>) throws -> [String: [UInt8]] {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = outputs
        return Dictionary(uniqueKeysWithValues: try ScenarioRenderer.render(scenario, options: options).files.map { ($0.path, $0.bytes) })
    }

    @Test func checkboxesAreDrawnWhenTheScenarioUsesChecks() throws {
        let drawn = try render(checked("b"), outputs: [.states])
        let hidden = try render(checked("b", checkboxes: "false"), outputs: [.states])
        let none = try render(scenario(), outputs: [.states])
        #expect(drawn["state-01.png"] != hidden["state-01.png"])
        #expect(hidden["state-01.png"] == none["state-01.png"])
        #expect(try render(checked("b", checkboxes: "true"), outputs: [.states])["state-01.png"] == drawn["state-01.png"])
    }

    @Test func aPictureChangeWithTheSameRowsIsADrawingChange() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(checked("b"), options: box.options(.missing))
        let run = try SnapshotRunner.check(checked("b", checkboxes: "false"), options: box.options(.never))
        let state = try #require(run.cases.first { $0.reference == "state-01.png" })
        #expect(state.status == .failed && state.message.hasPrefix("a drawing change (the rows are as recorded); differ: "), "\(state.message)")
        #expect(run.cases.first { $0.reference == "updates.json" }?.status == .passed)
    }
}
