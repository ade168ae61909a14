import Foundation
import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// `updates.json`: for the initial state and after every step, the step's
/// text, its batch update and the visible rows with every state a user can
/// change: title, expansion, check, selection, highlight, focus, pointer and
/// drop place. A state a look does not draw is still recorded here, so that
/// changing it fails a snapshot test. One type writes the file
/// (from a `Playback`) and reads it back (from a reference or a downloaded
/// report), so that a file from elsewhere is stored only as Unfold writes it.
///
/// Keys in a fixed order and one row per line, so that the text diffs well.
package struct UpdatesRecord: Equatable, Sendable {
    /// One visible row.
    package struct Row: Equatable, Sendable {
        /// The node's path of ids.
        package var id: String
        /// The node's title; nil on a detail row.
        package var title: String?
        /// Its nesting level, 0 at the top.
        package var depth: Int
        /// Whether it is a detail row.
        package var detail: Bool
        /// Whether it is expanded; nil when it cannot be (a leaf, a detail row).
        package var expanded: Bool?
        /// Its checkbox; nil when the outline uses no checks.
        package var check: CheckState?
        /// Selected, highlighted, focused, under the pointer.
        package var selected = false, highlighted = false, focused = false, hovered = false
        /// Where a dragged row would drop, when it is over this one.
        package var drop: DropTarget.Position?

        /// A row with these facts and no other state set.
        package init(id: String, title: String?, depth: Int, detail: Bool, expanded: Bool?) {
            self.id = id
            self.title = title
            self.depth = depth
            self.detail = detail
            self.expanded = expanded
        }
    }

    /// One state: the step that led to it and the rows it shows.
    package struct State: Equatable, Sendable {
        /// "initial", or the step's text.
        package var step: String
        /// The batch update from the state before.
        package var rowsBefore: Int, rowsAfter: Int
        /// Display indexes deleted (old numbering), inserted and changed (new numbering).
        package var deleted: [Int], inserted: [Int], changed: [Int]
        /// The rows after the step.
        package var rows: [Row]
    }

    /// Every state, the initial one first.
    package var states: [State]

    /// The record of a played scenario. O(rows of every state).
    package init(_ playback: Playback) {
        states = playback.states.map { state in
            let u = state.update, outline = state.outline
            let rows = outline.visibleRows.map { row in
                let info = outline.info(row)
                var r = Row(
                    id: outline.id(of: row.node), title: row.isDetail ? nil : outline.title(of: row.node), depth: info.depth,
                    detail: row.isDetail, expanded: row.isDetail || !info.isExpandable ? nil : info.isExpanded)
                r.check = outline.usesChecks && !row.isDetail ? info.check : nil
                (r.selected, r.highlighted, r.focused, r.hovered, r.drop) = (
                    info.isSelected, info.isHighlighted, info.isFocused, info.isHovered, info.drop
                )
                return r
            }
            return State(
                step: state.label, rowsBefore: u.rowsBefore, rowsAfter: u.rowsAfter, deleted: u.deleted, inserted: u.inserted,
                changed: u.changed, rows: rows)
        }
    }

    /// A file that is not an `updates.json`.
    package struct Unreadable: DescribedError {
        /// What is wrong with it.
        package var description: String
    }

    /// Reads an `updates.json` of the shape `json()` writes (other keys are
    /// dropped), every number a non-negative integer in range. O(bytes).
    package init(json bytes: [UInt8]) throws(Unreadable) {
        struct FileRow: Decodable {
            var id: String, title: String?, depth: Int, detail: Bool, expanded: Bool?, check: String?
            var selected: Bool?, highlighted: Bool?, focused: Bool?, hovered: Bool?, drop: String?
        }
        struct FileState: Decodable {
            var step: String, rowsBefore: Int, rowsAfter: Int, deleted: [Int], inserted: [Int], changed: [Int], rows: [FileRow]
        }
        guard let list = try? JSONDecoder().decode([FileState].self, from: Data(bytes)), list.count <= Limits.steps + 1 else {
            throw Unreadable(description: "it is not the updates.json of a scenario")
        }
        let inRange = { (n: Int) in (0 ... Limits.nodes).contains(n) }
        guard
            list.allSatisfy({ s in
                ([s.rowsBefore, s.rowsAfter] + s.deleted + s.inserted + s.changed).allSatisfy(inRange) && s.rows.allSatisfy { inRange($0.depth) }
            })
        else { throw Unreadable(description: "it holds a number out of range") }
        let named = list.allSatisfy { s in
            s.rows.allSatisfy { ($0.check.map { CheckState(rawValue: $0) != nil } ?? true) && ($0.drop.map { DropTarget.Position(rawValue: $0) != nil } ?? true) }
        }
        guard named else { throw Unreadable(description: "it holds a check or drop place Unfold does not know") }
        states = list.map { s in
            State(
                step: s.step, rowsBefore: s.rowsBefore, rowsAfter: s.rowsAfter, deleted: s.deleted, inserted: s.inserted, changed: s.changed,
                rows: s.rows.map { f in
                    var r = Row(id: f.id, title: f.title, depth: f.depth, detail: f.detail, expanded: f.expanded)
                    r.check = f.check.flatMap(CheckState.init(rawValue:))
                    (r.selected, r.highlighted) = (f.selected ?? false, f.highlighted ?? false)
                    (r.focused, r.hovered) = (f.focused ?? false, f.hovered ?? false)
                    r.drop = f.drop.flatMap(DropTarget.Position.init(rawValue:))
                    return r
                })
        }
    }

    /// The file's text.
    package func json() -> String {
        var out = "[\n"
        for (i, state) in states.enumerated() {
            out += "  {\"step\": \(JSONText.quoted(state.step)), \"rowsBefore\": \(state.rowsBefore), \"rowsAfter\": \(state.rowsAfter),\n"
            out += "   \"deleted\": \(jsonInts(state.deleted)), \"inserted\": \(jsonInts(state.inserted)), \"changed\": \(jsonInts(state.changed)),\n"
            out += "   \"rows\": ["
            for (r, row) in state.rows.enumerated() {
                out += (r == 0 ? "\n" : ",\n")
                out += "    {\"id\": \(JSONText.quoted(row.id)), "
                if let title = row.title { out += "\"title\": \(JSONText.quoted(title)), " }
                out += "\"depth\": \(row.depth), \"detail\": \(row.detail), \"expanded\": \(row.expanded.map(String.init) ?? "null")"
                out += row.states + "}"
            }
            out += state.rows.isEmpty ? "]}" : "\n   ]}"
            out += i == states.count - 1 ? "\n" : ",\n"
        }
        return out + "]\n"
    }
}

extension UpdatesRecord.Row {
    /// The states set on the row, as the keys that follow `expanded` (none
    /// when nothing is set, so that a scenario without them reads as before).
    fileprivate var states: String {
        var out = ""
        if let check { out += ", \"check\": \"\(check.rawValue)\"" }
        for (key, value) in [("selected", selected), ("highlighted", highlighted), ("focused", focused), ("hovered", hovered)] where value {
            out += ", \"\(key)\": true"
        }
        if let drop { out += ", \"drop\": \"\(drop.rawValue)\"" }
        return out
    }
}
