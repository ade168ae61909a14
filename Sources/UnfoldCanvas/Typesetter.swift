import CUnfoldFreeType
import OutlineAppearance

/// Where a line too wide for its room is cut with "…".
package enum TextTruncation: Sendable, Hashable {
    /// The end of the text is cut: "find-common-…".
    case end
    /// The middle is cut, keeping the start and the end: "find-comm…ancestor.d.ts".
    case middle
}

/// Lays out and draws single-line and wrapped text with FreeType and
/// HarfBuzz (`Shaper`: bidi, font fallback by runs, shaping), through a chain
/// of fonts per weight: a scenario's own fonts of that weight, then the Latin
/// font of that weight, then the bundled fonts of other scripts. Line
/// metrics come from the first regular font, so that every font sits on the
/// same baseline. A character that no font has draws a visible box.
///
/// FreeType settings are fixed (`unfold_load_flags`: unhinted outlines, no
/// bitmaps, no autohinter; 8-bit greyscale anti-aliasing; coverage blended
/// linearly in sRGB, no gamma). Glyphs sit on whole pixels; positions come
/// from HarfBuzz in font units and accumulate in 1/64 pixel. Shaped lines
/// and glyph bitmaps are cached. Not thread-safe: use one per thread.
package final class Typesetter {
    /// regular, semibold, the fallbacks, then the preferred fonts (`FontSet.sources`)
    private let faces: [Face]
    /// Per weight (regular, semibold), the faces to try in order.
    private let chains: [[Int]]
    /// Whether each face draws semibold itself; a semibold run's glyph from
    /// any other face (a fallback for a script that has no bold font) is
    /// drawn emboldened instead (`FT_Outline_EmboldenXY`), never regular.
    private let isSemibold: [Bool]
    private let shaper: Shaper
    /// Shaped lines by text, size, weight and direction, in two generations:
    /// when the current one holds `cacheScalars` scalars it becomes the old
    /// one (lines used again move back), which bounds the memory, keeps a
    /// frame's lines however many there are, and never changes a result.
    private var lines: [LineKey: ShapedLine] = [:]
    private var olderLines: [LineKey: ShapedLine] = [:]
    private var cachedScalars = 0
    private static let cacheScalars = 1 << 18
    /// Glyph cache: a table per (face, size), indexed by glyph index; the last
    /// table used is looked up without hashing (a title keeps one font and size).
    private var tables: [TableKey: Int] = [:]
    private var glyphTables: [[Glyph?]] = []
    private var lastTable: (key: TableKey, index: Int)?
    private var currentSize: [Int]

    /// Texts are told apart by their exact scalars: Swift's `String` equality
    /// is canonical equivalence, under which "é" and "e\u{301}" are one key,
    /// though they shape differently (and it hashes through normalization).
    private struct LineKey: Hashable {
        var text: String
        var size: Int  // 1/64 px
        var weight: FontWeight
        var direction: TextDirection

        static func == (a: LineKey, b: LineKey) -> Bool {
            a.size == b.size && a.weight == b.weight && a.direction == b.direction && a.text.utf8.elementsEqual(b.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(size)
            hasher.combine(weight)
            hasher.combine(direction)
            var text = self.text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private struct TableKey: Hashable {
        var face: Int
        var size: Int  // 1/64 px
        var emboldened: Bool
    }

    private struct Glyph {
        var bitmap: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
    }

    package init(fonts: FontSet = .bundled) throws {
        let lib = try Library()
        faces = try fonts.sources.map { try Face(library: lib, source: $0) }
        let fallbacks = Array(2 ..< 2 + fonts.fallbacks.count)
        let preferredStart = 2 + fonts.fallbacks.count
        let own = { (weight: FontWeight) in fonts.preferred.indices.filter { fonts.preferred[$0].weight == weight }.map { $0 + preferredStart } }
        chains = [own(.regular) + [0] + fallbacks, own(.semibold) + [1] + fallbacks]
        isSemibold = faces.indices.map { $0 == 1 || own(.semibold).contains($0) }
        shaper = Shaper(faces: faces)
        currentSize = Array(repeating: 0, count: faces.count)
    }

    /// Ascender and descender (positive, below the baseline) in pixels of the
    /// first regular font: a scenario's own, else the bundled Latin one; so
    /// that fallback fonts (other scripts) never move the baseline.
    package func lineMetrics(size: Double) -> (ascender: Double, descender: Double) {
        let f = faces[chains[0].first ?? 0]
        let em = Double(f.unitsPerEm)
        return (f.ascender / em * size, -f.descender / em * size)
    }

    /// The line shaped, from the cache when it was shaped before.
    func shaped(_ text: String, size: Double, weight: FontWeight, direction: TextDirection = .leftToRight) -> ShapedLine {
        let key = LineKey(text: text, size: Int((size * 64).rounded()), weight: weight, direction: direction)
        if let line = lines[key] { return line }
        let line = olderLines[key] ?? shaper.shape(text, size: key.size, chain: chains[weight == .regular ? 0 : 1], direction: direction)
        if cachedScalars >= Self.cacheScalars {
            olderLines = lines
            lines = [:]
            cachedScalars = 0
        }
        lines[key] = line
        cachedScalars += line.advances.count
        return line
    }

    /// The advance width of a line of text, in pixels.
    package func width(_ text: String, size: Double, weight: FontWeight, direction: TextDirection = .leftToRight) -> Double {
        Double(shaped(text, size: size, weight: weight, direction: direction).width) / 64
    }

    /// The text cut with "…" so that it fits `maxWidth` pixels (unchanged if
    /// it fits), only between shaped clusters and between characters, in
    /// logical order (so the end of a right-to-left title is its left).
    /// `.end` keeps the longest start of the text; `.middle` keeps a start
    /// of at most half the room, the longest end that fits beside it, and
    /// then as much more of the start as the room still holds, as
    /// Finder and code editors cut file names ("find-comm…ancestor.d.ts"), so
    /// that names differing at the end stay apart.
    package func ellipsized(
        _ text: String, size: Double, weight: FontWeight, maxWidth: Double, direction: TextDirection = .leftToRight,
        truncation: TextTruncation = .end
    ) -> String {
        let line = shaped(text, size: size, weight: weight, direction: direction)
        let limit = Int((maxWidth * 64).rounded(.down))
        guard line.width > limit else { return text }
        let room = limit - shaped("…", size: size, weight: weight, direction: direction).width
        guard room >= 0 else { return "" }
        let characters = Array(text)
        var cuts: [(characters: Int, width: Int)] = [(0, 0)]  // where the text may be cut, and the width before
        var width = 0
        for (n, character) in line.measure(characters).enumerated() {
            width += character.width
            if character.cutAfter { cuts.append((n + 1, width)) }
        }
        let total = width
        func fits(_ result: String) -> Bool { shaped(result, size: size, weight: weight, direction: direction).width <= limit }
        switch truncation {
        case .end:
            // The longest start that fits with its ellipsis, shaped as it will be drawn.
            var candidate = cuts.lastIndex { $0.width <= room } ?? 0
            while true {
                var kept = String(characters[..<cuts[candidate].characters])
                while kept.last?.isWhitespace == true { kept.removeLast() }
                let result = kept + "…"
                if candidate == 0 || fits(result) { return result }
                candidate -= 1
            }
        case .middle:
            // A start of at most half the room, then the longest end that fits in what it leaves.
            var head = cuts.lastIndex { $0.width <= room / 2 } ?? 0
            var tail = cuts.firstIndex { $0.characters >= cuts[head].characters && total - $0.width <= room - cuts[head].width } ?? cuts.count - 1
            // What the end leaves of the room goes back to the start.
            while head + 1 < tail, cuts[head + 1].width + total - cuts[tail].width <= room { head += 1 }
            while true {
                var start = String(characters[..<cuts[head].characters])
                while start.last?.isWhitespace == true { start.removeLast() }
                var end = String(characters[cuts[tail].characters...])
                while end.first?.isWhitespace == true { end.removeFirst() }
                let result = start + "…" + end
                if (head == 0 && tail == cuts.count - 1) || fits(result) { return result }
                // Shaped whole it came out wider: give up a cluster on the longer side.
                if tail < cuts.count - 1, head == 0 || total - cuts[tail].width >= cuts[head].width { tail += 1 } else { head -= 1 }
            }
        }
    }

    /// Greedy line breaking to `maxWidth` pixels at the opportunities of
    /// `LineBreaks`, and, for a word too long for a line, between clusters.
    /// Widths are the shaped paragraph's, by cluster; a line that comes out
    /// wider shaped on its own ends at the opportunity before. A line that would read
    /// in another direction than its paragraph on its own (a right-to-left
    /// paragraph's line that starts with a Latin word) starts with a
    /// direction mark (U+200E, U+200F), which draws nothing. O(n) per
    /// paragraph, plus a shaping per line.
    package func wrap(
        _ text: String, size: Double, weight: FontWeight, maxWidth: Double, direction: TextDirection = .leftToRight
    ) -> [String] {
        let limit = Int((maxWidth * 64).rounded(.down))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = shaped(String(paragraph), size: size, weight: weight, direction: direction)
            let characters = Array(paragraph)
            let breaks = LineBreaks.opportunities(characters)
            let measured = line.measure(characters)
            var start = 0
            while start < characters.count {
                var end = start, width = 0
                // Where the line may end: at break opportunities, else between clusters.
                var breakEnds: [Int] = [], wholeEnds: [Int] = []
                // The width of the line up to `end`, not counting spaces at its end, and whether it has ink.
                var visible = 0, ink = false
                while end < characters.count {
                    if ink, breaks[end] { breakEnds.append(end) }
                    width += measured[end].width
                    if !characters[end].isWhitespace { (visible, ink) = (width, true) }
                    if visible > limit, end > start { break }
                    if measured[end].cutAfter { wholeEnds.append(end + 1) }
                    end += 1
                }
                func trimmed(to end: Int) -> String {
                    var text = String(characters[start ..< end])
                    while text.last?.isWhitespace == true { text.removeLast() }
                    return text
                }
                if end < characters.count {
                    // The line is full. Widths were the paragraph's; shaped alone (its own bidi,
                    // joining and kerning at the cut) a line may come out wider: then end earlier.
                    var ends = breakEnds.isEmpty ? wholeEnds : breakEnds
                    if let last = ends.popLast() { end = last }
                    while let earlier = ends.last, shaped(trimmed(to: end), size: size, weight: weight, direction: direction).width > limit {
                        end = earlier
                        ends.removeLast()
                    }
                }
                var text = trimmed(to: end)
                if start > 0, shaped(text, size: size, weight: weight, direction: direction).direction != line.direction {
                    text = (line.direction == .rightToLeft ? "\u{200F}" : "\u{200E}") + text
                }
                lines.append(text)
                start = end
                while start < characters.count, LineBreaks.Class(characters[start]) == .space { start += 1 }
            }
            if characters.isEmpty { lines.append("") }
        }
        return lines
    }

    /// Draws one line of text with its pen starting at `x` and its baseline on pixel row `baseline`.
    /// Returns the advance width in pixels.
    @discardableResult
    package func draw(
        _ text: String, into pixmap: inout Pixmap, x: Double, baseline: Int, size: Double,
        weight: FontWeight, color: Color, clip: PixelRect? = nil, direction: TextDirection = .leftToRight
    ) -> Double {
        pixmap.withSurface {
            draw(text, into: $0, x: x, baseline: baseline, size: size, weight: weight, color: color, clip: clip, direction: direction)
        }
    }

    /// Draws one line of text through a surface; see `draw(_:into:...)`. With
    /// `maxWidth`, text wider than that is cut with "…".
    @discardableResult
    package func draw(
        _ text: String, into surface: Surface, x: Double, baseline: Int, size: Double,
        weight: FontWeight, color: Color, clip: PixelRect? = nil, maxWidth: Double? = nil, direction: TextDirection = .leftToRight
    ) -> Double {
        var line = shaped(text, size: size, weight: weight, direction: direction)
        if let maxWidth, line.width > Int((maxWidth * 64).rounded(.down)) {  // too wide: cut with an ellipsis
            let cut = ellipsized(text, size: size, weight: weight, maxWidth: maxWidth, direction: direction)
            line = shaped(cut, size: size, weight: weight, direction: direction)
        }
        let area = (clip ?? surface.clip).intersection(surface.clip)
        let source = color.premultiplied
        let sizeKey = Int((size * 64).rounded())
        let origin = Int((x * 64).rounded())
        guard color.a > 0, !area.isEmpty else { return Double(line.width) / 64 }
        for p in line.glyphs {
            let (penX, penY) = Self.pen(p, origin: origin, baseline: baseline)
            if p.face < 0 {
                surface.fill(missingBox(x: penX, width: p.advance >> 6, baseline: baseline, size: size), color: color, clip: area)
                continue
            }
            guard let g = glyph(face: p.face, index: p.id, size: sizeKey, emboldened: emboldens(p.face, weight)), g.width > 0 else { continue }
            let gx = penX + g.left, gy = penY - g.top
            let x0 = max(gx, area.x0), x1 = min(gx + g.width, area.x1)
            let y0 = max(gy, area.y0), y1 = min(gy + g.rows, area.y1)
            guard x0 < x1, y0 < y1 else { continue }
            g.bitmap.withUnsafeBufferPointer { bits in
                for row in y0 ..< y1 {
                    let start = (row - gy) * g.width + (x0 - gx)
                    surface.blend(
                        row: row, x0: x0, coverage: UnsafeBufferPointer(rebasing: bits[start ..< start + (x1 - x0)]),
                        source: source)
                }
            }
        }
        return Double(line.width) / 64
    }

    /// Where a glyph's origin falls: on whole pixels, `origin` in 1/64 pixel.
    private static func pen(_ glyph: ShapedLine.Glyph, origin: Int, baseline: Int) -> (x: Int, y: Int) {
        ((origin + glyph.x + 32) >> 6, baseline - ((glyph.y + 32) >> 6))
    }

    /// A hollow box, as wide as its advance (`Shaper`'s 0.6 em) less a pixel
    /// each side, and 0.7 em tall, for a character no font has.
    private func missingBox(x: Int, width: Int, baseline: Int, size: Double) -> Path {
        let w = Double(width) - 2, h = Double(Int(size * 0.7))
        let x0 = Double(x + 1), y0 = Double(baseline) - h
        let line = max(1, (size / 16).rounded())
        var path = Path.rect(x: x0, y: y0, width: w, height: h)
        // Inner rectangle wound the other way makes it hollow.
        path.move(to: Point(x0 + line, y0 + line))
        path.line(to: Point(x0 + line, y0 + h - line))
        path.line(to: Point(x0 + w - line, y0 + h - line))
        path.line(to: Point(x0 + w - line, y0 + line))
        path.close()
        return path
    }

    /// A glyph of a set line where `draw` puts it: which glyph of which face at
    /// which size, and its origin on whole pixels.
    package struct PlacedGlyph: Sendable, Hashable {
        /// The face, glyph index, size (1/64 pixel) and emboldening that name its outline (`outline(of:)`).
        package struct Key: Sendable, Hashable {
            package var face: Int
            package var id: UInt32
            package var size: Int
            /// A semibold glyph drawn from a face with no semibold of its own.
            package var emboldened = false
        }

        package var key: Key
        package var x: Int
        package var y: Int

        /// The glyph `key` with its origin at (`x`, `y`) pixels.
        package init(key: Key, x: Int, y: Int) {
            self.key = key
            self.x = x
            self.y = y
        }
    }

    /// Whether no font of this typesetter has `scalar`, so that it would draw
    /// as a hollow box. Spaces, controls and default-ignorable characters
    /// (which draw nothing) are never missing. O(faces).
    package func lacks(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.properties.isWhitespace, scalar.value >= 0x20, !(0x7F ... 0x9F).contains(scalar.value),
            !Shaper.isDefaultIgnorable(scalar.value)
        else { return false }
        return !faces.contains { $0.covers(scalar.value) }
    }

    /// The glyphs of one line of text as `draw` places them, and the boxes it
    /// draws for characters no font has, for vector pictures. O(glyphs).
    package func placedGlyphs(
        _ text: String, x: Double, baseline: Int, size: Double, weight: FontWeight, direction: TextDirection = .leftToRight
    ) -> (glyphs: [PlacedGlyph], boxes: [Path]) {
        let line = shaped(text, size: size, weight: weight, direction: direction)
        let origin = Int((x * 64).rounded()), sizeKey = Int((size * 64).rounded())
        var glyphs: [PlacedGlyph] = [], boxes: [Path] = []
        for p in line.glyphs {
            let (penX, penY) = Self.pen(p, origin: origin, baseline: baseline)
            if p.face < 0 {
                boxes.append(missingBox(x: penX, width: p.advance >> 6, baseline: baseline, size: size))
            } else {
                glyphs.append(PlacedGlyph(key: .init(face: p.face, id: p.id, size: sizeKey, emboldened: emboldens(p.face, weight)), x: penX, y: penY))
            }
        }
        return (glyphs, boxes)
    }

    /// A glyph's outline in pixels, its origin at (0, 0) and y growing down:
    /// the unhinted outline that `draw` rasterizes. Empty when the font has
    /// none. O(the outline's points).
    package func outline(of key: PlacedGlyph.Key) -> Path {
        guard key.face >= 0, key.face < faces.count else { return Path() }
        setSize(key.face, key.size)
        let ft = faces[key.face].face
        guard FT_Load_Glyph(ft, key.id, unfold_load_flags) == 0, ft.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return Path()
        }
        if key.emboldened { embolden(ft.pointee.glyph, size: key.size) }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user)?.move(to) ?? 1 },
            line_to: { to, user in OutlineBuilder.from(user)?.line(to) ?? 1 },
            conic_to: { control, to, user in OutlineBuilder.from(user)?.conic(control, to) ?? 1 },
            cubic_to: { c1, c2, to, user in OutlineBuilder.from(user)?.cubic(c1, c2, to) ?? 1 },
            shift: 0, delta: 0)
        // The builder outlives the call: `user` is valid only during FT_Outline_Decompose.
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&ft.pointee.glyph.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        // A broken outline draws nothing, as the rasterizer draws nothing of it.
        guard status == 0 else { return Path() }
        builder.closeOpen()
        return builder.path
    }

    private func setSize(_ face: Int, _ sizeKey: Int) {
        guard currentSize[face] != sizeKey else { return }
        FT_Set_Char_Size(faces[face].face, 0, FT_F26Dot6(sizeKey), 72, 72)
        currentSize[face] = sizeKey
    }

    /// Whether a glyph of `face` in a run of `weight` is emboldened: a
    /// semibold run drawn with a face that has no semibold of its own. O(1).
    private func emboldens(_ face: Int, _ weight: FontWeight) -> Bool {
        weight == .semibold && face >= 0 && face < isSemibold.count && !isSemibold[face]
    }

    /// Thickens the outline loaded in `slot` as a semibold face's strokes are
    /// thicker than its regular's: by a 32nd of the size, across only, so
    /// that the line's height and the glyph's advance stay the font's.
    private func embolden(_ slot: FT_GlyphSlot, size: Int) {
        FT_Outline_EmboldenXY(&slot.pointee.outline, FT_Pos(size / 32), 0)
    }

    private func glyph(face: Int, index: UInt32, size: Int, emboldened: Bool) -> Glyph? {
        let key = TableKey(face: face, size: size, emboldened: emboldened)
        let table: Int
        if let last = lastTable, last.key == key {
            table = last.index
        } else if let known = tables[key] {
            table = known
        } else {
            table = glyphTables.count
            glyphTables.append([Glyph?](repeating: nil, count: Int(faces[face].face.pointee.num_glyphs)))
            tables[key] = table
        }
        lastTable = (key, table)
        let entry = Int(index)
        guard entry < glyphTables[table].count else { return nil }
        if let g = glyphTables[table][entry] { return g }
        setSize(face, size)
        let ft = faces[face].face
        guard FT_Load_Glyph(ft, index, unfold_load_flags) == 0 else { return nil }
        if emboldened, ft.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE { embolden(ft.pointee.glyph, size: size) }
        guard FT_Render_Glyph(ft.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let slot = ft.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var bits = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0 {
            for r in 0 ..< rows {
                let src = pitch >= 0 ? buffer + r * pitch : buffer + (rows - 1 - r) * -pitch
                for c in 0 ..< width { bits[r * width + c] = src[c] }
            }
        }
        let g = Glyph(bitmap: bits, width: width, rows: rows, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top))
        glyphTables[table][entry] = g
        return g
    }
}

/// Collects FreeType's outline callbacks into a `Path`: 26.6 units to pixels, y flipped.
private final class OutlineBuilder {
    var path = Path()
    private var open = false

    /// The builder behind FreeType's `user` pointer, valid during the decomposition only.
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder? {
        user.map { Unmanaged<OutlineBuilder>.fromOpaque($0).takeUnretainedValue() }
    }

    private func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return Point(0, 0) }
        return Point(Double(v.pointee.x) / 64, -Double(v.pointee.y) / 64)
    }

    func closeOpen() {
        if open { path.close() }
        open = false
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        closeOpen()
        path.move(to: point(to))
        open = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.line(to: point(to))
        return 0
    }

    func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.quad(to: point(to), control: point(control))
        return 0
    }

    func cubic(_ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.cubic(to: point(to), control1: point(c1), control2: point(c2))
        return 0
    }
}
