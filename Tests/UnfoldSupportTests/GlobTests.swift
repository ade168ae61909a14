import Testing

@testable import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// With `pathname` (`.gitignore` lines): `*` stays within a folder.
private func path(_ pattern: String, _ subject: String) -> Bool { Glob(pattern, pathname: true).matches(subject) }
/// Without (`exclude:`, `unfold accept` patterns): `*` crosses `/`.
private func plain(_ pattern: String, _ subject: String) -> Bool { Glob(pattern, pathname: false).matches(subject) }

/// `Glob`: the syntax of git's wildmatch and `fnmatch`, matched in
/// O(pattern × subject) time, as patterns from a pull request must be.
@Suite struct GlobTests {
    @Test func literalsAndEscapes() {
        #expect(path("abc", "abc") && path("", ""))
        #expect(!path("abc", "abd") && !path("abc", "ab") && !path("abc", "abcd") && !path("", "a"))
        #expect(path("a\\*b", "a*b") && !path("a\\*b", "axb"))
        #expect(path("\\[a]", "[a]") && !path("\\[a]", "a"))
        #expect(path("a\\\\b", "a\\b") && path("\\?", "?") && !path("\\?", "x"))
        // A lone `\` at the end matches nothing, as in `fnmatch`.
        #expect(!path("a\\", "a\\") && !path("a\\", "a"))
    }

    @Test func starAndQuestionMark() {
        #expect(path("*.swift", "Glob.swift") && path("*", "") && path("a*b*c", "aXbYc") && path("a*", "a"))
        #expect(!path("a*b", "a") && !path("*.swift", "Glob.swifty"))
        #expect(path("?b", "ab") && !path("?", "") && !path("?", "ab"))
        // `?` is one character, however many bytes it takes.
        #expect(path("?", "é") && path("?", "😀") && !path("??", "é") && path("[é]", "é"))
    }

    @Test func withPathnameStarQuestionMarkAndBracketsStayWithinAFolder() {
        #expect(!path("*.log", "a/b.log") && path("*/*.log", "a/b.log"))
        #expect(!path("a?b", "a/b") && !path("a[/]b", "a/b") && !path("a[!x]b", "a/b"))
        #expect(path("a/*", "a/b") && !path("a/*", "a/b/c"))
    }

    @Test func withoutPathnameStarQuestionMarkAndBracketsCrossFolders() {
        #expect(plain("*.log", "a/b.log") && plain("a?b", "a/b") && plain("a[/]b", "a/b") && plain("a/*", "a/b/c"))
        // `**` is just `*` here, so `**/b` needs a `/`.
        #expect(plain("**/b", "a/x/b") && !plain("**/b", "b"))
    }

    @Test func brackets() {
        #expect(path("[a-c]x", "bx") && !path("[a-c]x", "dx") && path("[a-cx-z]", "y"))
        #expect(path("[!a-c]", "d") && !path("[!a-c]", "a") && path("[^a]", "b") && !path("[^a]", "a"))
        // `]` first is a member; `-` first or last is one.
        #expect(path("[]]", "]") && path("[]a]", "a") && path("[!]]", "a") && !path("[!]]", "]"))
        #expect(path("[a-]", "-") && path("[-a]", "-") && !path("[a-]", "b"))
        #expect(path("[\\]]", "]") && path("[a\\-z]", "-") && !path("[a\\-z]", "b"))
        #expect(path("[[:digit:]]x", "7x") && !path("[[:digit:]]", "a") && path("[[:alpha:]_]", "_"))
        #expect(!path("[z-a]", "m"))
        // No closing `]`: the `[` is literal, as in `fnmatch`.
        #expect(path("[ab", "[ab") && !path("[ab", "a") && path("a[", "a[") && path("[!", "[!"))
    }

