import Foundation
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldSupport

@testable import UnfoldRender

/// The `updates.json` a render of `scenario` writes, read back.
func updatesRecord(_ scenario: Scenario) throws -> UpdatesRecord {
    var options = RenderOptions(fonts: fontFiles)
    options.outputs = [.updates]
    let files = try ScenarioRenderer.render(scenario, options: options).files
    return try UpdatesRecord(json: try #require(files.first { $0.path == FileNames.updates }).bytes)
}

/// What a failing snapshot says before it counts pixels, from the rows of two recordings.
@Suite struct RowChangesTests {
    /// A "files to sync" tree: two folders, one open, checks on some files.
    func record(_ tree: String, steps: String = "[]", style: String = "{}", kinds: String = "{}") throws -> UpdatesRecord {
        let scenario = try Scenario.parse(
            """
            name: sync
            style: \(style)
            kinds: \(kinds)
            tree:
            \(tree)
            steps: \(steps)
            """, file: "sync.yaml")
        return try updatesRecord(scenario)
    }

    let tree = """
          - { title: Documents, expanded: true, children: [ { title: Notes.md }, { title: Report.pdf, checked: true } ] }
          - { title: Projects, children: [ { title: README.md } ] }
        """

    @Test func aChangedModelIsToldRowByRow() throws {
        let before = try record(tree)
        let after = try record(
            """
              - { title: Documents, expanded: true, children: [ { title: Letter.pdf }, { id: Notes.md, title: Meeting Notes.md }, { title: Report.pdf } ] }
              - { title: Projects, children: [ { title: README.md, checked: true } ] }
            """)
        let changes = RowChanges(expected: before, actual: after)
        #expect(
            changes.states == [
                [
                    "inserted Documents/Letter.pdf at row 2", "Documents unchecked",
                    "\"Notes.md\" renamed \"Meeting Notes.md\" (Documents/Notes.md)", "Documents/Report.pdf unchecked", "Projects checked",
                ]
            ])
        #expect(changes.line(state: 0)?.hasPrefix("inserted Documents/Letter.pdf at row 2, ") == true)
        #expect(RowChanges(expected: before, actual: before).isEmpty)
    }

    @Test func aRenamedFileIsARenameNotAnInsertAndARemove() throws {
        let before = try record(tree)
        let after = try record(tree.replacingOccurrences(of: "Notes.md", with: "Minutes.md"))
        #expect(RowChanges(expected: before, actual: after).states == [["Documents/Notes.md renamed Documents/Minutes.md"]])
    }

    @Test func rowsThatComeWithAnOpenedFolderAreToldByIt() throws {
        let before = try record(tree)
        let after = try record(tree, steps: "[ {expand: Projects}, {collapse: Documents} ]")
        // Two more states, each told by the folder that opened or closed.
        let changes = RowChanges(expected: before, actual: after)
        #expect(changes.steps == ["step 1 \"expand Projects\" is new", "step 2 \"collapse Documents\" is new"])
        let moved = try record(tree, steps: "[ {move: {node: Projects, index: 0}} ]")
        let kept = try record(tree, steps: "[ {move: {node: Projects, index: 1}} ]")
        #expect(RowChanges(expected: moved, actual: kept).line(state: 1) == "Projects moved from row 1 to row 4")
        let closed = try record(tree.replacingOccurrences(of: "expanded: true, ", with: ""))
        #expect(RowChanges(expected: before, actual: closed).states == [["Documents closed"]])
    }

    @Test func selectionFocusAndTheDropPlaceAreTold() throws {
        let plain = try record(tree, steps: "[ {select: Documents/Notes.md} ]")
        let other = try record(tree, steps: "[ {select: Documents/Report.pdf} ]")
        #expect(
            RowChanges(expected: plain, actual: other).line(state: 1)
                == "Documents/Notes.md deselected, Documents/Report.pdf selected")
        let focus = try record(tree, steps: "[ {focus: Projects} ]")
        let none = try record(tree, steps: "[ {focus: Documents} ]")
        #expect(RowChanges(expected: focus, actual: none).line(state: 1) == "Documents focused, Projects no longer focused")
    }

    @Test func statesThatChangedAlikeAreToldTogether() throws {
        let steps = "[ {collapse: Documents}, {expand: Documents} ]"
        let before = try record(tree, steps: steps)
        let after = try record(tree.replacingOccurrences(of: "{ title: Notes.md }", with: "{ id: Notes.md, title: Minutes.md }"), steps: steps)
        #expect(RowChanges(expected: before, actual: after).summary == "states 0, 2: \"Notes.md\" renamed \"Minutes.md\" (Documents/Notes.md)")
    }

    @Test func aLongListIsCut() throws {
        let many = (0 ..< 10).map { "  - { title: n\($0) }" }.joined(separator: "\n")
        let before = try record(many)
        let after = try record(many.replacingOccurrences(of: "n", with: "m"))
        let line = try #require(RowChanges(expected: before, actual: after).line(state: 0))
        #expect(line.hasSuffix(" and 4 more changes"), "\(line)")
    }

    @Test func aRecordFromBeforeTitlesWereKeptComparesWithoutThem() throws {
        let before = try record(tree)
        var old = before
        for s in old.states.indices { for r in old.states[s].rows.indices { old.states[s].rows[r].values.removeAll { $0.trait == 0 } } }
        let parsed = try UpdatesRecord(json: Array(old.json().utf8))
        #expect(RowChanges(expected: parsed, actual: before).states == [[]])
    }

    @Test func aRecordOfAnEarlierVersionIsComparedByWhatItKnows() throws {
        // Version 1 kept ids, titles, depth, detail, expansion and the selection states: no heights, icons or notes.
        let old = """
            [
              {"step": "initial", "rowsBefore": 0, "rowsAfter": 1, "deleted": [], "inserted": [0], "changed": [],
               "rows": [
                {"id": "Documents", "title": "Documents", "depth": 0, "detail": false, "expanded": null, "selected": true}
               ]}
            ]
            """
        let parsed = try UpdatesRecord(json: Array(old.utf8))
        #expect(parsed.version == 1)
        let now = try record("  - { title: Documents, icon: folder, annotation: M }")
        #expect(now.version == RowTrait.recordVersion)
        #expect(RowChanges(expected: parsed, actual: now).states == [["Documents deselected"]])
    }

    /// Every trait of the registry, changed on its own, is told in its own words.
    @Test func everyTraitThatChangesIsToldInItsWords() throws {
        let file = "{ title: App.swift, subtitle: main target, annotation: M, icon: swift, kind: file, detail: true, detailText: a1b2c3d First }"
        let kinds = "{ file: { height: 24, detail: { height: 30 } }, big: { height: 28, detail: { height: 30 } } }"
        let base = try record("  - \(file)", kinds: kinds)
        let cases: [(String, String)] = [
            (file.replacingOccurrences(of: "annotation: M", with: "annotation: A"), "App.swift note \"M\" → \"A\""),
            (file.replacingOccurrences(of: "main target", with: "test target"), "App.swift subtitle \"main target\" → \"test target\""),
            (file.replacingOccurrences(of: "icon: swift", with: "icon: json"), "App.swift icon swift → json"),
            (
                file.replacingOccurrences(of: "a1b2c3d First", with: "e4f5a6b Restore window state"),
                "the detail row of App.swift now reads \"e4f5a6b Restore window state\""
            ),
            (file.replacingOccurrences(of: "kind: file", with: "kind: big"), "App.swift kind file → big, App.swift 24 → 28 pt tall"),
            (file.replacingOccurrences(of: "annotation: M", with: "annotation: '**M**'"), "App.swift note \"M\" → \"**M**\""),
        ]
        for (changed, words) in cases {
            let after = try record("  - \(changed)", kinds: kinds)
            #expect(RowChanges(expected: base, actual: after).line(state: 0) == words, "\(changed)")
        }
    }

    @Test func rowsThatAllGrowAreToldOnce() throws {
        let before = try record(tree, style: "{ rowHeight: 24 }")
        let after = try record(tree, style: "{ rowHeight: 28 }")
        #expect(RowChanges(expected: before, actual: after).states == [["rows 24 → 28 pt tall"]])
    }

    @Test func loadingIsToldAsLoadingNotAsARename() throws {
        let loaded = "  - { title: Tests, expanded: true, children: [ { title: NavigatorTests.swift } ] }"
        let loading = "  - { title: Tests, expanded: true, loading: true }"
        #expect(RowChanges(expected: try record(loaded), actual: try record(loading)).states == [["Tests is loading"]])
        #expect(
            RowChanges(expected: try record(loading), actual: try record(loaded)).states
                == [["Tests finished loading: inserted NavigatorTests.swift"]])
        // A step ends the loading as an insert under the node does.
        let steps = try record(loading, steps: "[ {insert: {parent: Tests, node: {title: NavigatorTests.swift}}} ]")
        #expect(steps.states[1].rows.map(\.id) == ["Tests", "Tests/NavigatorTests.swift"])
        #expect(steps.states[1].deleted == [1] && steps.states[1].inserted == [1])
        #expect(RowChanges(expected: try record(loading, steps: "[ {loaded: Tests} ]"), actual: steps).line(state: 1) != nil)
    }

    @Test func aChildCountIsToldWhereNoRowsShowIt() throws {
        let after = try record(tree.replacingOccurrences(of: "{ title: README.md }", with: "{ title: README.md }, { title: LICENSE }"))
        #expect(RowChanges(expected: try record(tree), actual: after).states == [["Projects has 2 children now (was 1)"]])
    }

    @Test func updatesJSONIsValidJSONWithTheDocumentedFields() throws {
        let scenario = try Scenario.load(path: examplesPath("regions.yaml"))
        let json = try updatesRecord(scenario).json()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == scenario.steps.count + 1)
        #expect(Set(parsed[0].keys) == ["step", "rowsBefore", "rowsAfter", "deleted", "inserted", "changed", "rows"])
        let row = try #require((parsed[0]["rows"] as? [[String: Any]])?.first)
        #expect(Set(row.keys).isSuperset(of: ["id", "depth", "detail", "title", "height"]))
        // Re-expanding 河北省 (step 5) restores 石家庄市 and 长安区 open: six rows, not two.
        #expect(parsed[5]["inserted"] as? [Int] == [1, 2, 3, 4, 5, 6])
        #expect(try UpdatesRecord(json: Array(json.utf8)).json() == json)
    }
}

func examplesPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").appendingPathComponent(name).path
}

/// Work a scenario asks for is bounded before anything is drawn: the rows
/// its states show together (what `updates.json` records), and the pixels a
/// render draws, whatever its outputs.
@Suite struct RenderBoundsTests {
    @Test func theRowsTheStatesShowAreBoundedByStep() throws {
        let rows = (0 ..< 2000).map { "  - { title: n\($0) }" }.joined(separator: "\n")
        let steps = (0 ..< 3000).map { "  - select: n\($0 % 2000)" }.joined(separator: "\n")
        let scenario = try Scenario.parse("name: many\ntree:\n\(rows)\nsteps:\n\(steps)\n", file: "many.yaml")
        do {
            _ = try Playback(scenario)
            Issue.record("played 3000 steps of 2000 rows")
        } catch {
            #expect(error.line == 2503 && error.message.hasPrefix("by step 500 of 3000, the states show 1002000 rows together"), "\(error)")
        }
    }

    @Test func updatesJSONIsWrittenAStateAtATimeAsTheWholeRecordWouldBe() throws {
        let scenario = try Scenario.parse(
            """
            name: parts
            tree: [ { id: a, title: A, children: [ { title: "B \\u2028 \\"quoted\\"" }, { title: C, checked: true } ] }, { title: D } ]
            steps: [ { expand: a }, { select: a/C }, { collapse: a } ]
            """, file: "parts.yaml")
        let scratch = try TemporaryFolder()
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.updates]
        _ = try ScenarioRenderer.render(scenario, options: options, writingTo: scratch.path)
        let written = try #require(FileManager.default.contents(atPath: scratch.path + "/parts/" + FileNames.updates))
        let record = try updatesRecord(scenario)
        #expect(Array(written) == Array(record.json().utf8))
        #expect(record.states.count == 4 && record.states[1].rows.count == 4)
    }

    @Test func thePixelsARenderDrawsAreBoundedWhateverItsOutputs() throws {
        let steps = (0 ..< 2000).map { _ in "  - toggle: a" }.joined(separator: "\n")
        let scenario = try Scenario.parse(
            "name: long\ncanvas: { width: 1000, height: 1000, scale: 3 }\ntree: [ { id: a, title: A, children: [ { title: B } ] } ]\n"
                + "steps:\n\(steps)\nanimation: { frames: 120 }\n", file: "long.yaml")
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.frames]
        do {
            _ = try ScenarioRenderer.render(scenario, options: options)
            Issue.record("drew 240,001 pictures")
        } catch {
            #expect("\(error)".hasPrefix("this render draws 240001 pictures of 3000x3000 pixels") && !"\(error)".contains("--outputs"), "\(error)")
        }
    }
}

