import Foundation
import OutlineAppearance
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot
import UnfoldTestSupport

/// Every trait of the row vocabulary (`RowTrait.all`) in every look, light
/// and dark: set in a scenario file and in Swift alike (the same rows
/// recorded), changed, it fails a snapshot with words that name the row and
/// the trait (in the pictures, or where the look hides it in
/// `updates.json`), and accepting the change makes the check pass again.
@Suite struct RowTraitTests {
    /// How one trait is set and changed, in a file and in Swift.
    struct Change: Sendable {
        /// The node under `src` that shows the trait, before and after (YAML flow mappings).
        var yaml: @Sendable (_ changed: Bool) -> String
        /// The same node built in Swift.
        var swift: @Sendable (_ changed: Bool) -> OutlineNode
        /// The scenario's steps (YAML) and the same in Swift.
        var steps: @Sendable (_ changed: Bool) -> (yaml: String, swift: [Step.Action]) = { _ in ("[]", []) }
        /// The style's row height, before and after.
        var rowHeight: @Sendable (_ changed: Bool) -> Int = { _ in 30 }
        /// What the failure says.
        var words: String
    }

    /// One change per trait, by the trait's key in `updates.json`.
    static let changes: [String: Change] = [
        "title": Change(
            yaml: { "{ id: app, title: \($0 ? "Main.swift" : "App.swift") }" }, swift: { OutlineNode($0 ? "Main.swift" : "App.swift", id: "app") },
            words: "\"App.swift\" renamed \"Main.swift\" (src/app)"),
        "text": Change(
            yaml: { "{ title: App.swift, detail: true, detailText: \($0 ? "e4f5a6b Restore window state" : "a1b2c3d First") }" },
            swift: { OutlineNode("App.swift", detailText: $0 ? "e4f5a6b Restore window state" : "a1b2c3d First") },
            words: "the detail row of src/App.swift now reads \"e4f5a6b Restore window state\""),
        "kind": Change(
            yaml: { "{ title: App.swift, kind: \($0 ? "tall" : "file") }" }, swift: { OutlineNode("App.swift", kind: $0 ? "tall" : "file") },
            words: "src/App.swift kind file → tall"),
        "icon": Change(
            yaml: { "{ title: App.swift, icon: \($0 ? "json" : "swift") }" }, swift: { OutlineNode("App.swift", icon: $0 ? "json" : "swift") },
            words: "src/App.swift icon swift → json"),
        "subtitle": Change(
            yaml: { "{ title: App.swift, subtitle: \($0 ? "test target" : "main target") }" },
            swift: { OutlineNode("App.swift", subtitle: $0 ? "test target" : "main target") },
            words: "src/App.swift subtitle \"main target\" → \"test target\""),
        "note": Change(
            yaml: { "{ title: App.swift, annotation: \($0 ? "A" : "M") }" }, swift: { OutlineNode("App.swift", annotation: $0 ? "A" : "M") },
            words: "src/App.swift note \"M\" → \"A\""),
        "height": Change(
            yaml: { _ in "{ title: App.swift }" }, swift: { _ in OutlineNode("App.swift") }, rowHeight: { $0 ? 28 : 24 },
            words: "rows 24 → 28 pt tall"),
        "expanded": Change(
            yaml: { "{ title: Views, expanded: \($0), children: [ { title: List.swift } ] }" },
            swift: { OutlineNode("Views", expanded: $0) { OutlineNode("List.swift") } }, words: "src/Views opened"),
        "loading": Change(
            yaml: { $0 ? "{ title: Tests, expanded: true, children: [ { title: T.swift } ] }" : "{ title: Tests, expanded: true, loading: true }" },
            swift: { $0 ? OutlineNode("Tests", expanded: true) { OutlineNode("T.swift") } : OutlineNode("Tests", expanded: true, loading: true) },
            words: "src/Tests finished loading: inserted T.swift"),
        "children": Change(
            yaml: { "{ title: Lib, children: [ { title: a.swift }\($0 ? ", { title: b.swift }" : "") ] }" },
            swift: { changed in
                OutlineNode("Lib") {
                    OutlineNode("a.swift")
                    if changed { OutlineNode("b.swift") }
                }
            }, words: "src/Lib has 2 children now (was 1)"),
        "check": Change(
            yaml: { "{ title: App.swift, checked: \($0) }" }, swift: { OutlineNode("App.swift", checked: $0) }, words: "src/App.swift checked"),
        "selected": Change(
            yaml: { _ in "{ title: App.swift }" }, swift: { _ in OutlineNode("App.swift") },
            steps: { $0 ? ("[ {select: src/App.swift} ]", [.select("src/App.swift")]) : ("[ {select: src/Other.swift} ]", [.select("src/Other.swift")]) },
            words: "src/App.swift selected"),
        "highlighted": Change(
            yaml: { "{ title: App.swift, highlighted: \($0) }" }, swift: { OutlineNode("App.swift", highlighted: $0) },
            words: "src/App.swift highlighted"),
        "dimmed": Change(
            yaml: { "{ title: App.swift, dimmed: \($0) }" }, swift: { OutlineNode("App.swift", dimmed: $0) }, words: "src/App.swift dimmed"),
        "focused": Change(
            yaml: { _ in "{ title: App.swift }" }, swift: { _ in OutlineNode("App.swift") },
            steps: { $0 ? ("[ {focus: src/App.swift} ]", [.focus("src/App.swift")]) : ("[ {focus: src/Other.swift} ]", [.focus("src/Other.swift")]) },
            words: "src/App.swift focused"),
        "hovered": Change(
            yaml: { _ in "{ title: App.swift }" }, swift: { _ in OutlineNode("App.swift") },
            steps: { $0 ? ("[ {hover: src/App.swift} ]", [.hover("src/App.swift")]) : ("[ {hover: src/Other.swift} ]", [.hover("src/Other.swift")]) },
            words: "src/App.swift under the pointer"),
        "drop": Change(
            yaml: { _ in "{ title: App.swift }" }, swift: { _ in OutlineNode("App.swift") },
            steps: {
                $0
                    ? ("[ {drop: {node: src/App.swift, position: after}} ]", [.drop("src/App.swift", .after)])
                    : ("[ {drop: {node: src/Other.swift, position: after}} ]", [.drop("src/Other.swift", .after)])
            }, words: "src/App.swift is the drop place (after)"),
    ]

