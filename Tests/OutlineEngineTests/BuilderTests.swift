import OutlineEngine
import Testing

/// An outline written in Swift holds every state a scenario file can set.
@Suite struct BuilderTests {
    @Test func nodesStartCheckedHighlightedAndSelected() throws {
        let outline = try Outline {
            OutlineNode("Documents", expanded: true) {
                OutlineNode("Notes.md", checked: true)
                OutlineNode("Report.pdf", highlighted: true, selected: true)
            }
            OutlineNode("Projects") { OutlineNode("README.md") }
        }
        let documents = try outline.node(id: "Documents"), report = try outline.node(id: "Documents/Report.pdf")
        #expect(outline.usesChecks)
        #expect(outline.checkState(of: try outline.node(id: "Documents/Notes.md")) == .checked)
        #expect(outline.checkState(of: documents) == .mixed)
        #expect(outline.isHighlighted(report))
        #expect(outline.selection == report)
        #expect(try Outline { OutlineNode("A") }.selection == nil)
        #expect(try !Outline { OutlineNode("A") }.usesChecks)
    }
}
