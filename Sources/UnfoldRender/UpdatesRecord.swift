import Foundation
import OutlineAppearance
import OutlineEngine
import OutlineLayout
import ScenarioFormat
import UnfoldSupport

/// `updates.json`: for the initial state and after every step, the step's
/// text, its batch update and the visible rows with everything each shows:
/// every trait of `RowTrait.all` that is set on the row (title, detail
/// text, kind, icon, subtitle, note, height, expansion, loading, child
/// count, check, selection, highlight, focus, pointer, drop place). A trait
/// a look does not draw is still recorded here, so that changing it fails a
/// snapshot test. One type writes the file (from a `Playback` and the
/// layout that draws it) and reads it back (from a reference or a downloaded
/// report), so that a file from elsewhere is stored only as Unfold writes it.
///
/// Keys in a fixed order and one row per line, so that the text diffs well.
package struct UpdatesRecord: Equatable, Sendable {
    /// One visible row.
    package struct Row: Equatable, Sendable {
        /// The node's path of ids.
        package var id: String
        /// Its nesting level, 0 at the top.
        package var depth: Int
        /// Whether it is a detail row.
        package var detail: Bool
        /// The traits set on the row, in the order of `RowTrait.all`.
        package var values: [TraitValue] = []

        /// A row with these facts and no trait set.
        package init(id: String, depth: Int, detail: Bool) {
            self.id = id
            self.depth = depth
            self.detail = detail
        }

        /// The value of `trait` on the row; nil when it is not set. O(traits).
        package subscript(_ trait: RowTrait) -> RowValue? { value(trait.key) }

        /// The value of the trait whose key is `key`; nil when it is not set. O(traits).
        package func value(_ key: String) -> RowValue? { values.first { RowTrait.all[Int($0.trait)].key == key }?.value }

        /// Whether the trait whose key is `key` is set (a flag: on).
        package func isSet(_ key: String) -> Bool { value(key) != nil && value(key) != .bool(false) }

        /// The node's title; nil on a detail row (or in a record from before titles were kept).
        package var title: String? { self[RowTrait.title]?.plain }
        /// Open or closed; nil when the row cannot open.
        package var expanded: Bool? {
            if case let .bool(open) = self[RowTrait.expanded] { open } else { nil }
        }
        /// Whether its children are loading.
        package var loading: Bool { isSet(RowTrait.loading.key) }
    }

    /// A trait set on a row: its place in `RowTrait.all` and its value.
    package struct TraitValue: Equatable, Sendable {
        /// The trait's place in `RowTrait.all`.
        package var trait: UInt8
        /// Its value.
        package var value: RowValue
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
    /// The version of the file (`RowTrait.recordVersion` when written by
    /// this build): traits recorded since a later version are unknown to it.
    package var version: Int

    /// The record of a played scenario, its rows read as `layout` reads
    /// them (and sized by it). O(rows of every state × traits), plus the
    /// text of self-sizing rows measured.
    package init(_ playback: Playback, layout: RowLayout) {
        version = RowTrait.recordVersion
        states = playback.states.map { Self.state($0, layout: layout) }
    }

    /// One played state as the record holds it. O(its rows × traits).
    static func state(_ state: Playback.State, layout: RowLayout) -> State {
        let u = state.update, outline = state.outline
        let rows = outline.visibleRows.map { row in
            let facts = RowLayout.Facts(row, in: outline)
            let reading = RowReading(row: row, facts: facts, layout: layout, usesChecks: outline.usesChecks)
            var r = Row(id: outline.id(of: row.node), depth: facts.depth, detail: row.isDetail)
            for (i, trait) in RowTrait.all.enumerated() {
                if let value = trait.read(reading) { r.values.append(TraitValue(trait: UInt8(i), value: value)) }
            }
            return r
        }
        return State(
            step: state.label, rowsBefore: u.rowsBefore, rowsAfter: u.rowsAfter, deleted: u.deleted, inserted: u.inserted,
            changed: u.changed, rows: rows)
    }

    /// A file that is not an `updates.json`.
    package struct Unreadable: DescribedError {
        /// What is wrong with it.
        package var description: String
    }

    /// Reads an `updates.json` of the shape `json()` writes, or an earlier
    /// version's (other keys are dropped), every number in range and every
    /// name one Unfold writes. O(bytes).
    package init(json bytes: [UInt8]) throws(Unreadable) {
        let list: [FileState]
        do { list = try JSONDecoder().decode([FileState].self, from: Data(bytes)) } catch let error as Unreadable { throw error } catch {
            throw Unreadable(description: "it is not the updates.json of a scenario")
        }
        guard list.count <= Limits.steps + 1 else { throw Unreadable(description: "it is not the updates.json of a scenario") }
        let inRange = { (n: Int) in (0 ... Limits.nodes).contains(n) }
        guard
            list.allSatisfy({ s in
                ([s.rowsBefore, s.rowsAfter] + s.deleted + s.inserted + s.changed).allSatisfy(inRange) && s.rows.allSatisfy { inRange($0.depth) }
            })
        else { throw Unreadable(description: "it holds a number out of range") }
        states = list.map {
            State(step: $0.step, rowsBefore: $0.rowsBefore, rowsAfter: $0.rowsAfter, deleted: $0.deleted, inserted: $0.inserted, changed: $0.changed, rows: $0.rows)
        }
        // Heights are on every row since version 2 (a record without rows has nothing to compare: it is taken as this one's).
        let rows = states.contains { !$0.rows.isEmpty }
        version = !rows || states.contains { $0.rows.contains { $0[RowTrait.height] != nil } } ? RowTrait.recordVersion : 1
    }

    /// The file's text.
    package func json() -> String {
        "[\n" + states.indices.map { Self.json(states[$0], last: $0 == states.count - 1) }.joined() + "]\n"
    }

    /// The text of one state in the file (the `[` before the first and the
    /// `]` after the last are the file's). O(its rows × traits).
    static func json(_ state: State, last: Bool) -> String {
        var out = "  {\"step\": \(JSONText.quoted(state.step)), \"rowsBefore\": \(state.rowsBefore), \"rowsAfter\": \(state.rowsAfter),\n"
        out += "   \"deleted\": \(jsonInts(state.deleted)), \"inserted\": \(jsonInts(state.inserted)), \"changed\": \(jsonInts(state.changed)),\n"
        out += "   \"rows\": ["
        for (r, row) in state.rows.enumerated() {
            out += (r == 0 ? "\n" : ",\n")
            out += "    {\"id\": \(JSONText.quoted(row.id)), \"depth\": \(row.depth), \"detail\": \(row.detail)"
            for value in row.values { out += ", \"\(RowTrait.all[Int(value.trait)].key)\": " + value.value.json }
            out += "}"
        }
        out += state.rows.isEmpty ? "]}" : "\n   ]}"
        return out + (last ? "\n" : ",\n")
    }

    /// The file of a played scenario made a state at a time, as
    /// `UpdatesRecord(playback, layout:).json()` would be: a render writing
    /// into a folder holds one state's rows, not every state's.
    struct Parts: FileParts {
        let playback: Playback
        let layout: RowLayout

        /// O(rows of every state × traits), one state's text held at a time.
        func produce<E: Error>(_ put: ([UInt8]) throws(E) -> Void) throws(E) {
            try put(Array("[\n".utf8))
            for (i, state) in playback.states.enumerated() {
                let text = UpdatesRecord.json(UpdatesRecord.state(state, layout: layout), last: i == playback.states.count - 1)
                try put(Array(text.utf8))
            }
            try put(Array("]\n".utf8))
        }
    }
}

private func jsonInts(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }

extension RowValue {
    /// The value as JSON: a note with marks as its runs (`{"text": …, "mark": "bold"}`).
    var json: String {
        switch self {
        case let .bool(on): String(on)
        case let .text(text): JSONText.quoted(text)
        case let .number(n): RowTrait.number(n)
        case let .note(note):
            note.runs.count == 1 && note.runs[0].emphasis == .none
                ? JSONText.quoted(note.runs[0].text)
                : "["
                    + note.runs.map { run in
                        "{\"text\": \(JSONText.quoted(run.text))" + (run.emphasis == .none ? "" : ", \"mark\": \"\(run.emphasis.mark)\"") + "}"
                    }.joined(separator: ", ") + "]"
        }
    }
}

extension Annotation.Emphasis {
    /// Its name in `updates.json`.
    var mark: String {
        switch self {
        case .none: "none"
        case .bold: "bold"
        case .italic: "italic"
        case .code: "code"
        }
    }

    /// The emphasis `updates.json` names so.
    init?(mark: String) {
        guard let found = [Self.none, .bold, .italic, .code].first(where: { $0.mark == mark }) else { return nil }
        self = found
    }
}

/// A state as the file holds it.
private struct FileState: Decodable {
    var step: String, rowsBefore: Int, rowsAfter: Int, deleted: [Int], inserted: [Int], changed: [Int]
    var rows: [UpdatesRecord.Row]
}

/// Any key of a row.
private struct RowKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension UpdatesRecord.Row: Decodable {
    /// A row as a file holds it: `id`, `depth`, `detail`, and each trait of
    /// `RowTrait.all` whose key it has (null: not set), as the trait's type;
    /// a value Unfold does not write is refused.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: RowKey.self)
        self.init(
            id: try c.decode(String.self, forKey: RowKey(stringValue: "id")), depth: try c.decode(Int.self, forKey: RowKey(stringValue: "depth")),
            detail: try c.decode(Bool.self, forKey: RowKey(stringValue: "detail")))
        for (i, trait) in RowTrait.all.enumerated() {
            let key = RowKey(stringValue: trait.key)
            guard c.contains(key), try !c.decodeNil(forKey: key) else { continue }
            let value: RowValue
            switch trait.type {
            case .bool: value = .bool(try c.decode(Bool.self, forKey: key))
            case .text: value = .text(try c.decode(String.self, forKey: key))
            case .number: value = .number(try c.decode(Double.self, forKey: key))
            case .note:
                if let text = try? c.decode(String.self, forKey: key) {
                    value = .note(Annotation([Annotation.Run(text)]))
                } else {
                    let runs = try c.decode([FileRun].self, forKey: key)
                    value = .note(Annotation(try runs.map { run throws(UpdatesRecord.Unreadable) in try run.run() }))
                }
            }
            guard trait.accepts(value) else { throw UpdatesRecord.Unreadable(description: "it holds a \(trait.key) Unfold does not write") }
            values.append(UpdatesRecord.TraitValue(trait: UInt8(i), value: value))
        }
    }
}

/// A run of a note as the file holds it.
private struct FileRun: Decodable {
    var text: String, mark: String?

    func run() throws(UpdatesRecord.Unreadable) -> Annotation.Run {
        guard let emphasis = Annotation.Emphasis(mark: mark ?? "none") else {
            throw UpdatesRecord.Unreadable(description: "it holds a note mark Unfold does not write")
        }
        return Annotation.Run(text, emphasis)
    }
}
