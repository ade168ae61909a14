import Canvas
import OutlineLayout
import ScenarioFormat

/// Draws frame layouts: background, selection, indent guides, separators
/// inset to the content, chevrons, icons, titles, subtitles, badges, and
/// detail rows styled apart. Rows are snapped to device pixels; a row's
/// opacity scales every colour it draws.
public struct OutlinePainter {
    public let scenario: Scenario
    public let palette: Palette
    public let scale: Double
    public let typesetter: Typesetter
    let indentation: Indentation

    /// `palette` overrides the theme's colours.
    public init(scenario: Scenario, typesetter: Typesetter, palette: Palette? = nil) {
        self.scenario = scenario
        self.palette = palette ?? .of(scenario.canvas.theme)
        scale = Double(scenario.canvas.scale)
        self.typesetter = typesetter
        indentation = Indentation(style: scenario.style, width: scenario.canvas.width)
    }

    /// The pixel size of a canvas `height` points tall.
    public func pixelSize(height: Double) -> (width: Int, height: Int) {
        (Int((scenario.canvas.width * scale).rounded()), Int((height * scale).rounded()))
    }

    /// A new pixmap of the canvas with the frame drawn on it. With `helpers`
    /// (painters with typesetters of their own), the canvas is split into
    /// horizontal bands drawn on as many threads; the pixels are the same.
    public func draw(_ frame: FrameLayout, height: Double, helpers: [OutlinePainter] = []) throws -> Pixmap {
        let size = pixelSize(height: height)
        let painters = [self] + helpers
        return try Pixmap(width: size.width, height: size.height, bands: painters.count) { band, surface in
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
        }
    }

    func draw(_ box: RowBox, into surface: Surface, bareFrom drawnBottom: inout Int) {
        let s = scale
        let top = Int((box.y * s).rounded()), bottom = Int(((box.y + box.height) * s).rounded())
        guard bottom > top, top < surface.clip.y1, bottom > surface.clip.y0, box.opacity > 0 else { return }
        let alpha = Int((box.opacity * 256).rounded())
        func c(_ color: Color) -> Color { alpha >= 256 ? color : color.fading(alpha) }
        let kind = box.kind.flatMap { scenario.kinds[$0] }
        let width = surface.width
        let clip = PixelRect(x0: 0, y0: max(surface.clip.y0, top), x1: width, y1: min(surface.clip.y1, bottom))

        // Background and selection.
        let background = box.isDetail ? palette.detailBackground : kind?.background.map(Color.init) ?? palette.background
        if background != palette.background || box.opacity < 1 || top < drawnBottom {
            surface.fill(PixelRect(x0: 0, y0: top, x1: width, y1: bottom), color: c(background))
        }
        drawnBottom = max(drawnBottom, bottom)
        if box.selection > 0 {
            surface.fill(PixelRect(x0: 0, y0: top, x1: width, y1: bottom),
                        color: c(palette.selection.fading(Int((box.selection * 256).rounded()))))
        }

        // Indent guides: one per ancestor level, through the centre of its chevron box.
        if scenario.style.guides {
            for k in 0 ..< box.depth {
                let x = Int(((indentation.x(depth: k) + 10) * s).rounded(.down))
                surface.fill(PixelRect(x0: x, y0: top, x1: x + 1, y1: bottom), color: c(palette.guide))
            }
        }

        let x0 = indentation.x(depth: box.depth)
        var textX = x0 + Indentation.chevronBox
        // Separator, inset to where the content starts (or full width).
        if scenario.style.separators {
            let start = scenario.style.separatorInset ? Int((textX * s).rounded()) : 0
            surface.fill(PixelRect(x0: start, y0: bottom - 1, x1: width, y1: bottom), color: c(palette.separator))
        }

        let cy = box.y + box.height / 2
        if let angle = box.chevron {
            let cx = x0 + 10
            let triangle = Path.polygon([Point((cx - 3) * s, (cy - 4) * s), Point((cx - 3) * s, (cy + 4) * s), Point((cx + 4) * s, cy * s)])
            surface.fill(triangle, color: c(palette.chevron),
                        transform: .rotation(degrees: angle, about: Point(cx * s, cy * s)), clip: clip)
        }

        if let icon = box.icon {
            let size = 20.0
            surface.fill(.roundedRect(x: textX * s, y: (cy - size / 2) * s, width: size * s, height: size * s, radius: 5 * s),
                        color: c(palette.icon), clip: clip)
            if let letter = icon.first {
                let px = 12 * s
                let glyph = String(letter).uppercased()
                let w = typesetter.width(glyph, size: px, weight: .semibold)
                typesetter.draw(glyph, into: surface, x: (textX + size / 2) * s - w / 2, baseline: baseline(cy, px),
                                size: px, weight: .semibold, color: c(.white), clip: clip)
            }
            textX += size + 8
        }

        // Trailing badge with the child count.
        var right = scenario.canvas.width - 16
        if let badge = box.badge {
            let px = 13 * s
            let w = typesetter.width(badge, size: px, weight: .regular) / s
            let pill = max(w + 12, 22)
            surface.fill(.roundedRect(x: (right - pill) * s, y: (cy - 11) * s, width: pill * s, height: 22 * s, radius: 11 * s),
                        color: c(palette.badgeBackground), clip: clip)
            typesetter.draw(badge, into: surface, x: (right - pill / 2 - w / 2) * s, baseline: baseline(cy, px),
                            size: px, weight: .regular, color: c(palette.badgeText), clip: clip)
            right -= pill + 8
        }

        // Title (and subtitle), truncated with an ellipsis, or wrapped lines for self-sizing rows.
        let fontSize = (box.isDetail ? scenario.style.fontSize * 0.82 : kind?.fontSize ?? scenario.style.fontSize)
        let weight: FontWeight = (box.isDetail ? .regular : kind?.weight ?? scenario.style.weight) == .semibold ? .semibold : .regular
        let px = fontSize * s
        let textColor = box.isDetail ? palette.secondaryText : kind?.textColor.map(Color.init) ?? palette.text
        let maxWidth = max(0, (right - textX) * s)
        let textClip = PixelRect(x0: 0, y0: clip.y0, x1: Int((right * s).rounded()), y1: clip.y1)
        let (ascender, descender) = typesetter.lineMetrics(size: px)
        let lineHeight = ascender + descender
        let subtitlePx = px * 0.76
        let subtitleHeight = box.subtitle == nil ? 0 : typesetter.lineMetrics(size: subtitlePx).ascender
            + typesetter.lineMetrics(size: subtitlePx).descender
        let block = Double(box.lines.count) * lineHeight + subtitleHeight
        var lineTop = cy * s - block / 2
        for line in box.lines {
            typesetter.draw(line, into: surface, x: textX * s, baseline: Int((lineTop + ascender).rounded()),
                            size: px, weight: weight, color: c(textColor), clip: textClip,
                            maxWidth: box.lines.count == 1 ? maxWidth : nil)
            lineTop += lineHeight
        }
        if let subtitle = box.subtitle {
            typesetter.draw(subtitle, into: surface, x: textX * s,
                            baseline: Int((lineTop + typesetter.lineMetrics(size: subtitlePx).ascender).rounded()),
                            size: subtitlePx, weight: .regular, color: c(palette.secondaryText), clip: textClip,
                            maxWidth: maxWidth)
        }
    }

    /// The baseline that centres the Latin font's line box on `cy` points: round(cy·s + (A − D)/2).
    func baseline(_ cy: Double, _ px: Double) -> Int {
        let (a, d) = typesetter.lineMetrics(size: px)
        return Int((cy * scale + (a - d) / 2).rounded())
    }
}
