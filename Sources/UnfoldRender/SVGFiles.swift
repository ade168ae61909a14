import UnfoldCanvas
import UnfoldSVG

/// `state-NN.svg` beside every state's PNG, drawn from the same layout as
/// its pixels, in both themes unless the theme is fixed (`SVGPicture`); and
/// `animation.svg` beside the animated PNG when `animation` is asked too
/// (`SVGAnimation`), unless `svg-animation` writes it.
struct SVGFiles: OutputFormat {
    /// Whether this output writes `animation.svg` among `outputs`.
    static func writesAnimation(among outputs: Set<RenderOptions.Output>) -> Bool {
        outputs.contains(.animation) && !outputs.contains(.svgAnimation)
    }

    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs {
        Self.writesAnimation(among: outputs) ? [.states, .animation] : .states
    }

    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? {
        guard let state = picture.uses.state else { return nil }
        let settings = picture.settings
        let document = try Typesetter.withCached(settings.fonts) { typesetter in
            try SVGPicture.document(
                picture.layout, height: settings.stateHeights?[state].points ?? settings.height, appearance: settings.appearance, typesetter: typesetter,
                bothThemes: !settings.fixedTheme, title: settings.titles[state])
        }
        return [MadeFile(path: FileNames.state(state, "svg"), bytes: Array(document.utf8))]
    }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        Writer(animation: Self.writesAnimation(among: render.outputs) ? SVGAnimationFile.animation(for: render) : nil, title: render.settings.titles[0])
    }

    /// Emits the states' files, and collects the animation's frames.
    final class Writer: OutputWriter {
        let animation: SVGAnimation?
        let title: String

        init(animation: SVGAnimation?, title: String) {
            self.animation = animation
            self.title = title
        }

        func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws {
            for file in prepared as? [MadeFile] ?? [] { try emit(file) }
            guard let animation, picture.uses.animationDelay != nil else { return }
            try animation.add(picture.layout, isState: picture.picture.isState)
        }

        var heldBytes: Int { animation?.heldBytes ?? 0 }

        func finish(emit: (MadeFile) throws -> Void) throws {
            guard let animation else { return }
            try emit(MadeFile(path: "animation.svg", bytes: Array(try animation.document(title: title).utf8)))
        }
    }
}

/// `animation.svg` alone (`svg-animation`): the animation drawn from the
/// frames' geometry, with no picture's pixels drawn or encoded, so that it
/// costs about what the SVG states cost.
struct SVGAnimationFile: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { .animation }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        SVGFiles.Writer(animation: Self.animation(for: render), title: render.settings.titles[0])
    }

    /// The animation of `render`, to which its pictures are added as they come.
    static func animation(for render: RenderContext) -> SVGAnimation {
        let settings = render.settings
        return SVGAnimation(
            appearance: settings.appearance, height: settings.height, typesetter: render.typesetter, bothThemes: !settings.fixedTheme,
            holds: render.plan.holds, frames: render.plan.frames)
    }
}
