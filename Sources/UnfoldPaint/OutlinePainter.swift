import OutlineAppearance
import OutlineLayout
import UnfoldCanvas

/// Draws frame layouts: background, selection, indent guides, separators
/// inset to the content, chevrons, icons, titles, subtitles, badges, and
/// detail rows styled apart. Rows are snapped to device pixels; a row's
/// opacity scales every colour it draws. In a right-to-left outline every
/// position is mirrored (`x(_:width:canvas:)`), and so are the chevrons' shapes;
/// text, icons and check marks are placed mirrored but drawn as they are.
package struct OutlinePainter {
    package let appearance: Appearance
    package let palette: Palette
    package let scale: Double
    package let typesetter: Typesetter
    /// The outline's direction: right to left is drawn mirrored.
    let direction: TextDirection
    var mirrored: Bool { direction == .rightToLeft }

    /// `palette` overrides the theme's colours.
    package init(appearance: Appearance, typesetter: Typesetter, palette: Palette? = nil) {
        self.appearance = appearance
        var colors = palette ?? .of(appearance.canvas.theme, preset: appearance.style.preset, accent: appearance.style.accent)
        if appearance.canvas.background == .transparent { colors.background = .clear }
        self.palette = colors
        scale = Double(appearance.canvas.scale)
        self.typesetter = typesetter
        direction = TextDirection(appearance.canvas.direction)
    }

    /// Where something `width` points wide that starts `leading` points from
    /// the leading edge begins, in device pixels from the left of a canvas
    /// `canvas` pixels wide: the mirror image of the left-to-right place when
    /// the outline reads right to left.
    package func x(_ leading: Double, width: Double, canvas: Int) -> Double {
        mirrored ? Double(canvas) - (leading + width) * scale : leading * scale
    }

    /// Where a line of text `width` device pixels wide starts: at `leading`, or
    /// right to left ending there, moved from its left-to-right place by whole
    /// pixels so that its glyphs fall on pixels alike in both directions.
    func textX(_ leading: Double, width: Double, canvas: Int) -> Double {
        let ltr = leading * scale
        return mirrored ? ltr + (x(leading, width: width / scale, canvas: canvas) - ltr).rounded() : ltr
    }

    /// The pixel size of a canvas `height` points tall.
    package func pixelSize(height: Double) -> (width: Int, height: Int) {
        (Int((appearance.canvas.width * scale).rounded()), Int((height * scale).rounded()))
    }

    /// A pixmap of the canvas with the frame drawn on it: `spare`, taken
    /// (so that its pixels are written in place), when it has the canvas's
    /// size, else a new one. With `helpers` (painters with typesetters of
    /// their own), the canvas is split into horizontal bands drawn on as
    /// many threads; the pixels are the same.
    package func draw(_ frame: FrameLayout, height: Double, helpers: [OutlinePainter] = [], over spare: inout Pixmap?) throws -> Pixmap {
        let size = pixelSize(height: height)
        let painters = [self] + helpers
        let body = { (band: Int, surface: Surface) in
            let painter = painters[band]
            // The canvas is cleared lazily, down to each row's bottom just before
            // the row is drawn, so that its pixels are still in the cache when
            // text blends over them. Rows below everything drawn so far sit on
            // bare canvas: a background like the canvas's need not be painted again.
            var drawnBottom = surface.clip.y0
            for box in frame.rows {
                let bottom = min(surface.clip.y1, Int(((box.y + box.height) * scale).rounded()))
                if bottom > drawnBottom {
                    surface.clear(PixelRect(x0: 0, y0: drawnBottom, x1: surface.width, y1: bottom), to: palette.background)
                }
                painter.draw(box, into: surface, bareFrom: &drawnBottom)
                drawnBottom = max(drawnBottom, bottom)
            }
            surface.clear(PixelRect(x0: 0, y0: drawnBottom, x1: surface.width, y1: surface.clip.y1), to: palette.background)
            for edge in painter.border(width: surface.width, height: surface.height) { surface.fill(edge, color: palette.guide) }
        }
        // Every pixel is written: what the spare showed does not show through.
        guard var pixmap = spare.take(), pixmap.width == size.width, pixmap.height == size.height else {
            return try Pixmap(width: size.width, height: size.height, bands: painters.count, drawing: body)
        }
        pixmap.drawInBands(painters.count, body)
        return pixmap
    }

    /// A new pixmap of the canvas with the frame drawn on it (`draw(_:height:helpers:over:)` with no spare).
    package func draw(_ frame: FrameLayout, height: Double, helpers: [OutlinePainter] = []) throws -> Pixmap {
        var none: Pixmap?
        return try draw(frame, height: height, helpers: helpers, over: &none)
    }

    /// The canvas's border (`style.border`), over the rows: a strip of one
    /// point (at least a pixel) along each edge of a canvas `width` ×
    /// `height` pixels, drawn in the guides' colour; none without one.
    package func border(width: Int, height: Int) -> [PixelRect] {
        guard appearance.style.border else { return [] }
        let t = max(1, Int(scale.rounded()))
        return [
            PixelRect(x0: 0, y0: 0, x1: width, y1: t), PixelRect(x0: 0, y0: height - t, x1: width, y1: height),
            PixelRect(x0: 0, y0: t, x1: t, y1: height - t), PixelRect(x0: width - t, y0: t, x1: width, y1: height - t),
        ]
    }

    /// The pixel rows that a row clipped to `span` points shows in, on a
    /// canvas `canvasHeight` pixels tall (a row that comes or goes shows only
    /// in its gap): whole rows, kept within a pixel of the canvas.
    package func clipRows(_ span: Range<Double>, canvasHeight: Int) -> Range<Int> {
        let pixel = { (y: Double) in Int(min(max(y * self.scale, -1), Double(canvasHeight + 1)).rounded()) }
        let top = pixel(span.lowerBound)
        return top ..< max(top, pixel(span.upperBound))
    }

    /// Draws one row, or only some of its layers (`layers`), into `surface`;
    /// `drawnBottom` is the bottom of what rows drawn before it cover.
    package func draw(_ box: RowBox, into surface: some DrawingTarget, bareFrom drawnBottom: inout Int, layers: RowLayers = .all) {
        let s = scale
        // A clipped row draws through a surface that sees only its span.
        var surface = surface
        if let span = box.clip {
            let rows = clipRows(span, canvasHeight: surface.height)
            surface = surface.clipped(to: PixelRect(x0: 0, y0: rows.lowerBound, x1: surface.width, y1: rows.upperBound))
        }
        let top = Int((box.y * s).rounded()), bottom = Int(((box.y + box.height) * s).rounded())
        guard bottom > top, top < surface.clip.y1, bottom > surface.clip.y0, box.opacity > 0 else { return }
        let alpha = Int((box.opacity * 256).rounded())
        func c(_ color: Color) -> Color { alpha >= 256 ? color : color.fading(alpha) }
        let kind = box.kind.flatMap { appearance.kinds[$0] }
        let content = box.content
        let width = surface.width
        let clip = PixelRect(x0: 0, y0: max(surface.clip.y0, top), x1: width, y1: min(surface.clip.y1, bottom))

        // Background and selection.
        let background = box.isDetail ? palette.detailBackground : kind?.background ?? palette.background
        if layers.contains(.background), surface.drawsEveryShape || background != palette.background || box.opacity < 1 || top < drawnBottom {
            // With no background (`canvas.background: transparent`), an opaque row still hides the rows it covers.
            if palette.background.a == 0, box.opacity >= 1, top < drawnBottom { surface.clear(clip, to: .clear) }
            surface.fill(PixelRect(x0: 0, y0: top, x1: width, y1: bottom), color: c(background))
        }
        drawnBottom = max(drawnBottom, bottom)
        if layers.contains(.selection), box.selection > 0 {
            drawSelection(box, rows: top ..< bottom, color: c(palette.selection.fading(Int((box.selection * 256).rounded()))), into: surface, clip: clip)
        }

        if layers.contains(.hover), box.hover > 0 {
            surface.fill(
                PixelRect(x0: 0, y0: top, x1: width, y1: bottom), color: c(palette.hover.fading(Int((box.hover * 256).rounded()))))
        }

        let cy = box.y + box.height / 2
        if layers.contains(.chevron), let angle = box.chevron {
            drawChevron(angle, center: content.chevronCenter, cy, into: surface, color: c(selected(palette.chevron, box, .disclosure)), clip: clip)
        }
        if layers.contains(.content) { drawLines(box, top: top, bottom: bottom, centerY: cy, into: surface, color: c, clip: clip) }
        if layers.contains(.icon), let icon = content.icon {
            drawIcon(icon, open: (box.chevron ?? 0) >= 45, selected: box.selection >= 0.5, centerY: cy, into: surface, color: c, clip: clip)
        }
        if layers.contains(.content) { drawLabels(box, centerY: cy, kind: kind, into: surface, color: c, clip: clip) }
        drawMarks(box, top: top, bottom: bottom, into: surface, color: c, clip: clip, layers: layers)
    }

    /// The indent guides, the separator and the checkbox.
    func drawLines(
        _ box: RowBox, top: Int, bottom: Int, centerY cy: Double, into surface: some DrawingTarget, color c: (Color) -> Color, clip: PixelRect
    ) {
        let s = scale, content = box.content, width = surface.width
        // A table view (a look with separators) draws no lines over its selection; a code editor keeps its guides.
        let underSelection = box.selection >= 0.5 && appearance.style.separators

        // Whole pixel columns, mirrored column for column.
        for guide in content.guides where !underSelection {
            let column = Int((guide * s).rounded(.down))
            let x = mirrored ? width - 1 - column : column
            surface.fill(PixelRect(x0: x, y0: top, x1: x + 1, y1: bottom), color: c(palette.guide))
        }
        if let separator = content.separator, !underSelection {
            let start = separator == 0 ? 0 : Int((separator * s).rounded())
            let line = mirrored ? PixelRect(x0: 0, y0: bottom - 1, x1: width - start, y1: bottom) : PixelRect(x0: start, y0: bottom - 1, x1: width, y1: bottom)
            surface.fill(line, color: c(palette.separator))
        }

        if let checkbox = content.checkbox {
            drawCheckbox(checkbox, on: box, centerY: cy, into: surface, color: c, clip: clip)
        }

    }

    /// The icon, centred on `cy` points: a drawn glyph, or a letter in a tile.
    func drawIcon(
        _ icon: RowContent.Icon, open: Bool, selected: Bool, centerY cy: Double, into surface: some DrawingTarget, color c: (Color) -> Color, clip: PixelRect
    ) {
        let s = scale, width = surface.width
        let size = icon.size
        // A folder shows open while its row is (more than half way) expanded.
        // Folders, files, symbols and the spinner are drawn; other names as the style says.
        let style = appearance.style.icons
        var glyph = IconGlyph(name: icon.name, open: open, folder: palette.folder, document: style != .tile)
        let mark = style == .mono ? IconGlyph.mark(for: icon.name) : nil
        if style == .mono { glyph = glyph?.tinted(palette.icon) }
        if let tint = palette.selectedText, selected { glyph = glyph?.tinted(tint) }
        let left = x(icon.leading, width: size, canvas: width)
        if let glyph {
            let top = (cy - size / 2) * s
            (mark == nil ? glyph : glyph.blank()).draw(into: surface, x: left, y: top, size: size * s, fade: c, clip: clip)
            if let mark { drawMark(mark, onPageAt: left, top, size: size * s, color: c(glyph.faceInk), clip: clip, into: surface) }
        } else {
            surface.fill(
                .roundedRect(x: left, y: (cy - size / 2) * s, width: size * s, height: size * s, radius: icon.radius * s),
                color: c(palette.icon), clip: clip)
            if let letter = icon.name.first {
                let px = icon.fontSize * s
                let glyph = String(letter).uppercased()
                let w = typesetter.width(glyph, size: px, weight: .semibold)
                surface.drawDecoration(
                    glyph, typesetter: typesetter, x: left + size * s / 2 - w / 2, baseline: baseline(cy, px),
                    size: px, weight: .semibold, color: c(.white), clip: clip)
            }
        }

    }

    /// A language's letters on a blank page (`IconGlyph.mark(for:)`), as
    /// large as fits the page's box, centred in it, on a whole-pixel baseline.
    func drawMark(_ mark: String, onPageAt left: Double, _ top: Double, size: Double, color: Color, clip: PixelRect, into surface: some DrawingTarget) {
        let box = IconGlyph.pageLetters
        let (boxWidth, boxHeight) = ((box.x1 - box.x0) * size, (box.y1 - box.y0) * size)
        // Capitals are about 0.7 of the size tall: as tall as the box allows, narrowed to its width, centred on its middle.
        var px = boxHeight / 0.72
        var markWidth = typesetter.width(mark, size: px, weight: .semibold)
        if markWidth > boxWidth { (px, markWidth) = (px * boxWidth / markWidth, boxWidth) }
        let baseline = Int((top + (box.y0 + box.y1) / 2 * size + 0.35 * px).rounded())
        surface.drawDecoration(
            mark, typesetter: typesetter, x: left + (box.x0 + box.x1) / 2 * size - markWidth / 2, baseline: baseline, size: px, weight: .semibold,
            color: color, clip: clip)
    }

    /// The badge and the title's and subtitle's lines.
    func drawLabels(
        _ box: RowBox, centerY cy: Double, kind: Appearance.Kind?, into surface: some DrawingTarget, color c: (Color) -> Color, clip: PixelRect
    ) {
        let s = scale, content = box.content, width = surface.width
        if let badge = content.badge {
            let px = badge.fontSize * s
            surface.fill(
                .roundedRect(
                    x: x(badge.leading, width: badge.width, canvas: width), y: (cy - badge.height / 2) * s, width: badge.width * s,
                    height: badge.height * s, radius: badge.height / 2 * s),
                color: c(palette.badgeBackground), clip: clip)
            let textWidth = mirrored ? typesetter.width(badge.text, size: px, weight: .regular, direction: direction) : 0
            surface.drawText(
                badge.text, typesetter: typesetter, x: textX(badge.textLeading, width: textWidth, canvas: width), baseline: baseline(cy, px),
                size: px, weight: .regular, color: c(palette.badgeText), clip: clip, direction: direction)
        }

        // The title's and subtitle's lines, as a block centred on the row.
        let title = content.title
        let textColor = selected(box.isDetail || box.isDimmed ? palette.secondaryText : kind?.textColor ?? palette.text, box)
        let textEnd = Int(((title.leading + title.width) * s).rounded())
        let textClip = PixelRect(x0: mirrored ? width - textEnd : 0, y0: clip.y0, x1: mirrored ? width : textEnd, y1: clip.y1)
        let secondary = selected(palette.secondaryText, box, .note)
        let blocks = [(title, textColor)] + (content.subtitle.map { [($0, secondary)] } ?? [])
        let metrics = blocks.map { typesetter.lineMetrics(size: $0.0.fontSize * s) }
        var lineTop = textTop(content, centerY: cy)
        for ((text, color), (ascender, descender)) in zip(blocks, metrics) {
            let (px, weight) = (text.fontSize * s, FontWeight(text.weight))
            for (i, line) in text.lines.enumerated() {
                let baseline = Int((lineTop + ascender).rounded())
                lineTop += ascender + descender
                if let runs = text.runs, runs.indices.contains(i) {
                    drawRuns(runs[i], leading: text.leading, baseline: baseline, size: px, colors: (c(color), c(secondary)), clip: textClip, into: surface)
                    continue
                }
                let lineWidth = mirrored ? typesetter.width(line, size: px, weight: weight, direction: direction) : 0
                surface.drawText(
                    line, typesetter: typesetter, x: textX(text.leading, width: lineWidth, canvas: width), baseline: baseline,
                    size: px, weight: weight, color: c(color), clip: textClip, direction: direction)
            }
        }
    }

    /// Where a row's text (its title's lines, then its subtitle's, as a block
    /// centred on `cy` points) starts, in pixels from the top.
    func textTop(_ content: RowContent, centerY cy: Double) -> Double {
        let height = [content.title, content.subtitle].compactMap { $0 }.reduce(0.0) { sum, text in
            let (ascender, descender) = typesetter.lineMetrics(size: text.fontSize * scale)
            return sum + Double(text.lines.count) * (ascender + descender)
        }
        return cy * scale - height / 2
    }

    /// The disclosure chevron centred on (`cx`, `cy`) points, turned by `angle` degrees.
    func drawChevron(_ angle: Double, center cx: Double, _ cy: Double, into surface: some DrawingTarget, color: Color, clip: PixelRect) {
        let s = scale
        let shape: [Point]
        switch appearance.style.disclosure {
        case .triangle:
            shape = [Point(cx - 3, cy - 4), Point(cx - 3, cy + 4), Point(cx + 4, cy)]
        case .chevron:  // a ">" of two strokes 1.5 points wide
            shape = [
                Point(cx - 2.2, cy - 5), Point(cx + 3, cy), Point(cx - 2.2, cy + 5),
                Point(cx - 3.3, cy + 3.9), Point(cx + 0.8, cy), Point(cx - 3.3, cy - 3.9),
            ]
        }
        let turn = Transform.rotation(degrees: angle, about: Point(cx * s, cy * s))
        surface.fill(
            .polygon(shape.map { Point($0.x * s, $0.y * s) }), color: color,
            transform: mirrored ? turn.mirrored(width: Double(surface.width)) : turn, clip: clip)
    }

    /// The focus ring and the drop place of a dragged row, over the row's content.
    func drawMarks(
        _ box: RowBox, top: Int, bottom: Int, into surface: some DrawingTarget, color c: (Color) -> Color, clip: PixelRect, layers: RowLayers
    ) {
        let s = scale, width = appearance.canvas.width
        let marks = accentMarks(on: box).fill, accent = c(marks)
        if layers.contains(.focus), box.focus > 0 {
            // The ring runs round the row's edge: on the tint only when it fills the row.
            let ring = c((appearance.style.selection == .row ? marks : palette.accent).fading(Int((box.focus * 256).rounded())))
            let inset = 2.0, thickness = 2.0
            let canvas = surface.width
            var path = Path.roundedRect(
                x: x(inset, width: width - 2 * inset, canvas: canvas), y: (box.y + 1) * s, width: (width - 2 * inset) * s,
                height: (box.height - 2) * s, radius: 6 * s)
            // The ring: the rounded rectangle less the one inside it (drawn the other way round, so the non-zero rule leaves a hole).
            let inner = Path.roundedRect(
                x: x(inset + thickness, width: width - 2 * inset - 2 * thickness, canvas: canvas), y: (box.y + 1 + thickness) * s,
                width: (width - 2 * inset - 2 * thickness) * s,
                height: (box.height - 2 - 2 * thickness) * s, radius: 4 * s)
            path.append(reversed: inner)
            surface.fill(path, color: ring, clip: clip)
        }
        guard layers.contains(.drop), let drop = box.drop else { return }
        let content = box.content
        let start = content.checkbox?.leading ?? content.icon?.leading ?? content.title.leading
        let canvas = surface.width
        switch drop {
        case .inside:
            surface.fill(PixelRect(x0: 0, y0: top, x1: canvas, y1: bottom), color: c(palette.accent.fading(48)))
        case .before, .after:
            // Inside the row's own pixels (the row below would cover what hangs out): a line with a dot at its start.
            let radius = 3.0
            let y = drop == .before ? box.y + radius : box.y + box.height - radius
            let length = width - RowLayout.Metrics.trailingMargin - start - radius
            surface.fill(.rect(x: x(start + radius, width: length, canvas: canvas), y: (y - 1) * s, width: length * s, height: 2 * s), color: accent)
            surface.fill(
                .roundedRect(
                    x: x(start - radius, width: 2 * radius, canvas: canvas), y: (y - radius) * s, width: 2 * radius * s,
                    height: 2 * radius * s, radius: radius * s),
                color: accent)
        }
    }

    /// What the accent draws on a row (a check, the focus ring, where a row
    /// would drop): the accent and the text on it, or, on a row tinted with the
    /// accent (an active selection), the other way round, so that they show.
    func accentMarks(on box: RowBox) -> (fill: Color, mark: Color) {
        guard box.selection >= 0.5, let text = palette.selectedText, !isLabelled(box.content) else {
            return (palette.accent, palette.accentText)
        }
        return (text, palette.accent)
    }

    /// A checkbox of row `row`: an outlined square, or filled with a check mark or a dash.
    func drawCheckbox(
        _ box: RowContent.Checkbox, on row: RowBox, centerY cy: Double, into surface: some DrawingTarget, color c: (Color) -> Color, clip: PixelRect
    ) {
        let s = scale, size = box.size
        let x = self.x(box.leading, width: size, canvas: surface.width), y = (cy - size / 2) * s, side = size * s, radius = size * 0.22 * s
        switch box.state {
        case .unchecked:
            var outline = Path.roundedRect(x: x, y: y, width: side, height: side, radius: radius)
            let t = max(1, 1.5 * s)
            outline.append(reversed: .roundedRect(x: x + t, y: y + t, width: side - 2 * t, height: side - 2 * t, radius: max(0, radius - t)))
            surface.fill(outline, color: c(selected(palette.chevron, row, .disclosure)), clip: clip)
        case .checked, .mixed:
            let (fill, mark) = accentMarks(on: row)
            surface.fill(.roundedRect(x: x, y: y, width: side, height: side, radius: radius), color: c(fill), clip: clip)
            if box.state == .checked {
                let points = [Point(x + side * 0.24, y + side * 0.52), Point(x + side * 0.43, y + side * 0.7), Point(x + side * 0.77, y + side * 0.32)]
                surface.stroke(points, width: side * 0.13, color: c(mark), clip: clip)
            } else {
                surface.fill(.rect(x: x + side * 0.25, y: y + side * 0.44, width: side * 0.5, height: side * 0.12), color: c(mark), clip: clip)
            }
        }
    }

    /// Whether a row's selection is a label behind its icon and name
    /// (`style.selection: label`): on a row of one line; a row with a
    /// subtitle or a wrapped title is tinted as a pill, all its text on it.
    func isLabelled(_ content: RowContent) -> Bool {
        appearance.style.selection == .label && content.subtitle == nil && content.title.lines.count == 1
    }

    /// The selection's tint behind a row (`rows`: its pixel rows), in the look's shape. O(1).
    func drawSelection(_ box: RowBox, rows: Range<Int>, color: Color, into surface: some DrawingTarget, clip: PixelRect) {
        let (s, width, content) = (scale, surface.width, box.content)
        switch appearance.style.selection == .label && !isLabelled(content) ? .pill : appearance.style.selection {
        case .row:
            surface.fill(PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound), color: color)
        case .pill:
            let inset = 6.0, gap = 1.0
            let pill = appearance.canvas.width - 2 * inset
            surface.fill(
                .roundedRect(
                    x: x(inset, width: pill, canvas: width), y: (box.y + gap) * s, width: pill * s,
                    height: (box.height - 2 * gap) * s, radius: 5 * s),
                color: color, clip: clip)
        case .label:
            // Starlight's `.highlight`: from 4 px before the icon to where layout ends it, around the title's line
            // and the icon (4 px above and below the line), within 2 px of the row's edges.
            let start = (content.icon?.leading ?? content.title.leading) - 4
            let label = (content.labelEnd ?? content.title.leading + content.title.width) - start
            let (ascender, descender) = typesetter.lineMetrics(size: content.title.fontSize * s)
            let cy = box.y + box.height / 2, icon = (content.icon?.size ?? 0) / 2 + 1
            let line = textTop(content, centerY: cy) - 4 * s
            let top = max((box.y + 2) * s, min(line, (cy - icon) * s))
            let bottom = min((box.y + box.height - 2) * s, max(line + ascender + descender + 8 * s, (cy + icon) * s))
            surface.fill(
                .roundedRect(x: x(start, width: label, canvas: width), y: top, width: label * s, height: bottom - top, radius: 4 * s),
                color: color, clip: clip)
        }
    }

    /// What of a row `selected(_:_:_:)` colours.
    enum RowPart {
        /// The title and the drawn icon.
        case title
        /// Subtitles and notes: dimmer than the title on the selection too.
        case note
        /// The chevron or triangle.
        case disclosure
    }

    /// `color`, or the selection's text colour for `part` on a row more than
    /// half selected (`style.accent: active`). A label (`style.selection:
    /// label`) covers the icon and the name only: the rest keeps its colour.
    func selected(_ color: Color, _ box: RowBox, _ part: RowPart = .title) -> Color {
        guard box.selection >= 0.5, part == .title || !isLabelled(box.content),
            let text = part == .note ? palette.selectedSecondaryText : palette.selectedText
        else { return color }
        return text
    }

    /// The baseline that centres the Latin font's line box on `cy` points: round(cy·s + (A − D)/2).
    func baseline(_ cy: Double, _ px: Double) -> Int {
        let (a, d) = typesetter.lineMetrics(size: px)
        return Int((cy * scale + (a - d) / 2).rounded())
    }
}

