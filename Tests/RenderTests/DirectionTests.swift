import OutlineAppearance
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldDiff
import UnfoldPNG
import UnfoldRender

/// A right-to-left outline is its left-to-right twin mirrored, except text.
@Suite struct DirectionTests {
    /// Every decoration that has a side, and no text (titles are spaces, no badges): chevrons
    /// turning, guides, inset separators, checkboxes (unchecked and mixed, which are symmetric:
    /// the checked leaf stays hidden), a selection, the focus ring and a drop line, in states
    /// and in the frames between them.
    static let twin = """
        name: twin
        canvas: { width: 240, height: 260, scale: 2 }
        style: { badges: false, checkboxes: true, selection: pill }
        tree:
          - id: a
            title: " "
            expanded: true
            children:
              - id: b
                title: " "
                children: [ { id: c, title: " " }, { id: d, title: " ", checked: true } ]
              - { id: e, title: " " }
              - { id: g, title: " ", children: [ { title: " " } ] }
          - { id: f, title: " " }
        steps: [ { select: e }, { expand: g }, { focus: f }, { drop: { node: f, position: before } }, { collapse: a } ]
        animation: { frames: 3, style: slide }
        """

    func pictures(_ yaml: String, direction: Appearance.Direction) throws -> [String: RGBAImage] {
        var scenario = try Scenario.parse(yaml, file: "twin.yaml")
        scenario.canvas.direction = direction
        let files = try render(scenario, outputs: [.states, .frames])
        return try files.mapValues { try PNG.decode($0) }
    }

    func mirrored(_ image: RGBAImage) throws -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: image.bytes.count)
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let from = (y * image.width + x) * 4, to = (y * image.width + image.width - 1 - x) * 4
                bytes[to ..< to + 4] = image.bytes[from ..< from + 4]
            }
        }
        return try RGBAImage(width: image.width, height: image.height, bytes: bytes)
    }

    @Test func aRightToLeftOutlineIsTheMirrorImageOfItsTwin() throws {
        let ltr = try pictures(Self.twin, direction: .ltr)
        let rtl = try pictures(Self.twin, direction: .rtl)
        #expect(ltr.count == 6 + 5 * 4 && Set(ltr.keys) == Set(rtl.keys))
        for (path, picture) in ltr {
            let flipped = try mirrored(picture)
            let twin = try #require(rtl[path])
            #expect(flipped != picture, "\(path) is symmetric: the test would prove nothing")
            // Edges mirrored land on 1/256 pixel the other way round, so coverage
            // may differ by a rounding step, never more: every pixel counts, anti-aliased or not.
            var options = DiffOptions()
            options.threshold = 0.02
            options.countAntiAliasing = true
            let result = compare(flipped, twin, options: options)
            #expect(result.differentPixels == 0, "\(path): \(result.differentPixels) pixels differ from the mirror image")
        }
    }

    @Test func textIsPlacedMirroredButNotMirrored() throws {
        let yaml = """
            name: text
            canvas: { width: 300, height: 44, scale: 2 }
            style: { separators: false }
            tree: [ { title: Settings } ]
            """
        let ltr = try #require(try pictures(yaml, direction: .ltr)["state-00.png"])
        let rtl = try #require(try pictures(yaml, direction: .rtl)["state-00.png"])
        func ink(_ image: RGBAImage) -> PixelRect {
            var box = PixelRect(x0: image.width, y0: image.height, x1: 0, y1: 0)
            for y in 0 ..< image.height {
                for x in 0 ..< image.width where image.pixel(x: x, y: y) != .white {
                    box = PixelRect(x0: min(box.x0, x), y0: min(box.y0, y), x1: max(box.x1, x + 1), y1: max(box.y1, y + 1))
                }
            }
            return box
        }
        let (l, r) = (ink(ltr), ink(rtl))
        #expect(l.x1 < ltr.width / 2 && r.x0 > rtl.width / 2, "the title starts at the leading edge")
        #expect(abs((ltr.width - l.x1) - r.x0) <= 2, "at the mirrored place")
        #expect(ltr.cropped(l) == rtl.cropped(r), "the same glyphs, not mirrored")
    }
}
