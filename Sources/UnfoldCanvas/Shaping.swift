import CUnfoldFriBidi
import CUnfoldHarfBuzz

/// The direction of a line of text with no strong character of its own, and
/// of the outline around it.
package enum TextDirection: Sendable, Hashable {
    case leftToRight, rightToLeft
}

/// One line of text shaped: its glyphs in visual order, left to right, with
/// positions in 1/64 pixel from the pen's start.
struct ShapedLine {
    struct Glyph {
        /// Index of the face in the typesetter; -1: no font has the character (a box is drawn).
        var face: Int
        var id: UInt32
        /// Pen position plus the glyph's own offset, and its offset upwards.
        var x: Int
        var y: Int
        /// What the glyph adds to the line's width.
        var advance: Int
        /// The scalar (in the text's `unicodeScalars`) that starts the glyph's cluster.
        var cluster: Int
    }

    var glyphs: [Glyph]
    var width: Int
    /// The direction the line reads in: its first strong letter's, else the one asked for.
    var direction: TextDirection
    /// By scalar of the text: the advance of the glyphs whose cluster starts
    /// there (0 inside a cluster), and whether a cluster starts there, so
    /// that a cut there splits none. One more entry than scalars: the end.
    var advances: [Int]
    var startsCluster: [Bool]

    init(glyphs: [Glyph], width: Int, direction: TextDirection, scalars: Int) {
        self.glyphs = glyphs
        self.width = width
        self.direction = direction
        advances = [Int](repeating: 0, count: scalars + 1)
        startsCluster = [Bool](repeating: false, count: scalars + 1)
        startsCluster[scalars] = true
        for g in glyphs {
            advances[g.cluster] += g.advance
            startsCluster[g.cluster] = true
        }
    }

    /// The width of the scalars `range` (logical order), in 1/64 pixel. O(range).
    func width(ofScalars range: Range<Int>) -> Int {
        advances[range].reduce(0, +)
    }

    /// For each of `characters` (the text's, in order): its width, by the
    /// clusters that start in it, and whether a cut after it splits no cluster.
    /// What ellipses and line breaks measure. O(n).
    func measure(_ characters: [Character]) -> [(width: Int, cutAfter: Bool)] {
        var scalar = 0
        return characters.map { character in
            let next = scalar + character.unicodeScalars.count
            defer { scalar = next }
            return (width(ofScalars: scalar ..< next), startsCluster[next])
        }
    }
}

/// Turns a line of text into positioned glyphs:
/// 1. the Unicode bidirectional algorithm (FriBidi) gives each character a level;
/// 2. the text is cut into runs of one level, one font (the first in the
///    weight's chain that has the character; spaces and marks stay with the
///    font before them when it has them, invisible characters always) and one
///    script (spaces, digits and punctuation join the script around them);
/// 3. each run is shaped by HarfBuzz (kerning, marks, ligatures, joining,
///    clusters) with the whole line as context;
/// 4. the runs are put in visual order (rule L2) and placed side by side.
///
/// Positions are exact font units from HarfBuzz, converted to 1/64 pixel
/// here, so that they do not depend on HarfBuzz's or FreeType's rounding.
/// No language is set: shaping never depends on the machine's locale.
/// O(n) in the line's length, plus HarfBuzz's shaping. Not thread-safe.
final class Shaper {
    private let faces: [Face]
    /// HarfBuzz's buffer, reused by every shaping: owned, destroyed with the shaper.
    private let buffer: OpaquePointer
    /// HarfBuzz's Unicode data (scripts, categories): static, valid for the process.
    private let unicode: OpaquePointer

    init(faces: [Face]) {
        self.faces = faces
        buffer = hb_buffer_create()
        unicode = hb_unicode_funcs_get_default()
    }

    deinit { hb_buffer_destroy(buffer) }

    func shape(_ text: String, size sizeKey: Int, chain: [Int], direction: TextDirection) -> ShapedLine {
        // The characters drawn, and where each is in the text; control characters are skipped.
        var scalars: [UInt32] = []
        var origin: [Int] = []
        for (position, scalar) in text.unicodeScalars.enumerated()
        where !(scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)) {
            scalars.append(scalar.value)
            origin.append(position)
        }
        let total = text.unicodeScalars.count
        guard !scalars.isEmpty else { return ShapedLine(glyphs: [], width: 0, direction: direction, scalars: total) }