extension TextDirection {
    /// The direction text takes in an outline reading `direction`, when it has none of its own.
    package init(_ direction: Appearance.Direction) {
        self = direction == .rtl ? .rightToLeft : .leftToRight
    }
}

extension FontWeight {
    package init(_ weight: Appearance.Weight) {
        self = weight == .semibold ? .semibold : .regular
    }
}

/// The layers of a row, which a vector animation moves, fades or turns each
/// on its own; the pixel painter draws them all, in the order they are listed.
package struct RowLayers: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// The row's background (its kind's, or a detail row's).
    package static let background = RowLayers(rawValue: 1)
    /// The selection tint, drawn as strong as `RowBox.selection`.
    package static let selection = RowLayers(rawValue: 2)
    /// The pointer's highlight.
    package static let hover = RowLayers(rawValue: 4)
    /// Guides, separator, checkbox, badge and text.
    package static let content = RowLayers(rawValue: 8)
    /// The icon (a folder's open while its chevron is more than half way turned).
    package static let icon = RowLayers(rawValue: 128)
    /// The disclosure chevron, turned by `RowBox.chevron`.
    package static let chevron = RowLayers(rawValue: 16)
    /// The focus ring.
    package static let focus = RowLayers(rawValue: 32)
    /// Where a dragged row would drop.
    package static let drop = RowLayers(rawValue: 64)
    /// Everything.
    package static let all: RowLayers = [.background, .selection, .hover, .content, .icon, .chevron, .focus, .drop]
}
