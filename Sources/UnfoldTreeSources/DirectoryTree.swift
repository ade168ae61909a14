import Foundation
import OutlineAppearance
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A tree from a folder on disk: `source: {directory: ./Sources, depth: 3}`.
///
/// Folders come first, then files, each in the order file browsers list
/// them (`NameOrder`: case aside, numbers by value; the same on every
/// machine and in every locale). `.git`, names
/// starting with `.` (unless `hidden: true`), what the `.gitignore` files
/// on the way ignore, and names matching an `exclude:` pattern are left out.
/// A link to a folder inside the root is followed, one that leads outside is
/// shown as a file and never followed, and a link that leads back into a
/// folder being walked is an error. More than `limit` entries is an error.
/// The walk keeps a stack, not the call stack; O(entries).
enum DirectoryTree {
    /// The most bytes of `.gitignore` patterns one walk reads: real ones are
    /// a few KiB, and a pattern's matching time grows with its length.
    static let ignoreBytes = 64 << 10
    struct Options {
        /// Levels of folders to walk (1: the root's entries only).
        var depth = 8
        /// Levels of folders open at the start (0: none; 1: the root's folders).
        var expanded = 1
        var exclude: [String] = []
        var hidden = false
        var limit = 2000
    }

    static func read(_ root: String, options: Options, at location: ScenarioLocation) throws(ScenarioError) -> ImportedTree {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw location.error("\(InertText(root)) is not a folder", hint: "the path is relative to the scenario file")
        }
        var walk = Walk(root: root, options: options, location: location)
        var tree = ImportedTree()
        // Folders still to list: path, node (nil: the root), depth, the ignore rules in force, and the folders on the way (for loops).
        var stack: [(path: String, node: Int?, depth: Int, rules: [IgnoreRule], way: [FolderID])] = [
            (root, nil, 0, [], [FolderID(info)])
        ]
        while let folder = stack.popLast() {
            let rules = try folder.rules + walk.ignoreRules(in: folder.path)
            var children: [(path: String, node: Int, id: FolderID)] = []
            for entry in try walk.entries(of: folder.path, rules: rules) {
                guard tree.nodes.count < options.limit else {
                    throw location.error(
                        "\(InertText(root)) has more than \(options.limit) entries within depth \(options.depth)",
                        hint: "lower the depth (`--depth`, `depth:`), leave folders out (`--exclude`, `exclude:`) or raise the limit (`--limit`, `limit:`)")
                }
                let node = ImportedTree.Node(
                    name: entry.name, isFolder: entry.isFolder, expanded: entry.isFolder && folder.depth + 1 <= options.expanded,
                    parent: folder.node, location: location)
                guard let index = tree.add(node) else {
                    throw location.error("the folder has more than \(Limits.nodes) entries", hint: "lower `depth`")
                }
                if entry.follow, let id = entry.id, folder.depth + 1 < options.depth {
                    if folder.way.contains(id) {
                        throw location.error(
                            "\(InertText(folder.path + "/" + entry.name)) is a link back into a folder it is in (a loop)",
                            hint: "leave it out with `exclude: [\"\(InertText(relative(folder.path + "/" + entry.name, to: root)))\"]`")
                    }
                    children.append((folder.path + "/" + entry.name, index, id))
                }
            }
            // Reversed, so that the first child is walked first and node order stays pre-order.
            for child in children.reversed() {
                stack.append((child.path, child.node, folder.depth + 1, rules, folder.way + [child.id]))
            }
        }
        var ordered = reorder(tree)
        ordered.openLevels = options.expanded
        return ordered
    }

    /// What a walk of one root knows as it goes: the root, the `exclude:`
    /// patterns compiled once, and how much of `.gitignore` files it has read.
    private struct Walk {
        let root: String
        /// The root with its links resolved: links to folders inside it are followed, others are files.
        let realRoot: String
        let options: Options
        let location: ScenarioLocation
        /// Each is tried on the path from the root and on the bare name, and
        /// its `*` crosses `/` (as `fnmatch` with no flags).
        let exclude: [Glob]
        var ignoreRead = 0

        /// One entry of a folder, as the walk takes it.
        struct Entry {
            var name: String
            var isFolder: Bool
            /// Whether the walk goes into it (a folder, or a link to one inside the root).
            var follow: Bool
            var id: FolderID?
        }

        init(root: String, options: Options, location: ScenarioLocation) {
            self.root = root
            self.realRoot = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
            self.options = options
            self.location = location
            // `**/x` also matches `x` at the root, as in `.gitignore`: `**/` stands for no folder too.
            self.exclude = options.exclude.flatMap { pattern in
                [Glob(pattern, pathname: false)] + (pattern.hasPrefix("**/") ? [Glob(String(pattern.dropFirst(3)), pathname: false)] : [])
            }
        }

        /// The rules of the folder's own `.gitignore` (none when there is
        /// none, or when it is a link: it could lead anywhere). At most
        /// `ignoreBytes` are read in the whole walk.
        mutating func ignoreRules(in folder: String) throws(ScenarioError) -> [IgnoreRule] {
            let ignoreFile = folder + "/.gitignore"
            var ignoreInfo = stat()
            do throws(InputFile.Failure) {
                if lstat(ignoreFile, &ignoreInfo) == 0, ignoreInfo.st_mode & S_IFMT == S_IFLNK { throw .missing }
                let text = String(decoding: try InputFile.contents(of: ignoreFile, limit: DirectoryTree.ignoreBytes - ignoreRead), as: UTF8.self)
                ignoreRead += text.utf8.count
                return IgnoreRule.parse(text, base: DirectoryTree.relative(folder, to: root))
            } catch .missing {
                return []
            } catch {
                throw location.error(error.message("`.gitignore` file \(InertText(ignoreFile))"), hint: error.hint)
            }
        }

        /// The folder's entries that are not hidden, ignored or excluded,
        /// folders first, each group in `NameOrder`. O(entries log entries).
        func entries(of folder: String, rules: [IgnoreRule]) throws(ScenarioError) -> [Entry] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                throw location.error("cannot list \(InertText(folder))", hint: "check its permissions, or leave it out with `exclude:`")
            }
            var entries: [Entry] = []
            for name in names where name != ".git" && (options.hidden || !name.hasPrefix(".")) {
                let path = folder + "/" + name
                let rel = DirectoryTree.relative(path, to: root)
                var own = stat()
                guard lstat(path, &own) == 0 else { continue }
                var entry = Entry(name: name, isFolder: own.st_mode & S_IFMT == S_IFDIR, follow: false, id: nil)
                entry.follow = entry.isFolder
                entry.id = entry.isFolder ? FolderID(own) : nil
                if own.st_mode & S_IFMT == S_IFLNK {
                    var target = stat()
                    if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                        let inside = resolved == realRoot || resolved.hasPrefix(realRoot + "/")
                        entry.isFolder = inside
                        entry.follow = inside
                        entry.id = FolderID(target)
                    }
                }
                if IgnoreRule.ignores(rules, rel, isFolder: entry.isFolder) || exclude.contains(where: { $0.matches(rel) || $0.matches(name) }) {
                    continue
                }
                entries.append(entry)
            }
            return entries.sorted { a, b in
                a.isFolder != b.isFolder ? a.isFolder : NameOrder.precedes(a.name, b.name)
            }
        }
    }

    /// The walk adds a folder's entries when it lists the folder, so a later
    /// sibling can come before an earlier one's children: put the nodes in
    /// pre-order (parents before children, siblings in order), as the
    /// outline wants.
    static func reorder(_ tree: ImportedTree) -> ImportedTree {
        var children: [Int: [Int]] = [:]
        for (i, node) in tree.nodes.enumerated() { children[node.parent ?? -1, default: []].append(i) }
        var order: [Int] = []
        var stack = Array((children[-1] ?? []).reversed())
        while let i = stack.popLast() {
            order.append(i)
            stack += (children[i] ?? []).reversed()
        }
        var position = [Int](repeating: 0, count: tree.nodes.count)
        for (new, old) in order.enumerated() { position[old] = new }
        var out = ImportedTree()
        out.nodes = order.map { old in
            var node = tree.nodes[old]
            node.parent = node.parent.map { position[$0] }
            return node
        }
        return out
    }

    static func relative(_ path: String, to root: String) -> String {
        path == root ? "" : String(path.dropFirst(root.count + 1))
    }

    /// A folder on disk, whatever path leads to it.
    struct FolderID: Equatable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}

