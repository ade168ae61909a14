import Foundation
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldPNG
import UnfoldTesting
import XCTest

let tiny = """
    name: helper-tiny
    canvas: { width: 220, height: 140, scale: 1 }
    tree:
      - id: a
        title: Alpha
        children: [ { title: Beta }, { title: Gamma } ]
    steps: [ { expand: a } ]
    """

@Suite struct SwiftTestingHelperTests {
    @Test func aScenarioFileMatchesItsCommittedReferences() {
        expectOutlineSnapshot(ofFile: "helper.yaml", named: "file")
    }

    @Test func anOutlineBuiltInCodeMatchesItsReference() throws {
        var outline = try Outline([NodeSpec(key: "a", title: "Built in code"), NodeSpec(title: "child", parent: 0)])
        outline.expand(try outline.node(id: "a"))
        var canvas = Scenario.Canvas(height: nil)
        canvas.width = 220
        canvas.scale = 1
        expectOutlineSnapshot(of: outline, canvas: canvas)
        expectOutlineSnapshot(of: outline, canvas: canvas, steps: [.collapse("a")])
    }

    /// One reference folder per case, named after its argument, none named by the test.
    @Test(arguments: ["Alpha", "Beta", "Γάμμα"]) func eachCaseHasItsOwnReference(title: String) throws {
        var canvas = Scenario.Canvas(height: nil)
        canvas.width = 160
        canvas.scale = 1
        expectOutlineSnapshot(of: try Outline([NodeSpec(title: title)]), canvas: canvas)
    }

