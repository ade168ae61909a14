/// What a table view would do to go from the rows before an operation to the
/// rows after it, in one `performBatchUpdates`: delete rows (old numbering),
/// then insert rows (new numbering), then reload the changed ones.
///
/// `rowsBefore - deleted.count + inserted.count == rowsAfter` always holds.
public struct BatchUpdate: Equatable, Sendable {
    /// How many rows the table showed before the update.
    public var rowsBefore: Int
    /// How many rows the table shows after the update.
    public var rowsAfter: Int
    /// Display indexes of removed rows, ascending, in the numbering before the update.
    public var deleted: [Int]
    /// Display indexes of added rows, ascending, in the numbering after the update.
    public var inserted: [Int]
    /// Rows that stay but must be redrawn, ascending, in the numbering after the
    /// update: their disclosure (chevron) or selection changed.
    public var changed: [Int]

    /// An update from `rowsBefore` to `rowsAfter` rows; every index list must be ascending.
    public init(rowsBefore: Int, rowsAfter: Int, deleted: [Int] = [], inserted: [Int] = [], changed: [Int] = []) {
        self.rowsBefore = rowsBefore
        self.rowsAfter = rowsAfter
        self.deleted = deleted
        self.inserted = inserted
        self.changed = changed
    }

    /// An update that changes nothing.
    public static func unchanged(rows: Int) -> BatchUpdate {
        BatchUpdate(rowsBefore: rows, rowsAfter: rows)
    }

    /// Whether the update changes nothing: no row deleted, inserted or redrawn.
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && changed.isEmpty }

    /// Applies the update to a list of rows: removes the deleted ones, then puts
    /// `newRows[i]` at every inserted index `i`. This is how a client that keeps
    /// its own copy of the rows follows the outline. O(rowsBefore + rowsAfter).
    public func apply<Row>(to oldRows: [Row], newRows: [Row]) -> [Row] {
        var out: [Row] = []
        out.reserveCapacity(rowsAfter)
        var d = 0
        var kept: [Row] = []
        kept.reserveCapacity(rowsBefore - deleted.count)
        for (i, row) in oldRows.enumerated() {
            if d < deleted.count, deleted[d] == i { d += 1 } else { kept.append(row) }
        }
        var k = 0
        var n = 0
        for index in 0 ..< rowsAfter {
            if n < inserted.count, inserted[n] == index {
                out.append(newRows[index]); n += 1
            } else {
                out.append(kept[k]); k += 1
            }
        }
        return out
    }
}