/// The finer points of telling changes: a height told of some rows says
/// how many; a row that gains its first child is told once; a record's
/// version and its numbers are read as written.
@Suite struct RowChangesDetailTests {
    func record(_ tree: String, kinds: String = "{}") throws -> UpdatesRecord {
        try updatesRecord(try Scenario.parse("name: d\nkinds: \(kinds)\ntree:\n\(tree)\n", file: "d.yaml"))
    }

    @Test func someRowsOfAHeightAreCounted() throws {
        let tree = "  - { title: A, kind: k }\n  - { title: B, kind: k }\n  - { title: C }"
        let before = try record(tree, kinds: "{ k: { height: 24 } }")
        let after = try record(tree, kinds: "{ k: { height: 28 } }")
        #expect(RowChanges(expected: before, actual: after).states == [["2 rows 24 → 28 pt tall"]])
    }

    @Test func aFirstChildIsToldOnce() throws {
        let before = try record("  - { title: A }")
        let after = try record("  - { title: A, children: [ { title: B } ] }")
        #expect(RowChanges(expected: before, actual: after).states == [["A has children now"]])
    }

    @Test func aRecordIsReadAsWritten() throws {
        let empty = try record("  - { title: A }")
        var none = empty
        for i in none.states.indices { none.states[i].rows = [] }
        #expect(try UpdatesRecord(json: Array(none.json().utf8)) == none)
        let tall = try record("  - { title: A }")
        var json = tall.json().replacingOccurrences(of: "\"height\": 44", with: "\"height\": 250000")
        #expect(try UpdatesRecord(json: Array(json.utf8)).json() == json)
        json = tall.json().replacingOccurrences(of: "\"title\": \"A\"", with: "\"title\": \"A\", \"children\": 1.5")
        #expect(throws: UpdatesRecord.Unreadable.self) { try UpdatesRecord(json: Array(json.utf8)) }
    }
}
