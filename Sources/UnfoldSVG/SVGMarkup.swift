import OutlineAppearance
import UnfoldCanvas
import UnfoldSupport

/// Writes the parts of an SVG document that pictures share: one class per
/// colour (a pair of colours when the picture follows the reader's theme),
/// each glyph's outline once, each clip rectangle once, and shapes and text
/// that refer to them. Names are given in order of first use, so the same
/// pictures give the same bytes.
///
/// Colours are plain class rules, switched by `@media (prefers-color-scheme)`:
/// CSS custom properties (`var()`) would be shorter, but librsvg and resvg
/// ignore them, and both draw the base theme when they skip the media query.
final class SVGMarkup {
    /// The scheme the alternate colours are for (`dark` when the base theme is light).
    let alternateScheme: String?
    /// Before every name: empty in a document of its own, the tree's in a
    /// page that may hold others (`HTMLTree`).
    let namespace: String
    /// Whether text is kept, invisible, beside its glyphs: not where the
    /// page around the drawing holds the text (`HTMLTree`).
    let keepsText: Bool
    private var classes: Names<ColorPair>
    private var glyphs: Names<Typesetter.PlacedGlyph.Key>
    private var clips: Names<PixelRect>
    private var clipPaths: Names<String>
    private var groups: Names<String>
    private var animations: Names<String>
    private var glyphDefs = "", clipDefs = "", groupDefs = "", animationCSS = ""
    private var usesText = false

    /// Names of things defined once, given in order of first use.
    struct Names<Key: Hashable> {
        let prefix: String
        private var names: [Key: String] = [:]
        /// Every key, in the order it was first named.
        private(set) var order: [Key] = []

        init(prefix: String) { self.prefix = prefix }

        /// The name of `key`, and whether it is new (to be defined now).
        mutating func name(_ key: Key) -> (name: String, isNew: Bool) {
            if let name = names[key] { return (name, false) }
            let name = prefix + String(order.count)
            names[key] = name
            order.append(key)
            return (name, true)
        }

        /// The name already given to `key`.
        subscript(key: Key) -> String { names[key] ?? "" }
    }

    /// A colour in the base theme and in the alternate one (the same when there is none).
    struct ColorPair: Hashable {
        var base: Color
        var alternate: Color
    }

    init(alternateScheme: String?, namespace: String = "", keepsText: Bool = true) {
        self.alternateScheme = alternateScheme
        self.namespace = namespace
        self.keepsText = keepsText
        (classes, glyphs, clips) = (Names(prefix: namespace + "c"), Names(prefix: namespace + "g"), Names(prefix: namespace + "r"))
        (clipPaths, groups, animations) = (Names(prefix: namespace + "p"), Names(prefix: namespace + "d"), Names(prefix: namespace + "k"))
    }

    /// The class that paints `pair`.
    func colorClass(_ pair: ColorPair) -> String { classes.name(pair).name }

    /// The `<style>` element: every colour class, then the alternate theme's,
    /// then `extra` and the animations.
    func style(extra: String = "") -> String { "<style>\(rules(extra: extra))</style>" }

    /// The style's rules: every colour class, then the alternate theme's
    /// (`alternate` adds rules of its own there), then `extra` and the
    /// animations. The alternate theme is the reader's system theme
    /// (`prefers-color-scheme`), or with `switched` a page's own switch: the
    /// selector of the page's root in that theme, before each of its rules.
    func rules(extra: String = "", alternate: String = "", switched: String? = nil) -> String {
        var css = usesText ? ".t{fill-opacity:0}" : ""
        for pair in classes.order { css += ".\(classes[pair])\(Self.fill(pair.base))" }
        if let scheme = alternateScheme {
            let changed = classes.order.filter { $0.base != $0.alternate }
            if !changed.isEmpty || !alternate.isEmpty {
                let within = switched.map { $0 + " " } ?? ""
                css += (switched == nil ? "@media (prefers-color-scheme:\(scheme)){" : "") + alternate
                for pair in changed { css += "\(within).\(classes[pair])\(Self.fill(pair.alternate))" }
                css += switched == nil ? "}" : ""
            }
        }
        return css + extra + animationCSS
    }

    /// The bytes held for the document's style and definitions, counted
    /// twice where a table keeps them as its keys too.
    var heldBytes: Int {
        let defs = glyphDefs.utf8.count + clipDefs.utf8.count + 2 * groupDefs.utf8.count
        return defs + 2 * animationCSS.utf8.count
    }

    /// The `<defs>` of every glyph and clip used.
    var defs: String {
        let all = glyphDefs + clipDefs + groupDefs
        return all.isEmpty ? "" : "<defs>\(all)</defs>"
    }

    /// The id of a group of elements defined once, to be drawn by `<use>`.
    func group(_ content: String) -> String {
        let (id, isNew) = groups.name(content)
        if isNew { groupDefs += "<g id=\"\(id)\">\(content)</g>" }
        return id
    }

