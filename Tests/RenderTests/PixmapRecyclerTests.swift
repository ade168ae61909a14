import OutlineLayout
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPaint
import UnfoldRender

/// A render hands a finished picture's pixels to its next picture: what
/// is drawn over them must be exactly what a fresh canvas shows.
@Suite struct PixmapRecyclerTests {
    @Test func aPictureDrawnOverAnotherIsTheSameAsOneDrawnAfresh() throws {
        let scenario = try Scenario.parse(
            """
            name: r
            canvas: { width: 240, height: 200, scale: 2 }
            style: { preset: starlight }
            tree:
              - { id: a, title: Alpha, icon: folder, expanded: true, children: [ { title: b.ts, icon: ts, highlighted: true }, { title: c.md, icon: md } ] }
              - { id: d, title: Delta, icon: folder, children: [ { title: e.rb, icon: rb } ] }
            steps:
              - collapse: a
              - expand: d
            """, file: "r.yaml")
        let playback = try Playback(scenario)
        let appearance = scenario.appearance
        let typesetter = try Typesetter(fonts: try FontSet.locate())
        let rows = RowLayout(appearance: appearance, measure: .typesetter(typesetter, scale: 2, direction: appearance.canvas.direction))
        let painter = OutlinePainter(appearance: appearance, typesetter: typesetter)
        let (first, last) = (try #require(playback.states.first), try #require(playback.states.last))
        let before = StateLayout(first.outline, rows: rows, through: 200).frame, after = StateLayout(last.outline, rows: rows, through: 200).frame
        var spare: Pixmap? = try painter.draw(before, height: 200)
        let fresh = try painter.draw(after, height: 200)
        #expect(spare != fresh, "the two states differ")
        let over = try painter.draw(after, height: 200, over: &spare)
        #expect(over == fresh)
        #expect(spare == nil, "the spare is taken, so that its pixels are written in place")
        // A spare of another size is not drawn over.
        var small: Pixmap? = try Pixmap(width: 4, height: 4, fill: .white)
        #expect(try painter.draw(after, height: 200, over: &small) == fresh)
    }

    @Test func aRecyclerKeepsItsLimitAndGivesOnlyTheSizeAskedFor() throws {
        let recycler = PixmapRecycler(limit: 1)
        recycler.give(try Pixmap(width: 2, height: 2, fill: .white))
        recycler.give(try Pixmap(width: 3, height: 3, fill: .white))
        #expect(recycler.take(width: 2, height: 2) == nil, "the older one made room")
        #expect(recycler.take(width: 3, height: 3)?.width == 3)
        #expect(recycler.take(width: 3, height: 3) == nil, "taken once")
        let none = PixmapRecycler(limit: 0)
        none.give(try Pixmap(width: 2, height: 2))
        #expect(none.take(width: 2, height: 2) == nil)
    }
}
