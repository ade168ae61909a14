import CUnfoldFreeType

/// Lays out and draws single-line and wrapped text with FreeType, through a
/// fallback chain of fonts (a scenario's own fonts of the requested weight,
/// then the Latin font of that weight, then CJK), with kerning and a glyph
/// cache. Line metrics come from the bundled Latin font, so that every
/// font sits on the same baseline. A character that no font has draws a
/// visible box.
///
/// FreeType settings are fixed (`unfold_load_flags`: unhinted outlines, no
/// bitmaps, no autohinter; 8-bit greyscale anti-aliasing; coverage blended
/// linearly in sRGB, no gamma). Glyphs sit on whole pixels; advances and
/// kerning accumulate in 1/64 pixel. Not thread-safe: use one per thread.
public final class Typesetter {
    /// regular, semibold, CJK, then the preferred fonts
    private let faces: [Face]
    /// Per weight (regular, semibold), the faces to try in order.
    private let chains: [[Int]]
    /// Glyph cache: a table per (face, size), indexed by glyph index; the last
    /// table used is looked up without hashing (a title keeps one font and size).
    private var tables: [TableKey: Int] = [:]
    private var glyphTables: [[Glyph?]] = []
    private var lastTable: (key: TableKey, index: Int)?
    private var currentSize: [Int]

    private struct TableKey: Hashable {
        var face: Int
        var size: Int  // 1/64 px
    }

    private struct Glyph {
        var bitmap: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
        var advance: Int  // 1/64 px
    }

    /// One positioned glyph: which face, which glyph, pen x in 1/64 px; face -1 is a missing glyph.
    private struct Placed {
        var face: Int
        var glyph: UInt32
        var x: Int
        /// Index of the scalar in the text.
        var scalar: Int
    }

    public init(fonts: FontSet = .bundled) throws {
        let lib = try Library()
        faces = try ([fonts.regular, fonts.semibold, fonts.cjk] + fonts.preferred.map(\.source)).map { try Face(library: lib, source: $0) }
        let own = { (weight: FontWeight) in fonts.preferred.indices.filter { fonts.preferred[$0].weight == weight }.map { $0 + 3 } }
        chains = [own(.regular) + [0, 2], own(.semibold) + [1, 2]]
        currentSize = Array(repeating: 0, count: faces.count)
    }

    /// Ascender and descender (positive, below the baseline) in pixels from the
    /// Latin font's hhea table, so that Chinese titles do not move the baseline.
    public func lineMetrics(size: Double) -> (ascender: Double, descender: Double) {
        let f = faces[0]
        return (f.ascender / f.unitsPerEm * size, -f.descender / f.unitsPerEm * size)
    }

    /// The advance width of a line of text, in pixels.
    public func width(_ text: String, size: Double, weight: FontWeight) -> Double {
        let (_, end) = layout(text, size: size, weight: weight)
        return Double(end) / 64
    }

    /// The text cut with "…" so that it fits `maxWidth` pixels (unchanged if
    /// it fits). One layout pass finds the cut; cuts fall between characters.
    public func ellipsized(_ text: String, size: Double, weight: FontWeight, maxWidth: Double) -> String {
        let (placed, end) = layout(text, size: size, weight: weight)
        let limit = Int((maxWidth * 64).rounded(.down))
        guard end > limit else { return text }
        let room = limit - Int((width("…", size: size, weight: weight) * 64).rounded(.up))
        // Pen position before each scalar, by scalar index.
        var penBefore = [Int](repeating: end, count: text.unicodeScalars.count + 1)
        for p in placed.reversed() { penBefore[p.scalar] = p.x }
        for i in stride(from: penBefore.count - 2, through: 0, by: -1) where penBefore[i] > penBefore[i + 1] {
            penBefore[i] = penBefore[i + 1]  // skipped control characters take the next pen position
        }
        var kept = ""
        var scalars = 0
        for ch in text {
            let next = scalars + ch.unicodeScalars.count
            if penBefore[next] > room { break }
            kept.append(ch)
            scalars = next
        }
        while kept.last == " " { kept.removeLast() }
        return room < 0 ? "" : kept + "…"
    }

    /// Greedy line breaking to `maxWidth` pixels: at spaces, between CJK
    /// characters, and anywhere inside a word too long for a line.
    public func wrap(_ text: String, size: Double, weight: FontWeight, maxWidth: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for token in Self.breakTokens(String(paragraph)) {
                let candidate = line + token
                if width(candidate.trimmingTrailingSpaces(), size: size, weight: weight) <= maxWidth {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line.trimmingTrailingSpaces()) }
                var rest = line.isEmpty ? token : token.drop { $0 == " " }.description
                // A token wider than a line breaks between characters.
                while width(rest, size: size, weight: weight) > maxWidth, rest.count > 1 {
                    var head = ""
                    for ch in rest {
                        if !head.isEmpty && width(head + String(ch), size: size, weight: weight) > maxWidth { break }
                        head.append(ch)
                    }
                    lines.append(head)
                    rest = String(rest.dropFirst(head.count))
                }
                line = rest
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }

    /// Tokens that line breaks may separate: a word with its trailing spaces,
    /// or a single CJK character.
    static func breakTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inSpaces = false
        for ch in text {
            if ch.unicodeScalars.first.map(Self.isCJK) == true {
                if !current.isEmpty { tokens.append(current) }
                tokens.append(String(ch))
                current = ""
                inSpaces = false
            } else if ch == " " {
                current.append(ch)
                inSpaces = true
            } else {
                if inSpaces { tokens.append(current); current = "" }
                inSpaces = false
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80 ... 0x2FDF, 0x3000 ... 0x30FF, 0x3100 ... 0x31FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
            0xAC00 ... 0xD7AF, 0xF900 ... 0xFAFF, 0xFF00 ... 0xFFEF, 0x20000 ... 0x2FA1F:
            true
        default: false
        }
    }

    /// Draws one line of text with its pen starting at `x` and its baseline on pixel row `baseline`.
    /// Returns the advance width in pixels.
    @discardableResult
    public func draw(
        _ text: String, into pixmap: inout Pixmap, x: Double, baseline: Int, size: Double,
        weight: FontWeight, color: Color, clip: PixelRect? = nil
    ) -> Double {
        pixmap.withSurface { draw(text, into: $0, x: x, baseline: baseline, size: size, weight: weight, color: color, clip: clip) }
    }

    /// Draws one line of text through a surface; see `draw(_:into:...)`. With
    /// `maxWidth`, text wider than that is cut with "…".
    @discardableResult
    public func draw(
        _ text: String, into surface: Surface, x: Double, baseline: Int, size: Double,
        weight: FontWeight, color: Color, clip: PixelRect? = nil, maxWidth: Double? = nil
    ) -> Double {
        var (placed, end) = layout(text, size: size, weight: weight)
        if let maxWidth, end > Int((maxWidth * 64).rounded(.down)) {  // too wide: cut with an ellipsis
            (placed, end) = layout(ellipsized(text, size: size, weight: weight, maxWidth: maxWidth), size: size, weight: weight)
        }
        let area = (clip ?? surface.clip).intersection(surface.clip)
        let source = color.premultiplied
        let sizeKey = Int((size * 64).rounded())
        let origin = Int((x * 64).rounded())
        guard color.a > 0, !area.isEmpty else { return Double(end) / 64 }
        for p in placed {
            let penX = (origin + p.x + 32) >> 6
            if p.face < 0 {
                drawMissingBox(into: surface, x: penX, baseline: baseline, size: size, color: color, clip: area)
                continue
            }
            guard let g = glyph(face: p.face, index: p.glyph, size: sizeKey), g.width > 0 else { continue }
            let gx = penX + g.left, gy = baseline - g.top
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
        return Double(end) / 64
    }

    /// A hollow box, 0.6 em by 0.7 em, for a character no font has.
    private func drawMissingBox(into surface: Surface, x: Int, baseline: Int, size: Double, color: Color, clip: PixelRect) {
        let w = Double(Int(size * 0.6)) - 2, h = Double(Int(size * 0.7))
        let x0 = Double(x + 1), y0 = Double(baseline) - h
        let line = max(1, (size / 16).rounded())
        var path = Path.rect(x: x0, y: y0, width: w, height: h)
        // Inner rectangle wound the other way makes it hollow.
        path.move(to: Point(x0 + line, y0 + line))
        path.line(to: Point(x0 + line, y0 + h - line))
        path.line(to: Point(x0 + w - line, y0 + h - line))
        path.line(to: Point(x0 + w - line, y0 + line))
        path.close()
        surface.fill(path, color: color, clip: clip)
    }

    /// Chooses a face per character and places glyphs; returns them and the end pen position (1/64 px).
    private func layout(_ text: String, size: Double, weight: FontWeight) -> ([Placed], Int) {
        let sizeKey = Int((size * 64).rounded())
        let chain = chains[weight == .regular ? 0 : 1]
        var placed: [Placed] = []
        var pen = 0
        var previous: (face: Int, glyph: UInt32)?
        for (position, scalar) in text.unicodeScalars.enumerated() {
            if scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) { continue }  // control characters
            var face = -1
            var index: UInt32 = 0
            for f in chain {
                let i = faces[f].glyphIndex(scalar)
                if i != 0 { face = f; index = i; break }
            }
            if face < 0 {
                placed.append(Placed(face: -1, glyph: 0, x: pen, scalar: position))
                pen += Int(size * 0.6) * 64
                previous = nil
                continue
            }
            if let prev = previous, prev.face == face {
                setSize(face, sizeKey)
                var delta = FT_Vector()
                if FT_Get_Kerning(faces[face].face, prev.glyph, index, FT_KERNING_UNFITTED.rawValue, &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            placed.append(Placed(face: face, glyph: index, x: pen, scalar: position))
            pen += glyph(face: face, index: index, size: sizeKey)?.advance ?? 0
            previous = (face, index)
        }
        return (placed, pen)
    }

    private func setSize(_ face: Int, _ sizeKey: Int) {
        guard currentSize[face] != sizeKey else { return }
        FT_Set_Char_Size(faces[face].face, 0, FT_F26Dot6(sizeKey), 72, 72)
        currentSize[face] = sizeKey
    }

    private func glyph(face: Int, index: UInt32, size: Int) -> Glyph? {
        let key = TableKey(face: face, size: size)
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
        guard FT_Load_Glyph(ft, index, unfold_load_flags) == 0,
            FT_Render_Glyph(ft.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
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
        let g = Glyph(
            bitmap: bits, width: width, rows: rows, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
            advance: Int(slot.advance.x))
        glyphTables[table][entry] = g
        return g
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