    @Test func theCommittedReferencesAreNamedAfterTheirTests() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/HelperTests").path
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") })
        #expect(
            names == [
                "aScenarioFileMatchesItsCommittedReferences.file", "anOutlineBuiltInCodeMatchesItsReference.1",
                "anOutlineBuiltInCodeMatchesItsReference.2", "eachCaseHasItsOwnReference-title.Alpha.1",
                "eachCaseHasItsOwnReference-title.Beta.1", "eachCaseHasItsOwnReference-title.--81bcb129.1",
                "testAnUnnamedXCTestAssertion.1", "testSnapshotTestingStrategy.1.png", "everyEntryPointFailsInsideSwiftTesting.one",
                "testSnapshotTestingStrategyOfAnOutline.1.png",
                "testEveryEntryPointFailsInsideXCTest.one",
            ])
    }

    /// A case's arguments name its folder one to one: spelled as they are
    /// where that loses nothing, else spelled and hashed, so that arguments
    /// that differ only by `/` and `-` (or where one argument ends) never share a folder.
    @Test func argumentsNameTheirFolderOneToOne() {
        let name = { (args: [Any]) in TestIdentity.argumentsName(args.map { ($0 as? String, String(describingForTest: $0)) }) }
        #expect(name(["App-Resources"]) == "App-Resources" && name(["Inbox", 3]) == "Inbox-3" && name([Appearance.Theme.dark]) == "dark")
        let paths = [["App/Resources"], ["App-Resources"], ["App Resources"], ["App-Resources "], ["a-b", "c"], ["a", "b-c"], ["a", "b", "c"]]
        let names = paths.map(name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names[0].hasPrefix("App-Resources--") && names.allSatisfy { Scenario.isValidName("t." + $0 + ".1") })
        #expect(name(["App/Resources"]) == names[0], "the same arguments, the same folder")
    }

    /// An XCTest's hint runs that test and no other, whether or not its
    /// class is known (the run's first test, or each one under `--parallel`).
    @Test func anXCTestsHintIsAnchored() throws {
        let known = try #require(TestIdentity.xcTestFilter(running: "NavigatorXCTests.testNavigatorDark", function: "testNavigatorDark()", module: "AppTests"))
        let first = try #require(TestIdentity.xcTestFilter(running: nil, function: "testNavigatorDark()", module: "AppTests"))
        #expect(known == "^AppTests\\.NavigatorXCTests/testNavigatorDark$")
        for pattern in [known, first] {
            let regex = try Regex(pattern)
            #expect("AppTests.NavigatorXCTests/testNavigatorDark".wholeMatch(of: regex) != nil)
            #expect("AppTests.NavigatorXCTests/testNavigatorDarkLargeText".firstMatch(of: regex) == nil, "\(pattern)")
            #expect("OtherTests.NavigatorXCTests/testNavigatorDark".firstMatch(of: regex) == nil, "\(pattern)")
        }
    }

    @Test func namesAreWrittenAsSwiftSnapshotTestingWritesThem() {
        #expect(TestIdentity.fileName("regions()") == "regions")
        #expect(TestIdentity.fileName("sizes(count:title:)") == "sizes-count-title")
        #expect(TestIdentity.fileName("`a raw name`()") == "a-raw-name")
        #expect(TestIdentity.fileName("\"Inbox\"") == "Inbox")
    }

    @Test func twoTestsThatWouldShareAReferenceAreToldBothNames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-claims-\(UUID().uuidString)").path
        let file = dir + "/Tests/AppTests/SettingsTests.swift"
        let first = TestIdentity(owner: "AppTests.A/screen()", name: "screen")
        let second = TestIdentity(owner: "AppTests.B/screen()", name: "screen")
        let a = try SnapshotLocation.claim(filePath: file, test: first, named: nil)
        #expect(a.references == dir + "/Tests/AppTests/__Snapshots__/SettingsTests/screen.1")
        let again = try SnapshotLocation.claim(filePath: file, test: first, named: nil)
        #expect(again.name == "screen.2")
        let error = #expect(throws: SharedReferenceError.self) {
            try SnapshotLocation.claim(filePath: file, test: second, named: nil)
        }
        let message = error?.localizedDescription ?? ""
        #expect(message.contains("AppTests.A/screen()") && message.contains("AppTests.B/screen()") && message.contains("named:"))
        #expect(throws: InvalidName.self) { try SnapshotLocation.claim(filePath: file, test: first, named: "../x") }
    }

    /// Pictures of a failure go under the package's `.build/unfold-artifacts`,
    /// by the references' path in the package: tests of two targets never share them.
    @Test func failurePicturesArePerTargetAndTestFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-artifacts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Tests", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir + "/Package.swift", contents: Data()))
        let one = SnapshotLocation.artifactsFolder(for: dir + "/Tests/A/__Snapshots__/T", environment: [:])
        let two = SnapshotLocation.artifactsFolder(for: dir + "/Tests/B/__Snapshots__/T", environment: [:])
        #expect(one.hasSuffix("/.build/unfold-artifacts/Tests/A/__Snapshots__/T") && two.hasSuffix("/.build/unfold-artifacts/Tests/B/__Snapshots__/T"))
        #expect(SnapshotLocation.artifactsFolder(for: dir + "/Tests/A/__Snapshots__/T", environment: ["UNFOLD_ARTIFACTS": "/out"]) == "/out/Tests/A/__Snapshots__/T")
    }

    /// Record (and fail, saying so in one line), pass, fail with three picture
    /// paths, re-record the failures; a missing reference in `never` mode writes nothing.
    @Test(.outsideCI) func theWholeRecordingCycle() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-helper-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let artifacts = dir + "/artifacts"
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        let never = checkOutlineSnapshot(scenario, snapshots: dir, record: .never, artifacts: artifacts)
        #expect(never.messages.count == 1 && never.messages[0].contains("no reference in \(dir)/helper-tiny (state-00.png, state-01.png"))
        #expect(never.messages[0].contains("UNFOLD_RECORD=missing"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/helper-tiny"))
        let recorded = checkOutlineSnapshot(scenario, snapshots: dir, record: .missing, artifacts: artifacts)
        #expect(recorded.messages == ["helper-tiny: recorded 4 references in \(dir)/helper-tiny: look at them, commit them and run the test again"])
        #expect(!checkOutlineSnapshot(scenario, snapshots: dir, record: .missing, artifacts: artifacts).failed)
        let changed = try Scenario.parse(tiny.replacingOccurrences(of: "Gamma", with: "Delta"), file: "tiny.yaml")
        let failure = checkOutlineSnapshot(changed, snapshots: dir, record: .never, artifacts: artifacts)
        let state = try #require(failure.messages.first { $0.hasPrefix("helper-tiny/state-01.png: a/Gamma renamed a/Delta; differ: ") })
        for role in ["expected", "actual", "diff"] {
            let path = artifacts + "/helper-tiny/state-01.\(role).png"
            #expect(state.contains(path) && failure.artifacts.contains(path) && FileManager.default.fileExists(atPath: path))
        }
        #expect(checkOutlineSnapshot(changed, snapshots: dir, record: .failed, artifacts: artifacts).failed)
        #expect(!checkOutlineSnapshot(changed, snapshots: dir, record: .never, artifacts: artifacts).failed)
        // A pass clears the scenario's old artifacts.
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/helper-tiny"))
    }

    /// A failing assertion records an issue that names the test's own
    /// reference folder, and attaches the pictures.
    @Test func aFailureNamesTheTestsReferenceFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-failure-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        withKnownIssue {
            expectOutlineSnapshot(scenario, record: .never, filePath: dir + "/Tests/T/MyTests.swift")
        } matching: { issue in
            "\(issue)".contains("no reference in \(dir)/Tests/T/__Snapshots__/MyTests/aFailureNamesTheTestsReferenceFolder.1")
        }
        withKnownIssue {
            expectOutlineSnapshot(ofFile: "missing.yaml", filePath: dir + "/Tests/T/MyTests.swift")
        } matching: { issue in
            "\(issue)".contains("\(dir)/Tests/T/missing.yaml: error: no such scenario file")
        }
    }

    @Test func anOutlineBuiltInCodeKeepsItsSelectionAndHandlers() throws {
        var outline = try Outline {
            OutlineNode("Inbox", id: "inbox", expanded: true) {
                OutlineNode("Today")
                OutlineNode("Later")
            }
            for n in 1 ... 2 { OutlineNode("Folder \(n)") }
        }
        outline.select(try outline.node(id: "inbox/Later"))
        outline.handlers.byNode[try outline.node(id: "Folder 1")] = ["tap": .toggleDetail]
        let scenario = Scenario(name: "code", outline: outline, steps: [.tap("Folder 1")])
        let played = try Playback(scenario)
        #expect(played.states[0].outline.selection == (try outline.node(id: "inbox/Later")))
        #expect(played.states[1].outline.rowCount == outline.rowCount + 1)  // the tap showed a detail row
    }
}

