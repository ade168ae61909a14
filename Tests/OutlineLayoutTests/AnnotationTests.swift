import OutlineAppearance
import OutlineEngine
import Testing

@testable import OutlineLayout

@Suite struct AnnotationLayoutTests {
    let note = Annotation([.init("an "), .init("important", .bold), .init(" file, "), .init("see", .italic), .init(" "), .init("x.ts", .code)])

    /// The name in the title's weight and colour, the annotation after two
    /// spaces, dimmer, with its bold run semibold and its italic and code runs regular.
    @Test func anAnnotationIsDrawnDimmerAfterTheNameWithItsBoldRunSemibold() throws {
        let o = try outline([NodeSpec(title: "astro.config.mjs", annotation: note)])
        var a = Appearance()
        a.canvas.width = 800
        let title = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0).content.title
        #expect(title.lines == ["astro.config.mjs  an important file, see x.ts"])
        #expect(
            title.runs == [
                [
                    TextRun(text: "astro.config.mjs  ", weight: .regular, tone: .primary),
                    TextRun(text: "an ", weight: .regular, tone: .secondary),
                    TextRun(text: "important", weight: .semibold, tone: .secondary),
                    TextRun(text: " file, see x.ts", weight: .regular, tone: .secondary),
                ]
            ])
        // Without an annotation, the title is one plain line.
        let plain = try outline([NodeSpec(title: "astro.config.mjs")])
        #expect(layout(a).box(for: try #require(plain.row(at: 0)), in: plain, y: 0).content.title.runs == nil)
    }

    /// Too long for the row: the runs that fit are kept, the first that does
    /// not is cut with "…", and the line is no wider than the text's width.
    @Test func aLongAnnotationIsCutWhereTheRowEnds() throws {
        let o = try outline([NodeSpec(title: "astro.config.mjs", annotation: note)])
        var a = Appearance()
        a.canvas.width = 300
        let title = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0).content.title
        let runs = try #require(title.runs?.first)
        #expect(runs.first?.text == "astro.config.mjs  " && runs.last?.text.hasSuffix("…") == true)
        #expect(runs.reduce(0) { $0 + fake.width($1.text, title.fontSize, $1.weight) } <= title.width)
        #expect(title.lines == [runs.map(\.text).joined()])
    }

    /// A self-sizing row wraps the name and annotation together; each line
    /// keeps the runs' styles, and the lines hold all the text.
    @Test func aSelfSizingRowWrapsTheRunsAndKeepsTheirStyles() throws {
        var a = Appearance()
        a.canvas.width = 200
        a.kinds["note"] = Appearance.Kind(height: nil)
        let o = try outline([NodeSpec(title: "astro.config.mjs", kind: "note", annotation: note)])
        let title = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0).content.title
        let runs = try #require(title.runs)
        #expect(runs.count > 1 && runs.count == title.lines.count)
        #expect(zip(runs, title.lines).allSatisfy { $0.map(\.text).joined() == $1 })
        #expect(title.lines.joined(separator: " ") == "astro.config.mjs an important file, see x.ts")
        #expect(runs.joined().contains(TextRun(text: "important", weight: .semibold, tone: .secondary)))
        #expect(runs[0][0].tone == .primary && runs.last?.last?.tone == .secondary)
    }

    /// Lines cut from the runs' text get the runs' styles back: the spaces a
    /// break dropped are skipped, an ellipsis takes the style before it.
    @Test func wrappedLinesTakeTheStylesOfTheTextTheyCameFrom() {
        let runs = [
            TextRun(text: "name  ", weight: .semibold, tone: .primary), TextRun(text: "an ", weight: .regular, tone: .secondary),
            TextRun(text: "important", weight: .semibold, tone: .secondary), TextRun(text: " file", weight: .regular, tone: .secondary),
        ]
        #expect(
            RowLayout.restyle(["name", "an important", "fi…"], as: runs) == [
                [TextRun(text: "name", weight: .semibold, tone: .primary)],
                [TextRun(text: "an ", weight: .regular, tone: .secondary), TextRun(text: "important", weight: .semibold, tone: .secondary)],
                [TextRun(text: "fi…", weight: .regular, tone: .secondary)],
            ])
    }

    /// A look's wider note gap (`style.noteGap`) is blank points before the
    /// note, on top of the two spaces, measured wherever the line is; a line
    /// that a wrap starts with the note has no gap.
    @Test func aNoteGapIsKeptBeforeTheNoteOnItsLine() throws {
        let o = try outline([NodeSpec(title: "astro.config.mjs", annotation: note)])
        var a = Appearance()
        a.canvas.width = 800
        a.style.noteGap = 40
        a.style.selection = .label
        let content = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0).content
        let runs = try #require(content.title.runs?.first)
        let spaces = fake.width("  ", content.title.fontSize, .regular)
        #expect(runs.map(\.gap) == [0, 40 - spaces, 0, 0])
        // A label behind the name ends 8 points after it, before its two spaces and the gap...
        let name = fake.width("astro.config.mjs", content.title.fontSize, .regular)
        #expect(content.labelEnd == content.title.leading + name + 8)
        // ...or 2 points before the note, when the note comes sooner.
        a.style.noteGap = nil
        let close = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0).content
        #expect(close.labelEnd == close.title.leading + min(name + 8, name + spaces - 2))
        let width = content.title.leading + runs.reduce(0) { $0 + $1.gap + fake.width($1.text, content.title.fontSize, $1.weight) }
        #expect(layout(a).contentWidth(of: content) >= width)

        let gapped = [TextRun(text: "name  ", weight: .regular, tone: .primary), TextRun(text: "a note", weight: .regular, tone: .secondary, gap: 9)]
        #expect(
            RowLayout.restyle(["name  a", "note"], as: gapped) == [
                [TextRun(text: "name  ", weight: .regular, tone: .primary), TextRun(text: "a", weight: .regular, tone: .secondary, gap: 9)],
                [TextRun(text: "note", weight: .regular, tone: .secondary)],
            ])
        #expect(
            RowLayout.restyle(["name", "a note"], as: gapped) == [
                [TextRun(text: "name", weight: .regular, tone: .primary)], [TextRun(text: "a note", weight: .regular, tone: .secondary)],
            ])
    }

    /// Several rows may be highlighted, with the selection's tint, beside the selected one.
    @Test func severalHighlightedRowsAreTinted() throws {
        var o = try outline([
            NodeSpec(title: "src", highlighted: true), NodeSpec(title: "docs"), NodeSpec(title: "README.md", highlighted: true),
            NodeSpec(title: "package.json"),
        ])
        o.select(try o.node(id: "package.json"))
        let rows = layout(Appearance())
        let tints = try (0 ..< 4).map { rows.box(for: try #require(o.row(at: $0)), in: o, y: 0).selection }
        #expect(tints == [1, 0, 1, 1])
        let (third, fourth) = (try #require(o.row(at: 2)), try #require(o.row(at: 3)))
        #expect(o.info(third).isHighlighted && !o.info(fourth).isHighlighted)
    }
}
