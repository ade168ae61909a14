import OutlineAppearance
import OutlineEngine

/// Decides every row's height and content geometry: fonts, where the chevron,
/// icon, title, subtitle and badge go, and the final lines of text. The one
/// place for these decisions; the painter only rasterizes the result.
package struct RowLayout: Sendable {
    package let appearance: Appearance
    package let measure: TextMeasure
    package let indentation: Indentation

    /// Sizes in points.
    package enum Metrics {
        /// The chevron's centre from the start of its box.
        package static let chevronCenter = 10.0
        package static let iconSize = 20.0
        package static let iconRadius = 5.0
        package static let iconLetterSize = 12.0
        package static let iconGap = 8.0
        package static let checkboxSize = 18.0
        package static let checkboxGap = 10.0
        /// Between the content and the trailing edge.
        package static let trailingMargin = 16.0
        package static let badgeFontSize = 13.0
        package static let badgeHeight = 22.0
        package static let badgePadding = 12.0
        package static let badgeGap = 8.0
        /// Detail rows' text, and subtitles, relative to the title's size.
        package static let detailFontScale = 0.82
        package static let subtitleFontScale = 0.76
        /// Above and below the text of a self-sizing row, together.
        package static let autoPadding = 20.0
        package static let autoMinimum = 32.0
        package static let detailHeight = 44.0
    }

    package init(appearance: Appearance, measure: TextMeasure) {
        self.appearance = appearance
        self.measure = measure
        indentation = Indentation(style: appearance.style, width: appearance.canvas.width)
    }

    /// What layout needs to know of a row, read from the outline once.
    package struct Facts: Sendable, Equatable {
        package var depth: Int
        package var isDetail: Bool
        package var kind: String?
        package var title: String
        /// Drawn after the title (`TextRun.runs(title:…)` decides how).
        package var annotation: Annotation?
        package var subtitle: String?
        package var icon: String?
        /// The child count of an expandable row; nil for a leaf.
        package var childCount: Int?
        /// False when the row's last child stands for entries left out
        /// (`Appearance.placeholderTitle`), or the children are still
        /// loading: the count is unknown, so no badge shows it.
        package var isCountKnown = true
        package var isExpanded: Bool
        /// Selected; or highlighted (several rows may be). Either is drawn with the selection's tint.
        package var isSelected: Bool
        package var isHighlighted = false
        /// The node's children are loading; the row is the "Loading…" row under such a node.
        package var isLoading = false
        package var isLoadingRow = false
        /// Drawn dimmed (`NodeSpec.dimmed`).
        package var isDimmed = false
        /// The node's own text for its detail row (`NodeSpec.detailText`); `detailText(_:)` says what the detail row reads.
        package var ownDetailText: String?
        /// A folder with nothing in it: a closed disclosure all the same, as
        /// Finder and code editors show one (they cannot know it is empty until it opens).
        package var isEmptyFolder: Bool { childCount == nil && !isDetail && icon == Appearance.folderIcon }
        /// The row's checkbox state (drawn when `style.checkboxes` is true); the focus
        /// ring, the pointer and a dragged row's drop place.
        package var check: CheckState = .unchecked
        package var isFocused = false
        package var isHovered = false
        package var drop: DropTarget.Position?

        package init(
            depth: Int, isDetail: Bool = false, kind: String? = nil, title: String, subtitle: String? = nil,
            icon: String? = nil, childCount: Int? = nil, isExpanded: Bool = false, isSelected: Bool = false
        ) {
            self.depth = depth
            self.isDetail = isDetail
            self.kind = kind
            self.title = title
            self.subtitle = subtitle
            self.icon = icon
            self.childCount = childCount
            self.isExpanded = isExpanded
            self.isSelected = isSelected
        }

        /// The facts of `row`, visible in `outline`. O(log n).
        package init(_ row: Row, in outline: Outline) {
            let info = outline.info(row)
            let node = row.node
            self.init(
                depth: info.depth, isDetail: row.isDetail, kind: outline.kind(of: node),
                title: outline.title(of: node), subtitle: row.isDetail ? nil : outline.subtitle(of: node),
                icon: row.isDetail ? nil : info.isLoadingRow ? Appearance.loadingIcon : outline.icon(of: node),
                childCount: info.isExpandable && !row.isDetail ? outline.childCount(of: node) : nil,
                isExpanded: info.isExpanded, isSelected: info.isSelected)
            annotation = row.isDetail ? nil : outline.annotation(of: node)
            isCountKnown = !info.isLoading && outline.lastChild(of: node).map { outline.title(of: $0) != Appearance.placeholderTitle } ?? true
            (check, isFocused, isHovered, drop) = (info.check, info.isFocused, info.isHovered, info.drop)
            (isHighlighted, isLoading, isLoadingRow) = (info.isHighlighted, info.isLoading, info.isLoadingRow)
            isDimmed = !row.isDetail && outline.isDimmed(node)
            ownDetailText = row.isDetail ? outline.detailText(of: node) : nil
        }
    }

    /// The resting box of `row` (visible in `outline`) with its top at `y`.
    package func box(for row: Row, in outline: Outline, y: Double) -> RowBox {
        box(for: row, Facts(row, in: outline), y: y)
    }

    /// The resting box of a row with these facts, its top at `y`. O(distinct
    /// indentation levels) for the guides, whatever the depth; each text is
    /// measured once.
    package func box(for row: Row, _ facts: Facts, y: Double) -> RowBox {
        let style = appearance.style
        let kind = facts.kind.flatMap { appearance.kinds[$0] }
        let fontSize = facts.isDetail ? style.fontSize * Metrics.detailFontScale : kind?.fontSize ?? style.fontSize
        // A label highlights a name as Starlight's `<FileTree>` does: bold, as it was written (`**name**`).
        let highlight = facts.isHighlighted && style.selection == .label ? Appearance.Weight.semibold : nil
        let weight = facts.isDetail ? Appearance.Weight.regular : highlight ?? kind?.weight ?? style.weight
        let title = facts.isDetail ? detailText(facts) : facts.title
        let subtitle = facts.subtitle
        let fixed = fixedHeight(facts)

        let start = indentation.x(depth: facts.depth)
        let contentStart = start + Indentation.chevronBox
        var leading = contentStart
        let checkbox = self.checkbox(facts, fixed: fixed, leading: &leading)
        let icon = self.icon(facts, fixed: fixed, leading: &leading)
        var trailing = appearance.canvas.width - Metrics.trailingMargin
        let badge = style.badges && facts.isCountKnown ? facts.childCount.map { self.badge(count: $0, trailing: &trailing) } : nil
        let width = max(0, trailing - leading)
        let subtitleSize = fontSize * Metrics.subtitleFontScale
        // Names are cut as the look's platform cuts them; a detail row's sentence and subtitles at the end.
        let truncation = facts.isDetail ? Appearance.Truncation.end : style.truncation

        // A title with an annotation is drawn in runs of their own weight and tone.
        let gap = style.noteGap.map { max(0, $0 - measure.width("  ", fontSize, weight)) } ?? 0
        let styled = facts.annotation.map { TextRun.runs(title: title, weight: weight, annotation: $0, gap: gap) }
        let (titleLines, titleRuns, subtitleLines, height) = lines(
            title: title, styled: styled, subtitle: subtitle, fontSize: fontSize, weight: weight, width: width, truncation: truncation, fixed: fixed)

        let content = RowContent(
            chevronCenter: start + Metrics.chevronCenter, guides: style.guides ? guides(depth: facts.depth) : [],
            // Inset separators start at the title, after the checkbox and icon, as UIKit's default separator inset does.
            separator: style.separators ? (style.separatorInset ? leading : 0) : nil,
            checkbox: checkbox, icon: icon, badge: badge,
            title: RowContent.Text(
                lines: titleLines, fontSize: fontSize, weight: weight, leading: leading, width: width, runs: titleRuns),
            subtitle: subtitleLines.isEmpty
                ? nil
                : RowContent.Text(lines: subtitleLines, fontSize: subtitleSize, weight: .regular, leading: leading, width: width),
            labelEnd: style.selection == .label ? leading + labelWidth(lines: titleLines, runs: titleRuns, fontSize: fontSize, weight: weight) : nil)
        return RowBox(
            row: row, y: y, height: height, depth: facts.depth,
            chevron: facts.childCount != nil ? (facts.isExpanded ? 90 : 0) : facts.isEmptyFolder ? 0 : nil,
            selection: facts.isSelected || facts.isHighlighted ? 1 : 0, focus: facts.isFocused ? 1 : 0, hover: facts.isHovered ? 1 : 0, drop: facts.drop,
            kind: facts.kind, isDimmed: facts.isDimmed, content: content)
    }

    /// What a detail row reads: its node's own text, else its kind's, else "Details of <title>".
    package func detailText(_ facts: Facts) -> String {
        facts.ownDetailText ?? facts.kind.flatMap { appearance.kinds[$0]?.detail?.text } ?? "Details of \(facts.title)"
    }

    /// A row's height when its kind (or the style) fixes it; nil for a self-sizing row.
    private func fixedHeight(_ facts: Facts) -> Double? {
        let kind = facts.kind.flatMap { appearance.kinds[$0] }
        return facts.isDetail ? kind?.detail.map { $0.height } ?? Metrics.detailHeight : kind.map { $0.height } ?? appearance.style.rowHeight
    }

    /// A row's height in points: the fixed height, or for a self-sizing row
    /// its wrapped text's. O(1) for a fixed row; a self-sizing one measures its text.
    package func height(_ row: Row, _ facts: Facts) -> Double {
        fixedHeight(facts) ?? box(for: row, facts, y: 0).height
    }

    /// The width of a label behind a title's first line's name, from the
    /// title's start: the name (its runs of the row's own tone, without the
    /// spaces before a note) and 8 points, or up to 2 points before the note.
    private func labelWidth(lines: [String], runs: [[TextRun]]?, fontSize: Double, weight: Appearance.Weight) -> Double {
        guard let first = runs?.first else { return (lines.first.map { measure.width($0, fontSize, weight) } ?? 0) + 8 }
        let name = first.prefix { $0.tone == .primary }
        let full = name.reduce(0) { $0 + measure.width($1.text, fontSize, $1.weight) }
        let trimmed = name.enumerated().reduce(0) { sum, run in
            let text = run.offset == name.count - 1 ? String(run.element.text.reversed().drop { $0 == " " }.reversed()) : run.element.text
            return sum + measure.width(text, fontSize, run.element.weight)
        }
        guard name.count < first.count else { return trimmed + 8 }
        return min(trimmed + 8, full + first[name.count].gap - 2)
    }

    /// A row's title and subtitle as lines (and the title's styled runs),
    /// cut to one line each in a row of `fixed` height, else wrapped, and
    /// the row's height.
    private func lines(
        title: String, styled: [TextRun]?, subtitle: String?, fontSize: Double, weight: Appearance.Weight, width: Double,
        truncation: Appearance.Truncation, fixed: Double?
    ) -> (title: [String], runs: [[TextRun]]?, subtitle: [String], height: Double) {
        let subtitleSize = fontSize * Metrics.subtitleFontScale
        let titleLines: [String], subtitleLines: [String]
        let height: Double
        let titleRuns: [[TextRun]]?
        if let fixed {
            titleRuns = styled.map { [fit($0, fontSize: fontSize, width: width)] }
            titleLines = titleRuns?.map(Self.text) ?? [measure.ellipsize(title, fontSize, weight, width, truncation)]
            subtitleLines = subtitle.map { [measure.ellipsize($0, subtitleSize, .regular, width, .end)] } ?? []
            height = fixed
        } else {
            titleRuns = styled.map { wrap($0, fontSize: fontSize, width: width) }
            if let titleRuns {
                titleLines = titleRuns.map(Self.text)
            } else {
                var wrapped = measure.wrap(title, fontSize, weight, width)
                // A single line is still cut if one character is wider than the row.
                if wrapped.count == 1 { wrapped = [measure.ellipsize(wrapped[0], fontSize, weight, width, truncation)] }
                titleLines = wrapped
            }
            subtitleLines = subtitle.map { measure.wrap($0, subtitleSize, .regular, width) } ?? []
            let text =
                Double(titleLines.count) * measure.lineHeight(fontSize)
                + Double(subtitleLines.count) * measure.lineHeight(subtitleSize)
            height = max(text + Metrics.autoPadding, Metrics.autoMinimum)
        }
        return (titleLines, titleRuns, subtitleLines, height)
    }

    /// The checkbox of a row (not on detail rows, nor on the "Loading…" row
    /// of a node still loading its children), moving `leading` past it.
    private func checkbox(_ facts: Facts, fixed: Double?, leading: inout Double) -> RowContent.Checkbox? {
        guard appearance.style.checkboxes == true, !facts.isDetail, !facts.isLoadingRow else { return nil }
        let size = min(Metrics.checkboxSize, (fixed ?? Metrics.checkboxSize + 6) - 6)
        guard size >= 4 else { return nil }
        defer { leading += size + Metrics.checkboxGap * size / Metrics.checkboxSize }
        return RowContent.Checkbox(leading: leading, size: size, state: facts.check)
    }

    /// The icon of a row, as large as the row allows up to the full size
    /// (none in a row too short for one), moving `leading` past it.
    private func icon(_ facts: Facts, fixed: Double?, leading: inout Double) -> RowContent.Icon? {
        let size = min(Metrics.iconSize, (fixed ?? Metrics.iconSize + 6) - 6)
        guard let name = facts.icon, size >= 4 else { return nil }
        defer { leading += size + Metrics.iconGap * size / Metrics.iconSize }
        return RowContent.Icon(
            name: name, leading: leading, size: size, radius: Metrics.iconRadius * size / Metrics.iconSize,
            fontSize: Metrics.iconLetterSize * size / Metrics.iconSize)
    }

    /// The count badge at the trailing edge, sized from its measured count,
    /// moving `trailing` before it.
    private func badge(count: Int, trailing: inout Double) -> RowContent.Badge {
        let text = String(count)
        let w = measure.width(text, Metrics.badgeFontSize, .regular)
        let pill = max(w + Metrics.badgePadding, Metrics.badgeHeight)
        defer { trailing -= pill + Metrics.badgeGap }
        return RowContent.Badge(
            text: text, fontSize: Metrics.badgeFontSize, leading: trailing - pill, width: pill,
            height: Metrics.badgeHeight, textLeading: trailing - pill / 2 - w / 2)
    }

    /// The indent guides of a row `depth` deep. Levels past the last
    /// distinct one add no guide: O(min(depth, distinct levels)), not O(depth).
    private func guides(depth: Int) -> [Double] {
        var guides: [Double] = []
        for level in 0 ..< min(depth, indentation.lastDistinctDepth + 1) {
            let x = indentation.x(depth: level) + Metrics.chevronCenter
            // Past the compressed levels' resolution the guides coincide: draw each once.
            if x != guides.last { guides.append(x) }
        }
        return guides
    }
}
