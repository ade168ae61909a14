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

    /// The annotated entry: the name in the text colour, then the annotation
    /// dimmer (no ink darker than the secondary colour), its bold run wider
    /// than the same words drawn regular; the two bold entries are highlighted.
    @Test func aStarlightPageDrawsAnnotationsDimmerWithBoldRunsAndSeveralHighlights() throws {
        let scenario = try loadExample("starlight.yaml")
        let image = try firstState(scenario)
        let row = 44 * scenario.canvas.scale  // the `ios` look's rows, in pixels
        let tinted = (0 ..< 9).filter { image.pixel(x: 2, y: $0 * row + row / 2) == Color(hex: 0xD6E4FF) }
        #expect(tinted == [2, 4])  // src/ and Header.astro
        let ink = inkColumns(image, top: 0, bottom: row - 2)
        // The name and the annotation are apart by two spaces: the widest gap between ink columns.
        let gap = try #require(ink.indices.dropFirst().max { ink[$0].x - ink[$0 - 1].x < ink[$1].x - ink[$1 - 1].x })
        let name = ink[..<gap], note = ink[gap...]
        #expect(name.map(\.darkest).min() ?? 255 <= 0x30)
        #expect(note.count > 20 && note.allSatisfy { $0.darkest >= 0x60 })

        var plain = scenario
        plain.nodes[0].annotation = plain.nodes[0].annotation.map { Annotation($0.runs.map { Annotation.Run($0.text) }) }
        let regular = inkColumns(try firstState(plain), top: 0, bottom: row - 2)
        #expect((regular.map(\.x).max() ?? .max) < (ink.map(\.x).max() ?? 0))
    }
}
