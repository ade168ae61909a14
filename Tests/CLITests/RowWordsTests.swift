import Foundation
import Testing

/// What `unfold test` prints for everyday changes of a project navigator:
/// each names the row and what changed on it, before it counts pixels.
@Suite(.serialized) struct RowWordsTests {
    static let navigator = """
        name: navigator
        canvas: { width: 360, height: fit, scale: 1 }
        style: { preset: macos }
        kinds: { file: { height: 24, detail: { height: 24, text: "no commit" } } }
        tree:
          - id: App
            title: App
            expanded: true
            children:
              - { title: ContentView.swift, kind: file, icon: swift, annotation: M, subtitle: main target }
              - { title: AppDelegate.swift, kind: file, icon: swift, detail: true, detailText: a1b2c3d First }
          - { title: Packages, expanded: true, loading: true }
        """

    /// Each edit of the file, and a sentence its failure prints.
    static let edits: [(from: String, to: String, says: String)] = [
        ("annotation: M", "annotation: A", "App/ContentView.swift note \"M\" → \"A\""),
        ("subtitle: main target", "subtitle: test target", "App/ContentView.swift subtitle \"main target\" → \"test target\""),
        ("icon: swift, annotation", "icon: json, annotation", "App/ContentView.swift icon swift → json"),
        ("file: { height: 24,", "file: { height: 28,", "App/ContentView.swift 24 → 28 pt tall"),
        (
            "detailText: a1b2c3d First", "detailText: e4f5a6b Restore window state",
            "the detail row of App/AppDelegate.swift now reads \"e4f5a6b Restore window state\""
        ),
        (
            "{ title: Packages, expanded: true, loading: true }", "{ title: Packages, expanded: true, children: [ { title: Package.swift } ] }",
            "Packages finished loading: inserted Package.swift"
        ),
    ]

    @Test func everydayChangesAreToldInWords() throws {
        let s = Scratch()
        let file = s.write("navigator.yaml", Self.navigator)
        #expect(try unfold(["test", file, "--record", "missing"], in: s.path).status == 0)
        for edit in Self.edits {
            _ = s.write("navigator.yaml", Self.navigator.replacingOccurrences(of: edit.from, with: edit.to))
            let run = try unfold(["test", file, "--record", "never"], in: s.path)
            #expect(run.status == 1, "\(edit.to)")
            let state = run.out.split(separator: "\n").first { $0.hasPrefix("FAIL navigator/state-00.png: ") } ?? ""
            #expect(state.contains(edit.says) && state.contains("; "), "\(edit.to): \(run.out)")
            #expect(!run.out.contains("renamed"), "\(edit.to): \(run.out)")
            #expect(run.out.contains("FAIL navigator: updates.json changed with the states above"), "\(run.out)")
        }
        // A folder that starts loading is not a rename either.
        let loaded = Self.navigator.replacingOccurrences(
            of: "{ title: Packages, expanded: true, loading: true }", with: "{ title: Packages, expanded: true, children: [ { title: Package.swift } ] }")
        _ = s.write("navigator.yaml", loaded)
        #expect(try unfold(["test", file, "--record", "all"], in: s.path).status == 0)
        _ = s.write("navigator.yaml", Self.navigator)
        let loading = try unfold(["test", file, "--record", "never"], in: s.path)
        #expect(loading.out.contains("FAIL navigator/state-00.png: Packages is loading; differ: ") && !loading.out.contains("renamed"), "\(loading.out)")
    }
}
