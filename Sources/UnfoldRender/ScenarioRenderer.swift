import Foundation
import OutlineAppearance
import OutlineEngine
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint
import UnfoldSVG
import UnfoldSupport

/// What to render and how; every field overrides the scenario when set.
public struct RenderOptions: Sendable {
    /// The files to write.
    public var outputs: Set<Output> = Output.defaults
    /// Pixels per point (1, 2 or 3) instead of the scenario's.
    public var scale: Int?
    /// A theme instead of the scenario's.
    public var theme: Scenario.Theme?
    /// A preset's style instead of the scenario's.
    public var preset: Appearance.Preset?
    /// A reading direction instead of the scenario's.
    public var direction: Appearance.Direction?
    /// Frames per step instead of the scenario's (`Appearance.Animation.frames`).
    public var frames: Int?
    /// Milliseconds each in-between frame of an animation shows, instead of
    /// the scenario's (`Appearance.Animation.frameDelay`).
    public var frameDelay: Int?
    /// Milliseconds an animation rests on each state, instead of the
    /// scenario's (`Appearance.Animation.hold`).
    public var hold: Int?
    /// How often the animations play (0: for ever), instead of the
    /// scenario's (`Appearance.Animation.loops`).
    public var loops: Int?
    /// How hard the animated PNG is worked at: `.fast` costs about what its
    /// frames do; `.max` makes it smaller for pictures published once.
    public var effort: PNG.AnimationEffort = .fast
    /// The canvas's width instead of the scenario's: `.points(n)`, or `.fit`
    /// (as narrow as the content, `Appearance.Canvas.fitsWidth`).
    public var width: Width?
    /// Points of empty space around the outline instead of the scenario's (`Limits.canvasPadding`).
    public var padding: Double?
    /// The background instead of the scenario's (`.transparent`: none).
    public var background: Appearance.Background?
    /// Told, from the rendering thread, what the caller should know but that
    /// does not stop the render, such as pictures too tall to be handy.
    public var warn: (@Sendable (String) -> Void)?
    /// The strip's thumbnails are the frames shrunk by this factor; nil: 2 × scale.
    public var thumbnail: Int?
    /// Threads that draw and encode pictures at once (`Limits.workers`);
    /// the bytes are the same for any number. All cores by default.
    public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The fonts text is drawn with (a scenario's own font files are tried first).
    public var fonts: FontSet
    /// Tells, for a still picture's file name and its pixels, whether the
    /// caller already holds exactly these pixels: such a file is not
    /// encoded (a `RenderedFile` left `asHeld`). A snapshot check answers by
    /// comparing every pixel with its decoded reference. Called on the
    /// workers, once per still, in any order.
    package var isUnchanged: (@Sendable (_ name: String, _ pixels: Pixmap) -> Bool)?
    /// The page a live tree (`html`) goes into: its theme switch, and
    /// whether its pages are MDX or Vue (`--site`); nil: the site of the
    /// scenario's `snippet.site`, else plain HTML.
    package var liveTree: HTMLTree.Host?

    /// A canvas width given instead of the scenario's.
    public enum Width: Sendable, Equatable {
        /// This many points (`Limits.canvasWidth`).
        case points(Double)
        /// As narrow as the widest row's content over every state.
        case fit
    }

    /// Every output but GIF and WebP, as the scenario says, with `fonts`.
    public init(fonts: FontSet = .bundled) {
        self.fonts = fonts
    }
}

/// One output file, relative to the scenario's folder.
public struct RenderedFile: Sendable {
    /// The animated PNG's path in the scenario's folder.
    package static let animationPath = "animation.png"

    /// The path in the scenario's folder, such as `state-01.png` or `step-01/frame-03.png`.
    public var path: String
    /// The output that made it: what a snapshot test finds the file's kind of
    /// reference by (the path only says where it is stored).
    public var output: RenderOptions.Output
    /// What the file holds.
    public var content: Content

