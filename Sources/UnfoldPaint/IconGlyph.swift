import OutlineAppearance
import UnfoldCanvas

/// The icons Unfold draws itself, as vector shapes in a unit box: folders
/// (open and closed), a few symbols of settings screens, and documents. A
/// document's face says what kind of file it is (code, a script, data, a
/// table, a picture, a style sheet, or text) and its colour which language or
/// format (in one colour, a code file's letters: `mark(for:)`), so that
/// `.jpg` and `.json`, or `.swift`, `.sh` and `.svg`, never look alike, and
/// no file looks like a folder. Drawn by Unfold's own
/// rasterizer, so they are the same on every machine.
struct IconGlyph {
    enum Shape: Equatable {
        /// A folder; a document with its face (nil: a blank page, for letters drawn on it); a symbol.
        case folder(open: Bool), file(Face?), gear, person, bell, lock, globe, star, info, spinner
    }

    /// What a document's face shows.
    enum Face: Equatable, CaseIterable {
        /// `< >`: source code and markup.
        case code
        /// `>_`: a shell script.
        case prompt
        /// `{ }`: data and settings.
        case braces
        /// A grid: a table.
        case grid
        /// A hill under the sun: a picture.
        case picture
        /// `#`: a style sheet.
        case style
        /// Lines of text: documents, and every name of no known kind.
        case lines
    }

    private(set) var shape: Shape
    private(set) var color: Color

