/// A shell pattern (`*`, `?`, `[...]`, `\`, and git's `**`), compiled once
/// and matched in O(pattern × subject) time: no recursion, no backtracking.
///
/// It exists because the patterns it matches are untrusted input: a
/// `.gitignore` or an `exclude:` pattern in a repository is written by
/// whoever sent the pull request. libc `fnmatch` (and any matcher that
/// backtracks) takes time exponential in the number of `*`s on a name that
/// almost matches (`*a*a*a…b` against `aaaa…`), and expanding `**/` into
/// every number of folders multiplies that again, so ten lines of a
/// `.gitignore` could stall a render for minutes. Here the pattern is a row
/// of tokens, and matching keeps the set of tokens the subject read so far
/// can have reached (an NFA), advancing all of them at once by each
/// character of the subject: O(tokens) per character, whatever the pattern.
///
/// Syntax as git's wildmatch and `fnmatch`: `*` is any run of characters,
/// `?` one character (a whole Unicode scalar), `[...]` one of a set (ranges
/// `a-z`, `[:alpha:]` and the other ASCII classes, negated by a leading `!`
/// or `^`, `]` first is a member), and `\` makes the next character
/// literal. A `[` with no closing `]` is a literal `[`, as in `fnmatch`; a
/// pattern ending in a lone `\`, or naming an unknown `[:class:]`, matches
/// nothing, as in `fnmatch`. (Where glibc's `fnmatch` is inconsistent it
/// follows these rules instead: a `\/` after a `*` with `pathname`, which
/// glibc never matches; an unterminated `[` whose last member is `-`, which
/// glibc never matches; `[.x.]` and `[=x=]`, not supported here.)
///
/// With `pathname`, `*`, `?` and `[...]` never match `/` (`FNM_PATHNAME`),
/// and `**` is git's: `**/` at the start or after a `/` is zero or more whole
/// folders (`a/**/b` matches `a/b`, `a/x/b` and `a/x/y/b`), `/**` at the end
/// is everything inside (a lone `**`, everything), and any other `**` is a
/// `*`. Without `pathname`, `*` and `?` match `/` too, and `**` is just `*`
/// (`fnmatch` with no flags).
package struct Glob: Sendable, Equatable {
    private enum Token: Sendable, Equatable {
        /// This character.
        case scalar(Unicode.Scalar)
        /// `?`: any one character (not `/` with `pathname`).
        case one
        /// `[...]`: one character of a set (never `/` with `pathname`).
        case set(Bracket)
        /// `*`: any run of characters (without `/` when `pathname`).
        case star
        /// Any run of characters, `/` included: `/**` at the end, or `*` without `pathname`.
        case anything
        /// `**/`: always followed by `.anything` and `.scalar("/")`. Reads
        /// nothing itself: leads to them (one or more folders), or past both
        /// (zero folders). Only on the way in, so that `**/a` does not match `ba`.
        case folders
    }

    private struct Bracket: Sendable, Equatable {
        /// Inclusive ranges of scalar values (a single member is `lo == hi`;
        /// a reversed range such as `z-a` has `lo > hi` and holds nothing).
        var ranges: [(lo: UInt32, hi: UInt32)] = []
        var classes: [CharacterClass] = []
        var negated = false

        /// O(members).
        func contains(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            let hit = ranges.contains { $0.lo <= v && v <= $0.hi } || classes.contains { $0.contains(c) }
            return hit != negated
        }

        static func == (a: Bracket, b: Bracket) -> Bool {
            a.negated == b.negated && a.classes == b.classes && a.ranges.elementsEqual(b.ranges) { $0.lo == $1.lo && $0.hi == $1.hi }
        }
    }

    /// `[:name:]` inside a bracket; ASCII only, as `fnmatch` in the C locale.
    private enum CharacterClass: String, Sendable, Equatable {
        case alnum, alpha, blank, cntrl, digit, graph, lower, print, punct, space, upper, xdigit

        func contains(_ c: Unicode.Scalar) -> Bool {
            guard c.isASCII else { return false }
            let v = c.value
            let digit = (0x30 ... 0x39).contains(v)
            let upper = (0x41 ... 0x5A).contains(v)
            let lower = (0x61 ... 0x7A).contains(v)
            let graph = (0x21 ... 0x7E).contains(v)
            switch self {
            case .alnum: return digit || upper || lower
            case .alpha: return upper || lower
            case .blank: return v == 0x20 || v == 0x09
            case .cntrl: return v < 0x20 || v == 0x7F
            case .digit: return digit
            case .graph: return graph
            case .lower: return lower
            case .print: return graph || v == 0x20
            case .punct: return graph && !(digit || upper || lower)
            case .space: return v == 0x20 || (0x09 ... 0x0D).contains(v)
            case .upper: return upper
            case .xdigit: return digit || (0x41 ... 0x46).contains(v) || (0x61 ... 0x66).contains(v)
            }
        }
    }

    private var tokens: [Token] = []
    private let pathname: Bool
    /// A malformed pattern that `fnmatch` never matches (a trailing lone `\`, an unknown `[:class:]`).
    private var never = false

    /// Compiles `pattern` into tokens, in O(pattern) time. `pathname`: match
    /// paths as git does (`*` stays within a folder, `**` crosses folders);
    /// otherwise `*` crosses `/` as `fnmatch` with no flags.
    package init(_ pattern: String, pathname: Bool) {
        self.pathname = pathname
        let p = Array(pattern.unicodeScalars)
        let n = p.count
        var i = 0
        while i < n {
            let c = p[i]
            switch c {
            case "\\":
                guard i + 1 < n else {
                    never = true
                    i += 1
                    continue
                }
                tokens.append(.scalar(p[i + 1]))
                i += 2
            case "?":
                tokens.append(.one)
                i += 1
            case "*":
                var j = i
                while j < n && p[j] == "*" { j += 1 }
                // git's rule: a `**` is special only between the start or a `/` and the end or a `/`.
                let double = pathname && j - i >= 2 && (i == 0 || p[i - 1] == "/")
                if !pathname || (double && j == n) {
                    tokens.append(.anything)
                } else if double && j < n && p[j] == "/" {
                    tokens += [.folders, .anything, .scalar("/")]
                    j += 1
                } else if double && j + 1 < n && p[j] == "\\" && p[j + 1] == "/" {
                    tokens += [.folders, .anything, .scalar("/")]
                    j += 2
                } else {
                    tokens.append(.star)
                }
                i = j
            case "[":
                if let (set, end) = Self.bracket(p, from: i + 1, never: &never) {
                    tokens.append(.set(set))
                    i = end
                } else {
                    tokens.append(.scalar("["))
                    i += 1
                }
            default:
                tokens.append(.scalar(c))
                i += 1
            }
        }
    }

    /// The bracket expression whose members start at `start` (just after the
    /// `[`), and the index just past its `]`; nil when it has no `]` (then
    /// the `[` is literal).
    private static func bracket(_ p: [Unicode.Scalar], from start: Int, never: inout Bool) -> (Bracket, Int)? {
        let n = p.count
        var set = Bracket()
        var k = start
        if k < n && (p[k] == "!" || p[k] == "^") {
            set.negated = true
            k += 1
        }
        var unknownClass = false
        var first = true
        while k < n {
            let c = p[k]
            if c == "]" && !first {
                if unknownClass { never = true }
                return (set, k + 1)
            }
            first = false
            if c == "[" && k + 1 < n && p[k + 1] == ":" {
                var e = k + 2
                while e < n && ("a" ... "z").contains(p[e]) { e += 1 }
                if e + 1 < n && p[e] == ":" && p[e + 1] == "]" {
                    if let named = CharacterClass(rawValue: String(String.UnicodeScalarView(p[(k + 2) ..< e]))) {
                        set.classes.append(named)
                    } else {
                        unknownClass = true
                    }
                    k = e + 2
                    continue
                }
                // Not a class: the `[` is an ordinary member.
            }
            var lo = c
            if c == "\\" {
                guard k + 1 < n else { return nil }
                lo = p[k + 1]
                k += 2
            } else {
                k += 1
            }
            if k + 1 < n && p[k] == "-" && p[k + 1] != "]" {
                var hi = p[k + 1]
                if hi == "\\" {
                    guard k + 2 < n else { return nil }
                    hi = p[k + 2]
                    k += 3
                } else {
                    k += 2
                }
                set.ranges.append((lo.value, hi.value))
            } else {
                set.ranges.append((lo.value, lo.value))
            }
        }
        return nil
    }

    /// Whether the whole of `subject` matches, read one Unicode scalar at a
    /// time. O(pattern × subject) time and O(pattern) memory: each scalar
    /// advances every reachable token at once, so no input can make it
    /// backtrack or recurse.
    package func matches(_ subject: String) -> Bool {
        guard !never else { return false }
        let m = tokens.count
        // active[i]: the subject read so far can end just before token i (i == m: after the last).
        var active = [Bool](repeating: false, count: m + 1)
        var next = active
        active[0] = true
        close(&active)
        for c in subject.unicodeScalars {
            let slash = pathname && c == "/"
            var any = false
            for i in 0 ..< m where active[i] {
                switch tokens[i] {
                case .scalar(let s): if s == c { next[i + 1] = true }
                case .one: if !slash { next[i + 1] = true }
                case .set(let set): if !slash && set.contains(c) { next[i + 1] = true }
                case .star: if !slash { next[i] = true }
                case .anything: next[i] = true
                case .folders: break
                }
            }
            close(&next)
            for i in 0 ... m {
                active[i] = next[i]
                any = any || next[i]
                next[i] = false
            }
            guard any else { return false }
        }
        return active[m]
    }

    /// Adds what matching nothing reaches: past a `*`, and into or past a
    /// `**/`. These only lead forward, so one pass in order is enough.
    private func close(_ state: inout [Bool]) {
        for i in 0 ..< tokens.count where state[i] {
            switch tokens[i] {
            case .star, .anything: state[i + 1] = true
            case .folders:
                state[i + 1] = true
                state[i + 3] = true
            default: break
            }
        }
    }
}
