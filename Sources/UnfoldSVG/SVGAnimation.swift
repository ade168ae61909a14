import OutlineAppearance
import OutlineEngine
import OutlineLayout
import UnfoldCanvas
import UnfoldPaint

/// An animation as one SVG document with CSS keyframes and no script: the
/// same frames as the animated PNG, on the same timeline (each state rests
/// its hold; a step's transition lasts its in-between frames' delays), with
/// motion interpolated between the frames.
///
/// Each step is a group shown from the start of its transition to the end of
/// the rest after it (the first also during the first rest). In it, each row
/// is drawn once from layers defined once (`RowLayers`: background,
/// selection, content, chevron, …) and moved, faded, turned and clipped by
/// keyframes sampled from the frame layouts. The attributes hold the first
/// frame's values, so a renderer without CSS animation shows state 00.
/// The root's `data-rests` lists, in ms, the middle of each state's rest.
/// O(steps × frames × rows on screen) time; one step's frames are held at a
/// time, and rows' layers are written once per distinct drawing.
package final class SVGAnimation {
    private let themes: Themes
    private let markup: SVGMarkup
    private let height: Double
    /// How long each state rests, in ms.
    private let holds: [Int]
    private let loops: Int
    /// When each state's rest starts, in ms.
    private let starts: [Int]
    /// The whole animation, once, in ms.
    private let total: Int
    /// The current step's pictures so far, its state before first.
    private var current: [FrameLayout] = []
    /// Steps drawn so far.
    private var drawn = 0
    /// The canvas and every finished step's group.
    private var body = ""

    /// An animation of `steps` steps of `frames` frames each (`RenderPlan`),
    /// drawn in `appearance` on a canvas `height` points tall: each state
    /// rests as long as `holds` says (one per state), and each transition
    /// takes `appearance.animation.frameDelay` per in-between frame.
    package init(appearance: Appearance, height: Double, typesetter: Typesetter, bothThemes: Bool, holds: [Int], frames: Int) {
        themes = Themes(appearance: appearance, typesetter: typesetter, bothThemes: bothThemes)
        markup = SVGMarkup(alternateScheme: themes.alternateScheme)
        self.height = height
        let rests = holds.isEmpty ? [1] : holds.map { max(1, $0) }
        let transition = (max(1, frames) - 1) * max(1, appearance.animation.frameDelay)
        var starts: [Int] = []
        var at = 0
        for rest in rests {
            starts.append(at)
            at += rest + transition
        }
        self.holds = rests
        self.starts = starts
        loops = appearance.animation.loops
        total = (starts.last ?? 0) + (rests.last ?? 1)
        // The canvas, under every step's rows.
        let canvas = themes.base.pixelSize(height: height)
        body = themes.background(width: canvas.width, height: canvas.height, markup: markup)
    }

    /// Adds the next picture of the animation, in order: the states and the
    /// frames between them (`isState`: a resting state). A step is drawn
    /// when its last state comes, so only one step's frames are held.
    package func add(_ frame: FrameLayout, isState: Bool) throws(SVGError) {
        current.append(frame)
        guard isState, current.count > 1 else { return }
        // Frame j of a transition that starts at `begin` comes j/F of the way through it.
        let begin = starts[drawn] + holds[drawn], end = starts[drawn + 1], count = Double(current.count - 1)
        let times = current.indices.map { Double(begin) + Double(end - begin) * Double($0) / count }
        body += try group(of: current, times: times, window: (drawn == 0 ? 0 : begin) ..< end + holds[drawn + 1])
        drawn += 1
        current = [frame]
    }

    /// The bytes held: the document so far, its definitions and its style.
    package var heldBytes: Int { body.utf8.count + markup.heldBytes }

    /// The document, titled `title`. Throws when the two themes draw different shapes.
    package func document(title: String) throws(SVGError) -> String {
        if drawn == 0, let state = current.first {
            body += try group(of: [state], times: [0], window: 0 ..< total)
        }
        let rests = (0 ... drawn).map { SVGMarkup.number(Double(starts[$0]) + Double(holds[$0]) / 2) }.joined(separator: " ")
        // A reader who asked for less motion sees the first state still (what the attributes hold).
        let css =
            ".a{animation:\(total)ms linear both \(loops == 0 ? "infinite" : String(loops))}.s{animation-timing-function:step-end}"
            + "@media (prefers-reduced-motion:reduce){.a{animation:none}}"
        let canvas = themes.base.pixelSize(height: height)
        return themes.document(
            width: canvas.width, height: canvas.height, title: title,
            markup: markup, body: body, extraStyle: css, rootAttributes: " data-rests=\"\(rests)\"")
    }

    /// One step's group: shown during `window` (ms), its rows following `frames` at `times`.
    private func group(of frames: [FrameLayout], times: [Double], window: Range<Int>) throws(SVGError) -> String {
        let total = self.total
        let percent = { (t: Double) in SVGMarkup.number(100 * t / Double(total), places: Keyframes.places(total)) + "%" }
        var shown = "0%{opacity:\(window.lowerBound == 0 ? 1 : 0)}"
        if window.lowerBound > 0 { shown += "\(percent(Double(window.lowerBound))){opacity:1}" }
        if window.upperBound < total { shown += "\(percent(Double(window.upperBound))){opacity:0}" }
        shown += "100%{opacity:\(window.upperBound < total ? 0 : 1)}"
        // Shown or hidden, never half: each value holds until the next.
        var out = "<g class=\"a s \(markup.animation(shown))\"\(window.lowerBound == 0 ? "" : " opacity=\"0\"")>"
        // Rows next to each other that are clipped and move alike (a block that
        // comes or goes) share one clip and one animated group.
        var run: (clip: String, motion: String, placed: String)?
        func close() {
            guard let (clip, motion, rows) = run else { return }
            out += Self.group(clip, Self.group(motion, rows))
        }
        for track in tracks(frames) {
            let row = try self.track(track, times: times)
            if let open = run, open.clip == row.clip, open.motion == row.motion {
                run?.placed += row.placed
            } else {
                close()
                run = row
            }
        }
        close()
        return out + "</g>"
    }

    /// A row as drawn in one picture, and its place in each frame (nil: not drawn).
    private struct Track {
        var look: RowBox
        var boxes: [RowBox?]
    }

    /// The rows of a step, in the order they are drawn in its in-between
    /// frames (rows that go, rows that come, rows that stay), each drawing of
    /// a row (its content, kind, height, drop place) one track.
    private func tracks(_ frames: [FrameLayout]) -> [Track] {
        var tracks: [Track] = []
        var index: [Row: [Int]] = [:]
        let order = Array(frames.indices.dropFirst().dropLast()) + [0, frames.count - 1]
        for j in order {
            for box in frames[j].rows {
                let look = self.look(box)
                let known = index[box.row, default: []].first { tracks[$0].look == look }
                let t = known ?? tracks.count
                if known == nil {
                    tracks.append(Track(look: look, boxes: Array(repeating: nil, count: frames.count)))
                    index[box.row, default: []].append(t)
                }
                tracks[t].boxes[j] = box
            }
        }
        return tracks
    }

    /// What stays the same while a row moves, fades and turns: the row at the
    /// top, opaque, unclipped, selected or not, with no focus or hover, its chevron
    /// collapsed, or expanded when its icon is a folder that shows open.
    private func look(_ box: RowBox) -> RowBox {
        var look = box
        look.y = 0
        look.opacity = 1
        look.clip = nil
        look.chevron = box.chevron.map { $0 >= 45 && opens(box) ? 90 : 0 }
        // Selected rows may draw their lines, text and icon otherwise (`OutlinePainter.selected`).
        look.selection = box.selection >= 0.5 ? 1 : 0
        look.focus = 0
        look.hover = 0
        return look
    }

    /// Icons (by name) drawn differently while their row is expanded.
    private var opening: [String: Bool] = [:]

    /// Whether the row's icon is drawn differently while the row is expanded.
    private func opens(_ box: RowBox) -> Bool {
        guard let name = box.content.icon?.name else { return false }
        if let known = opening[name] { return known }
        var shut = box, open = box
        (shut.y, shut.chevron, open.y, open.chevron) = (0, 0, 0, 90)
        let differs = themes.base.record(shut, layers: .icon).items != themes.base.record(open, layers: .icon).items
        opening[name] = differs
        return differs
    }

    /// A row's elements and keyframes: the attributes of its clip and of its
    /// motion (both empty when it has none), and the row in its place.
    private func track(_ track: Track, times: [Double]) throws(SVGError) -> (clip: String, motion: String, placed: String) {
        let s = themes.base.scale, look = track.look, boxes = track.boxes
        let firstBox = boxes.compactMap { $0 }.first ?? look
        var keyframes = Keyframes(times: times, total: total)

        // Position and opacity of the whole row, relative to where it starts, so that rows that
        // move alike share their keyframes. Drawn where the pixels have it at rest (the state before, else the one after), fraction
        // of a pixel included (the painter rounds a row's edges and baselines from its own place),
        // and moved from there: by whole pixels between rests.
        let start = (boxes.first.flatMap { $0 } ?? boxes.last.flatMap { $0 } ?? firstBox).y * s
        let origin = start.rounded(.down)
        var atStart = look
        atStart.y = (start - origin) / s
        let y = held(boxes.map { $0.map { $0.y * s - start } }, or: 0)
        let opacity = boxes.map { $0?.opacity ?? 0 }
        // The `translate` property: the element has no `transform` of its own to compose with.
        keyframes.add("translate", values: y) { "0 " + SVGMarkup.number($0) + "px" }
        keyframes.add("opacity", values: opacity) { SVGMarkup.compact($0) }
        var row = ""
        // A background like the canvas's is left out: rows never overlap (a row
        // that comes or goes shows only in its gap), so it would hide nothing.
        if themes.drawsBackground(of: look) { row += try layer(atStart, .background) }
        // Strengths drawn as the opacity of a layer drawn at full strength.
        func fading(_ layers: RowLayers, _ strength: WritableKeyPath<RowBox, Double>) throws(SVGError) -> String {
            let values = held(boxes.map { $0?[keyPath: strength] }, or: 0)
            guard values.contains(where: { $0 > 0 }) else { return "" }
            var full = atStart
            full[keyPath: strength] = 1
            var fade = Keyframes(times: times, total: total)
            fade.add("opacity", values: values) { SVGMarkup.compact($0) }
            let id = try layer(full, layers, reference: true)
            let base = " opacity=\"\(SVGMarkup.compact(values.first ?? 0))\""
            return "<use href=\"#\(id)\"\(fade.attributes(base: base, markup: markup))/>"
        }
        row += try fading(.selection, \.selection)
        row += try fading(.hover, \.hover)
        row += try layer(atStart, .content)
        if let icon = look.content.icon {
            // Drawn at the left, so that rows with the same icon at any depth share its drawing.
            let left = themes.base.x(icon.leading, width: icon.size, canvas: themes.base.pixelSize(height: 1).width).rounded(.down)
            let id = try layer(atStart, .icon, reference: true, moved: Point(-left, 0))
            row += "<use href=\"#\(id)\" x=\"\(SVGMarkup.number(left))\"/>"
        }
        if let chevron = look.chevron { row += try self.chevron(chevron, atStart, boxes: boxes, times: times) }
        row += try fading(.focus, \.focus)
        row += try layer(atStart, .drop)

        let y0 = SVGMarkup.number(origin)
        let o0 = SVGMarkup.compact(opacity.first ?? 0)
        let motion = keyframes.attributes(base: o0 == "1" ? "" : " opacity=\"\(o0)\"", markup: markup)
        let placed = y0 == "0" ? row : "<g transform=\"translate(0 \(y0))\">\(row)</g>"
        let clipping = boxes.contains(where: { $0?.clip != nil }) ? self.clipping(boxes, times: times) : ""
        return (clipping, motion, placed)
    }

    /// A row's chevron, turned between the frames' angles. Drawn about its
    /// centre, so that every chevron shares one drawing and rows that turn
    /// alike one animation.
    private func chevron(_ chevron: Double, _ atStart: RowBox, boxes: [RowBox?], times: [Double]) throws(SVGError) -> String {
        let s = themes.base.scale
        var shut = atStart
        shut.chevron = 0
        let mirrored = themes.base.appearance.canvas.direction == .rtl
        let cx = themes.base.x(atStart.content.chevronCenter, width: 0, canvas: themes.base.pixelSize(height: 1).width)
        let cy = (atStart.y + atStart.height / 2) * s
        let angles = held(boxes.map { $0?.chevron }, or: chevron).map { $0 * (mirrored ? -1 : 1) }
        var rotation = Keyframes(times: times, total: total)
        rotation.add("transform", values: angles) { "rotate(\(SVGMarkup.number($0, places: 3))deg)" }
        let a0 = SVGMarkup.number(angles.first ?? 0, places: 3)
        let place = "translate(\(SVGMarkup.number(cx)) \(SVGMarkup.number(cy)))", turn = a0 == "0" ? "" : "rotate(\(a0))"
        let id = try layer(shut, .chevron, reference: true, moved: Point(-cx, -cy))
        let turned = rotation.attributes(base: "", markup: markup)
        return
            turned.isEmpty
            ? "<use href=\"#\(id)\" transform=\"\(place)\(turn.isEmpty ? "" : " " + turn)\"/>"
            : "<g transform=\"\(place)\"><use href=\"#\(id)\"\(turned)\(turn.isEmpty ? "" : " transform=\"\(turn)\"")/></g>"
    }

    /// The `clip-path` attribute of a row that shows only in the gap it
    /// opens or closes: clipped to the gap in every frame.
    private func clipping(_ boxes: [RowBox?], times: [Double]) -> String {
        let canvas = themes.base.pixelSize(height: height)
        let spans = held(boxes.map { $0.map { $0.clip } }, or: nil).map { clip -> (Double, Double) in
            guard let span = clip else { return (-1, Double(canvas.height + 2)) }
            let rows = themes.base.clipRows(span, canvasHeight: canvas.height)
            return (Double(rows.lowerBound), Double(rows.count))
        }
        var clip = Keyframes(times: times, total: total)
        clip.add("transform", values: spans.map { [$0.0, $0.1] }) {
            "translate(0," + SVGMarkup.number($0[0]) + "px) scale(1," + SVGMarkup.number($0[1]) + ")"
        }
        let first = spans.first ?? (0, 0)
        let place = "translate(0 \(SVGMarkup.number(first.0))) scale(1 \(SVGMarkup.number(first.1)))"
        let rect = "<rect" + clip.attributes(base: " width=\"\(canvas.width)\" height=\"1\" transform=\"\(place)\"", markup: markup) + "/>"
        return " clip-path=\"url(#\(markup.clipPath(rect)))\""
    }

    /// `values` with each missing one (a frame the row is not in) replaced by
    /// the nearest one before it, or after it at the start: a hidden row
    /// keeps still, so its keyframes say nothing new.
    private func held<T>(_ values: [T?], or fallback: T) -> [T] {
        var last: T? = values.first { $0 != nil } ?? nil
        return values.map { value in
            if let value { last = value }
            return last ?? fallback
        }
    }

    /// `content` in a `<g>` with `attributes`; alone when there are none.
    private static func group(_ attributes: String, _ content: String) -> String {
        attributes.isEmpty ? content : "<g\(attributes)>\(content)</g>"
    }

    /// A `<use>` of some layers of a row as drawn in both themes, defined
    /// once; or, with `reference`, the id alone. Empty when they draw nothing.
    /// `moved` shifts the shapes (not text), unclipped.
    private func layer(_ box: RowBox, _ layers: RowLayers, reference: Bool = false, moved: Point? = nil) throws(SVGError) -> String {
        let content = try themes.markup(into: markup, moved: moved) { $0.record(box, layers: layers) }
        if reference { return markup.group(content) }
        return content.isEmpty ? "" : "<use href=\"#\(markup.group(content))\"/>"
    }
}