final class XCTestHelperTests: XCTestCase {
    func testAnUnnamedXCTestAssertion() throws {
        var canvas = Scenario.Canvas(height: nil)
        canvas.width = 160
        canvas.scale = 1
        XCTAssertOutlineSnapshot(of: try Outline([NodeSpec(title: "XCTest")]), canvas: canvas)
    }
}

/// A helper as test targets write them, taking Swift Testing's
/// `SourceLocation` unqualified beside `import UnfoldTesting` and `import
/// XCTest`: it compiles only while no name of UnfoldTesting shadows it.
func expectRowCount(_ outline: Outline, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(outline.rowCount == count, sourceLocation: sourceLocation)
}

/// The picture every cross-framework test compares with: "One", recorded
/// in the test's own folder; the tests then assert "Two" and an invalid step.
enum CrossFramework {
    static func outline(_ title: String) throws -> Outline {
        var outline = try Outline([NodeSpec(key: "a", title: title), NodeSpec(title: "child", parent: 0)])
        outline.expand(try outline.node(id: "a"))
        return outline
    }

    static var canvas: Scenario.Canvas {
        var canvas = Scenario.Canvas(height: nil)
        canvas.width = 160
        canvas.scale = 1
        return canvas
    }
}

@Suite struct CrossFrameworkTests {
    /// Every entry point, the XCTest names included, fails a `@Test` on a changed picture and on an invalid step.
    @Test func everyEntryPointFailsInsideSwiftTesting() throws {
        let canvas = CrossFramework.canvas
        expectRowCount(try CrossFramework.outline("One"), 2)
        withKnownIssue("recorded on a first run", isIntermittent: true) {
            assertOutlineSnapshot(of: try CrossFramework.outline("One"), named: "one", canvas: canvas, record: .missing)
        }
        let changed = try CrossFramework.outline("Two"), same = try CrossFramework.outline("One")
        // A difference says how to accept it, last.
        let differs: KnownIssueMatcher = {
            "\($0.comments)".contains("differ:")
                && "\($0.comments)".contains(
                    "accept them: UNFOLD_RECORD=failed swift test --filter '^UnfoldTestingTests\\.CrossFrameworkTests/everyEntryPointFailsInsideSwiftTesting\\(\\)/'"
                )
        }
        withKnownIssue {
            XCTAssertOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never)
        } matching: {
            differs($0)
        }
        withKnownIssue {
            expectOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never)
        } matching: {
            differs($0)
        }
        withKnownIssue {
            assertOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never)
        } matching: {
            differs($0)
        }
        let scenario = Scenario(name: "one", outline: changed, canvas: canvas)
        withKnownIssue {
            XCTAssertOutlineSnapshot(scenario, named: "one", record: .never)
        } matching: {
            differs($0)
        }
        withKnownIssue {
            expectOutlineSnapshot(scenario, named: "one", record: .never)
        } matching: {
            differs($0)
        }
        let invalid: KnownIssueMatcher = { "\($0.comments)".contains("Nope") }
        withKnownIssue {
            XCTAssertOutlineSnapshot(of: same, named: "one", canvas: canvas, steps: [.expand("Nope")], record: .never)
        } matching: {
            invalid($0)
        }
        withKnownIssue {
            assertOutlineSnapshot(of: same, named: "one", canvas: canvas, steps: [.expand("Nope")], record: .never)
        } matching: {
            invalid($0)
        }
        let missing: KnownIssueMatcher = { "\($0.comments)".contains("no-such.yaml") }
        withKnownIssue {
            XCTAssertOutlineSnapshot(ofFile: "no-such.yaml", record: .never)
        } matching: {
            missing($0)
        }
        withKnownIssue {
            assertOutlineSnapshot(ofFile: "no-such.yaml", record: .never)
        } matching: {
            missing($0)
        }
    }
}

