import Foundation

// The one assertion, for Swift Testing and XCTest alike: it reports through
// whichever framework runs the test (`TestFailure`). `expectOutlineSnapshot`
// and `XCTAssertOutlineSnapshot` are the same assertion under the names each
// framework's users know.

/// Asserts that an outline built in code (in its current state, with
/// everything set on it: selection, checks, focus, hover, drop target,
/// highlights and event handlers), and the states after `steps`, look as
/// their references do. Works in a `@Test` and in an `XCTestCase` alike.
///
///     @Test func inbox() throws {
///         var outline = try Outline { OutlineNode("Inbox") { OutlineNode("Today") } }
///         outline.expand(try outline.node(id: "Inbox"))
///         assertOutlineSnapshot(of: outline, steps: [.collapse("Inbox")])
///     }
///
/// The references are in `__Snapshots__/<test file>/<test>.<n>/` beside the
/// test file (`<n>` counts the test's unnamed assertions), or
/// `<test>.<named>/`; a case of a parameterized test adds its arguments.
/// The canvas fits the outline's rows unless `canvas` says otherwise. A
/// failure names (and in Swift Testing attaches) the expected, actual and
/// diff pictures, and says how to accept the new pictures.
public func assertOutlineSnapshot(
    of outline: Outline, named name: String? = nil, canvas: Scenario.Canvas = Scenario.Canvas(height: nil),
    style: Scenario.Style = Scenario.Style(), kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [],
    record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) {
        Scenario(name: name ?? "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
    }
}

/// Asserts that a scenario file looks as its references do; `scenarioPath`
/// is relative to the test file (or absolute). Works in a `@Test` and in an
/// `XCTestCase` alike; references are named after the test as for
/// `assertOutlineSnapshot(of:)`.
///
///     @Test func regions() { assertOutlineSnapshot(ofFile: "regions.yaml") }
public func assertOutlineSnapshot(
    ofFile scenarioPath: String, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    assertSnapshot(scenarioFile: scenarioPath, named: name, record: record, diff: diff, testName: testName, site: site)
}

/// Asserts that a scenario value (loaded or built) looks as its references
/// do. Works in a `@Test` and in an `XCTestCase` alike. References stored
/// before under the scenario's name (`__Snapshots__/<scenario name>/`) are
/// used while they exist.
///
///     func testRegions() throws {
///         assertOutlineSnapshot(try Scenario.load(path: "regions.yaml", besideTest: #filePath))
///     }
public func assertOutlineSnapshot(
    _ scenario: Scenario, named name: String? = nil, record: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) { scenario }
}

/// The scenario file `scenarioPath` beside the test, asserted (an unreadable file fails the test).
func assertSnapshot(scenarioFile scenarioPath: String, named name: String?, record: RecordMode?, diff: DiffOptions, testName: String, site: AssertionSite) {
    let scenario: Scenario
    do { scenario = try Scenario.load(path: scenarioPath, besideTest: site.testFile) } catch {
        TestFailure.report("\(error)", at: site)
        return
    }
    assertSnapshot(named: name, record: record, diff: diff, testName: testName, site: site) { scenario }
}

/// Claims the test's reference folder, checks the scenario, and reports a
/// failure (or an error making the scenario) through the running framework.
func assertSnapshot(
    named name: String?, record: RecordMode?, diff: DiffOptions, testName: String, site: AssertionSite,
    _ scenario: () throws -> Scenario
) {
    let filePath = site.testFile
    do {
        let scenario = try scenario().withFontsBeside(testFile: filePath)
        let module = "\(site.fileID)".split(separator: "/").first.map(String.init)
        let test = TestIdentity.current(function: testName, filePath: filePath, module: module)
        let location = try SnapshotLocation.claim(filePath: filePath, test: test, named: name)
        let check = checkOutlineSnapshot(scenario, at: location, record: record, diff: diff)
        for warning in check.warnings { TestFailure.warn(warning, at: site) }
        guard check.failed else { return }
        var message = check.messages.joined(separator: "\n")
        if check.differences > 0 {
            let filter = test.filter.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" } ?? test.name
            message += "\nIf the new pictures are right, accept them: UNFOLD_RECORD=failed swift test --filter \(filter)"
            if let accept = check.acceptCommand { message += ", or from the package's folder: \(accept)" }
        }
        TestFailure.report(message, attachments: check.artifacts, under: location.artifacts, at: site)
    } catch {
        TestFailure.report("\(error)", at: site)
    }
}

extension Scenario {
    /// The scenario with every font file set in code by a relative path
    /// found beside `testFile`, as the assertions' scenario paths are (a
    /// scenario file's fonts are already found beside that file). O(fonts).
    package func withFontsBeside(testFile: String) -> Scenario {
        var copy = self
        let folder = (testFile as NSString).deletingLastPathComponent
        copy.fonts = fonts.map { font in
            guard font.location.line == 0, !font.path.hasPrefix("/") else { return font }
            var beside = font
            beside.path = folder + "/" + font.path
            return beside
        }
        return copy
    }
}
