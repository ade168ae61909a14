import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPaint

/// `updates.json`: the batch update of every step and the rows of every
/// state with everything each shows (`UpdatesRecord`), read as the
/// pictures' layout reads them, written once every picture is done, a
/// state at a time. Needs no picture.
struct UpdatesFile: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { [] }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        let appearance = render.settings.appearance
        let measure = TextMeasure.typesetter(render.typesetter, scale: Double(appearance.canvas.scale), direction: appearance.canvas.direction)
        return Writer(playback: render.playback, layout: RowLayout(appearance: appearance, measure: measure))
    }

    final class Writer: OutputWriter {
        let playback: Playback
        let layout: RowLayout

        init(playback: Playback, layout: RowLayout) {
            self.playback = playback
            self.layout = layout
        }

        func finish(emit: (MadeFile) throws -> Void) throws {
            try emit(MadeFile(path: FileNames.updates, content: .parts(UpdatesRecord.Parts(playback: playback, layout: layout))))
        }
    }
}