/// A record mode set for a suite reaches every assertion in it: `.never`
/// fails where the default (`missing`, outside CI) would record.
/// Runs a test as on a developer's machine (no `CI`, no `UNFOLD_RECORD`),
/// so that the record modes its code asks for apply, in CI as anywhere.
struct OutsideCI: TestTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await ScopedRecording.$environment.withValue([:]) { try await function() }
    }
}

extension Trait where Self == OutsideCI {
    /// Runs the test without `CI` and `UNFOLD_RECORD`.
    static var outsideCI: Self { OutsideCI() }
}

/// The accept hint's `--filter` runs the failing test and no other.
@Suite struct AcceptHintTests {
    func matches(_ pattern: String, _ id: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil
    }

    @Test func theFilterNamesOneTestEvenAParameterizedOne() throws {
        let pattern = TestIdentity.swiftTestingFilter("AppTests.Settings/sizes(count:)/SettingsTests.swift:12:6")
        #expect(pattern == "^AppTests\\.Settings/sizes\\(count:\\)/")
        #expect(try matches(pattern, "AppTests.Settings/sizes(count:)/SettingsTests.swift:12:6"))
        for other in ["AppTests.Settings/sizesAgain(count:)/SettingsTests.swift:20:6", "OtherTests.AppTests.Settings/sizes(count:)/A.swift:1:1"] {
            #expect(try !matches(pattern, other), "\(other)")
        }
    }
}

/// A font file set in code by a relative path is found beside the test file.
@Test func fontsSetInCodeAreFoundBesideTheTestFile() throws {
    var scenario = Scenario(name: "font", outline: try Outline { OutlineNode("Brand") })
    scenario.fonts = [Scenario.FontFile(path: "Fonts/Brand.ttf"), Scenario.FontFile(path: "/abs/Brand.ttf")]
    let located = scenario.withFontsBeside(testFile: "/p/Tests/AppTests/BrandTests.swift")
    #expect(located.fonts.map(\.path) == ["/p/Tests/AppTests/Fonts/Brand.ttf", "/abs/Brand.ttf"])
}

