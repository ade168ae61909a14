import OutlineEngine

/// What changed between two recordings of a scenario's rows (the
/// reference's `updates.json` and this run's), in the words a reviewer
/// uses: rows inserted, removed, renamed or moved, then each trait of
/// `RowTrait.all` that changed on a kept row, in that trait's words (opened
/// or closed, a note, an icon, a height, loading, checks, selection…). A
/// failing snapshot says this before it counts pixels; when the rows are
/// the same, the change is in the drawing alone, and it says that instead.
///
/// Rows are matched by id, state by state. O(rows of both records), with
/// hashing; the longest run of rows in the same order is found in
/// O(r log r) per state.
package struct RowChanges: Equatable, Sendable {
    /// Sentences per state: `states[i]` tells what changed in state i
    /// (0: the initial state), empty when its rows are as recorded.
    package private(set) var states: [[String]]
    /// Sentences about the steps themselves: a step's text, steps added or gone.
    package private(set) var steps: [String]

    /// The reference was written by an earlier Unfold, which recorded less of
    /// each row (`UpdatesRecord.version`): what it did not record is not compared.
    package private(set) var recordedEarlier = false

    /// At most this many sentences are told of one state; the rest are counted.
    package static let sentencesPerState = 6

    /// The changes from `expected` to `actual`.
    package init(expected: UpdatesRecord, actual: UpdatesRecord) {
        states = []
        steps = []
        recordedEarlier = expected.version < actual.version
        for i in 0 ..< max(expected.states.count, actual.states.count) {
            guard i < expected.states.count else {
                steps.append("step \(i) \(Self.quoted(actual.states[i].step)) is new")
                states.append([])
                continue
            }
            guard i < actual.states.count else {
                steps.append("step \(i) \(Self.quoted(expected.states[i].step)) is gone")
                continue
            }
            let e = expected.states[i], a = actual.states[i]
            if i > 0, e.step != a.step { steps.append("step \(i) is \(Self.quoted(a.step)) (was \(Self.quoted(e.step)))") }
            states.append(Self.sentences(from: e.rows, to: a.rows, known: min(expected.version, actual.version)))
        }
    }

    /// The changes between two `updates.json` files; nil when either is
    /// missing or is not one (a reference recorded before updates were kept).
    package init?(expected: [UInt8]?, actual: [UInt8]?) {
        guard let expected, let actual, let e = try? UpdatesRecord(json: expected), let a = try? UpdatesRecord(json: actual) else { return nil }
        self.init(expected: e, actual: a)
    }

    /// Whether the rows of every state, and the steps, are as recorded.
    package var isEmpty: Bool { steps.isEmpty && states.allSatisfy(\.isEmpty) }

    /// What changed in state `index`, in one line; nil when nothing did.
    package func line(state index: Int) -> String? {
        guard index < states.count, !states[index].isEmpty else { return nil }
        return Self.joined(states[index])
    }

    /// What changed in the whole scenario, in one line: states that changed
    /// alike told together ("states 2, 3, 5: …; state 4: …"), the first
    /// `statesInSummary` different changes; nil when nothing changed.
    package var summary: String? {
        var order: [String] = [], states: [String: [Int]] = [:]
        for i in self.states.indices {
            guard let line = line(state: i) else { continue }
            if states[line] == nil { order.append(line) }
            states[line, default: []].append(i)
        }
        var parts = steps
        for line in order.prefix(Self.statesInSummary) {
            let which = states[line] ?? []
            parts.append("state\(which.count == 1 ? "" : "s") \(which.map(String.init).joined(separator: ", ")): \(line)")
        }
        let more = order.dropFirst(Self.statesInSummary).reduce(0) { $0 + (states[$1]?.count ?? 0) }
        if more > 0 { parts.append("and \(more) more state\(more == 1 ? "" : "s") changed") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// At most this many different changes are told in `summary`.
    package static let statesInSummary = 3

    /// Sentences of one state, at most `sentencesPerState` of them.
    private static func joined(_ sentences: [String]) -> String {
        let shown = sentences.prefix(sentencesPerState).joined(separator: ", ")
        let more = sentences.count - sentencesPerState
        return more > 0 ? shown + " and \(more) more change\(more == 1 ? "" : "s")" : shown
    }

    /// What turned `before` into `after`: removals, insertions, moves, then
    /// each kept row's changes in the order of `after`.
    private static func sentences(from before: [UpdatesRecord.Row], to after: [UpdatesRecord.Row], known: Int) -> [String] {
        guard before != after else { return [] }
        let key = { (r: UpdatesRecord.Row) in r.detail ? r.id + "\u{0}detail" : r.id }
        let oldIndex = Dictionary(before.enumerated().map { (key($1), $0) }, uniquingKeysWith: { a, _ in a })
        let newIndex = Dictionary(after.enumerated().map { (key($1), $0) }, uniquingKeysWith: { a, _ in a })
        let kept = after.enumerated().compactMap { i, row in oldIndex[key(row)].map { (old: $0, new: i) } }
        // Rows that came or went with a parent that opened or closed, or started or finished loading, are told by that parent
        // (loading only where both records keep it).
        let toggled = Set(
            kept.filter {
                before[$0.old].expanded != after[$0.new].expanded
                    || (known >= RowTrait.loading.since && before[$0.old].loading != after[$0.new].loading)
            }.map { after[$0.new].id })
        let underToggled = { (row: UpdatesRecord.Row) in
            var id = Substring(row.id)
            while let slash = id.lastIndex(of: "/") {
                id = id[..<slash]
                if toggled.contains(String(id)) { return true }
            }
            return false
        }
        // A row that went and one that came in its place (after the same kept row, at the same depth, under the
        // same parent) were renamed: ids made from titles change with them.
        var went: [Place: [Int]] = [:]
        let kinds = known >= RowTrait.kind.since  // a rename keeps the kind where both records keep it
        for (i, place) in places(before, key: key, kinds: kinds, isKept: { newIndex[key($0)] != nil }).sorted(by: { $0.key < $1.key })
        where !underToggled(before[i]) {
            went[place, default: []].append(i)
        }
        let cameTo = places(after, key: key, kinds: kinds, isKept: { oldIndex[key($0)] != nil })
        var out: [String] = [], renamed = Set<Int>(), taken: [Place: Int] = [:]
        for (i, row) in after.enumerated() where oldIndex[key(row)] == nil && !underToggled(row) {
            if let p = cameTo[i], let gone = went[p], taken[p, default: 0] < gone.count {
                let old = gone[taken[p, default: 0]]
                taken[p, default: 0] += 1
                renamed.insert(old)
                out.append("\(name(before[old])) renamed \(name(row))")
            } else {
                out.append("inserted \(name(row)) at row \(i + 1)")
            }
        }
        for (i, row) in before.enumerated() where newIndex[key(row)] == nil && !underToggled(row) && !renamed.contains(i) {
            out.append("removed \(name(row)) (was row \(i + 1))")
        }
        // Kept rows, in their new order; those off the longest run still in their old order moved.
        let inOrder = longestIncreasingRun(kept.map(\.old))
        for (n, pair) in kept.enumerated() where !inOrder.contains(n) {
            out.append("\(name(after[pair.new])) moved from row \(pair.old + 1) to row \(pair.new + 1)")
        }
        out += changes(kept.map { (before[$0.old], after[$0.new]) }, known: known, arrived: arrivals(after, new: { oldIndex[key($0)] == nil }))
        return out
    }

    /// The titles of the rows that came under each row (by id), for a row that finished loading.
    private static func arrivals(_ rows: [UpdatesRecord.Row], new: (UpdatesRecord.Row) -> Bool) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for row in rows where new(row) && !row.detail {
            guard let slash = row.id.lastIndex(of: "/") else { continue }
            out[String(row.id[..<slash]), default: []].append(row.title ?? String(row.id[row.id.index(after: slash)...]))
        }
        return out
    }

    /// Where a row that is not kept sits: after which kept row, how deep,
    /// under which parent, and of which kind (a rename keeps a row's kind).
    private struct Place: Hashable {
        var anchor: String, depth: Int, parent: Substring, kind: String?
    }

    /// The place of every row of `rows` that is not kept, by position. O(rows).
    private static func places(
        _ rows: [UpdatesRecord.Row], key: (UpdatesRecord.Row) -> String, kinds: Bool, isKept: (UpdatesRecord.Row) -> Bool
    ) -> [Int: Place] {
        var out: [Int: Place] = [:], anchor = ""
        for (i, row) in rows.enumerated() {
            if isKept(row) {
                anchor = key(row)
            } else {
                out[i] = Place(
                    anchor: anchor, depth: row.depth, parent: row.id[..<(row.id.lastIndex(of: "/") ?? row.id.startIndex)],
                    kind: kinds ? row[RowTrait.kind]?.plain : nil)
            }
        }
        return out
    }

    /// What changed on the rows kept by id, trait by trait in the order of
    /// `RowTrait.all`, row by row. A trait told of rows together
    /// (`RowTrait.isToldTogether`) that changed alike on every row that had
    /// its old value, two rows or more (every row of 24 points is now 28),
    /// is told once, of "rows". A trait the older record does not know is
    /// not compared. O(rows × traits).
    private static func changes(_ kept: [(UpdatesRecord.Row, UpdatesRecord.Row)], known: Int, arrived: [String: [String]]) -> [String] {
        var perRow = [[String]](repeating: [], count: kept.count)
        var together: [String] = []
        for trait in RowTrait.all where trait.since <= known {
            var changed = kept.indices.filter { kept[$0].0[trait] != kept[$0].1[trait] }
            if trait.isToldTogether, changed.count > 1 {
                var alike: [RowValue?: [Int]] = [:]  // the rows that had each old value
                for i in kept.indices { alike[kept[i].0[trait], default: []].append(i) }
                var toldTogether = Set<Int>()
                for rows in alike.values.sorted(by: { $0[0] < $1[0] }) where rows.count > 1 {
                    let (e, a) = kept[rows[0]]
                    guard e[trait] != a[trait], rows.allSatisfy({ kept[$0].1[trait] == a[trait] }) else { continue }
                    // "rows" when every row is of them, else how many.
                    guard let words = trait.words(rows.count == kept.count ? "rows" : "\(rows.count) rows", e, a) else { continue }
                    together.append(words)
                    toldTogether.formUnion(rows)
                }
                changed.removeAll { toldTogether.contains($0) }
            }
            for i in changed {
                let (e, a) = kept[i]
                guard var words = trait.words(name(a), e, a) else { continue }
                if trait.key == RowTrait.loading.key, !a.loading, let titles = arrived[a.id] {
                    words += ": inserted " + listed(titles)
                }
                perRow[i].append(words)
            }
        }
        return together + perRow.flatMap { $0 }
    }

    /// At most three names, then how many more.
    private static func listed(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// A row as a reviewer knows it: its id, with the title when the id does not end with it.
    private static func name(_ row: UpdatesRecord.Row) -> String {
        let id = row.detail ? "the detail row of \(row.id)" : row.id
        guard let title = row.title, !row.id.hasSuffix(title) else { return id }
        return "\(quoted(title)) (\(id))"
    }

    /// A title or step in quotes, cut to 40 characters.
    private static func quoted(_ text: String) -> String { RowTrait.quoted(text) }

    /// The positions (in `values`) of a longest strictly increasing
    /// subsequence: patience sorting with back links. O(n log n), no recursion.
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // position in `values` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var run = Set<Int>()
        var i = tails.last ?? -1
        while i >= 0 {
            run.insert(i)
            i = previous[i]
        }
        return run
    }
}
