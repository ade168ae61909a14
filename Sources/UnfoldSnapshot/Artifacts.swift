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

/// Where a failure's pictures go: `<root>/<scenario>/<name>.expected.png`
/// and so on, each written to a temporary file and renamed.
///
/// The folder may hold anything (it may even have been committed), so Unfold
/// deletes only what it can prove it wrote: every picture is listed in the
/// folder's manifest (`.unfold-written`) as it is written, and the next run
/// removes exactly the files listed there, inside the folder, never through
/// a link. Nothing is deleted by pattern.
final class Artifacts {
    let root: String
    let scenario: String
    /// Paths written in this run, relative to `root`, in order.
    private var written: [String] = []
    static let manifest = ".unfold-written"

    /// The artifacts of `scenario` under `root`, with the pictures an earlier
    /// run listed in the manifest removed, so that a report's folder holds
    /// only what this run finds. O(files listed).
    init(root: String, scenario: String) throws {
        self.root = root
        self.scenario = scenario
        try OwnFolder.refuseLinks(root)
        try OwnFolder.refuseLinks(root + "/" + scenario)
        removePrevious()
    }

    private var folder: String { root + "/" + scenario }

    private func removePrevious() {
        guard let top = try? ContainedFolder(folder) else { return }
        defer {
            top.close()
            // The scenario's folder goes too when nothing else is in it.
            if let parent = try? ContainedFolder(root, followingLink: false) {
                parent.removeEmptyFolder(scenario)
                parent.close()
            }
        }
        guard let list = try? top.read(Self.manifest, limit: 1 << 20) else { return }
        for line in String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init)
        where ReportFolder.isArtifactPath(line) && line.hasPrefix(scenario + "/") {
            let parts = line.split(separator: "/").dropFirst().map(String.init)
            var here = top, opened: [ContainedFolder] = []
            defer { opened.forEach { $0.close() } }
            var reachable = true
            for part in parts.dropLast() {
                guard let next = try? here.folder(part) else {
                    reachable = false
                    break
                }
                opened.append(next)
                here = next
            }
            if reachable, let name = parts.last { here.remove(name) }
            // A folder that held only what Unfold wrote (`strip/`) goes too; anything else keeps it.
            if parts.count > 1 { top.removeEmptyFolder(parts[0]) }
        }
        top.remove(Self.manifest)
    }

    private func path(_ name: String, _ role: String) -> (relative: String, full: String) {
        // `state-03.png` → `state-03.expected.png`: the role goes before the extension, whatever it is.
        let last = name.split(separator: "/").last ?? ""
        let ext = last.lastIndex(of: ".").map { String(last[$0...]) } ?? ""
        let stem = String(name.dropLast(ext.count))
        let relative = scenario + "/" + stem + "." + role + ext
        return (relative, root + "/" + relative)
    }

    /// Writes `bytes` as `relative` (under `root`), noting it in the manifest first.
    private func write(_ bytes: [UInt8], _ file: (relative: String, full: String)) throws {
        try OwnFolder.refuseLinks((file.full as NSString).deletingLastPathComponent)
        written.append(file.relative)
        try AtomicFile.write(Array(written.joined(separator: "\n").utf8), to: folder + "/" + Self.manifest)
        try AtomicFile.write(bytes, to: file.full)
    }

    /// Writes the pictures of a failure of the reference `name`: the
    /// difference picture is encoded here. Returns their paths.
    func save(_ evidence: FailureEvidence, name: String) throws -> FailurePictures {
        var pictures = FailurePictures()
        if let expected = evidence.expected {
            let e = path(name, "expected")
            try write(expected, e)
            pictures.expected = e.relative
        }
        let a = path(name, "actual")
        try write(evidence.actual, a)
        pictures.actual = a.relative
        if let diff = evidence.diff {
            let d = path(name, "diff")
            try write(try PNG.encode(diff), d)
            pictures.diff = d.relative
        }
        return pictures
    }

    /// Writes the pictures of `verdict`'s failure (of the reference `name`)
    /// and of each frame that differs. Returns the failure's pictures and frames.
    func save(_ verdict: ReferenceVerdict, name: String) throws -> (pictures: FailurePictures, frames: [FrameFailure]) {
        let pictures = try verdict.evidence.map { try save($0, name: name) } ?? FailurePictures()
        let frames = try verdict.frames.map { d in
            FrameFailure(d, pictures: try save(d.evidence, name: FileNames.stripFrame(step: d.step, index: d.frame)))
        }
        return (pictures, frames)
    }
}