/// Attachments of a run's tests stay apart: each is named by its test's folder.
@Test func attachmentsAreNamedByTheirTestsFolder() {
    let base = "/p/.build/unfold-artifacts/Tests/AppTests/__Snapshots__/SettingsTests"
    #expect(TestFailure.attachmentName(base + "/screen.1/state-00.expected.png", under: base) == "screen.1.state-00.expected.png")
    #expect(
        TestFailure.attachmentName(base + "/screen-case.Inbox.1/strip/step-01-frame-02.diff.png", under: base)
            == "screen-case.Inbox.1.strip.step-01-frame-02.diff.png")
    #expect(TestFailure.attachmentName("/elsewhere/state-00.actual.png", under: base) == "state-00.actual.png")
}

/// In CI nothing is recorded unless `UNFOLD_RECORD` says so, whatever the code asks.
@Suite struct RecordPrecedenceTests {
    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("unfold-ci-\(UUID().uuidString)").path
    }

    @Test func recordAllUnderCIWritesNothing() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = Scenario(name: "ci", outline: try CrossFramework.outline("One"), canvas: CrossFramework.canvas)
        let check = ScopedRecording.$environment.withValue(["CI": "true"]) {
            withOutlineSnapshotRecording(.all) {
                checkOutlineSnapshot(scenario, snapshots: dir, record: .all, artifacts: dir + "/artifacts")
            }
        }
        #expect(check.failed && check.messages[0].contains("no reference in"), "\(check.messages)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/ci"))
        // The person who runs CI can say otherwise.
        let told = ScopedRecording.$environment.withValue(["CI": "true", "UNFOLD_RECORD": "missing"]) {
            checkOutlineSnapshot(scenario, snapshots: dir, record: .never, artifacts: dir + "/artifacts")
        }
        #expect(told.messages.first?.contains("recorded 2 references") == true, "\(told.messages)")
    }

    @Test func theRuleInOrder() throws {
        let ci = ["CI": "1"], none: [String: String] = [:]
        #expect(try RecordMode.forAssertion(requested: .all, environment: ci) == .never)
        #expect(try RecordMode.forAssertion(requested: .all, environment: ci.merging(["UNFOLD_RECORD": "failed"]) { a, _ in a }) == .failed)
        #expect(try RecordMode.forAssertion(requested: .all, environment: ["UNFOLD_RECORD": "never"]) == .never)
        #expect(try RecordMode.forAssertion(requested: .failed, environment: none) == .failed)
        #expect(try RecordMode.forAssertion(requested: nil, environment: none) == .missing)
        #expect(try RecordMode.forAssertion(requested: nil, environment: ["CI": "false"]) == .missing)
        // The command line's --record is the person's own word.
        #expect(try RecordMode.resolve(.all, environment: ci) == .all)
        #expect(try RecordMode.resolve(nil, environment: ci) == .never)
    }
}

@Suite(.outlineSnapshots(record: .never)) struct ScopedRecordingTests {
    @Test func theSuitesRecordModeIsTheAssertions() throws {
        let outline = try CrossFramework.outline("Scoped")
        withKnownIssue {
            assertOutlineSnapshot(of: outline, named: "never-recorded", canvas: CrossFramework.canvas)
        } matching: {
            "\($0.comments)".contains("the record mode is never")
        }
        // A scope inside the test says otherwise, and the assertion's own `record:` comes first.
        withOutlineSnapshotRecording(.all) {
            withKnownIssue {
                assertOutlineSnapshot(of: outline, named: "never-recorded", canvas: CrossFramework.canvas, record: .never)
            } matching: {
                "\($0.comments)".contains("the record mode is never")
            }
        }
    }
}