/// One line of a `.gitignore`: the common forms (globs, `**`, a leading `/`
/// or an inner `/` anchoring to the file's folder, a trailing `/` for
/// folders only, `!` to take a name back, `#` comments).
struct IgnoreRule {
    /// The line's pattern (behind the `.gitignore`'s folder when anchored),
    /// compiled once: matching is O(pattern × path) whatever the line, since
    /// a `.gitignore` in a repository is whoever sent the pull request's input.
    var glob: Glob
    var negated: Bool
    var foldersOnly: Bool
    /// Matched against the path from the root (else against the name alone).
    var anchored: Bool

    static func parse(_ text: String, base: String) -> [IgnoreRule] {
        text.split(whereSeparator: \.isNewline).compactMap { raw in
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            let negated = line.hasPrefix("!")
            if negated { line.removeFirst() }
            let foldersOnly = line.hasSuffix("/")
            if foldersOnly { line.removeLast() }
            let anchored = line.contains("/")
            if line.hasPrefix("/") { line.removeFirst() }
            guard !line.isEmpty else { return nil }
            let prefix = base.isEmpty ? "" : base + "/"
            return IgnoreRule(
                glob: Glob(anchored ? prefix + line : line, pathname: true), negated: negated, foldersOnly: foldersOnly, anchored: anchored)
        }
    }

    /// The last rule that matches decides, as in git.
    static func ignores(_ rules: [IgnoreRule], _ path: String, isFolder: Bool) -> Bool {
        let name = (path as NSString).lastPathComponent
        var ignored = false
        for rule in rules where (!rule.foldersOnly || isFolder) && rule.matches(rule.anchored ? path : name) {
            ignored = !rule.negated
        }
        return ignored
    }

    /// `*` and `?` stay within a path component; `**/` stands for any number
    /// of whole folders (none included), and a trailing `/**` for everything
    /// inside, as in git. O(pattern × subject) (`Glob`).
    func matches(_ subject: String) -> Bool {
        glob.matches(subject)
    }
}

extension TreeSourceKind {
    /// A folder on disk, walked as a file browser lists it.
    package static let folder = TreeSourceKind(
        name: "a folder", key: "directory", isFolder: true, extensions: [], options: [.depth, .open, .exclude, .hidden, .limit],
        recognizes: { _ in false }
    ) { path, options, at throws(ScenarioError) in
        var folder = DirectoryTree.Options()
        if let depth = options.depth { folder.depth = depth }
        if let open = options.open { folder.expanded = open }
        if let limit = options.limit { folder.limit = limit }
        folder.exclude = options.exclude
        folder.hidden = options.hidden
        return try DirectoryTree.read(path, options: folder, at: at)
    }
}
