import OutlineAppearance
import OutlineEngine

/// A stretch of a line of text drawn in one weight and one tone: what a
/// title with an annotation is made of. Layout decides the runs; the painter
/// draws them one after the other.
package struct TextRun: Sendable, Equatable {
    /// The text's colour: the row's own, or the dimmer secondary one.
    package enum Tone: Sendable, Equatable {
        /// The row's text colour: the name.
        case primary
        /// The dimmer secondary colour: an annotation, as docs sites draw it.
        case secondary
    }

    /// The characters drawn, spaces between runs included (they are part of the line's width).
    package var text: String
    /// Semibold for a name in a semibold kind or a bold run of an annotation.
    package var weight: Appearance.Weight
    /// Which colour the painter draws it in.
    package var tone: Tone
    /// Blank points before the run, beyond its own spaces: what a look's
    /// wider gap between a name and its note adds (`style.noteGap`).
    package var gap: Double = 0

    /// The one place that decides how a title and its annotation are drawn,
    /// as docs sites draw a file tree's notes: the title in its own weight and
    /// colour, two spaces, then the annotation in the secondary colour with
    /// its bold runs semibold. Italic and code runs are drawn as the rest of
    /// the note: no italic font is bundled (a slanted one would claim a look
    /// the picture does not have), and a run has the row's font. Neighbouring runs
    /// drawn alike are joined. `gap`: blank points after the two spaces
    /// (a look's wider gap). O(runs).
    package static func runs(title: String, weight: Appearance.Weight, annotation: Annotation, gap: Double = 0) -> [TextRun] {
        var runs = [TextRun(text: title + "  ", weight: weight, tone: .primary)]
        for run in annotation.runs where !run.text.isEmpty {
            let next = TextRun(
                text: run.text, weight: run.emphasis == .bold ? .semibold : .regular, tone: .secondary, gap: runs.count == 1 ? gap : 0)
            if let last = runs.last, last.weight == next.weight, last.tone == next.tone, next.gap == 0 {
                runs[runs.count - 1].text += next.text
            } else {
                runs.append(next)
            }
        }
        return runs
    }
}

extension RowLayout {
    /// A line of runs as the plain text it shows.
    static func text(_ line: [TextRun]) -> String { line.map(\.text).joined() }

    /// `runs` on one line of `width` points: the runs that fit whole, then
    /// the first one that does not, cut at its end with "…" (a name with a
    /// note keeps its start, whatever the look's `truncation`);
    /// the rest is dropped. O(runs).
    func fit(_ runs: [TextRun], fontSize: Double, width: Double) -> [TextRun] {
        var out: [TextRun] = []
        var used = 0.0
        for run in runs {
            let w = run.gap + measure.width(run.text, fontSize, run.weight)
            if used + w <= width {
                out.append(run)
                used += w
                continue
            }
            var cut = run
            cut.text = measure.ellipsize(run.text, fontSize, run.weight, max(0, width - used - run.gap), .end)
            if !cut.text.isEmpty { out.append(cut) }
            break
        }
        return out
    }

    /// `runs` wrapped to `width` points (a self-sizing row): their text
    /// wrapped as `measure.wrap` wraps it, measured semibold if any run is (so
    /// that no line is wider than `width`), then given the runs' styles again
    /// by `restyle`; a gap before a run is kept free on every line. O(characters).
    func wrap(_ runs: [TextRun], fontSize: Double, width: Double) -> [[TextRun]] {
        let weight: Appearance.Weight = runs.contains { $0.weight == .semibold } ? .semibold : .regular
        let width = max(0, width - runs.reduce(0) { $0 + $1.gap })
        var lines = measure.wrap(runs.map(\.text).joined(), fontSize, weight, width)
        // A single line is still cut if one character is wider than the row.
        if lines.count == 1 { lines = [measure.ellipsize(lines[0], fontSize, weight, width, .end)] }
        return Self.restyle(lines, as: runs)
    }

    /// Lines cut from the runs' text, as runs again: each character takes the
    /// style of the character it came from, found by walking the runs' text in
    /// step with the lines. The spaces a line break dropped are skipped; a
    /// character a line added (an ellipsis) takes the style before it. A
    /// run's gap goes with its first character, unless a line starts there. O(characters).
    static func restyle(_ lines: [String], as runs: [TextRun]) -> [[TextRun]] {
        let source: [(character: Character, run: Int, first: Bool)] = runs.indices.flatMap { i in
            runs[i].text.enumerated().map { ($0.element, i, $0.offset == 0) }
        }
        var position = 0
        var current = 0
        return lines.map { line in
            var styled: [TextRun] = []
            for c in line {
                var p = position
                while p < source.count, source[p].character != c, source[p].character.isWhitespace { p += 1 }
                var gap = 0.0
                if p < source.count, source[p].character == c {
                    current = source[p].run
                    position = p + 1
                    if source[p].first, !styled.isEmpty { gap = runs[current].gap }
                }
                if gap > 0 {
                    styled.append(TextRun(text: String(c), weight: runs[current].weight, tone: runs[current].tone, gap: gap))
                } else if let last = styled.last, last.weight == runs[current].weight, last.tone == runs[current].tone {
                    styled[styled.count - 1].text.append(c)
                } else {
                    styled.append(TextRun(text: String(c), weight: runs[current].weight, tone: runs[current].tone))
                }
            }
            return styled
        }
    }
}
