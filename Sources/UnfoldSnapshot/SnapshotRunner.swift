import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSupport

/// How `unfold test` and the test helpers check scenarios against references.
public struct SnapshotOptions: Sendable {
    /// Where references are unless told otherwise: `Snapshots`.
    public static let defaultSnapshots = SnapshotsFolder.defaultPath
    /// Where failures' images and the reports go unless told otherwise: `.unfold/artifacts`.
    public static let defaultArtifacts = ReportFolder.defaultPath

    /// The folder holding `<scenario>/` reference folders.
    public var root = defaultSnapshots
    /// Which references are written (`missing` by default; resolve it from
    /// the environment with `RecordMode.resolve(_:environment:)`).
    public var record = RecordMode.missing
    /// Where expected, actual and diff images of failures go.
    public var artifacts = defaultArtifacts
    /// How pictures are compared with their references.
    public var diff = DiffOptions()
    /// The kinds of reference kept: the states, the strip (which holds every
    /// frame, so frame files need not be stored again) and the updates. The
    /// store, the reports, accept, the review and undo read them from here.
    package var catalog = ReferenceCatalog.standard
    /// How the scenarios are rendered (its `outputs` are the kinds' outputs).
    public var render: RenderOptions

    /// Options that render with `render`, and otherwise keep the defaults:
    /// references in `Snapshots`, failures in `.unfold/artifacts`, record what is missing.
    public init(render: RenderOptions) {
        self.render = render
    }
}

/// A scenario name that cannot be a folder of references (a path, `..`).
public struct InvalidName: DescribedError {
    /// The scenario's name.
    public var name: String
    /// The error for `name`.
    public init(name: String) { self.name = name }
    /// The name and what a name may hold.
    public var description: String {
        "'\(name)' cannot name a scenario's references: use letters, digits, '.', '_' and '-', starting with a letter or digit"
    }
}

/// What checking one scenario found.
public struct ScenarioCheck: Sendable {
    /// One result per reference.
    public var cases: [CaseResult]
    /// References the scenario no longer produces (scenario/reference).
    public var stale: [String]
    /// Set when references failed and were recorded in another environment
    /// (fonts, renderer, comparison): the one thing to say about them.
    public var environmentChange: String?
}

