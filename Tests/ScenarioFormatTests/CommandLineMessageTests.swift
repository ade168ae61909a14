import ScenarioFormat
import Testing

/// Messages for mistakes made on the command line: a tree given as a
/// scenario file, and two inputs that make scenarios of one name.
@Suite struct CommandLineMessageTests {
    @Test func aTreeGivenAsAScenarioSuggestsFrom() throws {
        let error = try #require(Scenario.treeSourceGivenAsScenario("docs/tree.md"))
        #expect(
            error.description == "docs/tree.md: error: a Markdown file is not a scenario file (.yaml, .yml or .unfold.json)\n"
                + "  hint: to render it as a tree, read it with --from: `unfold render --from docs/tree.md --out <folder>`")
        #expect(Scenario.treeSourceGivenAsScenario("a.OPML")?.message.hasPrefix("an OPML file") == true)
        #expect(Scenario.treeSourceGivenAsScenario("tree.json")?.message.hasPrefix("a JSON file") == true)
        // Every kind --from reads, .mdx too.
        #expect(Scenario.treeSourceGivenAsScenario("page.mdx")?.message.hasPrefix("a Markdown file") == true)
        for path in ["a.yaml", "a.yml", "a.unfold.json", "a"] { #expect(Scenario.treeSourceGivenAsScenario(path) == nil, "\(path)") }
    }

    @Test func duplicateNamesSayWhatToChange() throws {
        func scenario(_ file: String) throws -> Scenario {
            var s = try Scenario.parse("name: x\ntree: [ { title: A } ]\n", file: file)
            s.file = file
            return s
        }
        let (a, b) = (try scenario("a/x.md"), try scenario("b/x.md"))
        #expect(throws: Never.self) { try Scenario.requireUniqueNames([a]) }
        let files = #expect(throws: DuplicateNameError.self) { try Scenario.requireUniqueNames([a, b]) }
        #expect(files?.description == "b/x.md and a/x.md are both named 'x'; give one another `name:`")
        let trees = #expect(throws: DuplicateNameError.self) { try Scenario.requireUniqueNames([a, b], trees: ["a/x.md", "b/x.md"]) }
        #expect(
            trees?.description == "--from b/x.md and --from a/x.md are both named 'x' (a tree is named after its file), so they would "
                + "write one folder; rename one of the files, or render them one at a time with different --out folders")
        let mixed = #expect(throws: DuplicateNameError.self) { try Scenario.requireUniqueNames([a, b], trees: ["a/x.md"]) }
        #expect(mixed?.description.hasSuffix("give b/x.md another `name:`, or rename a/x.md") == true)
        let twice = #expect(throws: DuplicateNameError.self) { try Scenario.requireUniqueNames([a, a], trees: ["a/x.md"]) }
        #expect(twice?.description == "a/x.md is given twice; name it once")
    }
}
