import OutlineAppearance
import UnfoldCanvas
import UnfoldPNG
import UnfoldPaint

/// Where the frames sit in a strip: row r (a step) and column c (a frame)
/// have their top-left corner at `origin(row:column:)`.
package struct StripGeometry: Sendable, Equatable, Codable {
    package var rows: Int
    package var columns: Int
    package var frameWidth: Int
    package var frameHeight: Int
    package static let padding = 12
    package static let gap = 8
    package static let label = 30
    /// The largest strip Unfold writes (and so accepts as a reference): a
    /// PNG row of at most 65535 pixels, and a quarter of the largest picture.
    package static let largest = (width: 65535, pixels: Pixmap.maxPixels / 4)

    /// Throws, before anything is drawn, when the strip would be larger than `largest`.
    package func checkSize() throws(RenderError) {
        guard width <= Self.largest.width, height <= Self.largest.pixels / max(1, width) else {
            throw RenderError(
                description: "the strip would be \(width)x\(height) pixels, larger than any strip Unfold writes: "
                    + "lower `animation.frames`, the steps, `canvas.height` or `canvas.scale`, or leave the strip out of the outputs")
        }
    }

    package init(rows: Int, columns: Int, frameWidth: Int, frameHeight: Int) {
        self.rows = rows
        self.columns = columns
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    /// Whether the strip shows only the initial state (a scenario without
    /// steps, drawn as one frame): a step's row always has its first and last
    /// frame, so at least two columns.
    package var showsInitialStateOnly: Bool { columns == 1 }

    package var width: Int { 2 * Self.padding + columns * frameWidth + (columns - 1) * Self.gap }
    package var height: Int { 2 * Self.padding + rows * (Self.label + frameHeight) + (rows - 1) * Self.gap }

    package func origin(row: Int, column: Int) -> (x: Int, y: Int) {
        (
            Self.padding + column * (frameWidth + Self.gap),
            Self.padding + row * (Self.label + frameHeight + Self.gap) + Self.label
        )
    }

    /// The pixel rows of row r's band: its label, its frames and their
    /// borders, and the space above; the bands tile the strip.
    func band(_ row: Int) -> Range<Int> {
        // A band starts below the border of the frames above it.
        let top = { (r: Int) in r == 0 ? 0 : origin(row: r, column: 0).y - Self.label - Self.gap + 1 }
        return top(row) ..< (row == rows - 1 ? height : top(row + 1))
    }
}

/// An animation strip: one labelled row per step, its frames as columns,
/// written band by band. A row's band is drawn as its frames come and
/// handed to the PNG stream as soon as its last frame is in, so the strip
/// is never held whole: at most two bands are (the state between two steps
/// ends one row and starts the next). The bytes are those of encoding the
/// whole strip at once.
struct StripWriter {
    let geometry: StripGeometry
    private let labels: [String]
    private let palette: Palette
    private let typesetter: Typesetter
    private let stream: PNG.Stream
    /// Bands being drawn, with the number of frames placed in each.
    private var bands: [Int: (pixmap: Pixmap, placed: Int)] = [:]
    /// The next band to hand to the stream.
    private var next = 0

    init(geometry: StripGeometry, labels: [String], palette: Palette, typesetter: Typesetter) throws {
        self.geometry = geometry
        self.labels = labels
        self.palette = palette
        self.typesetter = typesetter
        stream = try PNG.Stream(width: geometry.width, height: geometry.height)
    }

    /// The bytes the strip holds now: its bands and the encoder's.
    var heldBytes: Int { stream.heldBytes + bands.values.reduce(0) { $0 + $1.pixmap.pixels.count } }

    /// Places a frame (its border and pixels) in its cell; writes the bands that are complete.
    mutating func place(_ frame: Pixmap, row: Int, column: Int) throws {
        let rows = geometry.band(row)
        var band = try bands[row] ?? (Pixmap(width: geometry.width, height: rows.count, fill: palette.detailBackground), 0)
        bands[row] = nil  // the only reference while it is drawn on
        let o = geometry.origin(row: row, column: column)
        let y = o.y - rows.lowerBound
        band.pixmap.fill(PixelRect(x0: o.x - 1, y0: y - 1, x1: o.x + frame.width + 1, y1: y + frame.height + 1), color: palette.separator)
        band.pixmap.copy(frame, x: o.x, y: y)
        band.placed += 1
        bands[row] = band
        while let done = bands[next], done.placed == geometry.columns {
            bands[next] = nil
            var pixmap = done.pixmap
            if next < labels.count {
                let baseline = geometry.origin(row: next, column: 0).y - 9 - geometry.band(next).lowerBound
                typesetter.draw(
                    labels[next], into: &pixmap, x: Double(StripGeometry.padding), baseline: baseline, size: 15,
                    weight: .semibold, color: palette.text)
            }
            try stream.add(pixmap)
            next += 1
        }
    }

    /// The strip's file, once every cell is placed.
    func finish() throws -> [UInt8] {
        guard next == geometry.rows else { throw RenderError(description: "the strip is missing frames of row \(next + 1)") }
        return try stream.finish()
    }
}

/// `strip.png`: the frames shrunk (on the workers) and placed in their cells.
struct StripFile: OutputFormat {
    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { .strip }

    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? {
        picture.uses.stripCells.isEmpty ? nil : try picture.pixels().downscaled(by: picture.settings.thumbnail)
    }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        let plan = render.plan, frame = render.pictureSize, factor = render.settings.thumbnail
        let geometry = StripGeometry(
            rows: max(1, plan.steps), columns: plan.steps == 0 ? 1 : plan.frames + 1,
            frameWidth: max(1, frame.width / factor), frameHeight: max(1, frame.height / factor))
        try geometry.checkSize()
        let appearance = render.settings.appearance
        return Writer(
            strip: try StripWriter(
                geometry: geometry, labels: render.labels, palette: .of(appearance.canvas.theme, preset: appearance.style.preset),
                typesetter: render.typesetter))
    }

    final class Writer: OutputWriter {
        var strip: StripWriter

        init(strip: StripWriter) { self.strip = strip }

        func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws {
            guard let thumbnail = prepared as? Pixmap else { return }
            for cell in picture.uses.stripCells { try strip.place(thumbnail, row: cell.row, column: cell.column) }
        }

        func finish(emit: (MadeFile) throws -> Void) throws {
            try emit(MadeFile(path: FileNames.strip, bytes: try strip.finish()))
        }

        var heldBytes: Int { strip.heldBytes }

        var stripGeometry: StripGeometry? { strip.geometry }
    }
}
