import Foundation
import ScenarioFormat
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot

/// The bundled fonts, for the tests' renders.
public let fontFiles = try! FontSet.locate()

/// A fresh folder for references and artifacts, removed at the end.
public final class Sandbox {
    /// The folder.
    public let path: String

    /// A new, empty folder.
    public init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-snap-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Options that keep references in `Snapshots` and artifacts in `artifacts` inside it, recording by `mode`, with two frames a step.
    public func options(_ mode: RecordMode) -> SnapshotOptions {
        var o = SnapshotOptions(render: RenderOptions(fonts: fontFiles))
        o.root = path + "/Snapshots"
        o.artifacts = path + "/artifacts"
        o.record = mode
        o.render.frames = 2
        return o
    }
}

/// `tiny`: a folder of two rows, expanded by its one step (by default).
public func scenario(title: String = "Beta", steps: String = "[ {expand: a} ]") throws -> Scenario {
    try Scenario.parse(
        """
        name: tiny
        canvas: { width: 200, height: 160, scale: 1 }
        tree:
          - id: a
            title: Alpha
            children: [ { id: b, title: \(title) }, { id: c, title: Gamma } ]
        steps: \(steps)
        """, file: "tiny.yaml")
}

extension Sandbox {
    /// The references' folder.
    public var snapshots: String { path + "/Snapshots" }
    /// The references of `tiny`.
    package var store: ReferenceStore { ReferenceStore(root: snapshots, scenario: "tiny", catalog: .standard) }

    /// Checks `scenario` without recording and writes the run's report, as `unfold test` does.
    @discardableResult
    public func run(_ scenario: Scenario) throws -> ScenarioCheck {
        let check = try SnapshotRunner.check(scenario, options: options(.never))
        var report = SnapshotReport()
        report.cases = check.cases
        report.environment = try SnapshotEnvironment(fonts: fontFiles)
        report.kinds = ReferenceCatalog.standard.kinds.map(ReportedKind.init)
        try report.write(to: path + "/artifacts", catalog: .standard)
        return check
    }

    /// An acceptance of the last run's report.
    package func acceptance() throws -> Acceptance { try Acceptance(folder: path + "/artifacts", snapshots: snapshots, catalog: .standard) }

    /// Every file under the references' folder with its bytes (not Unfold's own `.unfold`).
    public func files() -> [String: Data] {
        var out: [String: Data] = [:]
        for file in FileManager.default.enumerator(atPath: snapshots)?.compactMap({ $0 as? String }) ?? [] where !file.hasPrefix(".unfold") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: snapshots + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            out[file] = FileManager.default.contents(atPath: snapshots + "/" + file)
        }
        return out
    }
}

extension Acceptance {
    /// Puts back the last accept into `snapshots` alone, as `unfold accept --undo` does for it.
    package static func undo(snapshots: String) throws -> [String] {
        try UndoRecord.undoLast(roots: [snapshots], catalog: .standard).map(\.scenario)
    }
}
