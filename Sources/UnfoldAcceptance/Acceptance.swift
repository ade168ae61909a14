import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldPNG
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Accepting the actual pictures of a report (the artifacts folder of a
/// failed run, also one downloaded from CI) as references, without
/// rendering again. `unfold accept` and `unfold review` both go through it.
///
/// A report is data that whoever made it chose: it never decides where
/// references are written (that is `snapshots`, the project's folder), its
/// names are checked, its pictures are read only as regular files inside its
/// folder, decoded under the limits of what Unfold draws and stored
/// re-encoded, and `updates.json` is parsed and written anew.
///
/// Each scenario's references change atomically, and only if they are still
/// what the report compared with (or what an earlier accept from the same
/// report wrote): a reference that changed since is refused. Each accept
/// keeps an undo record on the project's side (`UndoRecord`).
package struct Acceptance {
    /// The report's folder: artifact paths are relative to it.
    package let folder: String
    /// The report, checked (`SnapshotReport.validate`).
    package let report: SnapshotReport
    /// The references' folder that accepting writes into.
    package let snapshots: String
    /// The kinds of reference the report may hold: its names, how its
    /// files are decoded, stored and served.
    package let catalog: ReferenceCatalog
    /// The hash of `report.json`'s bytes: undo records name the report they came from.
    let reportHash: String

    /// Reads `<folder>/report.json`, made by a run that kept the kinds of
    /// `catalog`. References are written into `snapshots`, whatever the report says.
    package init(folder: String, snapshots: String, catalog: ReferenceCatalog) throws(ReportError) {
        self.folder = folder
        (report, reportHash) = try SnapshotReport.read(folder: folder, catalog: catalog)
        self.snapshots = snapshots
        self.catalog = catalog
    }

    /// Something that can be accepted: a failed reference, or one frame of a failed strip.
    package struct Item: Hashable, Sendable, Comparable {
        package var scenario: String
        package var reference: String
        /// Step and frame of a strip frame; nil for the whole reference.
        package var frame: Frame?
        /// The references' folder the case names (a Swift test's
        /// `__Snapshots__/…`, relative to the project); nil: `snapshots`.
        package var folder: String?

        /// An item of the reference `reference` of `scenario` (in `folder`), or one frame of it.
        package init(scenario: String, reference: String, frame: Frame? = nil, folder: String? = nil) {
            self.scenario = scenario
            self.reference = reference
            self.frame = frame
            self.folder = folder
        }

        /// The whole reference of the case `c`.
        init(_ c: CaseResult, frame: Frame? = nil) {
            self.init(scenario: c.scenario, reference: c.reference, frame: frame, folder: c.snapshots)
        }

        /// The whole reference this item is or is a frame of.
        var whole: Item { Item(scenario: scenario, reference: reference, folder: folder) }

        package struct Frame: Hashable, Sendable, Comparable {
            package var step: Int
            package var index: Int
            package static func < (a: Frame, b: Frame) -> Bool { (a.step, a.index) < (b.step, b.index) }
        }

        /// `regions/state-03.png`, or `regions/step-02/frame-03` for a strip
        /// frame (`FailureID`).
        package var id: String {
            guard let frame else { return FailureID.of(folder: folder, scenario: scenario, reference: reference) }
            return FailureID.of(folder: folder, scenario: scenario, step: frame.step, frame: frame.index)
        }

        package static func < (a: Item, b: Item) -> Bool { a.id < b.id }
    }

    /// What the report holds that no pattern can match.
    package struct NoMatch: DescribedError {
        package var pattern: String
        package var available: [String]
        package var description: String {
            "no failure in the report matches '\(pattern)'; "
                + (available.isEmpty ? "the report has no failures" : "it has: " + available.prefix(12).joined(separator: ", "))
        }
    }

    /// A report that cannot be accepted as it is (no actual picture, a size change for a frame).
    package struct Unacceptable: DescribedError {
        package var description: String
    }

    /// The failures that have an actual picture to accept.
    var failures: [CaseResult] {
        report.cases.filter { $0.status == .failed && $0.artifacts.actual != nil }
    }

    /// Every failure as a whole reference, in order.
    package var items: [Item] {
        failures.map { Item($0) }.sorted()
    }

    /// The items `patterns` name (all failures when there are none). A pattern
    /// is a scenario (`regions`), a reference (`regions/state-03.png`, or
    /// without `.png`), a strip frame (`regions/step-02/frame-03`), or a glob
    /// of those (`regions/state-*`, `*/step-01/*`). A pattern that matches
    /// nothing is an error. A reference chosen whole includes its frames.
    package func select(_ patterns: [String]) throws(NoMatch) -> [Item] {
        guard !patterns.isEmpty else { return items }
        var chosen = Set<Item>()
        for pattern in patterns {
            var matched = false
            for c in failures {
                let whole = Item(c)
                let stem = c.reference.split(separator: ".").dropLast().joined(separator: ".")
                let scenario = (c.snapshots.map { $0 + "/" } ?? "") + c.scenario
                if [scenario, whole.id, scenario + "/" + stem].contains(where: { Self.matches(pattern, $0) }) {
                    chosen.insert(whole)
                    matched = true
                    continue
                }
                for f in c.frames {
                    let item = Item(c, frame: .init(step: f.step, index: f.frame))
                    if Self.matches(pattern, item.id) {
                        chosen.insert(item)
                        matched = true
                    }
                }
            }
            if !matched { throw NoMatch(pattern: pattern, available: items.map(\.id)) }
        }
        return Self.withoutRedundantFrames(chosen)
    }

    /// `chosen` in order, without the frames of references chosen whole.
    static func withoutRedundantFrames(_ chosen: Set<Item>) -> [Item] {
        let whole = Set(chosen.filter { $0.frame == nil })
        return chosen.filter { $0.frame == nil || !whole.contains($0.whole) }.sorted()
    }

    /// The items `ids` name, each exactly as `Item.id` spells it (no
    /// patterns: for ids that did not come from a person typing them, such as
    /// the review page's). An id that names nothing is an error.
    package func select(exactly ids: [String]) throws(NoMatch) -> [Item] {
        var all: [String: Item] = [:]
        for c in failures {
            let whole = Item(c)
            all[whole.id] = whole
            for f in c.frames {
                let item = Item(c, frame: .init(step: f.step, index: f.frame))
                all[item.id] = item
            }
        }
        var chosen = Set<Item>()
        for id in ids {
            guard let item = all[id] else { throw NoMatch(pattern: id, available: items.map(\.id)) }
            chosen.insert(item)
        }
        return Self.withoutRedundantFrames(chosen)
    }

    /// Whether `name` matches the glob `pattern` (`*` crosses `/`, as `fnmatch`
    /// with no flags). O(pattern × name) whatever the pattern (`Glob`).
    static func matches(_ pattern: String, _ name: String) -> Bool {
        Glob(pattern, pathname: false).matches(name)
    }

    /// Accepts `items`: each scenario's references change at once, and none
    /// changes when one of them changed since the report (`StaleReferences`)
    /// other than by an earlier accept from this report (so frames of one
    /// strip can be accepted one by one). `shown` holds, by item id, the
    /// actual bytes a review showed (`ShownFailure.actual`): those are what
    /// is stored, not the report's file read again. Returns the ids accepted.
    @discardableResult
    package func accept(_ items: [Item], shown: [String: [UInt8]] = [:]) throws -> [String] {
        var accepted: [String] = []
        // Each references' folder under its own lock, with its own undo record; one stamp for them all.
        let stamp = UndoRecord.newStamp()
        for (root, chosen) in Dictionary(grouping: items, by: { $0.folder ?? snapshots }).sorted(by: { $0.key < $1.key }) {
            do {
                accepted += try accept(chosen, into: root, stamp: stamp, shown: shown)
            } catch  where !accepted.isEmpty {
                throw PartialAccept(accepted: accepted, error: error)
            }
        }
        return accepted
    }

    /// What `accept(items)` would accept, checked as it checks (folders,
    /// stale references, the report's expected pictures, what would be
    /// stored), with nothing written and no lock taken: a dry run refuses
    /// what the accept would refuse. Returns the ids.
    package func check(_ items: [Item]) throws -> [String] {
        var ids: [String] = []
        for (root, chosen) in Dictionary(grouping: items, by: { $0.folder ?? snapshots }).sorted(by: { $0.key < $1.key }) {
            try checkFolder(root)
            ids += try plan(chosen, in: root, shown: [:]).flatMap { $0.chosen.map(\.id) }
        }
        return ids
    }

    /// Refuses a Swift test's references folder the project does not have (accept never makes one).
    private func checkFolder(_ root: String) throws {
        var info = stat()
        if root != snapshots { try OwnFolder.refuseLinks(root) }
        guard root == snapshots || (lstat(root, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) else {
            throw Unacceptable(
                description: "the report names \(InertText(root)) as a test's references folder, which the project does not have: "
                    + "accept writes only into folders that hold references; run the test to record them there")
        }
    }

    /// What accepting `items` (references in `root`) would change, scenario
    /// by scenario; throws before anything changes when a reference is stale
    /// or a picture unreadable.
    private func plan(_ items: [Item], in root: String, shown: [String: [UInt8]]) throws -> [Plan] {
        var planned: [Plan] = []
        for (scenario, chosen) in Dictionary(grouping: items, by: \.scenario).sorted(by: { $0.key < $1.key }) {
            let store = ReferenceStore(root: root, scenario: scenario, catalog: catalog)
            let current = try store.contents()
            var changes: [String: NewReference?] = [:]
            var expecting: [String: String?] = [:]
            for (whole, parts) in Dictionary(grouping: chosen, by: \.whole) {
                guard let c = failures.first(where: { Item($0) == whole }) else { continue }
                // What a review shows is the project's reference; a report's own `expected` must be it too.
                // (A reference an earlier accept from this report wrote was checked then.)
                if !parts.contains(where: { shown[$0.id] != nil }), current.hashes[c.reference] == c.referenceHash {
                    try checkExpected(c, against: current)
                }
                let hash = current.hashes[c.reference]
                guard accepts(current: hash, case: c, root: root) else {
                    throw StaleReferences(directory: store.directory, names: [c.reference])
                }
                let frames = parts.compactMap(\.frame)
                changes[c.reference] = try newReference(for: c, frames: frames.count == parts.count ? frames : [], over: current, shown: shown)
                expecting[c.reference] = hash
            }
            planned.append(Plan(store: store, chosen: chosen, changes: changes, expecting: expecting))
        }
        return planned
    }

    /// One scenario's part of an accept: its store, the items, the new references and the hashes they replace.
    private struct Plan {
        var store: ReferenceStore, chosen: [Item], changes: [String: NewReference?], expecting: [String: String?]
    }

    /// Accepts `items`, all of them references in `root`.
    private func accept(_ items: [Item], into root: String, stamp: String, shown: [String: [UInt8]]) throws -> [String] {
        guard !items.isEmpty else { return [] }
        // A report names a Swift test's references folder; only one the project has is written into, never made.
        try checkFolder(root)
        return try SnapshotsFolder(root).locked {
            let planned = try plan(items, in: root, shown: shown)
            let record = try UndoRecord.new(root: root, report: reportHash, stamp: stamp)
            var accepted: [String] = []
            for plan in planned {
                do {
                    try plan.store.write(plan.changes, environment: report.environment, expecting: plan.expecting, undo: record)
                } catch  where !accepted.isEmpty {
                    throw PartialAccept(accepted: accepted, error: error)
                }
                accepted += plan.chosen.map(\.id)
            }
            return accepted
        }
    }

    /// Refuses a failure whose report shows an expected picture (or text)
    /// other than the project's reference as it is now: the person who
    /// looked at the report saw a difference that is not the one accepting
    /// would make. Pictures are compared by their decoded pixels. O(pixels).
    func checkExpected(_ c: CaseResult, against current: ReferenceStore.Contents) throws {
        guard let path = c.artifacts.expected, let kind = catalog.kind(of: c.reference) else { return }
        let refuse = Unacceptable(
            description: "the report's expected \(c.scenario)/\(c.reference) is not the project's reference: "
                + "the report was made against other references, or was edited; look at it with `unfold review --report \(InertText(folder))`, "
                + "which shows the project's reference beside the report's picture")
        guard let stored = current.files[c.reference] else { throw refuse }
        let shown = try ReportFolder(folder).read(path, limit: SnapshotsFolder.fileLimit)
        guard shown != stored else { return }
        // Pictures of other sizes differ: told by their headers, before anything is decoded.
        guard kind.isPicture, let a = try? TrustedPNG.check(shown), let b = try? TrustedPNG.check(stored), a.width == b.width, a.height == b.height,
            let pa = try? kind.decode(shown), let pb = try? kind.decode(stored), pa == pb
        else { throw refuse }
    }

    /// An accept that changed some scenarios before it failed.
    package struct PartialAccept: DescribedError {
        /// The ids accepted before the failure.
        package var accepted: [String]
        /// What failed.
        package var error: Error
        package var description: String {
            "accepted \(accepted.joined(separator: ", ")) (undo with --undo), then: \(error)"
        }
    }

    /// Whether a reference whose bytes hash as `current` may be replaced by
    /// the failure `c`'s picture: it is still the one the report compared
    /// with, or one an earlier accept from this report wrote.
    func accepts(current: String?, case c: CaseResult, root: String) -> Bool {
        if current == c.referenceHash { return true }
        guard let current else { return false }
        return UndoRecord.acceptedEarlier(current, reference: c.reference, scenario: c.scenario, report: reportHash, root: root, catalog: catalog)
    }

    /// The reference to store for a failure: its actual picture (or
    /// updates) re-encoded, or the stored strip with only `frames` replaced,
    /// each by the frame's own actual picture (the one a review shows), checked
    /// against the stored strip (`frameActual`).
    func newReference(for c: CaseResult, frames: [Item.Frame], over current: ReferenceStore.Contents, shown: [String: [UInt8]] = [:])
        throws -> NewReference
    {
        let whole = Item(c)
        guard let kind = catalog.kind(of: c.reference), let path = c.artifacts.actual else {
            throw Unacceptable(description: "\(c.scenario)/\(c.reference) has no actual picture in the report")
        }
        do {
            guard !frames.isEmpty else {
                let bytes = try shown[whole.id] ?? ReportFolder(folder).read(path, limit: SnapshotsFolder.fileLimit)
                if kind.isPicture, let stored = current.files[c.reference] { try Self.checkSize(of: bytes, near: stored, name: "\(c.scenario)/\(c.reference)") }
                return try kind.stored(bytes)
            }
            guard let geometry = c.strip, current.verified(c.reference), let stored = current.files[c.reference] else {
                throw Unacceptable(description: "\(c.scenario)/\(c.reference) has no verified strip to accept frames into; accept it whole")
            }
            var strip = try kind.decode(stored)
            for frame in frames {
                guard let f = c.frames.first(where: { $0.step == frame.step && $0.frame == frame.index }) else { continue }
                let id = Item(c, frame: frame).id
                let checked = try frameActual(f, geometry: geometry, in: strip)
                let bytes = shown[id] ?? checked.bytes
                let picture = try kind.decode(bytes)
                guard picture.width == geometry.frameWidth, picture.height == geometry.frameHeight else {
                    throw Unacceptable(description: "\(id): the picture shown is not a frame of the strip")
                }
                let o = geometry.origin(row: frame.step - 1, column: frame.index)
                strip.copy(picture, x: o.x, y: o.y)
            }
            return try StoredPicture.reference(image: strip)
        } catch let error as ReferenceKind.Invalid {
            throw Unacceptable(description: "the report's \(c.scenario)/\(c.reference) cannot be a reference: \(error)")
        }
    }

    /// The folders `items` are accepted into: `snapshots`, or the Swift
    /// tests' own `__Snapshots__` folders, in order.
    package func folders(of items: [Item]) -> [String] {
        Set(items.map { $0.folder ?? snapshots }).sorted()
    }

    /// Refuses, from the headers alone, a picture that claims far more pixels
    /// than the reference it would replace (more than `DecodedReferences.slack`
    /// times, plus a megapixel): a small file of one colour in a report must
    /// not make accept decode and store gigabytes. O(chunks).
    static func checkSize(of picture: [UInt8], near stored: [UInt8], name: String) throws {
        guard let new = try? TrustedPNG.check(picture), let old = try? TrustedPNG.check(stored), DecodedReferences.farLarger(new, than: old)
        else { return }
        throw Unacceptable(
            description: "the report's \(name) is \(new.width)x\(new.height) pixels, far more than the \(old.width)x\(old.height) "
                + "of the reference it would replace: it is not decoded; record it by running the test instead")
    }

    /// Puts back the references the last accept changed, wherever it wrote:
    /// `snapshots`, or the `__Snapshots__` folders of Swift tests under
    /// `project` (`undoFolders`), reading them with `catalog` (see
    /// `UndoRecord.undoLast`). Returns the folders and scenarios restored.
    package static func undo(project: String, snapshots: String, catalog: ReferenceCatalog) throws -> [(root: String, scenario: String)] {
        try UndoRecord.undoLast(roots: [snapshots] + undoFolders(under: project), catalog: catalog)
    }

    /// The reference folders of Swift tests under `project` that hold undo
    /// records: `…/__Snapshots__/<test file>/` with a `.unfold/accepted`.
    /// Hidden folders (`.build`, `.git`) and links are not entered. O(folders
    /// of the project, at most 24 deep).
    static func undoFolders(under project: String) -> [String] {
        var found: [String] = []
        var pending = [(path: project, depth: 0)]
        while let (path, depth) = pending.popLast() {
            guard depth < 24, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = path == "." ? name : path + "/" + name
                var info = stat()
                guard lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                if name == "__Snapshots__" {
                    let tests = (try? FileManager.default.contentsOfDirectory(atPath: child)) ?? []
                    found += tests.sorted().map { child + "/" + $0 }.filter { folder in
                        var test = stat()
                        return lstat(folder, &test) == 0 && test.st_mode & S_IFMT == S_IFDIR && !UndoRecord.numbers(root: folder).isEmpty
                    }
                } else {
                    pending.append((child, depth + 1))
                }
            }
        }
        return found.sorted()
    }
}