    @Test func doubleStarSlashIsAnyNumberOfWholeFolders() {
        #expect(path("**/b", "b") && path("**/b", "a/b") && path("**/b", "a/x/b"))
        #expect(!path("**/b", "ab") && !path("**/a", "ba") && !path("**/b", "b/c"))
        #expect(path("a/**/b", "a/b") && path("a/**/b", "a/x/b") && path("a/**/b", "a/x/y/b"))
        #expect(!path("a/**/b", "ab") && !path("a/**/b", "a/xb") && !path("a/**/b", "x/a/b") && !path("a/**/b", "a/x/bc"))
        #expect(path("**/**/b", "b") && path("**/x/**/b", "x/b") && path("**/x/**/b", "p/x/q/r/b") && !path("**/x/**/b", "p/xq/b"))
    }

    @Test func trailingDoubleStarIsEverythingInsideAndOtherDoubleStarsAreStars() {
        #expect(path("a/**", "a/x") && path("a/**", "a/x/y") && !path("a/**", "a") && !path("a/**", "b/x"))
        #expect(path("**", "a/b/c") && path("**", ""))
        #expect(path("a**", "abc") && !path("a**", "a/b") && path("**a", "xa") && !path("**a", "x/a"))
        #expect(path("a/**b", "a/xb") && !path("a/**b", "a/x/b"))
    }

    /// Against libc on generated pairs (no `**`, whose meaning with
    /// `FNM_PATHNAME` is git's here), with both flag settings. Four corners
    /// where glibc is inconsistent are left out (`Glob`'s documentation).
    @Test func agreesWithFnmatch() {
        var seed: UInt64 = 42
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let patternPieces = ["a", "b", "a", "b", "/", "/", "*", "*", "?", "[", "]", "!", "^", "-", "\\", ".", "[:digit:]", "1"]
        let namePieces = ["a", "b", "/", ".", "-", "]", "[", "\\", "!", "^", "*", "?", "1"]
        var compared = 0
        var matched = 0
        for pathname in [true, false] {
            var pairs = 0
            while pairs < 400 {
                var pattern = ""
                for _ in 0 ..< random(11) {
                    let piece = patternPieces[random(patternPieces.count)]
                    if piece == "*" && pattern.hasSuffix("*") { continue }
                    pattern += piece
                }
                if pattern.contains("[.") || pattern.contains("[=") || pattern.hasSuffix("-") || pattern.contains("-[:")
                    || (pathname && pattern.contains("\\/"))
                {
                    continue
                }
                // Two names in three follow the pattern, so that many pairs match.
                var name = ""
                if random(3) == 0 {
                    for _ in 0 ..< random(9) { name += namePieces[random(namePieces.count)] }
                } else {
                    for c in pattern {
                        switch c {
                        case "*": for _ in 0 ..< random(3) { name += ["a", "b", "/"][random(3)] }
                        case "?": name += namePieces[random(namePieces.count)]
                        case "[", "]", "\\": if random(2) == 0 { name.append(c) }
                        default: name.append(c)
                        }
                    }
                }
                let libc = fnmatch(pattern, name, pathname ? FNM_PATHNAME : 0) == 0
                #expect(Glob(pattern, pathname: pathname).matches(name) == libc, "\(pattern) \(name) pathname: \(pathname)")
                pairs += 1
                compared += 1
                if libc { matched += 1 }
            }
        }
        #expect(compared == 800 && matched > 100)
    }

    /// Patterns that make a backtracking matcher (libc `fnmatch`, or `**/`
    /// expanded into every number of folders) take exponential time answer
    /// at once: each character of the subject costs O(pattern).
    @Test func pathologicalPatternsTakeLinearTime() {
        let a200 = String(repeating: "a", count: 200)
        let stars = String(repeating: "*a", count: 40) + "b"
        #expect(!plain(stars, a200) && !path(stars, a200))
        #expect(plain(String(repeating: "*a", count: 40), a200))
        let folders = Array(repeating: "a", count: 100).joined(separator: "/")
        #expect(!path(String(repeating: "**/", count: 30) + "b", folders))
        #expect(path(String(repeating: "**/", count: 30) + "a", folders))
        #expect(!path(String(repeating: "*a/**/", count: 30) + "b", folders))
    }
}
