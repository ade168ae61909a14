import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG

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

    /// In a right-to-left outline a line of runs reads as its text does: an
    /// English name with its note left to right (the name on the left, as the
    /// whole line would be drawn), a Hebrew one right to left (the name on the right).
    @Test func runsFollowTheDirectionTheirLineReadsIn() throws {
        let scenario = try Scenario.parse(
            """
            name: rtl
            canvas: { width: 390, height: 88, scale: 1, direction: rtl }
            style: { badges: false }
            tree:
              - { title: astro.config.mjs, annotation: 'an **important** file' }
              - { title: קובץ, annotation: 'הערה חשובה כאן' }
            """, file: "rtl.yaml")
        let image = try firstState(scenario)
        let english = try nameAndNote(image, top: 2, bottom: 42), hebrew = try nameAndNote(image, top: 46, bottom: 86)
        #expect(english.left.map(\.darkest).min() ?? 255 <= 0x30 && english.right.allSatisfy { $0.darkest >= 0x60 })
        #expect(hebrew.right.map(\.darkest).min() ?? 255 <= 0x30 && hebrew.left.allSatisfy { $0.darkest >= 0x60 })
    }

    /// The annotated entry: the name in the text colour, then the annotation
    /// dimmer (no ink darker than the secondary colour), its bold run wider
    /// than the same words drawn regular; the two bold entries are highlighted.
    @Test func aStarlightPageDrawsAnnotationsDimmerWithBoldRunsAndSeveralHighlights() throws {
        var scenario = try loadExample("starlight.yaml")
        scenario.style = Scenario.Style(preset: .ios)
        let image = try firstState(scenario)
        let row = 44 * scenario.canvas.scale  // the `ios` look's rows, in pixels
        let tinted = (0 ..< 9).filter { image.pixel(x: 2, y: $0 * row + row / 2) == Color(hex: 0xD6E4FF) }
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
