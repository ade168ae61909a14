import OutlineLayout
import UnfoldCanvas
import UnfoldSVG

/// `outline.html`: the scenario's first state as a live tree a reader opens
/// and closes (`HTMLTree`), every row laid out as the pictures lay it out,
/// in the same look, both themes unless the theme is fixed; and for a site
/// whose pages are MDX or Vue, `outline.mdx` or `outline.vue`, the same tree
/// as their pages take it (`HTMLTree.Host`). It needs no
/// picture drawn: the rows' boxes are laid out from the outline itself.
struct HTMLFile: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { [] }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        Writer(render: render)
    }

    /// Writes the file once the render is done.
    final class Writer: OutputWriter {
        let render: RenderContext

        init(render: RenderContext) {
            self.render = render
        }

        func finish(emit: (MadeFile) throws -> Void) throws {
            let settings = render.settings, appearance = settings.appearance
            guard let outline = render.playback.states.first?.outline else { return }
            let measure = TextMeasure.typesetter(render.typesetter, scale: Double(appearance.canvas.scale), direction: appearance.canvas.direction)
            let tree = TreeLayout(outline, rows: RowLayout(appearance: appearance, measure: measure))
            let host = render.liveTree, title = settings.titles[0]
            func piece(_ host: HTMLTree.Host) throws -> String {
                try HTMLTree.document(
                    tree, appearance: appearance, typesetter: render.typesetter, bothThemes: !settings.fixedTheme, title: title, name: settings.name,
                    host: host)
            }
            try emit(MadeFile(path: FileNames.html, bytes: Array(HTMLTree.page(try piece(HTMLTree.Host(themes: host.themes)), title: title).utf8)))
            if let file = host.pieceFile { try emit(MadeFile(path: file, bytes: Array(try piece(host).utf8))) }
        }
    }
}
