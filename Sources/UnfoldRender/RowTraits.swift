import OutlineAppearance
import OutlineEngine
import OutlineLayout

/// A value a row shows, as `updates.json` holds it.
package enum RowValue: Hashable, Sendable {
    /// On or off (`true`, `false`).
    case bool(Bool)
    /// A text or a name (`"M"`, `"checked"`).
    case text(String)
    /// A size or a count (`44`, `52.5`).
    case number(Double)
    /// A note with its marks: a string when it is plain, else its runs.
    case note(Annotation)

    /// The value as a reviewer reads it: texts in quotes cut to 40
    /// characters, names and numbers as they are, a note's marks as Markdown writes them.
    var told: String {
        switch self {
        case let .bool(on): on ? "on" : "off"
        case let .text(text): RowTrait.quoted(text)
        case let .number(n): RowTrait.number(n)
        case let .note(note): RowTrait.quoted(note.runs.map(\.marked).joined())
        }
    }
}

/// Everything a trait reads a row's value from: the row's facts as layout
/// reads them from the outline (the same reading the painter draws), and
/// the layout that sizes it.
package struct RowReading {
    /// The row.
    package let row: Row
    /// What the row shows, read from the outline once.
    package let facts: RowLayout.Facts
    /// The layout that places it: heights, a detail row's text.
    package let layout: RowLayout
    /// Whether the outline uses checks (only then is a row's check recorded).
    package let usesChecks: Bool
}

/// One thing a row shows, declared once (its doc comment says where a
/// scenario and Swift set it): its key in `updates.json`, how its value is read from what layout reads
/// (so that whatever is drawn is recorded), and what a failure says when it
/// changes. `RowTrait.all` is the registry: `updates.json` is written and
/// read, and two records compared, by iterating it, so a trait that is
/// drawn is never missing from the record or from the words.
///
/// How layout places a trait and paint draws it stays with them
/// (`RowLayout`, `OutlinePainter`), reading the same `RowLayout.Facts`.
package struct RowTrait: Sendable {
    /// Its key in `updates.json`.
    package let key: String
    /// The JSON a recorded value is: what reading a file takes for this key.
    let type: ValueType
    /// Its value on a row; nil when it is not set (nothing is written).
    let read: @Sendable (RowReading) -> RowValue?
    /// Whether a value read from a file is one Unfold writes (a known check state, say).
    let accepts: @Sendable (RowValue) -> Bool
    /// What a failure says when it changed on a kept row named `row` (nil: nothing, another trait tells it).
    let words: @Sendable (_ row: String, _ before: UpdatesRecord.Row, _ after: UpdatesRecord.Row) -> String?
    /// The version of `updates.json` that first records it: an older
    /// record does not know it, and it is not compared.
    let since: Int
    /// Whether a change alike on every row that had the same value is told
    /// once, of "rows" (`rows 24 → 28 pt tall`), rather than row by row.
    var isToldTogether = false

    /// The JSON a value of a trait is.
    enum ValueType: Sendable {
        case bool, text, number, note
    }

    /// The version of the `updates.json` this build writes: 2 records
    /// everything a row shows (heights on every row).
    package static let recordVersion = 2
}

extension RowTrait {
    /// Every trait, in the order `updates.json` writes them after a row's
    /// `id`, `depth` and `detail`. The one place a trait is registered.
    package static let all: [RowTrait] = [
        title, detailText, kind, icon, subtitle, note, height, expanded, loading, children, check,
        selected, highlighted, dimmed, focused, hovered, drop,
    ]

