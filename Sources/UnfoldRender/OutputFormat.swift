import OutlineAppearance
import OutlineLayout
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint
import UnfoldSVG

/// One kind of file a render writes, and how: the seam a new format plugs
/// into. A format says which pictures it needs; the renderer draws each of
/// those once, on a worker thread, where every format prepares what can be
/// done in parallel (`prepare`, such as encoding a still); then each format's
/// writer takes the pictures in plan order and emits its files. A new format
/// is a type that conforms and a line in `RenderOptions.Output.allCases`.
package protocol OutputFormat: Sendable {
    /// The pictures it needs, given every output of the render.
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs
    /// Work on one picture that may run on any worker thread, at the same time
    /// as other pictures' (nil: none). Called for every picture of the plan.
    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)?
    /// The writer for one render.
    func writer(for render: RenderContext) throws -> any OutputWriter
}

extension OutputFormat {
    /// Nothing to do on the workers.
    package func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? { nil }
}

/// What one output makes of one render's pictures, on the thread that writes
/// the files, in plan order.
package protocol OutputWriter: AnyObject {
    /// A picture and what the format's `prepare` made of it.
    func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws
    /// Emits the files made of every picture (an animation, a strip).
    func finish(emit: (MadeFile) throws -> Void) throws
    /// Bytes held for files not emitted yet, for the render's memory limit.
    var heldBytes: Int { get }
    /// Where each frame is in the strip it writes, if it writes one: the
    /// result hands it to whoever compares strips frame by frame.
    var stripGeometry: StripGeometry? { get }
}

extension OutputWriter {
    /// Nothing is made of single pictures.
    package func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws {}
    /// Nothing is left to emit at the end.
    package func finish(emit: (MadeFile) throws -> Void) throws {}
    /// Nothing is held.
    package var heldBytes: Int { 0 }
    /// No strip.
    package var stripGeometry: StripGeometry? { nil }
}

/// What every picture of one render is drawn with, shared by the workers.
package struct PictureSettings: Sendable {
    /// The scenario's name.
    package let name: String
    /// What the pictures show, for screen readers: the tree's description
    /// (`Scenario.altText`), then for each state after the first, the step
    /// it follows.
    package let titles: [String]
    /// The scenario's look, with the canvas's width fitted.
    package let appearance: Appearance
    /// The canvas's height in points.
    package let height: Double
    /// For a canvas that fits each state (`Canvas.fitsEachState`): each
    /// state's own height in points and in pixels (padding included), which
    /// its still picture is cut to; nil otherwise.
    package let stateHeights: [(points: Double, pixels: Int)]?
    /// The fonts, identified once per render.
    package let fonts: FontIdentity
    /// The strip's thumbnails are the pictures shrunk by this factor.
    package let thumbnail: Int
    /// Bands each picture is drawn in on as many threads: more than one
    /// when a render has fewer pictures than workers and they are tall.
    package let bands: Int
    /// Whether the caller holds a still's pixels already (`RenderOptions.isUnchanged`).
    package let isUnchanged: (@Sendable (_ name: String, _ pixels: Pixmap) -> Bool)?
    /// The theme was chosen by the caller (`RenderOptions.theme`): pictures
    /// that could follow the reader's theme show this one alone.
    package let fixedTheme: Bool
    /// The pixels of this render's pictures that are done with, for its next ones.
    package let recycler = PixmapRecycler()
}

extension Appearance {
    /// For a transparent canvas, the colour (0xRRGGBB) of the page it is
    /// meant for: its theme's background, which a GIF blends partly
    /// transparent edges over; nil for a canvas that paints its background.
    package var matte: UInt32? {
        guard canvas.background == .transparent else { return nil }
        let c = style.preset.look.colors(canvas.theme).background
        return UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }
}

/// One picture of the plan on the worker that draws it: its layout, its
/// uses, and its pixels, drawn when first asked for and kept, as are its
/// encodings, so that outputs that share a picture share the work.
///
/// Used by one thread at a time: the worker that made it, then the thread
/// that writes the files.
package final class DrawnPicture: @unchecked Sendable {
    package let picture: RenderPlan.Picture
    package let uses: RenderPlan.Uses
    /// The rows as they are drawn.
    package let layout: FrameLayout
    package let settings: PictureSettings
    private var pixmap: Pixmap?
    /// Whether `pixmap` is the size the painter draws (no padding around it).
    private var isDrawnSize = false
    private var encodings: [String: [UInt8]] = [:]

    init(picture: RenderPlan.Picture, uses: RenderPlan.Uses, layout: FrameLayout, settings: PictureSettings) {
        self.picture = picture
        self.uses = uses
        self.layout = layout
        self.settings = settings
    }

    /// The picture's pixels, with the canvas's padding, drawn in
    /// `settings.bands` bands at once. O(pixels) the first time.
    package func pixels() throws -> Pixmap {
        if let pixmap { return pixmap }
        let drawn = try Typesetter.withCached(settings.fonts, count: settings.bands) { typesetters in
            let painters = typesetters.map { OutlinePainter(appearance: settings.appearance, typesetter: $0) }
            let size = painters[0].pixelSize(height: settings.height)
            var spare = settings.recycler.take(width: size.width, height: size.height)
            let unpadded = try painters[0].draw(layout, height: settings.height, helpers: Array(painters.dropFirst()), over: &spare)
            return (try painters[0].padded(unpadded), size)
        }
        pixmap = drawn.0
        isDrawnSize = drawn.0.width == drawn.1.width && drawn.0.height == drawn.1.height
        return drawn.0
    }

    // A finished picture's pixels go to the render's next picture (a padded
    // one's would never be asked for).
    deinit {
        if isDrawnSize, let pixels = pixmap.take() { settings.recycler.give(pixels) }
    }

    /// The pixels of the picture as a still: `asState`, a state of a canvas
    /// that fits each state is cut to its own height (the rows below are the
    /// canvas's background); anything else is the whole picture. O(pixels) once.
    package func stillPixels(asState: Bool) throws -> Pixmap {
        let whole = try pixels()
        guard asState, case let .state(s) = picture, let height = settings.stateHeights?[s].pixels, height < whole.height else { return whole }
        return Pixmap(width: whole.width, height: height, pixels: Array(whole.pixels[0 ..< whole.width * 4 * height]))
    }

    /// The still's file in `E`'s format (see `stillPixels`), encoded once.
    package func encoded<E: StillEncoder>(as encoder: E.Type, asState: Bool) throws -> [UInt8] {
        let key = "\(ObjectIdentifier(encoder))\(asState)"
        if let bytes = encodings[key] { return bytes }
        let bytes = try E.encode(try stillPixels(asState: asState))
        encodings[key] = bytes
        return bytes
    }
}

/// What the writers of one render share, on the thread that writes files.
package struct RenderContext {
    package let settings: PictureSettings
    /// The picture's size in pixels, padding included.
    package let pictureSize: (width: Int, height: Int)
    package let plan: RenderPlan
    /// Every output of the render.
    package let outputs: Set<RenderOptions.Output>
    /// How often animations play (0: for ever).
    package let plays: Int
    /// Threads an encoder may use once every picture is drawn (`workers`).
    package let threads: Int
    /// How hard the animated PNG is worked at.
    package let effort: PNG.AnimationEffort
    /// The strip's row labels, one per step.
    package let labels: [String]
    /// The scenario played, for `updates.json`.
    package let playback: Playback
    /// A typesetter for drawing on this thread (the strip's labels, vector text).
    package let typesetter: Typesetter
    /// The page a live tree goes into.
    package let liveTree: HTMLTree.Host
}
