import Foundation
import OutlineEngine
import Testing

/// Builds specs from an indented outline, one node per line, two spaces per
/// level; a trailing `+` marks a node expanded, `key=` before the title sets a key.
func specs(_ text: String) -> [NodeSpec] {
    var out: [NodeSpec] = []
    var stack: [(depth: Int, index: Int)] = []
    for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
        let depth = line.prefix { $0 == " " }.count / 2
        var title = line.trimmingCharacters(in: .whitespaces)
        let expanded = title.hasSuffix("+")
        if expanded { title.removeLast() }
        var key: String?
        if let eq = title.firstIndex(of: "=") {
            key = String(title[..<eq])
            title = String(title[title.index(after: eq)...])
        }
        while let top = stack.last, top.depth >= depth { stack.removeLast() }
        out.append(NodeSpec(key: key, title: title, expanded: expanded, parent: stack.last?.index))
        stack.append((depth, out.count - 1))
    }
    return out
}

/// The visible rows as text: ids, with `*` after a detail row's owner id.
func shown(_ outline: Outline) -> [String] {
    outline.visibleRows.map { outline.id(of: $0.node) + ($0.isDetail ? "*" : "") }
}

/// Checks what every update must satisfy, against a from-scratch flatten.
func checkConsistency(
    _ outline: Outline, after update: BatchUpdate, from oldRows: [Row],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let newRows = outline.visibleRows
    #expect(newRows == outline.flattenFromScratch(), sourceLocation: sourceLocation)
    #expect(update.rowsBefore == oldRows.count, sourceLocation: sourceLocation)
    #expect(update.rowsAfter == newRows.count, sourceLocation: sourceLocation)
    #expect(
        update.rowsBefore - update.deleted.count + update.inserted.count == update.rowsAfter,
        sourceLocation: sourceLocation)
    #expect(
        update.deleted == update.deleted.sorted() && Set(update.deleted).count == update.deleted.count,
        sourceLocation: sourceLocation)
    #expect(
        update.inserted == update.inserted.sorted() && Set(update.inserted).count == update.inserted.count,
        sourceLocation: sourceLocation)
    #expect(update.deleted.allSatisfy { (0 ..< oldRows.count).contains($0) }, sourceLocation: sourceLocation)
    #expect(update.inserted.allSatisfy { (0 ..< newRows.count).contains($0) }, sourceLocation: sourceLocation)
    // Rows that stay keep their order: old minus deleted equals new minus inserted.
    let deleted = Set(update.deleted), inserted = Set(update.inserted)
    let keptOld = oldRows.enumerated().filter { !deleted.contains($0.offset) }.map(\.element)
    let keptNew = newRows.enumerated().filter { !inserted.contains($0.offset) }.map(\.element)
    #expect(keptOld == keptNew, sourceLocation: sourceLocation)
    #expect(update.apply(to: oldRows, newRows: newRows) == newRows, sourceLocation: sourceLocation)
    // Index lookups agree with the list.
    for (i, row) in newRows.enumerated() {
        let found = row.isDetail ? outline.displayIndex(ofDetailUnder: row.node) : outline.displayIndex(of: row.node)
        #expect(found == i, sourceLocation: sourceLocation)
        #expect(outline.row(at: i) == row, sourceLocation: sourceLocation)
    }
    let logical = newRows.enumerated().filter { !$0.element.isDetail }.map(\.offset)
    #expect(outline.logicalRowCount == logical.count, sourceLocation: sourceLocation)
    for (l, d) in logical.enumerated() {
        #expect(outline.displayIndex(forLogical: l) == d, sourceLocation: sourceLocation)
        #expect(outline.logicalIndex(forDisplay: d)?.logical == l, sourceLocation: sourceLocation)
    }
}

/// A small seeded generator, so that property tests are repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