    /// The kinds of file, each with its face, the tint of its members, and
    /// its extensions: every extension Unfold knows is in exactly one.
    static let families: [(face: Face, color: UInt32, extensions: Set<String>)] = [
        (
            .code, 0xC9A227,
            [
                "swift", "c", "h", "cc", "cpp", "hpp", "m", "mm", "rs", "go", "py", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts",
                "rb", "php", "pl", "lua", "java", "kt", "cs", "dart", "scala", "zig", "html", "htm", "xml", "vue", "svelte", "astro",
            ]
        ),
        (.prompt, 0x4EAA25, ["sh", "bash", "zsh", "fish", "ps1", "bat", "cmd"]),
        (.braces, 0xB08D2E, ["json", "jsonc", "json5", "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "plist", "xcconfig", "properties"]),
        (.grid, 0x2E9E5B, ["csv", "tsv", "sql", "xls", "xlsx", "sqlite", "db"]),
        (.picture, 0x26A69A, ["png", "jpg", "jpeg", "gif", "webp", "ico", "bmp", "tif", "tiff", "heic", "avif", "apng", "svg"]),
        (.style, 0x563D7C, ["css", "scss", "sass", "less"]),
        (.lines, 0x519ABA, ["md", "markdown", "mdx", "rst", "adoc", "tex", "txt", "pdf", "log", "opml", "rtf"]),
    ]

    /// Colours their communities use, where they differ from the family's tint.
    static let fileColors: [String: UInt32] = [
        "swift": 0xF05138, "c": 0x599EFF, "cpp": 0x599EFF, "h": 0x8E7CC3, "py": 0x3572A5, "js": 0xE5C02B, "ts": 0x3178C6,
        "mts": 0x3178C6, "cts": 0x3178C6, "tsx": 0x3178C6, "rs": 0xDEA584, "go": 0x00ADD8, "html": 0xE34C26, "htm": 0xE34C26,
        "astro": 0xFF5D01, "vue": 0x41B883, "svelte": 0xFF3E00, "json": 0xCBA32A, "yaml": 0xA074C4, "yml": 0xA074C4,
        "svg": 0xFFB13B, "txt": 0x8E8E93, "log": 0x8E8E93, "opml": 0x8E8E93,
    ]

    /// In one colour (`mono`), where colour cannot tell languages apart, a
    /// code file's page carries its language's letters instead of `< >`,
    /// as Starlight's file tree gives each language its own icon: its
    /// extension in capitals where that is short, else these. Markup
    /// (`html`, `xml`) keeps `< >`: an empty mark keeps the face.
    static let marks: [String: String] = [
        "swift": "SW", "cpp": "C++", "hpp": "H++", "cs": "C#", "java": "JV", "dart": "DT", "scala": "SC", "svelte": "SV",
        "astro": "AS", "html": "", "htm": "", "xml": "",
    ]

    /// The letters on a code file's page in one colour: its mark, or its
    /// extension in capitals when that is at most 3 letters; nil for other files.
    static func mark(for name: String) -> String? {
        guard families.first(where: { $0.face == .code })?.extensions.contains(name) == true else { return nil }
        let mark = marks[name] ?? (name.count <= 3 ? name.uppercased() : "")
        return mark.isEmpty ? nil : mark
    }

    /// A document's grey, for names of no known kind.
    static let documentColor: UInt32 = 0x8E8E93

    /// The glyph of an icon name; `folder` is the colour of folders in the
    /// look. Nil for a name Unfold has no drawing of (a `tile` look draws its
    /// letter instead) unless `document`, which gives it a grey document.
    init?(name: String, open: Bool, folder: Color, document: Bool = true) {
        switch name {
        case Appearance.folderIcon: (shape, color) = (.folder(open: open), folder)
        case "gear", "settings": (shape, color) = (.gear, Color(hex: 0x8E8E93))
        case "person", "account": (shape, color) = (.person, Color(hex: 0x0A84FF))
        case "bell", "notifications": (shape, color) = (.bell, Color(hex: 0xFF3B30))
        case "lock", "privacy": (shape, color) = (.lock, Color(hex: 0x5E5CE6))
        case "globe", "language": (shape, color) = (.globe, Color(hex: 0x30B0C7))
        case "star", "favorites": (shape, color) = (.star, Color(hex: 0xFFCC00))
        case "info": (shape, color) = (.info, Color(hex: 0x0A84FF))
        case Appearance.loadingIcon: (shape, color) = (.spinner, Color(hex: 0x8E8E93))
        default:
            if let family = Self.families.first(where: { $0.extensions.contains(name) }) {
                (shape, color) = (.file(family.face), Color(hex: Self.fileColors[name] ?? family.color))
            } else if document || name == "file" {
                (shape, color) = (.file(.lines), Color(hex: Self.documentColor))
            } else {
                return nil
            }
        }
    }

    /// The same shape in one colour (on an emphasized selection, as the Finder sidebar draws its symbols in white).
    func tinted(_ tint: Color) -> IconGlyph {
        var glyph = self
        glyph.color = tint
        return glyph
    }

    /// The same document with a blank page, for letters drawn on it.
    func blank() -> IconGlyph {
        var glyph = self
        if case .file = shape { glyph.shape = .file(nil) }
        return glyph
    }

    /// The colour of a document's face: white, or on a pale document its
    /// colour 60% of the way to black.
    var faceInk: Color {
        let isPale = 299 * Int(color.r) + 587 * Int(color.g) + 114 * Int(color.b) > 170_000
        func darker(_ v: UInt8) -> UInt8 { UInt8((Int(v) * 102 + 128) >> 8) }
        return isPale ? Color(r: darker(color.r), g: darker(color.g), b: darker(color.b)) : .white
    }

    /// The box, in the unit square, that letters on a document's page fit in.
    static let pageLetters = (x0: 0.22, x1: 0.8, y0: 0.36, y1: 0.88)

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
        case let .file(face):
            fill(.polygon([p(0.18, 0.06), p(0.6, 0.06), p(0.84, 0.3), p(0.84, 0.94), p(0.18, 0.94)]), color)
            fill(.polygon([p(0.6, 0.06), p(0.84, 0.3), p(0.6, 0.3)]), light)
            if let face { drawFace(face, ink: faceInk, fill: fill, point: p, size: size) }
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

    /// The marks on a document's face, in `ink`, within the document's body
    /// (x 0.28–0.74, y 0.42–0.86 of the unit box).
    private func drawFace(_ face: Face, ink: Color, fill: (Path, Color) -> Void, point p: (Double, Double) -> Point, size: Double) {
        /// A chevron with its tip at (x, y), its arms `dx` across (to the right when positive) and `dy` up and down, `t` thick.
        func chevron(_ x: Double, _ y: Double, dx: Double, dy: Double, t: Double) -> Path {
            let s = dx > 0 ? t : -t
            return .polygon([p(x + dx, y - dy), p(x, y), p(x + dx, y + dy), p(x + dx + s, y + dy), p(x + s, y), p(x + dx + s, y - dy)])
        }
        func bar(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
            .polygon([p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
        }
        func line(_ points: [(Double, Double)], width: Double) -> Path { .stroke(points.map(p), width: width * size) }
        switch face {
        case .code:
            fill(chevron(0.27, 0.63, dx: 0.12, dy: 0.13, t: 0.08), ink)
            fill(chevron(0.75, 0.63, dx: -0.12, dy: 0.13, t: 0.08), ink)
        case .prompt:
            fill(chevron(0.46, 0.6, dx: -0.16, dy: 0.13, t: 0.09), ink)
            fill(bar(0.5, 0.74, 0.73, 0.81), ink)
        case .braces:
            for mirror in [false, true] {
                let x = { (u: Double) in mirror ? 1.02 - u : u }
                let brace = [(0.45, 0.46), (0.39, 0.48), (0.39, 0.59), (0.31, 0.63), (0.39, 0.67), (0.39, 0.78), (0.45, 0.8)]
                fill(line(brace.map { (x($0.0), $0.1) }, width: 0.07), ink)
            }
        case .grid:
            for y in [0.44, 0.6, 0.76] { fill(bar(0.28, y, 0.74, y + 0.05), ink) }
            for x in [0.28, 0.485, 0.69] { fill(bar(x, 0.44, x + 0.05, 0.81), ink) }
        case .picture:
            fill(.roundedRect(x: p(0.57, 0.41).x, y: p(0.57, 0.41).y, width: 0.14 * size, height: 0.14 * size, radius: 0.07 * size), ink)
            fill(.polygon([p(0.26, 0.86), p(0.43, 0.58), p(0.55, 0.75), p(0.62, 0.67), p(0.76, 0.86)]), ink)
        case .style:
            fill(line([(0.44, 0.44), (0.39, 0.84)], width: 0.07), ink)
            fill(line([(0.63, 0.44), (0.58, 0.84)], width: 0.07), ink)
            for y in [0.53, 0.69] { fill(bar(0.29, y, 0.74, y + 0.06), ink) }
        case .lines:
            for y in [0.46, 0.6, 0.74] { fill(bar(0.3, y, 0.72, y + 0.07), ink) }
        }
    }
}
