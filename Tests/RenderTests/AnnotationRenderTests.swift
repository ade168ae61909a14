import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint

@Suite struct AnnotationRenderTests {
    /// The first state of the `starlight` example (a Starlight `.mdx` page's `<FileTree>`).
    func firstState(_ scenario: Scenario) throws -> RGBAImage {
        var scenario = scenario
        scenario.steps = []
        return try PNG.decode(try #require(try render(scenario, outputs: [.states])["state-00.png"]))
    }

    /// The columns of the row from `top` to `bottom` with grey ink, each with its darkest grey (0 black … 255 white).
    func inkColumns(_ image: RGBAImage, top: Int, bottom: Int) -> [(x: Int, darkest: Int)] {
        (0 ..< image.width).compactMap { x in
            var darkest = 255
            for y in top ..< bottom {
                let p = image.pixel(x: x, y: y)
                let (r, g, b) = (Int(p.r), Int(p.g), Int(p.b))
                if abs(r - b) <= 6, abs(r - g) <= 6 { darkest = min(darkest, r) }
            }
            return darkest < 0xC0 ? (x, darkest) : nil
        }
    }

    /// The name's ink and the annotation's in the row from `top` to `bottom`:
    /// the columns on either side of the widest gap, which the two spaces between them make.
    func nameAndNote(_ image: RGBAImage, top: Int, bottom: Int) throws -> (left: [(x: Int, darkest: Int)], right: [(x: Int, darkest: Int)]) {
        let ink = inkColumns(image, top: top, bottom: bottom)
        let gap = try #require(ink.indices.dropFirst().max { ink[$0].x - ink[$0 - 1].x < ink[$1].x - ink[$1 - 1].x })
        return (Array(ink[..<gap]), Array(ink[gap...]))
    }

    /// The name is at the outline's leading edge, where every name starts,
    /// and its note after it in the outline's direction, whatever script
    /// either is written in: in a right-to-left outline an English name is on
    /// the right, and in a left-to-right one a Hebrew name is on the left.
    @Test func theNameComesFirstInTheOutlinesDirection() throws {
        for direction in ["rtl", "ltr"] {
            let scenario = try Scenario.parse(
                """
                name: names
                canvas: { width: 390, height: 88, scale: 1, direction: \(direction) }
                style: { badges: false }
                tree:
                  - { title: astro.config.mjs, annotation: 'an **important** file' }
                  - { title: קובץ, annotation: 'הערה חשובה כאן' }
                """, file: "names.yaml")
            let image = try firstState(scenario)
            for (top, bottom) in [(2, 42), (46, 86)] {
                let line = try nameAndNote(image, top: top, bottom: bottom)
                let (name, note) = direction == "rtl" ? (line.right, line.left) : (line.left, line.right)
                #expect(name.map(\.darkest).min() ?? 255 <= 0x30 && note.allSatisfy { $0.darkest >= 0x60 }, "\(direction), rows \(top)-\(bottom)")
            }
        }
    }

    /// The annotated entry: the name in the text colour, then the annotation
    /// dimmer (no ink darker than the secondary colour), its bold run wider
    /// than the same words drawn regular; the two bold entries are highlighted.
    @Test func aStarlightPageDrawsAnnotationsDimmerWithBoldRunsAndSeveralHighlights() throws {
        var scenario = try loadExample("starlight.yaml")
        scenario.style = Scenario.Style(preset: .ios)
        let image = try firstState(scenario)
        let row = 44 * scenario.canvas.scale  // the `ios` look's rows, in pixels
        let tinted = (0 ..< 9).filter { image.pixel(x: 2, y: $0 * row + row / 2) == Palette.light.selection }
        #expect(tinted == [2, 4])  // src/ and Header.astro
        let ink = inkColumns(image, top: 0, bottom: row - 2)
        let (name, note) = try nameAndNote(image, top: 0, bottom: row - 2)
        #expect(name.map(\.darkest).min() ?? 255 <= 0x30)
        #expect(note.count > 20 && note.allSatisfy { $0.darkest >= 0x60 })

        var plain = scenario
        plain.nodes[0].annotation = plain.nodes[0].annotation.map { Annotation($0.runs.map { Annotation.Run($0.text) }) }
        let regular = inkColumns(try firstState(plain), top: 0, bottom: row - 2)
        #expect((regular.map(\.x).max() ?? .max) < (ink.map(\.x).max() ?? 0))
    }
}