    /// What a rendered file holds.
    public enum Content: Sendable, Equatable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Nothing: its pixels are exactly those the caller holds already
        /// (`RenderOptions.isUnchanged` said so), so it was not encoded.
        case asHeld
    }

    /// The file's bytes; empty for a file left `asHeld`, which is never written.
    public var bytes: [UInt8] {
        if case let .bytes(bytes) = content { bytes } else { [] }
    }

    /// The file `made` by `output`, whole (a file made in parts is put together). O(size).
    package init(_ made: MadeFile, by output: RenderOptions.Output) {
        path = made.path
        self.output = output
        switch made.content {
        case let .bytes(bytes): content = .bytes(bytes)
        case .asHeld: content = .asHeld
        case let .parts(parts):
            var whole: [UInt8] = []
            parts.produce { whole += $0 }
            content = .bytes(whole)
        }
    }
}

/// A file an output's writer made: the render says which output it is (`RenderedFile`).
package struct MadeFile: Sendable {
    /// What a made file holds.
    enum Content: Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Nothing: its pixels are those the caller holds (`RenderedFile.Content.asHeld`).
        case asHeld
        /// Its bytes, made as they are written (a file too large to hold whole).
        case parts(any FileParts)
    }

    /// The path in the scenario's folder.
    let path: String
    /// What it holds.
    let content: Content

    /// A file at `path` holding `bytes`.
    init(path: String, bytes: [UInt8]) {
        self.init(path: path, content: .bytes(bytes))
    }

    /// A file at `path` holding `content`.
    init(path: String, content: Content) {
        self.path = path
        self.content = content
    }
}

/// A file's bytes made in order, part by part, so that a render writing into
/// a folder never holds the whole file (`updates.json` records every row of
/// every state). Making it again gives the same bytes.
package protocol FileParts: Sendable {
    /// Hands every part of the file to `put`, in order; stops at `put`'s first error.
    func produce<E: Error>(_ put: ([UInt8]) throws(E) -> Void) throws(E)
}

/// What rendering a scenario made, in memory.
public struct RenderResult: Sendable {
    /// The scenario's name: the folder `ScenarioRenderer.write(_:to:)` writes the files into.
    public var name: String
    /// Every file, in the order they were made: pictures in step order, then
    /// the strip, the animations and `updates.json`.
    public var files: [RenderedFile]
    /// Where each frame sits in `strip.png`, for frame-by-frame comparison.
    package var strip: StripGeometry?
}

/// A scenario or options that cannot be rendered: a number outside its
/// `Limits`, or files larger than one render may hold.
public struct RenderError: DescribedError {
    /// What is wrong and what to change.
    public var description: String
}

/// Renders a scenario: the state after every step, every frame of every
/// step's transition, a strip, an animated PNG and `updates.json`.
///
/// Pictures are laid out, drawn and encoded on the process's worker pool (a
/// thread per core, shared by concurrent renders), at most `workers` at a
/// time, and handed in order to the files, the strip and the animations, so
/// at most a few frames are held at once, whatever the number of steps and
/// frames. On a canvas of fixed height, only the rows on screen
/// are laid out and drawn. The bytes do not depend on the number of workers.
public enum ScenarioRenderer {
    /// The renderer's version, raised whenever a change draws some picture
    /// differently on purpose. References record it, so that a failure after
    /// an upgrade says so instead of listing every picture. 2: chevrons for
    /// `ios`, the presets. 3: text shaped by HarfBuzz (positions from font
    /// units, the whole `kern` table), fonts for more scripts. 4: rows that
    /// appear or disappear move as one block in the gap they open or close,
    /// beneath the rows that stay and clipped to it. 5: the looks against
    /// their platforms (names cut in the middle in `macos` and `explorer`, a
    /// document glyph for every file, blue Finder folders, VS Code's guide
    /// colours, iOS separators from the title and none around a selection,
    /// empty folders' disclosure); annotations drawn dimmer after the name
    /// with their bold runs semibold; Markdown's bold names highlighted.
    /// 6: semibold text in a script whose font has no bold (Chinese, Korean,
    /// Hebrew, Arabic, …) drawn emboldened instead of regular. 7: every look
    /// passes WCAG AA: a selected or highlighted row in the accent under the
    /// look's text for it (`style.accent: active` by default), notes stronger;
    /// `starlight` highlights with a label behind icon and name, notes 26 px after it.
    /// 9: a node whose children are still loading shows no count badge (its
    /// one child is the "Loading…" row, not a count). 10: `starlight` as
    /// the component: 35 px a level, highlighted names bold.
    package static let version = "10"