    /// The row's title (`title:`; `OutlineNode(_:)`); not on a detail row.
    package static let title: RowTrait = RowTrait(
        key: "title", type: .text, since: 1,
        read: { $0.row.isDetail ? nil : .text($0.facts.title) },
        words: { _, before, after in
            // A record from before titles were kept has none: nothing to compare.
            guard let old = before.title, let new = after.title, old != new else { return nil }
            return "\(quoted(old)) renamed \(quoted(new)) (\(after.id))"
        })
    /// What a detail row reads (`detailText:`, else its kind's `detail.text`).
    package static let detailText: RowTrait = RowTrait(
        key: "text", type: .text, since: 2,
        read: { $0.row.isDetail ? .text($0.layout.detailText($0.facts)) : nil },
        words: { name, _, after in after[RowTrait.detailText].map { "\(name) now reads \($0.told)" } ?? "\(name) has no text now" })
    /// The row's kind (`kind:`; `OutlineNode(kind:)`).
    package static let kind: RowTrait = RowTrait(
        key: "kind", type: .text, since: 2,
        read: { $0.row.isDetail ? nil : $0.facts.kind.map(RowValue.text) }, words: changed("kind", plain: true))
    /// The icon's name (`icon:`; `OutlineNode(icon:)`); the "Loading…" row's spinner too.
    package static let icon: RowTrait = RowTrait(
        key: "icon", type: .text, since: 2,
        read: { $0.facts.icon.map(RowValue.text) }, words: changed("icon", plain: true))
    /// The second line, or the badge beside the title (`subtitle:`; `OutlineNode(subtitle:)`).
    package static let subtitle: RowTrait = RowTrait(
        key: "subtitle", type: .text, since: 2,
        read: { $0.facts.subtitle.map(RowValue.text) }, words: changed("subtitle"))
    /// The note after the title, with its marks (`annotation:`; `OutlineNode(annotation:)`).
    package static let note: RowTrait = RowTrait(
        key: "note", type: .note, since: 2,
        read: { $0.facts.annotation.map(RowValue.note) }, words: changed("note"))
    /// The row's height in points (the style's `rowHeight`, its kind's `height`, or its wrapped text's;
    /// `Scenario.Style.rowHeight`, `Scenario.Kind(height:)`).
    package static let height: RowTrait = RowTrait(
        isToldTogether: true,
        key: "height", type: .number, since: 2,
        read: { .number($0.layout.height($0.row, $0.facts)) },
        // A self-sizing row may be taller than any canvas (its text wraps at the width): bounded, but far out.
        accepts: { if case let .number(n) = $0 { (0 ... 10_000_000).contains(n) } else { false } },
        words: { name, before, after in
            guard let old = before[RowTrait.height]?.told, let new = after[RowTrait.height]?.told else { return nil }
            return "\(name) \(old) → \(new) pt tall"
        })
    /// Open or closed; only on a row that can open (`expanded:`; `expand`, `collapse`, `toggle` and the other steps
    /// that open and close; `OutlineNode(expanded:)`, `Outline.expand(_:)`).
    package static let expanded: RowTrait = RowTrait(
        key: "expanded", type: .bool, since: 1,
        read: { $0.facts.childCount == nil ? nil : .bool($0.facts.isExpanded) },
        words: { name, before, after in
            guard before.expanded != after.expanded else { return nil }
            switch after.expanded {
            case true: return "\(name) opened"
            case false: return before.expanded == true ? "\(name) closed" : "\(name) has children now"
            case nil: return "\(name) has no children now"
            }
        })
    /// Its children are loading (`loading:`; `load`, `loaded`, `insert`; `OutlineNode(loading:)`, `Outline.setLoading(_:_:)`).
    package static let loading: RowTrait = RowTrait(
        key: "loading", type: .bool, since: 2,
        read: { $0.facts.isLoading ? .bool(true) : nil },
        words: { name, _, after in after.loading ? "\(name) is loading" : "\(name) finished loading" })
    /// How many children a row that can open has (its count badge, where the look draws one; `children:`,
    /// `insert`, `remove`, `move`).
    package static let children: RowTrait = RowTrait(
        key: "children", type: .number, since: 2,
        read: { $0.facts.isCountKnown ? $0.facts.childCount.map { .number(Double($0)) } : nil },
        accepts: { if case let .number(n) = $0 { (0 ... Double(Limits.nodes)).contains(n) && n == n.rounded() } else { false } },
        words: { name, before, after in
            // Told as rows inserted or removed where the row is open before and after; a row that gained its
            // first child or lost its last is told by `expanded`; a count unknown on either side is not told.
            guard before.expanded != true || after.expanded != true, before.expanded != nil, after.expanded != nil,
                let was = before[RowTrait.children]?.told, let now = after[RowTrait.children]?.told
            else { return nil }
            return "\(name) has \(now) children now (was \(was))"
        })
    /// The checkbox, once the outline uses checks (`checked:`; `check`, `uncheck`; `OutlineNode(checked:)`,
    /// `Outline.setChecked(_:_:)`).
    package static let check: RowTrait = RowTrait(
        key: "check", type: .text, since: 1,
        read: { $0.usesChecks && !$0.row.isDetail && !$0.facts.isLoadingRow ? .text($0.facts.check.rawValue) : nil },
        accepts: { if case let .text(t) = $0 { CheckState(rawValue: t) != nil } else { false } },
        words: { name, before, after in
            let old = before[RowTrait.check]?.plain ?? CheckState.unchecked.rawValue
            let new = after[RowTrait.check]?.plain ?? CheckState.unchecked.rawValue
            return old == new ? nil : "\(name) \(new)"
        })
    /// The selection (`select`, a scenario's `selected:`; `OutlineNode(selected:)`, `Outline.select(_:)`).
    package static let selected: RowTrait = flag(
        "selected", on: "selected", off: "deselected"
    ) { $0.isSelected }
    /// Tinted as the selection is (`highlighted:`; `OutlineNode(highlighted:)`).
    package static let highlighted: RowTrait = flag(
        "highlighted", on: "highlighted", off: "no longer highlighted"
    ) {
        $0.isHighlighted
    }
    /// Drawn dimmed (`dimmed:`; `OutlineNode(dimmed:)`).
    package static let dimmed: RowTrait = flag(
        "dimmed", on: "dimmed", off: "no longer dimmed"
    ) { $0.isDimmed }
    /// The focus ring (`focus`; `Outline.setFocus(_:)`).
    package static let focused: RowTrait = flag(
        "focused", on: "focused", off: "no longer focused"
    ) { $0.isFocused }
    /// Under the pointer (`hover`; `Outline.setHover(_:)`).
    package static let hovered: RowTrait = flag(
        "hovered", on: "under the pointer", off: "no longer under the pointer"
    ) {
        $0.isHovered
    }
    /// Where a dragged row would drop (`drop`; `Outline.setDropTarget(_:)`).
    package static let drop: RowTrait = RowTrait(
        key: "drop", type: .text, since: 1,
        read: { $0.facts.drop.map { .text($0.rawValue) } },
        accepts: { if case let .text(t) = $0 { DropTarget.Position(rawValue: t) != nil } else { false } },
        words: { name, _, after in
            after[RowTrait.drop].map { "\(name) is the drop place (\($0.plain ?? ""))" } ?? "\(name) is no longer the drop place"
        })
}

