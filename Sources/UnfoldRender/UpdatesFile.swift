import ScenarioFormat

/// `updates.json`: the batch update of every step and the rows of every
/// state, written once every picture is done. Needs no picture.
struct UpdatesFile: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { [] }

    func writer(for render: RenderContext) throws -> any OutputWriter { Writer(playback: render.playback) }

    final class Writer: OutputWriter {
        let playback: Playback

        init(playback: Playback) { self.playback = playback }

        func finish(emit: (RenderedFile) throws -> Void) throws {
            try emit(RenderedFile(path: FileNames.updates, bytes: Array(playback.updatesJSON().utf8)))
        }
    }
}