@Suite struct SnapshotCheckTests {
    /// A state that changes is told once: the strip and the updates that change with it are one line after it.
    @Test(.outsideCI) func aChangedStateIsToldOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-once-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = { (title: String) in
            Scenario(name: "once", outline: try CrossFramework.outline(title), canvas: CrossFramework.canvas, steps: [.collapse("a")])
        }
        _ = checkOutlineSnapshot(try scenario("One"), snapshots: folder, record: .missing, artifacts: folder + "/artifacts")
        let check = checkOutlineSnapshot(try scenario("Two"), snapshots: folder, record: .never, artifacts: folder + "/artifacts")
        #expect(check.messages.count == 3, "\(check.messages)")
        #expect(check.messages.last == "once: strip.png and updates.json changed with the states above")
        // Told by the states, and attached with them.
        #expect(check.artifacts.contains { $0.hasSuffix("/strip.diff.png") })
    }

    /// A picture taller than a page is told, without failing the test.
    @Test(.outsideCI) func aTallPictureIsAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-tall-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outline = try Outline((0 ..< 120).map { NodeSpec(title: "Row \($0)") })
        let check = checkOutlineSnapshot(Scenario(name: "tall", outline: outline), snapshots: folder, record: .missing, artifacts: folder + "/artifacts")
        #expect(check.warnings.count == 1 && check.warnings[0].contains("taller than 8000"), "\(check.warnings)")
    }
}

/// An XCTestCase that keeps its failures to look at, instead of failing.
final class CrossFrameworkXCTests: XCTestCase {
    private var captured: [String]?

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// What `body` failed with, one description per failure (kept, not failing the test).
    private func failures(of body: () -> Void) -> [String] {
        captured = []
        body()
        defer { captured = nil }
        return captured ?? []
    }

    /// Every entry point, the Swift Testing names included, fails an XCTest on a changed picture and on an invalid step.
    func testEveryEntryPointFailsInsideXCTest() throws {
        let canvas = CrossFramework.canvas
        let changed = try CrossFramework.outline("Two"), same = try CrossFramework.outline("One")
        _ = failures(of: { assertOutlineSnapshot(of: same, named: "one", canvas: canvas, record: .missing) })
        let scenario = Scenario(name: "one", outline: changed, canvas: canvas)
        let differing: [(String, () -> Void)] = [
            ("expect of:", { expectOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never) }),
            ("expect scenario", { expectOutlineSnapshot(scenario, named: "one", record: .never) }),
            ("assert of:", { assertOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never) }),
            ("XCTAssert of:", { XCTAssertOutlineSnapshot(of: changed, named: "one", canvas: canvas, record: .never) }),
        ]
        for (name, body) in differing {
            let found = failures(of: body)
            if found.count != 1 || !found[0].contains("differ:") { XCTFail("\(name): \(found)") }
        }
        let invalid = failures(of: { expectOutlineSnapshot(of: same, named: "one", canvas: canvas, steps: [.expand("Nope")], record: .never) })
        if invalid.count != 1 || !invalid[0].contains("Nope") { XCTFail("invalid step: \(invalid)") }
        let missing = failures(of: { expectOutlineSnapshot(ofFile: "no-such.yaml", record: .never) })
        if missing.count != 1 || !missing[0].contains("no-such.yaml") { XCTFail("missing file: \(missing)") }
    }
}

#if SnapshotTesting
import UnfoldSnapshotTesting

final class SnapshotTestingStrategyTests: XCTestCase {
    func testSnapshotTestingStrategy() throws {
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        assertSnapshot(of: scenario, as: .outline, record: false)
    }

    /// An outline built in code, through the same strategy.
    func testSnapshotTestingStrategyOfAnOutline() throws {
        var outline = try Outline([NodeSpec(key: "a", title: "Alpha"), NodeSpec(title: "Beta", parent: 0)])
        outline.expand(try outline.node(id: "a"))
        var canvas = Scenario.Canvas(height: nil)
        canvas.width = 220
        canvas.scale = 1
        assertSnapshot(of: outline, as: .outline(canvas: canvas))
    }
}

