import UnfoldCanvas
import UnfoldSVG

/// `state-NN.svg` beside every state's PNG, drawn from the same layout as
/// its pixels, in both themes unless the theme is fixed (`SVGPicture`).
struct SVGFiles: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { .states }

    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? {
        guard let state = picture.uses.state else { return nil }
        let settings = picture.settings
        let document = try Typesetter.withCached(settings.fonts) { typesetter in
            try SVGPicture.document(
                picture.layout, height: settings.height, appearance: settings.appearance, typesetter: typesetter,
                bothThemes: !settings.fixedTheme, title: state == 0 ? settings.name : "\(settings.name), after step \(state)")
        }
        return [RenderedFile(path: String(format: "state-%02d.svg", state), bytes: Array(document.utf8))]
    }

    func writer(for render: RenderContext) throws -> any OutputWriter { PreparedFiles() }
}