/// The keyframes of one element: each property's value at each frame's
/// time, with the frames where nothing changes left out.
struct Keyframes {
    let times: [Double]
    let total: Int
    /// Property declarations by frame.
    private var declarations: [[String]]
    private var animated = false

    init(times: [Double], total: Int) {
        self.times = times
        self.total = total
        declarations = Array(repeating: [], count: times.count)
    }

    /// Animates `property` through `values` (one per frame), written by `css`;
    /// a property that keeps one value is not animated.
    mutating func add<V>(_ property: String, values: [V], _ css: (V) -> String) {
        // Compared as written: values that write the same do not move.
        let written = values.map(css)
        guard let first = written.first, written.contains(where: { $0 != first }) else { return }
        animated = true
        for (j, value) in written.enumerated() { declarations[j].append("\(property):\(value)") }
    }

    /// Decimals of the percentages of an animation `total` ms long: enough
    /// for a step of at most 4 ms (a tenth of the default in-between frame).
    static func places(_ total: Int) -> Int {
        var places = 0, step = Double(total) / 100
        while places < 4, step > 4 {
            places += 1
            step /= 10
        }
        return places
    }

    /// An element's attributes: `base`, and when something moves, its
    /// animation's class (`markup.animation`).
    func attributes(base: String, markup: SVGMarkup) -> String {
        guard animated else { return base }
        // Percentages in steps of the precision, each after the one before: two frames that would
        // fall on one (an instant transition, a frame delay of a few ms) keep their order, the
        // earlier moved back a step, so that a value holds until the next instead of sliding to it.
        let places = Self.places(total), unit = [1, 10, 100, 1000, 10000][places]
        var ticks = times.map { Int((100 * $0 / Double(total) * Double(unit)).rounded()) }
        for j in ticks.indices.dropLast().reversed() where ticks[j] >= ticks[j + 1] { ticks[j] = max(0, ticks[j + 1] - 1) }
        let end = 100 * unit
        var frames = ""
        var last = ""
        for (j, declaration) in declarations.enumerated() {
            let block = declaration.joined(separator: ";")
            let next = j + 1 < declarations.count ? declarations[j + 1].joined(separator: ";") : ""
            // A frame between two alike adds nothing.
            if j > 0, j + 1 < declarations.count, block == last, block == next { continue }
            let at = SVGMarkup.number(Double(ticks[j]) / Double(unit), places: places) + "%"
            frames += (j == 0 && ticks[j] > 0 ? "0%," : "") + at
            frames += j == declarations.count - 1 && ticks[j] < end ? ",100%{\(block)}" : "{\(block)}"
            last = block
        }
        return " class=\"a \(markup.animation(frames))\"" + base
    }
}