    /// Pixel rows below which a picture is not worth splitting into bands
    /// (`PictureSettings.bands`): threads cost more than they save.
    static let bandHeight = 512

    /// Unfold's own version, which `unfold --version` prints. Kept here,
    /// beside the renderer's version, so that there is one place to raise it.
    package static let unfoldVersion = "0.1.0"

    /// Unfold's version and the renderer's, such as `0.1.0 (renderer N)`, N
    /// being `version`.
    package static var versionDescription: String { "\(unfoldVersion) (renderer \(version))" }

    /// What `unfold --version` prints: `versionDescription` and the commit
    /// the binary was built from (what a package requirement's `revision:`
    /// matches), or that it was built outside a git checkout.
    package static func versionDescription(commit: String?) -> String {
        "\(versionDescription), built from " + (commit.map { "commit \($0)" } ?? "outside a git checkout (no commit)")
    }

    /// The fonts a scenario is drawn with: `options.fonts`, with the
    /// scenario's own font files tried first for their weight, then, in a
    /// monospaced look, the monospaced fonts.
    package static func fonts(for scenario: Scenario, options: RenderOptions) -> FontSet {
        var fonts = options.fonts
        fonts.preferred = scenario.fonts.map {
            FontSet.Preferred(source: .file($0.path), weight: $0.weight == .regular ? .regular : .semibold)
        }
        if scenario.style.monospace {
            fonts.preferred += zip(fonts.monospaced, [FontWeight.regular, .semibold]).map { FontSet.Preferred(source: $0, weight: $1) }
        }
        return fonts
    }

