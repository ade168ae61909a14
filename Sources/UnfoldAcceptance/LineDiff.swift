/// Two texts as a reviewer reads their difference, as a unified diff does:
/// lines removed and added, a few unchanged lines of context around each
/// change, and a gap marker for the unchanged lines left out. A reference
/// that is text (`updates.json`) changes in a few places; its lines are
/// matched by their longest common subsequence.
///
/// O(lines) for the common start and end, then O(r × a) for the r removed and
/// a added lines between them while that is at most `matchedCells`; past it
/// they are shown as removed, then added. At most `limit` lines are kept.
package struct LineDiff: Sendable, Equatable, Encodable {
    /// One line: kept (` `), removed (`-`), added (`+`), or a gap (`…`: lines left out).
    package struct Line: Sendable, Equatable, Encodable {
        package var mark: String
        package var text: String
    }

    /// The lines, in order.
    package private(set) var lines: [Line]

    /// Lines of unchanged context kept around a change.
    package static let context = 3
    /// The most lines kept; the rest is one gap.
    package static let limit = 400
    /// The largest table of the lines between the common start and end that is matched line by line.
    package static let matchedCells = 4_000_000

    /// The difference from `expected` to `actual`.
    package init(expected: String, actual: String) {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        while start < e.count, start < a.count, e[start] == a[start] { start += 1 }
        var end = 0
        while end < e.count - start, end < a.count - start, e[e.count - 1 - end] == a[a.count - 1 - end] { end += 1 }
        let kept = { (line: Substring) in Line(mark: " ", text: String(line)) }
        let all =
            e[..<start].map(kept) + Self.matched(Array(e[start ..< e.count - end]), Array(a[start ..< a.count - end]))
            + e[(e.count - end)...].map(kept)
        lines = Self.trimmed(all)
    }

    /// The lines between the common start and end, matched by their longest
    /// common subsequence (a table of suffix lengths, no recursion), or all
    /// removed then all added when the table would be too large.
    private static func matched(_ e: [Substring], _ a: [Substring]) -> [Line] {
        guard e.count * a.count <= matchedCells else {
            return e.map { Line(mark: "-", text: String($0)) } + a.map { Line(mark: "+", text: String($0)) }
        }
        let width = a.count + 1
        var length = [UInt32](repeating: 0, count: (e.count + 1) * width)
        for i in stride(from: e.count - 1, through: 0, by: -1) {
            for j in stride(from: a.count - 1, through: 0, by: -1) {
                length[i * width + j] = e[i] == a[j] ? length[(i + 1) * width + j + 1] + 1 : max(length[(i + 1) * width + j], length[i * width + j + 1])
            }
        }
        var out: [Line] = []
        var i = 0, j = 0
        while i < e.count || j < a.count {
            if i < e.count, j < a.count, e[i] == a[j] {
                out.append(Line(mark: " ", text: String(e[i])))
                i += 1
                j += 1
            } else if j == a.count || (i < e.count && length[(i + 1) * width + j] >= length[i * width + j + 1]) {
                out.append(Line(mark: "-", text: String(e[i])))
                i += 1
            } else {
                out.append(Line(mark: "+", text: String(a[j])))
                j += 1
            }
        }
        return out
    }

    /// `lines` with each run of unchanged lines cut to `context` lines beside
    /// the changes around it (a gap in its place), and at most `limit` lines.
    private static func trimmed(_ lines: [Line]) -> [Line] {
        var out: [Line] = []
        var i = 0
        while i < lines.count {
            guard lines[i].mark == " " else {
                out.append(lines[i])
                i += 1
                continue
            }
            var run = i
            while run < lines.count, lines[run].mark == " " { run += 1 }
            let before = i == 0 ? 0 : context, after = run == lines.count ? 0 : context
            if run - i > before + after {
                out += lines[i ..< i + before]
                out.append(Line(mark: "…", text: "\(run - i - before - after) lines"))
                out += lines[run - after ..< run]
            } else {
                out += lines[i ..< run]
            }
            i = run
        }
        guard out.count > limit else { return out }
        return Array(out.prefix(limit - 1)) + [Line(mark: "…", text: "\(out.count - limit + 1) more lines")]
    }
}
