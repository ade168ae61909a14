import OutlineAppearance

/// Horizontal geometry shared by layout and paint: where a row's content
/// starts at a given depth. Indentation is linear while it leaves the title
/// room; past that depth each level adds half of the space that is left, so
/// that no depth pushes the title out of the row.
package struct Indentation: Sendable, Equatable {
    package var padding: Double
    package var indent: Double
    /// Levels that keep the full indent.
    package let linearLevels: Int
    /// Room left for the compressed levels.
    let remaining: Double

    /// The space the chevron box takes before the title.
    package static let chevronBox = 24.0
    /// The least title width that indentation leaves.
    package static let minimumTitle = 96.0

    package init(style: Appearance.Style, width: Double) {
        padding = style.padding
        indent = style.indent
        let room = max(0, width - style.padding - Self.chevronBox - Self.minimumTitle)
        // At most 2^31 levels: a tiny indent (1e-300) asks for more levels than an Int holds.
        linearLevels = indent > 0 ? Int(min((room * 0.75 / indent).rounded(.down), Double(Int32.max))) : Int.max
        remaining = indent > 0 ? max(0, room - Double(linearLevels) * indent) : 0
    }

    /// The narrowest canvas on which rows `depth` levels deep still keep the
    /// full indent (`linearLevels >= depth`): a canvas fitted to its rows is
    /// at least this wide, so that its rows sit where they were measured.
    package static func width(keepingFullIndentTo depth: Int, style: Appearance.Style) -> Double {
        guard style.indent > 0, depth > 0 else { return 0 }
        return style.padding + chevronBox + minimumTitle + (Double(depth) * style.indent / 0.75).nextUp
    }

    /// The deepest level whose `x(depth:)` differs from the one before: past
    /// it every level starts where it does (the compressed levels halve what
    /// is left 60 times, then stop), so a deep row's guides take bounded work.
    package var lastDistinctDepth: Int { indent > 0 ? linearLevels + 60 : 0 }

    /// The left edge of the chevron box of a row at `depth`.
    package func x(depth: Int) -> Double {
        guard depth > linearLevels else { return padding + Double(depth) * indent }
        var share = 1.0
        for _ in 0 ..< min(depth - linearLevels, 60) { share *= 0.5 }
        return padding + Double(linearLevels) * indent + remaining * (1 - share)
    }
}
