import UnfoldSupport

/// Two scenarios with one name: they would write (and be checked against)
/// one folder, so the second is refused as bad input.
public struct DuplicateNameError: DescribedError, Equatable, Sendable {
    /// The name both scenarios have.
    public var name: String
    /// The file of the scenario that came first.
    public var first: String
    /// The file of the scenario that came second.
    public var second: String
    /// Whether the first one is a tree read with `--from` (named after its file).
    public var firstIsTree: Bool
    /// Whether the second one is a tree read with `--from` (named after its file).
    public var secondIsTree: Bool

    /// What is wrong and what to type about it, on one line (file names inert).
    public var description: String {
        let (a, b, n) = (InertText(first).description, InertText(second).description, InertText(name).description)
        if first == second { return "\(a) is given twice; name it once" }
        switch (firstIsTree, secondIsTree) {
        case (false, false):
            return "\(b) and \(a) are both named '\(n)'; give one another `name:`"
        case (true, true):
            return "--from \(b) and --from \(a) are both named '\(n)' (a tree is named after its file), so they would "
                + "write one folder; rename one of the files, or render them one at a time with different --out folders"
        case (true, false):
            return "\(b) is named '\(n)', as is the tree --from \(a) (named after its file); "
                + "give \(b) another `name:`, or rename \(a)"
        case (false, true):
            return "the tree --from \(b) is named '\(n)' (after its file), as is \(a); "
                + "rename \(b), or give \(a) another `name:`"
        }
    }
}

extension Scenario {
    /// Refuses two scenarios with one name (`DuplicateNameError`, naming the
    /// first pair found). `trees` are the paths read with `--from`, whose
    /// scenarios are named after their files: the message then says to
    /// rename a file instead of editing a `name:` that is not there.
    public static func requireUniqueNames(_ scenarios: [Scenario], trees: Set<String> = []) throws(DuplicateNameError) {
        var seen: [String: String] = [:]
        for s in scenarios {
            if let first = seen[s.name] {
                throw DuplicateNameError(
                    name: s.name, first: first, second: s.file, firstIsTree: trees.contains(first), secondIsTree: trees.contains(s.file))
            }
            seen[s.name] = s.file
        }
    }
}
