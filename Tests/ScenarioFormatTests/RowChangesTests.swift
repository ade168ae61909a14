import OutlineEngine
import Testing

@testable import ScenarioFormat

/// What a failing snapshot says before it counts pixels, from the rows of two recordings.
@Suite struct RowChangesTests {
    /// A "files to sync" tree: two folders, one open, checks on some files.
    func record(_ tree: String, steps: String = "[]") throws -> UpdatesRecord {
        let scenario = try Scenario.parse(
            """
            name: sync
            tree:
            \(tree)
            steps: \(steps)
            """, file: "sync.yaml")
        return UpdatesRecord(try Playback(scenario))
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
        for s in old.states.indices { for r in old.states[s].rows.indices { old.states[s].rows[r].title = nil } }
        let parsed = try UpdatesRecord(json: Array(old.json().utf8))
        #expect(RowChanges(expected: parsed, actual: before).states == [[]])
    }
}
