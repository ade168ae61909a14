import OutlineAppearance
import UnfoldCanvas

/// The icons Unfold draws itself, as vector shapes in a unit box, for
/// `style.icons: glyph`: folders (open and closed), a few symbols of settings
/// screens, and for every other name a document: coloured by its extension
/// where Unfold knows it, tinted by its family (scripts, markup, data,
/// images) where it knows only that, grey otherwise. Drawn by Unfold's own
/// rasterizer, so they are the same on every machine.
struct IconGlyph {
    enum Shape: Equatable {
        case folder(open: Bool), file, gear, person, bell, lock, globe, star, info, spinner
    }

    let shape: Shape
    private(set) var color: Color

    /// Colours of file kinds, by extension (the colours their communities use).
    static let fileColors: [String: UInt32] = [
        "swift": 0xF05138, "md": 0x519ABA, "markdown": 0x519ABA, "json": 0xCBA32A, "yaml": 0xA074C4, "yml": 0xA074C4,
        "c": 0x599EFF, "h": 0x8E7CC3, "cpp": 0x599EFF, "py": 0x3572A5, "js": 0xE5C02B, "ts": 0x3178C6, "html": 0xE34C26,
        "css": 0x563D7C, "png": 0x26A69A, "jpg": 0x26A69A, "svg": 0xFFB13B, "txt": 0x8E8E93, "sh": 0x4EAA25,
        "rs": 0xDEA584, "go": 0x00ADD8, "opml": 0x8E8E93, "file": 0x8E8E93, "log": 0x8E8E93,
    ]

    /// The tint of a family, and the extensions of it that `fileColors` does not name: one table for every other file.
    static let families: [(color: UInt32, extensions: Set<String>)] = [
        // scripts: JavaScript's yellow, muted
        (0xC9A227, ["jsx", "mjs", "cjs", "tsx", "mts", "cts", "rb", "php", "pl", "lua", "java", "kt", "cs", "m", "mm", "zsh", "bash", "fish", "ps1"]),
        // markup and documents: Markdown's blue
        (0x519ABA, ["mdx", "astro", "vue", "svelte", "htm", "xml", "rst", "adoc", "tex", "scss", "sass", "less", "pdf"]),
        // data and configuration: JSON's ochre
        (0xB08D2E, ["toml", "ini", "cfg", "conf", "csv", "tsv", "lock", "plist", "sql", "env", "xcconfig", "jsonc", "json5"]),
        // images: the teal of the picture files
        (0x26A69A, ["jpeg", "gif", "webp", "ico", "bmp", "tif", "tiff", "heic", "avif", "apng"]),
    ]

    /// A document's grey, for names of no known family.
    static let documentColor: UInt32 = 0x8E8E93

    /// The glyph of an icon name; `folder` is the colour of folders in the look (a palette's).
    init(name: String, open: Bool, folder: Color) {
        switch name {
        case Appearance.folderIcon: (shape, color) = (.folder(open: open), folder)
        case "gear", "settings": (shape, color) = (.gear, Color(hex: 0x8E8E93))
        case "person", "account": (shape, color) = (.person, Color(hex: 0x0A84FF))
        case "bell", "notifications": (shape, color) = (.bell, Color(hex: 0xFF3B30))
        case "lock", "privacy": (shape, color) = (.lock, Color(hex: 0x5E5CE6))
        case "globe", "language": (shape, color) = (.globe, Color(hex: 0x30B0C7))
        case "star", "favorites": (shape, color) = (.star, Color(hex: 0xFFCC00))
        case "info": (shape, color) = (.info, Color(hex: 0x0A84FF))
        case "spinner": (shape, color) = (.spinner, Color(hex: 0x8E8E93))
        default:
            let family = Self.families.first { $0.extensions.contains(name) }?.color
            (shape, color) = (.file, Color(hex: Self.fileColors[name] ?? family ?? Self.documentColor))
        }
    }

    /// The same shape in one colour (on an emphasized selection, as the Finder sidebar draws its symbols in white).
    func tinted(_ tint: Color) -> IconGlyph {
        var glyph = self
        glyph.color = tint
        return glyph
    }