@Suite struct SnapshotTestingStrategyFailures {
    /// A failure names the expected, actual and diff pictures, written next
    /// to each other under the test's name, beside the pictures of the
    /// assertions of the same test file (the report's folder).
    @Test func aFailureWritesAndNamesItsThreePictures() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-strategy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = try Scenario.parse(tiny, file: "tiny.yaml")
        _ = verifySnapshot(of: scenario, as: .outline, named: "tiny", record: true, snapshotDirectory: dir)
        let changed = try Scenario.parse(tiny.replacingOccurrences(of: "Gamma", with: "Delta"), file: "tiny.yaml")
        let message = try #require(verifySnapshot(of: changed, as: .outline, named: "tiny", record: false, snapshotDirectory: dir))
        // Said in the words of the other assertions: the row first, then the pixels.
        let words = try #require(message.range(of: "state 1: a/Gamma renamed a/Delta; differ: "), "\(message)")
        let pixels = try #require(message.range(of: "different pixels"))
        #expect(words.upperBound < pixels.lowerBound)
        for role in ["expected", "actual", "diff"] {
            let path = try #require(message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasSuffix(".\(role).png") })
            #expect(path.hasSuffix("/Tests/UnfoldTestingTests/__Snapshots__/HelperTests/aFailureWritesAndNamesItsThreePictures.1.\(role).png"))
            #expect(!path.hasPrefix(FileManager.default.temporaryDirectory.path))
            #expect((try? PNG.decode([UInt8](FileManager.default.contents(atPath: path) ?? Data()))) != nil)
        }
    }
}
#endif

/// A strip that changed with its states is told by the states' lines, and
/// its pictures are attached with theirs.
@Suite struct FailingStripTests {
    @Test func aStripThatChangedWithItsStatesIsAttachedToo() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-strip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: package) }
        try FileManager.default.createDirectory(atPath: package + "/Tests/T/__Snapshots__/T", withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        var location = SnapshotLocation(snapshots: package + "/Tests/T/__Snapshots__/T", name: "t.1", environment: ["UNFOLD_ARTIFACTS": package + "/artifacts"])
        location.test = "T.t"
        let scenario = { (title: String) in
            Scenario(name: "t", outline: try Outline { OutlineNode(title, id: "a", expanded: true) { OutlineNode("child") } }, steps: [.collapse("a")])
        }
        let (alpha, alpine) = (try scenario("Alpha"), try scenario("Alpine"))
        let recorded = ScopedRecording.$environment.withValue([:]) {
            checkOutlineSnapshot(alpha, at: location, record: .missing, diff: DiffOptions())
        }
        #expect(recorded.messages.count == 1 && recorded.messages[0].contains("recorded 4 references"))
        let changed = ScopedRecording.$environment.withValue(["CI": "true"]) {
            checkOutlineSnapshot(alpine, at: location, record: nil, diff: DiffOptions())
        }
        #expect(changed.failed && !changed.messages.contains { $0.hasPrefix("t.1/strip.png") })
        for picture in ["strip.expected.png", "strip.actual.png", "strip.diff.png", "state-00.diff.png"] {
            #expect(changed.artifacts.contains { $0.hasSuffix("/t.1/" + picture) }, "\(picture): \(changed.artifacts)")
        }
    }
}

/// When the run's report cannot be written, a failing test says so, and
/// how to accept without it, instead of leaving its accept hint out unsaid.
@Suite struct UnwrittenReportTests {
    @Test func aReportThatCannotBeWrittenIsSaid() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-unwritten-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: package) }
        try FileManager.default.createDirectory(atPath: package + "/Tests/T/__Snapshots__/T", withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        // The report's folder is a file: nothing can be written there.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: package + "/blocked"))
        var location = SnapshotLocation(snapshots: package + "/Tests/T/__Snapshots__/T", name: "t.1", environment: ["UNFOLD_ARTIFACTS": package + "/blocked"])
        location.test = "T.t"
        // The failure's pictures can be written (a run with CI set fails the missing reference and writes them); the report cannot.
        location.artifacts = package + "/artifacts"
        let scenario = Scenario(name: "t", outline: try Outline { OutlineNode("A") })
        let recorded = checkOutlineSnapshot(scenario, at: location, record: .missing, diff: DiffOptions())
        #expect(recorded.failed && recorded.acceptCommand == nil)
        #expect(recorded.warnings.contains { $0.contains("the run's report in \(package)/blocked was not written") }, "\(recorded.warnings)")
    }
}