    static let kinds = "{ file: { height: 30, detail: { height: 30 } }, tall: { height: 36, detail: { height: 30 } } }"

    /// The scenario of `change` in `preset` and `theme`, from a file.
    static func fromFile(_ change: Change, changed: Bool, preset: Appearance.Preset, theme: Scenario.Theme) throws -> Scenario {
        try Scenario.parse(
            """
            name: trait
            canvas: { width: 320, height: fit, scale: 1, theme: \(theme.rawValue) }
            style: { preset: \(preset.rawValue), rowHeight: \(change.rowHeight(changed)) }
            kinds: \(kinds)
            tree:
              - { id: src, title: Sources, expanded: true, children: [ \(change.yaml(changed)), { title: Other.swift, checked: true } ] }
            steps: \(change.steps(changed).yaml)
            animation: { frames: 2 }
            """, file: "trait.yaml")
    }

    /// The same scenario built in Swift.
    static func fromSwift(_ change: Change, changed: Bool, preset: Appearance.Preset, theme: Scenario.Theme) throws -> Scenario {
        var outline = try Outline {
            OutlineNode("Sources", id: "src", expanded: true) {
                change.swift(changed)
                OutlineNode("Other.swift", checked: true)
            }
        }
        if let node = outline.topLevelNodes.first.flatMap({ outline.children(of: $0).first }), change.yaml(changed).contains("detail: true") {
            outline.showDetail(node)
        }
        var style = Scenario.Style(preset: preset)
        style.rowHeight = Double(change.rowHeight(changed))
        let kinds: [String: Scenario.Kind] = [
            "file": Scenario.Kind(height: 30, detail: .init(height: 30)), "tall": Scenario.Kind(height: 36, detail: .init(height: 30)),
        ]
        var scenario = Scenario(
            name: "trait", outline: outline, canvas: Scenario.Canvas(width: 320, height: nil, scale: 1, theme: theme), style: style, kinds: kinds,
            steps: change.steps(changed).swift)
        scenario.animation.frames = 2
        return scenario
    }

    @Test func everyTraitHasAChangeHere() {
        #expect(Set(Self.changes.keys) == Set(RowTrait.all.map(\.key)))
    }

    @Test(arguments: Appearance.Preset.allCases)
    func everyTraitFailsWithItsWordsAndIsAccepted(preset: Appearance.Preset) throws {
        for theme in Scenario.Theme.allCases {
            for trait in RowTrait.all {
                let change = try #require(Self.changes[trait.key])
                let look = "\(trait.key) in \(preset.rawValue) \(theme.rawValue)"
                let before = try Self.fromFile(change, changed: false, preset: preset, theme: theme)
                let after = try Self.fromFile(change, changed: true, preset: preset, theme: theme)
                // Set in Swift, the rows are recorded as the file sets them.
                for changed in [false, true] {
                    let file = try changed ? after : before
                    let swift = try Self.fromSwift(change, changed: changed, preset: preset, theme: theme)
                    #expect(try updates(of: swift) == updates(of: file), "\(look), changed: \(changed)")
                }
                let box = Sandbox()
                _ = try SnapshotRunner.check(before, options: box.options(.missing))
                let failed = try box.run(after).cases.filter { $0.status == .failed }
                let updates = failed.first { $0.reference == FileNames.updates }
                #expect(updates?.message.contains(change.words) == true, "\(look): \(updates?.message ?? "passed")")
                // A look that draws the trait fails a picture with the same words.
                for picture in failed where picture.reference.hasPrefix("state-") {
                    #expect(picture.message.contains(change.words), "\(look): \(picture.reference): \(picture.message)")
                }
                let acceptance = try box.acceptance()
                try acceptance.accept(acceptance.select([]))
                let again = try SnapshotRunner.check(after, options: box.options(.never))
                #expect(again.cases.allSatisfy { $0.status == .passed }, "\(look): accepted, it still fails")
            }
        }
    }

    /// The `updates.json` a render of `scenario` writes.
    func updates(of scenario: Scenario) throws -> [UInt8] {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.updates]
        return try #require(try ScenarioRenderer.render(scenario, options: options).files.first).bytes
    }
}