    /// Renders into memory: every file's bytes. `progress` is told, from any
    /// thread, how many pictures are done (out of `pictureCount`). Throws a
    /// `ScenarioError` for a step that cannot be played, and a `RenderError`,
    /// `TextError` or `PNGError` when pictures cannot be made.
    public static func render(
        _ scenario: Scenario, options: RenderOptions,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> RenderResult {
        var files: [RenderedFile] = []
        let strip = try render(scenario, options: options, progress: progress) { files.append(RenderedFile($0, by: $1)) }
        return RenderResult(name: scenario.name, files: files, strip: strip)
    }

    /// Renders into `directory/<name>/`, writing each file as soon as it is
    /// complete, so that no file waits in memory for the others. The folder
    /// then holds exactly these files: they are written into a new folder
    /// beside it, which replaces the old one when the render is done (a
    /// render that fails leaves the old folder as it was). Refuses a
    /// `directory/<name>` that is a symbolic link or a file. Returns each
    /// file's path and size, in the order they were written.
    public static func render(
        _ scenario: Scenario, options: RenderOptions, writingTo directory: String,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> [(path: String, size: Int)] {
        var written: [(path: String, size: Int)] = []
        try ScenarioFolder.replace(in: directory, name: scenario.name) { folder in
            _ = try render(scenario, options: options, progress: progress) { file, _ in
                var size = 0
                try AtomicFile.write(to: folder + "/" + file.path) { put throws(AtomicFile.WriteError) in
                    switch file.content {
                    case let .bytes(bytes):
                        try put(bytes)
                        size = bytes.count
                    case .asHeld: break
                    case let .parts(parts):
                        try parts.produce { part throws(AtomicFile.WriteError) in
                            try put(part)
                            size += part.count
                        }
                    }
                }
                written.append((file.path, size))
            }
        }
        return written
    }

    /// Renders, handing each file to `emit` when it is complete: pictures in
    /// plan order, then the strip, the animation and `updates.json`. Returns
    /// where the strip's frames are.
    static func render(
        _ original: Scenario, options: RenderOptions, progress: (@Sendable (Int) -> Void)?,
        emit: (MadeFile, RenderOptions.Output) throws -> Void
    ) throws -> StripGeometry? {
        var scenario = original
        if let scale = options.scale { scenario.canvas.scale = scale }
        if let theme = options.theme { scenario.canvas.theme = theme }
        if let direction = options.direction { scenario.canvas.direction = direction }
        // Before the preset, whose compact folders make a tree's loop again with the hold.
        if let hold = options.hold { scenario.rest(hold) }
        if let preset = options.preset { scenario.apply(preset: preset) }
        if let frames = options.frames { scenario.animation.frames = frames }
        if let frameDelay = options.frameDelay { scenario.animation.frameDelay = frameDelay }
        if let loops = options.loops { scenario.animation.loops = loops }
        switch options.width {
        case let .points(width)?: (scenario.canvas.width, scenario.canvas.fitsWidth) = (width, false)
        case .fit?: scenario.canvas.fitsWidth = true
        case nil: break
        }
        if let padding = options.padding { scenario.canvas.padding = padding }
        if let background = options.background { scenario.canvas.background = background }
        // Values built in code are checked here; files were checked as they were read.
        do { try scenario.appearance.checkLimits() } catch { throw RenderError(description: error.description) }
        guard scenario.nodes.count <= Limits.nodes, scenario.steps.count <= Limits.steps else {
            throw RenderError(
                description: "\(scenario.nodes.count) nodes and \(scenario.steps.count) steps: "
                    + "the limits are \(Limits.nodes) nodes and \(Limits.steps) steps")
        }
        guard Limits.workers.contains(options.workers) else {
            throw RenderError(description: "\(options.workers) workers: use \(Limits.workers.lowerBound) to \(Limits.workers.upperBound)")
        }
        if let thumbnail = options.thumbnail, !Limits.thumbnail.contains(thumbnail) {
            throw RenderError(description: "a thumbnail factor of \(thumbnail): use \(Limits.thumbnail.lowerBound) to \(Limits.thumbnail.upperBound)")
        }
        let playback = try Playback(scenario)
        // The fonts' files are looked at once: every picture is drawn with the same ones.
        let fonts = try FontIdentity(Self.fonts(for: scenario, options: options))
        return try Typesetter.withCached(fonts) { measurer in
            try draw(scenario, playback: playback, fonts: fonts, measurer: measurer, options: options, progress: progress, emit: emit)
        }
    }

    /// A scenario laid out once: its appearance (the width fitted), every
    /// state and every transition (the rows that can show in some frame),
    /// and the picture's height in points and size in pixels.
    private struct LaidOut {
        var appearance: Appearance
        var states: [StateLayout]
        var transitions: [Transition]
        var height: Double
        var size: (width: Int, height: Int)
    }

    /// Lays out a checked scenario with `measurer`, and checks the picture's size.
    private static func layOut(_ scenario: Scenario, playback: Playback, measurer: Typesetter, options: RenderOptions) throws -> LaidOut {
        var fitted = scenario.appearance
        // Checks are drawn whenever the scenario uses them, unless its style hides them: a moved check changes the pictures.
        fitted.style.checkboxes = fitted.style.checkboxes ?? playback.states.contains { $0.outline.usesChecks }
        let measure = TextMeasure.typesetter(measurer, scale: Double(fitted.canvas.scale), direction: fitted.canvas.direction)
        if fitted.canvas.fitsWidth {
            fitted.canvas.width = RowLayout.fittedWidth(of: playback.states.map(\.outline), appearance: fitted, measure: measure)
            fitted.canvas.fitsWidth = false
        }
        let appearance = fitted
        let rowLayout = RowLayout(appearance: appearance, measure: measure)
        // A fixed canvas lays out what shows on it; `fit` needs every row for its height.
        let limit = appearance.canvas.height
        var layouts = playback.states.map { StateLayout($0.outline, rows: rowLayout, through: limit) }
        let height = limit ?? max(16, layouts.map(\.contentHeight).max() ?? 16)
        let size = OutlinePainter(appearance: appearance, typesetter: measurer).pictureSize(height: height)
        guard size.width > 0, size.height > 0, size.width <= Pixmap.maxPixels / size.height else {
            throw RenderError(
                description: "the canvas is \(size.width)x\(size.height) pixels, "
                    + "over the limit of \(Pixmap.maxPixels); lower `canvas.height` or `canvas.scale`")
        }
        try SizeAdvice.checkAnimatedImages(scenario, outputs: options.outputs, size: size)
        if let warning = SizeAdvice.warning(scenario, size: size) { options.warn?(warning) }
        if let warning = MissingGlyphs.warning(scenario, typesetter: measurer) { options.warn?(warning) }
        var transitions: [Transition] = []
        for step in playback.states.indices.dropFirst() {
            let t = Transition(from: layouts[step - 1], to: layouts[step], animation: appearance.animation, limit: limit)
            transitions.append(t)
            // Each state is laid out once, as far as the transitions around it need.
            layouts[step - 1] = t.before
            layouts[step] = t.after
        }
        return LaidOut(appearance: appearance, states: layouts, transitions: transitions, height: height, size: size)
    }

    /// What every picture and writer of a render shares: names, titles,
    /// sizes, the plan and the strip's labels.
    private static func context(
        _ scenario: Scenario, playback: Playback, laidOut: LaidOut, plan: RenderPlan, fonts: FontIdentity, measurer: Typesetter,
        options: RenderOptions
    ) -> RenderContext {
        let (appearance, layouts, height, size) = (laidOut.appearance, laidOut.states, laidOut.height, laidOut.size)
        let steps = playback.states.count - 1
        let stateHeights =
            appearance.canvas.height == nil && appearance.canvas.fitsEachState
            ? layouts.map { layout in
                let points = max(16, layout.contentHeight)
                return (points, OutlinePainter(appearance: appearance, typesetter: measurer).pictureSize(height: points).height)
            } : nil
        let titles = playback.states.indices.map { $0 == 0 ? scenario.altText : "\(scenario.altText), after “\(playback.states[$0].label)”" }
        let settings = PictureSettings(
            name: scenario.name, titles: titles, appearance: appearance, height: height, stateHeights: stateHeights, fonts: fonts,
            thumbnail: options.thumbnail ?? 2 * appearance.canvas.scale,
            bands: size.height < Self.bandHeight ? 1 : max(1, min(options.workers / max(1, plan.count), size.height / Self.bandHeight)),
            isUnchanged: options.isUnchanged,
            fixedTheme: options.theme != nil)
        return RenderContext(
            settings: settings, pictureSize: size, plan: plan, outputs: options.outputs, plays: appearance.animation.loops,
            threads: options.workers, effort: options.effort,
            labels: (1 ... max(1, steps)).map { steps == 0 ? "initial" : String(format: "%02d  %@", $0, playback.states[$0].label) },
            playback: playback, typesetter: measurer,
            liveTree: options.liveTree ?? scenario.snippet?.site.flatMap(PictureSnippet.Site.init(name:))?.liveTree ?? HTMLTree.Host())
    }

    /// Lays out a checked scenario with `measurer` (which also draws the
    /// strip's labels), then draws, encodes and emits its pictures.
    private static func draw(
        _ scenario: Scenario, playback: Playback, fonts: FontIdentity, measurer: Typesetter, options: RenderOptions,
        progress: (@Sendable (Int) -> Void)?, emit: (MadeFile, RenderOptions.Output) throws -> Void
    ) throws -> StripGeometry? {
        let laidOut = try layOut(scenario, playback: playback, measurer: measurer, options: options)
        let appearance = laidOut.appearance

        // The outputs in the order of `Output.allCases`, which is the order their last files are written in.
        let outputs = RenderOptions.Output.allCases.filter(options.outputs.contains)
        let formats = outputs.map(\.format)
        let plan = RenderPlan(
            steps: playback.states.count - 1, frames: appearance.animation.frames, needs: formats.reduce([]) { $0.union($1.needs(among: options.outputs)) },
            holds: RenderPlan.holds(scenario.steps, hold: appearance.animation.hold), frameDelay: appearance.animation.frameDelay)
        let pixels = Double(plan.count) * Double(laidOut.size.width) * Double(laidOut.size.height)
        guard pixels <= Double(Limits.drawnPixels) else {
            throw RenderError(
                description: "this render draws \(plan.count) pictures of \(laidOut.size.width)x\(laidOut.size.height) pixels "
                    + "(\(Int(pixels)) pixels, over \(scenario.steps.count) steps of \(appearance.animation.frames) frames); "
                    + "a render draws at most \(Limits.drawnPixels) pixels")
        }
        let render = context(scenario, playback: playback, laidOut: laidOut, plan: plan, fonts: fonts, measurer: measurer, options: options)
        let settings = render.settings
        // Writers compress on this thread alone: meanwhile the pool's threads draw the next
        // pictures, and concurrent renders start no threads of their own.
        let writers = try formats.map { try $0.writer(for: render) }
        var emittedBytes = 0
        let (states, moves) = (laidOut.states, laidOut.transitions)
        // The pictures are drawn on the worker pool, with typesetters warm from earlier pictures and renders.
        try orderedParallel(
            count: plan.count, window: options.workers,
            job: { i in
                let (picture, uses) = plan.pictures[i]
                let layout: FrameLayout
                switch picture {
                case let .state(s): layout = states[s].frame
                case let .frame(step, index): layout = moves[step - 1].frame(index)
                }
                let drawn = DrawnPicture(picture: picture, uses: uses, layout: layout, settings: settings)
                let prepared = try formats.map { try $0.prepare(drawn) }
                progress?(1)
                return (drawn, prepared)
            },
            consume: { _, result in
                for (i, prepared) in result.1.enumerated() {
                    try writers[i].take(result.0, prepared: prepared) { made in
                        if case let .bytes(bytes) = made.content { emittedBytes += bytes.count }
                        try emit(made, outputs[i])
                    }
                }
                guard emittedBytes + writers.reduce(0, { $0 + $1.heldBytes }) <= Limits.renderBytes else {
                    throw RenderError(
                        description: "the files of this render pass \(Limits.renderBytes >> 30) GiB; "
                            + "render fewer outputs (--outputs), steps or frames at once")
                }
            })
        for (writer, output) in zip(writers, outputs) { try writer.finish { try emit($0, output) } }
        return writers.lazy.compactMap(\.stripGeometry).first
    }

    /// Makes `directory/<name>/` hold exactly the result's files: they are
    /// written into a new folder beside it, which then replaces the old one
    /// (files of an earlier render go; a failure leaves the old folder as it
    /// was). Refuses a `directory/<name>` that is a symbolic link or a file.
    public static func write(_ result: RenderResult, to directory: String) throws {
        try ScenarioFolder.replace(in: directory, name: result.name) { folder in
            for file in result.files {
                try AtomicFile.write(file.bytes, to: folder + "/" + file.path)
            }
        }
    }

    /// How many pictures `render` draws, for a progress bar.
    package static func pictureCount(_ scenario: Scenario, options: RenderOptions) -> Int {
        let animation = scenario.animation
        return RenderPlan(
            steps: scenario.steps.count, frames: options.frames ?? animation.frames,
            needs: options.outputs.reduce([]) { $0.union($1.format.needs(among: options.outputs)) },
            holds: RenderPlan.holds(scenario.steps, hold: options.hold ?? animation.hold), frameDelay: options.frameDelay ?? animation.frameDelay
        ).count
    }
}