    /// Draws the icon in the `size`-pixel square at (x, y); `fade` applies the row's opacity.
    func draw(into surface: some DrawingTarget, x: Double, y: Double, size: Double, fade: (Color) -> Color, clip: PixelRect) {
        func p(_ u: Double, _ v: Double) -> Point { Point(x + u * size, y + v * size) }
        func fill(_ path: Path, _ c: Color) { surface.fill(path, color: fade(c), clip: clip) }
        func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
            .roundedRect(x: x + (cx - r) * size, y: y + (cy - r) * size, width: 2 * r * size, height: 2 * r * size, radius: r * size)
        }
        // The colour 45% of the way to white, for folds and inner faces.
        func lighter(_ v: UInt8) -> UInt8 { v + UInt8((Int(255 - v) * 115 + 128) >> 8) }
        let light = Color(r: lighter(color.r), g: lighter(color.g), b: lighter(color.b))
        switch shape {
        case let .folder(open):
            fill(.polygon([p(0.06, 0.2), p(0.4, 0.2), p(0.48, 0.3), p(0.94, 0.3), p(0.94, 0.84), p(0.06, 0.84)]), color)
            if open {
                fill(.polygon([p(0.2, 0.45), p(1.0, 0.45), p(0.86, 0.84), p(0.06, 0.84)]), light)
            } else {
                fill(.polygon([p(0.06, 0.38), p(0.94, 0.38), p(0.94, 0.84), p(0.06, 0.84)]), light)
            }
        case .file:
            fill(.polygon([p(0.18, 0.06), p(0.6, 0.06), p(0.84, 0.3), p(0.84, 0.94), p(0.18, 0.94)]), color)
            fill(.polygon([p(0.6, 0.06), p(0.84, 0.3), p(0.6, 0.3)]), light)
            fill(.rect(x: x + 0.3 * size, y: y + 0.52 * size, width: 0.42 * size, height: 0.07 * size), light)
            fill(.rect(x: x + 0.3 * size, y: y + 0.68 * size, width: 0.42 * size, height: 0.07 * size), light)
        case .gear:
            var teeth: [Point] = []
            for k in 0 ..< 16 {
                let (sin, cos) = DeterministicMath.sinCos(degrees: Double(k) * 22.5 + 11.25)
                let r = k % 2 == 0 ? 0.47 : 0.36
                teeth.append(p(0.5 + r * cos, 0.5 + r * sin))
            }
            fill(.polygon(teeth), color)
            fill(circle(0.5, 0.5, 0.15), .white)
        case .person:
            fill(circle(0.5, 0.32, 0.2), color)
            var body = Path()
            body.move(to: p(0.12, 0.94))
            body.cubic(to: p(0.88, 0.94), control1: p(0.12, 0.5), control2: p(0.88, 0.5))
            body.close()
            fill(body, color)
        case .bell:
            var bell = Path()
            bell.move(to: p(0.14, 0.76))
            bell.cubic(to: p(0.5, 0.1), control1: p(0.3, 0.62), control2: p(0.18, 0.1))
            bell.cubic(to: p(0.86, 0.76), control1: p(0.82, 0.1), control2: p(0.7, 0.62))
            bell.close()
            fill(bell, color)
            fill(circle(0.5, 0.84, 0.09), color)
        case .lock:
            surface.stroke(
                [p(0.3, 0.5), p(0.3, 0.3), p(0.38, 0.14), p(0.62, 0.14), p(0.7, 0.3), p(0.7, 0.5)], width: 0.1 * size,
                color: fade(color), clip: clip)
            fill(.roundedRect(x: x + 0.16 * size, y: y + 0.44 * size, width: 0.68 * size, height: 0.5 * size, radius: 0.08 * size), color)
        case .globe:
            fill(circle(0.5, 0.5, 0.44), color)
            let line = Color(r: 255, g: 255, b: 255, a: 200)
            surface.stroke([p(0.08, 0.5), p(0.92, 0.5)], width: 0.06 * size, color: fade(line), clip: clip)
            surface.stroke([p(0.5, 0.07), p(0.5, 0.93)], width: 0.06 * size, color: fade(line), clip: clip)
            surface.stroke([p(0.16, 0.28), p(0.84, 0.28)], width: 0.05 * size, color: fade(line), clip: clip)
            surface.stroke([p(0.16, 0.72), p(0.84, 0.72)], width: 0.05 * size, color: fade(line), clip: clip)
        case .star:
            var points: [Point] = []
            for k in 0 ..< 10 {
                let (sin, cos) = DeterministicMath.sinCos(degrees: Double(k) * 36 - 90)
                let r = k % 2 == 0 ? 0.48 : 0.2
                points.append(p(0.5 + r * cos, 0.54 + r * sin))
            }
            fill(.polygon(points), color)
        case .spinner:  // eight spokes, fading round the circle: one frame of an activity indicator
            for k in 0 ..< 8 {
                let (sin, cos) = DeterministicMath.sinCos(degrees: Double(k) * 45 - 90)
                let spoke = [p(0.5 + 0.22 * cos, 0.5 + 0.22 * sin), p(0.5 + 0.44 * cos, 0.5 + 0.44 * sin)]
                surface.stroke(spoke, width: 0.11 * size, color: fade(color.fading(256 - k * 28)), clip: clip)
            }
        case .info:
            fill(circle(0.5, 0.5, 0.45), color)
            fill(circle(0.5, 0.3, 0.07), .white)
            fill(.rect(x: x + 0.44 * size, y: y + 0.43 * size, width: 0.12 * size, height: 0.32 * size), .white)
        }
    }
}