    /// The class of an animation whose keyframes are `keyframes`, defined once
    /// (rows that move alike share it).
    func animation(_ keyframes: String) -> String {
        let (name, isNew) = animations.name(keyframes)
        if isNew { animationCSS += ".\(name){animation-name:\(name)}@keyframes \(name){\(keyframes)}" }
        return name
    }

    /// The id of a clip path made of `content` (an animated rectangle), defined once.
    func clipPath(_ content: String) -> String {
        let (id, isNew) = clipPaths.name(content)
        if isNew { clipDefs += "<clipPath id=\"\(id)\">\(content)</clipPath>" }
        return id
    }

    /// `{fill:#rrggbb}`, with `fill-opacity` for a translucent colour.
    static func fill(_ color: Color) -> String {
        color.a == 255 ? "{fill:#\(hex(color))}" : "{fill:#\(hex(color));fill-opacity:\(number(Double(color.a) / 255, places: 3))}"
    }

    /// `#rrggbb`'s digits, the colour's opacity left out.
    static func hex(_ color: Color) -> String {
        [color.r, color.g, color.b].map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    /// The colour as CSS: `#rrggbb`, or `rgba(…)` for a translucent one.
    static func cssColor(_ color: Color) -> String {
        color.a == 255 ? "#" + hex(color) : "rgba(\(color.r),\(color.g),\(color.b),\(number(Double(color.a) / 255, places: 3)))"
    }

    /// The id of a glyph's outline, defined once.
    func glyph(_ key: Typesetter.PlacedGlyph.Key, outline: Path) -> String {
        let (id, isNew) = glyphs.name(key)
        if isNew { glyphDefs += "<path id=\"\(id)\" d=\"\(Self.pathData(outline))\"/>" }
        return id
    }

    /// ` clip-path="url(#…)"` for a clip rectangle (defined once), or nothing.
    func clipAttribute(_ rect: PixelRect?) -> String {
        guard let rect else { return "" }
        let (id, isNew) = clips.name(rect)
        if isNew { clipDefs += "<clipPath id=\"\(id)\"><rect\(Self.rectAttributes(rect))/></clipPath>" }
        return " clip-path=\"url(#\(id))\""
    }

    /// One recorded item, in the base theme's geometry and the pair's colours.
    func item(_ base: VectorRecording.Item, alternate: VectorRecording.Item, outlines: [Typesetter.PlacedGlyph.Key: Path]) -> String {
        switch (base, alternate) {
        case let (.shape(path, color, clip), .shape(_, other, _)):
            // Nothing to see in either theme (a row's background on a transparent canvas).
            guard color.a > 0 || other.a > 0 else { return "" }
            let paint = colorClass(ColorPair(base: color, alternate: other))
            if let rect = Self.pixelRect(path) {
                return "<rect class=\"\(paint)\"\(Self.rectAttributes(rect))\(clipAttribute(clip))/>"
            }
            return "<path class=\"\(paint)\" d=\"\(Self.pathData(path))\"\(clipAttribute(clip))/>"
        case let (.text(text, placed, size, color, clip), .text(_, _, _, other, _)):
            usesText = usesText || keepsText
            let paint = colorClass(ColorPair(base: color, alternate: other))
            // On the first glyph's baseline; a glyph off it (a mark) says where it is.
            let baseline = placed.first?.y ?? 0
            var out = "<g class=\"\(paint)\"\(clipAttribute(clip))><g transform=\"translate(0 \(baseline))\">"
            // A glyph without an outline (a space) draws nothing.
            for glyph in placed where !(outlines[glyph.key]?.elements.isEmpty ?? true) {
                let id = self.glyph(glyph.key, outline: outlines[glyph.key] ?? Path())
                let y = glyph.y == baseline ? "" : " y=\"\(glyph.y - baseline)\""
                out += "<use href=\"#\(id)\" x=\"\(glyph.x)\"\(y)/>"
            }
            out += "</g>"
            // The text itself, invisible (`.t`), for search, copy and screen readers; none for a decoration.
            if keepsText, let first = placed.first, !text.isEmpty {
                out += "<text class=\"t\" x=\"\(first.x)\" y=\"\(first.y)\" font-size=\"\(Self.number(size))\">\(MarkupText.escaped(text))</text>"
            }
            return out + "</g>"
        default:
            return ""
        }
    }

    /// Whether two recordings of one frame hold the same shapes, in the same
    /// order, whatever their colours: what a picture of two themes needs.
    static func sameShapes(_ a: VectorRecording, _ b: VectorRecording) -> Bool {
        a.items.count == b.items.count
            && zip(a.items, b.items).allSatisfy { x, y in
                switch (x, y) {
                case let (.shape(p, _, c), .shape(q, _, d)): p == q && c == d
                case let (.text(s, g, z, _, c), .text(t, h, w, _, d)): s == t && g == h && z == w && c == d
                default: false
                }
            }
    }

    /// The whole-pixel rectangle a path traces, if it is one.
    static func pixelRect(_ path: Path) -> PixelRect? {
        guard path.elements.count == 5, case let .move(a) = path.elements[0], case let .line(b) = path.elements[1],
            case let .line(c) = path.elements[2], case let .line(d) = path.elements[3], case .close = path.elements[4],
            a.y == b.y, b.x == c.x, c.y == d.y, d.x == a.x, a.x < b.x, a.y < d.y,
            [a.x, a.y, c.x, c.y].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 })
        else { return nil }
        return PixelRect(x0: Int(a.x), y0: Int(a.y), x1: Int(c.x), y1: Int(c.y))
    }

    /// ` x="…" y="…" width="…" height="…"`, omitting zero positions.
    static func rectAttributes(_ r: PixelRect) -> String {
        (r.x0 == 0 ? "" : " x=\"\(r.x0)\"") + (r.y0 == 0 ? "" : " y=\"\(r.y0)\"") + " width=\"\(r.x1 - r.x0)\" height=\"\(r.y1 - r.y0)\""
    }

    /// A path's `d` in as few characters as SVG's grammar allows: points
    /// on a 1/10-pixel grid (invisible at any scale the picture is drawn at
    /// against the pixels' anti-aliasing), each written relative to the one
    /// before (so nothing drifts), lines along an axis as `h`/`v`, a quadratic
    /// curve whose control is within a grid step of the mirror of the one
    /// before (TrueType's implied points) as `t`, a repeated command written
    /// once. O(elements).
    static func pathData(_ path: Path) -> String {
        var d = ""
        var last: Character = " "
        var current = (0, 0), start = (0, 0)
        var previousControl: (Int, Int)?
        func grid(_ p: Point) -> (Int, Int) {
            let clamp = { (v: Double) in v.isFinite ? Int(min(max(v * 10, -1e12), 1e12).rounded()) : 0 }
            return (clamp(p.x), clamp(p.y))
        }
        func emit(_ command: Character, _ values: [Int]) {
            if command != last || command == "m" || command == "M" { d.append(command) }
            last = command
            for value in values {
                let text = compact(Double(value) / 10)
                // A separator only where two numbers would run together.
                if let end = d.last, end.isNumber || end == ".", !text.hasPrefix("-"),
                    !(text.hasPrefix(".") && d.reversed().prefix(while: { $0.isNumber || $0 == "." }).contains("."))
                {
                    d += " "
                }
                d += text
            }
        }
        let elements = path.elements
        for (i, element) in elements.enumerated() {
            var control: (Int, Int)?
            switch element {
            case let .move(a):
                let p = grid(a)
                if d.isEmpty { emit("M", [p.0, p.1]) } else { emit("m", [p.0 - current.0, p.1 - current.1]) }
                (current, start) = (p, p)
            case let .line(a):
                let p = grid(a)
                // Nothing to draw, or the line that closing the subpath draws anyway.
                let closes = i + 1 < elements.count && elements[i + 1] == .close && p == start
                if p == current || closes {
                    current = p
                } else if p.1 == current.1 {
                    emit("h", [p.0 - current.0])
                } else if p.0 == current.0 {
                    emit("v", [p.1 - current.1])
                } else {
                    emit("l", [p.0 - current.0, p.1 - current.1])
                }
                current = p
            case let .quad(c, a):
                let (q, p) = (grid(c), grid(a))
                // The control a reader works out for `t`: the previous one mirrored.
                let mirrored = previousControl.map { (2 * current.0 - $0.0, 2 * current.1 - $0.1) }
                if let m = mirrored, abs(m.0 - q.0) <= 1, abs(m.1 - q.1) <= 1 {
                    emit("t", [p.0 - current.0, p.1 - current.1])
                    control = m
                } else {
                    emit("q", [q.0 - current.0, q.1 - current.1, p.0 - current.0, p.1 - current.1])
                    control = q
                }
                current = p
            case let .cubic(c1, c2, a):
                let (q1, q2, p) = (grid(c1), grid(c2), grid(a))
                emit("c", [q1.0 - current.0, q1.1 - current.1, q2.0 - current.0, q2.1 - current.1, p.0 - current.0, p.1 - current.1])
                current = p
            case .close:
                d += "z"
                last = "z"
                current = start
            }
            previousControl = control
        }
        return d
    }

    /// `number` without the zero before a decimal point (".5", "-.25").
    static func compact(_ value: Double) -> String {
        let text = number(value)
        if text.hasPrefix("0.") { return String(text.dropFirst()) }
        if text.hasPrefix("-0.") { return "-" + text.dropFirst(2) }
        return text
    }

    /// A number to `places` decimals (at most 4), without trailing zeros:
    /// written the same on every machine and in every locale.
    static func number(_ value: Double, places: Int = 2) -> String {
        let unit = [1, 10, 100, 1000, 10000][min(max(places, 0), 4)]
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let scaled = Int((value * Double(unit)).rounded())
        let sign = scaled < 0 ? "-" : "", magnitude = abs(scaled)
        var text = sign + String(magnitude / unit)
        var fraction = magnitude % unit
        guard fraction > 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let padded = String(fraction)
        text += "." + String(repeating: "0", count: digits - padded.count) + padded
        return text
    }
}