/// Renders scenarios and compares every reference output with what is stored.
public enum SnapshotRunner {
    /// Checks one scenario. Records what the record mode asks for, writes
    /// artifacts for failures, and returns one result per reference, plus the
    /// references the scenario no longer produces (removed when `prune`).
    /// Every reference file is read and decoded on this machine (`TrustedPNG`):
    /// a picture whose every pixel is the decoded reference's passes without
    /// being encoded. Nothing stands in for decoding: a picture's stamp
    /// (`PNGStamp`) only tells that a file was changed outside Unfold, which
    /// fails with the comparison's pictures.
    public static func check(_ scenario: Scenario, options: SnapshotOptions, prune: Bool = false) throws -> ScenarioCheck {
        guard Scenario.isValidName(scenario.name) else {
            throw InvalidName(name: scenario.name)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let store = ReferenceStore(root: options.root, scenario: scenario.name, catalog: options.catalog)
        let environment = try SnapshotEnvironment(fonts: ScenarioRenderer.fonts(for: scenario, options: options.render))
        let stored = try store.contents()
        // What the scenario produces, by name, known before anything is drawn.
        let kinds = options.catalog.kinds.filter { !$0.names(scenario.steps.count).isEmpty }
        let produced = Dictionary(kinds.flatMap { kind in kind.names(scenario.steps.count).map { ($0, kind) } }, uniquingKeysWith: { a, _ in a })
        let decoded = DecodedReferences(stored, produced: produced)
        var renderOptions = options.render
        renderOptions.outputs = Set(kinds.map(\.output))
        // A file changed outside Unfold is never passed by its pixels alone: its picture is encoded, to be shown or recorded.
        if options.record != .all {
            renderOptions.isUnchanged = { name, pixels in stored.verified(name) && decoded.isUnchanged(name, pixels) }
        }
        let result = try ScenarioRenderer.render(scenario, options: renderOptions)
        let artifacts = try Artifacts(root: options.artifacts, scenario: scenario.name)
        return try compareAndRecord(
            result, stored: stored, decoded: decoded, store: store, artifacts: artifacts, options: options, environment: environment,
            prune: prune, renderSeconds: seconds(clock.now - start))
    }

    /// The references of one rendered scenario against the stored set, recording what the mode asks for.
    static func compareAndRecord(
        _ result: RenderResult, stored: ReferenceStore.Contents, decoded: DecodedReferences, store: ReferenceStore, artifacts: Artifacts,
        options: SnapshotOptions, environment: SnapshotEnvironment, prune: Bool, renderSeconds: Double
    ) throws -> ScenarioCheck {
        let clock = ContinuousClock()
        let index = stored.index
        let rowChanges = RowChanges(
            expected: stored.files[FileNames.updates], actual: result.files.first { $0.path == FileNames.updates }?.bytes)
        var cases: [CaseResult] = []
        var changes: [String: NewReference?] = [:]
        for file in result.files {
            let caseStart = clock.now
            guard let kind = options.catalog.kind(madeBy: file.output), kind.matches(file.path) else { continue }
            var c = CaseResult(scenario: result.name, reference: file.path, status: .passed, message: "matches")
            c.referenceHash = stored.hashes[file.path]
            if kind.hasFrames { c.strip = result.strip }
            if let expected = stored.files[file.path] {
                let verdict = try judge(
                    file, kind: kind, expected: expected, verified: stored.verified(file.path), decoded: decoded, strip: result.strip, store: store,
                    options: options, changes: rowChanges)
                if options.record.records(missing: false, differs: !verdict.matches) {
                    changes[file.path] = try kind.stored(file.bytes)
                    c.status = .recorded
                    c.message = "re-recorded (\(verdict.message))"
                } else if verdict.matches {
                    c.message = verdict.message
                } else {
                    c.status = .failed
                    c.message = verdict.message
                    c.comparison = ComparisonSettings(options.diff)
                    (c.artifacts, c.frames) = try artifacts.save(verdict, name: file.path)
                }
            } else if options.record.records(missing: true, differs: false) {
                changes[file.path] = try kind.stored(file.bytes)
                c.status = .recorded
                c.message = "recorded a new reference"
            } else {
                c.status = .failed
                c.message =
                    "no reference in \(InertText(store.directory)); record it with `unfold test --record missing` (UNFOLD_RECORD=missing for the Swift test helpers)"
                c.comparison = ComparisonSettings(options.diff)
                c.artifacts = try artifacts.save(FailureEvidence(expected: nil, actual: file.bytes), name: file.path)
            }
            c.seconds = seconds(clock.now - caseStart) + renderSeconds / Double(max(1, result.files.count))
            cases.append(c)
        }
        let produced = Set(result.files.map(\.path))
        let stale = index.names.filter { !produced.contains($0) }.sorted()
        if prune { for name in stale { changes[name] = .some(nil) } }
        if !changes.isEmpty { try commit(changes, over: stored, cases: cases, store: store, environment: environment) }
        var check = ScenarioCheck(cases: cases, stale: stale.map { result.name + "/" + $0 })
        // Another renderer, fonts or comparison explain pictures that differ, not a row record.
        let picturesFailed = cases.contains { $0.status == .failed && options.catalog.kind(of: $0.reference)?.isPicture == true }
        if picturesFailed, let recorded = index.environment {
            check.environmentChange = environment.change(from: recorded)
        }
        return check
    }

    /// The verdict on a rendered file against its stored reference: passed
    /// when every decoded pixel is the reference's (the renderer found so
    /// and left the file unencoded) or the bytes are equal, else compared as
    /// its kind compares. A file changed outside Unfold (not `verified`, see
    /// `ReferenceStore.Contents`) never passes. A difference is told in words first
    /// (`changes`: what changed in the rows). Writes nothing: a failure
    /// carries its pictures.
    static func judge(
        _ file: RenderedFile, kind: ReferenceKind, expected: [UInt8], verified: Bool, decoded: DecodedReferences,
        strip: StripGeometry?, store: ReferenceStore, options: SnapshotOptions, changes: RowChanges?
    ) throws -> ReferenceVerdict {
        var verdict: ReferenceVerdict
        if file.content == .asHeld {
            verdict = ReferenceVerdict(matches: true, message: "identical pixels")
        } else if expected == file.bytes || (kind.isPicture && PNGStamp.isStamped(expected, from: file.bytes)) {
            verdict = ReferenceVerdict(matches: true, message: "identical bytes")
        } else if kind.isPicture, let oversized = decoded.oversized(file.path, than: file.bytes) {
            verdict = ReferenceVerdict(matches: false, message: oversized, evidence: FailureEvidence(expected: nil, actual: file.bytes))
        } else if let refused = decoded.refusal(file.path) {
            verdict = ReferenceVerdict(
                matches: false, message: Self.unreadable(expected, name: file.path, reason: refused),
                evidence: FailureEvidence(expected: nil, actual: file.bytes))
        } else {
            verdict = try kind.compare(
                ReferenceComparison(expected: expected, actual: file.bytes, name: file.path, strip: strip, options: options.diff))
            if !verdict.matches { verdict.message = FailureMessage.told(verdict.message, of: file.path, changes: changes) }
        }
        if !verified, !isLFSPointer(expected) {
            // Edited outside Unfold: compared as it is (it is what git shows), and never passed silently.
            verdict.message = (verdict.matches ? "it matches, but " : verdict.message + "; ") + Self.edited(name: file.path, store: store)
            if verdict.matches {
                verdict.matches = false
                verdict.evidence = FailureEvidence(expected: expected, actual: file.bytes)
            }
        }
        return verdict
    }

    /// Writes `changes` over the set that was compared (`stored`): a
    /// concurrent change is refused, not overwritten. References that
    /// matched in this run were verified in this environment: with the
    /// re-recorded ones, they may stamp the set.
    static func commit(
        _ changes: [String: NewReference?], over stored: ReferenceStore.Contents, cases: [CaseResult], store: ReferenceStore,
        environment: SnapshotEnvironment
    ) throws {
        let expecting = Dictionary(uniqueKeysWithValues: stored.index.names.map { ($0, stored.hashes[$0]) })
        let verified = Set(cases.filter { $0.status == .passed }.map(\.reference))
        do {
            try store.locked { try store.write(changes, environment: environment, verified: verified, expecting: expecting) }
        } catch is StaleReferences {
            throw changedMeanwhile(store)
        }
    }

    /// The references changed while they were being checked.
    static func changedMeanwhile(_ store: ReferenceStore) -> DamagedReferences {
        DamagedReferences(description: "\(InertText(store.directory)) changed while \(store.scenario) was being checked; run the check again")
    }

    /// Why a reference's file cannot be compared: a Git LFS pointer, or not a
    /// PNG as Unfold writes it (`TrustedPNG`).
    static func unreadable(_ bytes: [UInt8], name: String, reason: String) -> String {
        if isLFSPointer(bytes) {
            return "\(name) is a Git LFS pointer, not the reference: run `git lfs pull` (and `git lfs install` once) to fetch the pictures"
        }
        return "the reference \(name) cannot be compared: \(reason); re-record it with `unfold test --record failed`"
    }

    static func isLFSPointer(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) }

    /// What to say of a reference whose file is not what its index records.
    static func edited(name: String, store: ReferenceStore) -> String {
        "\(name) was changed outside unfold (it is not the file Unfold stored in \(InertText(store.directory))): "
            + "restore it from git, or re-record it with `unfold test --record failed`"
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