        let (levels, resolved) = bidiLevels(scalars, direction: direction)
        let runs = itemize(scalars, levels: levels, chain: chain)
        var glyphs: [ShapedLine.Glyph] = []
        var pen = 0
        for run in visualOrder(runs) {
            pen += place(run, of: scalars, origin: origin, size: sizeKey, at: pen, into: &glyphs)
        }
        return ShapedLine(glyphs: glyphs, width: pen, direction: resolved, scalars: total)
    }

    /// A run of characters with one bidi level, one face and one script.
    struct Run {
        var range: Range<Int>
        var level: UInt8
        var face: Int
        var script: hb_script_t
    }

    /// Embedding levels by the Unicode bidirectional algorithm, and the
    /// paragraph's direction: the text's first strong character's, or
    /// `direction` for text with none.
    private func bidiLevels(_ scalars: [UInt32], direction: TextDirection) -> ([UInt8], TextDirection) {
        let count = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var paragraph = direction == .rightToLeft ? unfold_paragraph_weak_rtl : unfold_paragraph_weak_ltr
        let resolved = scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &paragraph, &levels)
        }
        // 0 is FriBidi's failure (memory); draw the text unreordered, left to right, then.
        guard resolved != 0 else { return ([UInt8](repeating: 0, count: count), .leftToRight) }
        return (levels.map { UInt8(bitPattern: $0) }, unfold_paragraph_is_rtl(paragraph) != 0 ? .rightToLeft : .leftToRight)
    }

    private func itemize(_ scalars: [UInt32], levels: [UInt8], chain: [Int]) -> [Run] {
        var runs: [Run] = []
        for (i, scalar) in scalars.enumerated() {
            let script = hb_unicode_script(unicode, scalar)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            let invisible = Self.isDefaultIgnorable(scalar)
            // Punctuation and digits go by the chain like letters (a quote after an emoji is the
            // Latin font's, not the emoji font's); spaces and marks keep the run going.
            let sticky = script == HB_SCRIPT_INHERITED || hb_unicode_general_category(unicode, scalar) == HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR
            var face = -1
            if let last = runs.last, last.face >= 0, invisible || (sticky && faces[last.face].covers(scalar)) {
                face = last.face
            } else {
                // HarfBuzz draws default-ignorable characters as nothing, whichever font has them.
                face = chain.first { faces[$0].covers(scalar) } ?? (invisible ? chain.first : nil) ?? -1
            }
            if var last = runs.popLast() {
                let sameScript = neutral || last.script == HB_SCRIPT_COMMON || last.script == script
                if last.level == levels[i], last.face == face, sameScript {
                    last.range = last.range.lowerBound ..< i + 1
                    if last.script == HB_SCRIPT_COMMON, !neutral { last.script = script }
                    runs.append(last)
                    continue
                }
                runs.append(last)
            }
            runs.append(Run(range: i ..< i + 1, level: levels[i], face: face, script: neutral ? HB_SCRIPT_COMMON : script))
        }
        // A run of only neutral characters takes the script of the drawn run before it (or,
        // at the start, after it): one pass each way. Boxes (no font) lend no script.
        var before: hb_script_t?
        for i in runs.indices {
            if runs[i].script == HB_SCRIPT_COMMON {
                if let before { runs[i].script = before }
            } else if runs[i].face >= 0 {
                before = runs[i].script
            }
        }
        var after: hb_script_t?
        for i in runs.indices.reversed() {
            if runs[i].script == HB_SCRIPT_COMMON {
                if let after { runs[i].script = after }
            } else if runs[i].face >= 0 {
                after = runs[i].script
            }
        }
        return runs
    }

    /// Unicode's default-ignorable code points (joiners, variation selectors,
    /// direction marks, tags, the soft hyphen...): they draw nothing and
    /// belong with the character before them.
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B ... 0x180F, 0x200B ... 0x200F, 0x202A ... 0x202E,
            0x2060 ... 0x206F, 0x3164, 0xFE00 ... 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0 ... 0xFFF8, 0x1BCA0 ... 0x1BCA3,
            0x1D173 ... 0x1D17A, 0xE0000 ... 0xE0FFF:
            true
        default: false
        }
    }

    /// Runs from left to right: from the highest level down to the lowest odd
    /// one, every sequence of runs at that level or higher is reversed (rule L2).
    private func visualOrder(_ runs: [Run]) -> [Run] {
        var order = runs
        guard let highest = order.map(\.level).max() else { return order }
        let lowestOdd = order.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest + 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i ..< j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Shapes one run and appends its glyphs, left to right, starting at pen
    /// position `start`; returns the run's width. All in 1/64 pixel.
    private func place(
        _ run: Run, of scalars: [UInt32], origin: [Int], size sizeKey: Int, at start: Int, into glyphs: inout [ShapedLine.Glyph]
    ) -> Int {
        guard run.face >= 0 else {  // no font has these: a box each, 0.6 em wide
            let box = sizeKey * 6 / 10 / 64 * 64
            let indices = run.level % 2 == 1 ? Array(run.range.reversed()) : Array(run.range)
            for (n, i) in indices.enumerated() {
                glyphs.append(.init(face: -1, id: 0, x: start + n * box, y: 0, advance: box, cluster: origin[i]))
            }
            return box * run.range.count
        }
        let face = faces[run.face]
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        hb_shape(face.font, buffer, nil, 0)
        // Both arrays belong to the buffer and stay valid until it is next changed (the next run).
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return 0 }
        // Font units to 1/64 pixel, rounded: the same rule for every position.
        let upem = face.unitsPerEm
        func pixels(_ units: Int) -> Int {
            let scaled = units * sizeKey
            return scaled >= 0 ? (scaled + upem / 2) / upem : -((-scaled + upem / 2) / upem)
        }
        var units = 0
        for g in 0 ..< Int(count) {
            let p = positions[g]
            let x = start + pixels(units + Int(p.x_offset))
            let advance = pixels(units + Int(p.x_advance)) - pixels(units)
            glyphs.append(
                .init(
                    face: run.face, id: infos[g].codepoint, x: x, y: pixels(Int(p.y_offset)), advance: advance,
                    cluster: origin[Int(infos[g].cluster)]))
            units += Int(p.x_advance)
        }
        return pixels(units)
    }
}