extension RowTrait {
    /// A trait declared from its parts; `accepts` any value of its type unless told.
    init(
        isToldTogether: Bool = false, key: String, type: ValueType, since: Int,
        read: @escaping @Sendable (RowReading) -> RowValue?, accepts: @escaping @Sendable (RowValue) -> Bool = { _ in true },
        words: @escaping @Sendable (_ row: String, _ before: UpdatesRecord.Row, _ after: UpdatesRecord.Row) -> String?
    ) {
        self.key = key
        self.type = type
        self.since = since
        self.read = read
        self.accepts = accepts
        self.words = words
        self.isToldTogether = isToldTogether
    }

    /// A state that is on or off, written only when on: `row on` or `row off` when it changes.
    static func flag(
        _ key: String, on: String, off: String, _ isOn: @escaping @Sendable (RowLayout.Facts) -> Bool
    ) -> RowTrait {
        RowTrait(
            key: key, type: .bool, since: 1,
            read: { !$0.row.isDetail && isOn($0.facts) ? .bool(true) : nil },
            words: { name, _, after in "\(name) \(after.isSet(key) ? on : off)" })
    }

    /// Words for the text of trait `key` that changed: `row key "old" → "new"`
    /// (`plain`: names without quotes), `none` where it is unset.
    static func changed(_ key: String, plain: Bool = false) -> @Sendable (String, UpdatesRecord.Row, UpdatesRecord.Row) -> String? {
        { name, before, after in
            let told = { (v: RowValue?) in v.map { plain ? $0.plain ?? $0.told : $0.told } ?? "none" }
            return "\(name) \(key) \(told(before.value(key))) → \(told(after.value(key)))"
        }
    }

    /// A title or step in quotes, cut to 40 characters.
    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(39) + "…" : text) + "\""
    }

    /// A size or count as `updates.json` writes it: whole numbers without a
    /// point, others as Swift's shortest exact form. The same on every machine.
    static func number(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }
}

extension RowValue {
    /// A text or name without quotes; nil for other values.
    var plain: String? {
        if case let .text(t) = self { t } else { nil }
    }
}

extension Annotation.Run {
    /// The run as Markdown marks it: `**bold**`, `*italic*`, `` `code` ``.
    var marked: String {
        switch emphasis {
        case .none: text
        case .bold: "**\(text)**"
        case .italic: "*\(text)*"
        case .code: "`\(text)`"
        }
    }
}
