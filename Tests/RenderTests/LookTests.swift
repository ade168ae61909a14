import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender

@testable import UnfoldPaint

/// The looks against the platforms they copy, read back from rendered pixels at scale 1.
@Suite struct LookTests {
    /// The resting states of a scenario, decoded.
    func states(_ yaml: String) throws -> [RGBAImage] {
        let files = try render(try Scenario.parse(yaml, file: "look.yaml"), outputs: [.states])
        return try files.keys.filter { $0.hasPrefix("state-") }.sorted().map { try PNG.decode(files[$0] ?? []) }
    }

    /// Pixels of row `row` (rows `height` points tall) that are exactly `color`.
    func count(_ color: Color, in p: RGBAImage, row: Int, height: Int) -> Int {
        var n = 0
        for y in row * height ..< (row + 1) * height { for x in 0 ..< p.width where p.pixel(x: x, y: y) == color { n += 1 } }
        return n
    }

    /// iOS: a selected row's tint covers its guide and its separator, and the separator above it goes.
    @Test func theSelectionCoversGuidesAndTheSeparatorInIOS() throws {
        let pictures = try states(
            """
            name: s
            canvas: { width: 240, height: fit, scale: 1 }
            tree:
              - { id: a, title: Alpha, expanded: true, children: [ { id: b, title: Beta }, { id: c, title: Gamma } ] }
            steps:
              - select: a/b
            """)
        let (before, after) = (try #require(pictures.first), try #require(pictures.last))
        let guide = 16 + 10, separatorY = 2 * 44 - 1
        #expect(before.pixel(x: guide, y: 60) == Palette.light.guide)
        #expect(before.pixel(x: 230, y: separatorY) == Palette.light.separator)
        #expect(after.pixel(x: guide, y: 60) == Palette.light.selection)
        #expect(after.pixel(x: 230, y: separatorY) == Palette.light.selection)
        // The separator above the selected row is hidden too, as UIKit hides both of a selected cell's.
        #expect(before.pixel(x: 230, y: 44 - 1) == Palette.light.separator)
        #expect(after.pixel(x: 230, y: 44 - 1) == Palette.light.background)
    }

    /// macOS: `accent: active` draws the pill in the accent blue with a white
    /// title and a white icon; folders are blue either way; `inactive` keeps the grey pill.
    @Test func anActiveMacOSSelectionIsBlueWithWhiteContent() throws {
        func look(_ accent: String) throws -> (before: RGBAImage, after: RGBAImage) {
            let pictures = try states(
                """
                name: m
                canvas: { width: 240, height: fit, scale: 1 }
                style: { preset: macos, accent: \(accent) }
                tree:
                  - { id: docs, title: Documents, icon: folder, expanded: true, children: [ { id: readme, title: README.md, icon: md } ] }
                steps:
                  - select: docs/readme
                """)
            return (try #require(pictures.first), try #require(pictures.last))
        }
        let blue = Color(hex: 0x007AFF), markdown = Color(hex: IconGlyph.fileColors["md"] ?? 0)
        let active = try look("active"), inactive = try look("inactive")
        #expect(active.after.pixel(x: 10, y: 36) == blue)
        #expect(inactive.after.pixel(x: 10, y: 36) == Palette.of(.light, preset: .macos).selection)
        #expect(count(.white, in: active.after, row: 1, height: 24) > 20, "a white title and icon")
        #expect(count(markdown, in: active.before, row: 1, height: 24) > 0)
        #expect(count(markdown, in: active.after, row: 1, height: 24) == 0, "the icon turns white")
        #expect(count(blue, in: inactive.before, row: 0, height: 24) > 20, "Finder's folders are blue")
    }

    /// Explorer, dark: indent guides in VS Code's tree.indentGuidesStroke.
    @Test func explorerGuidesHaveVSCodesColour() throws {
        let pictures = try states(
            """
            name: e
            canvas: { width: 240, height: fit, scale: 1, theme: dark }
            style: { preset: explorer }
            tree:
              - { id: src, title: src, icon: folder, expanded: true, children: [ { title: a.ts, icon: ts } ] }
            """)
        #expect(count(Color(hex: 0x585858), in: try #require(pictures.first), row: 1, height: 22) == 22)
    }

    /// Every name gets a drawn icon: known extensions their colour, others their family's tint, the rest a grey document.
    @Test func everyFileNameGetsADocumentGlyph() {
        let blue = Color(hex: 0x1E90FF)
        for name in ["astro", "mdx", "jsx", "mjs", "toml", "webp", "qqq"] {
            #expect(IconGlyph(name: name, open: false, folder: blue).shape == .file, "\(name)")
        }
        #expect(IconGlyph(name: "mdx", open: false, folder: blue).color == Color(hex: IconGlyph.fileColors["md"] ?? 0))
        #expect(IconGlyph(name: "mjs", open: false, folder: blue).color != IconGlyph(name: "toml", open: false, folder: blue).color)
        #expect(IconGlyph(name: "qqq", open: false, folder: blue).color == Color(hex: IconGlyph.documentColor))
        #expect(IconGlyph(name: "folder", open: true, folder: blue).color == blue)
        #expect(IconGlyph(name: "md", open: false, folder: blue).tinted(.white).color == .white)
        // No extension is in two families, nor in a family and the table of its own colours.
        let all = IconGlyph.families.flatMap(\.extensions)
        #expect(Set(all).count == all.count && Set(all).isDisjoint(with: IconGlyph.fileColors.keys))
    }
}
