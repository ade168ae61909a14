import Canvas
import Foundation
import ImageDiff
import UnfoldComparison
import PNGCodec
import Render
import ScenarioFormat
import SnapshotTesting

extension Snapshotting where Value == Scenario, Format == RGBAImage {
    /// A scenario as one image, for swift-snapshot-testing's `assertSnapshot`:
    /// the strip of every step (or, without steps, the initial state), compared
    /// with Unfold's image diff (YIQ threshold, anti-aliasing detection).
    ///
    ///     assertSnapshot(of: try Scenario.load(path: "regions.yaml"), as: .outline)
    public static var outline: Snapshotting { outline() }

    public static func outline(diff options: DiffOptions = DiffOptions(), thumbnail: Int? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .outlinePixels(options)) { scenario in
            var render = RenderOptions(fonts: try! FontFiles.locate())
            render.outputs = scenario.steps.isEmpty ? [.states] : [.strip]
            render.thumbnail = thumbnail
            render.workers = ProcessInfo.processInfo.activeProcessorCount
            do {
                let result = try ScenarioRenderer.render(scenario, options: render)
                return try PNG.decode(result.files[0].bytes)
            } catch {
                fatalError("cannot render \(scenario.name): \(error)")
            }
        }
    }
}

extension Diffing where Value == RGBAImage {
    /// PNG files compared pixel by pixel with Unfold's image diff.
    public static func outlinePixels(_ options: DiffOptions = DiffOptions()) -> Diffing {
        .diff(
            toData: { Data((try? PNG.encode($0)) ?? []) },
            fromData: { data in
                (try? PNG.decode([UInt8](data))) ?? (try? RGBAImage(width: 1, height: 1, fill: .clear))!
            },
            diffV2: { expected, actual in
                var o = options
                o.drawDiff = true
                let comparison = Comparison(expected, actual, options: o)
                guard !comparison.matches else { return nil }
                let attachments = comparison.result.diff.flatMap { try? PNG.encode($0) }.map { [DiffAttachment.data(Data($0), name: "difference.png")] } ?? []
                return (comparison.summary, attachments)
            })
    }
}
