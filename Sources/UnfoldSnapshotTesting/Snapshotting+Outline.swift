import Canvas
import Foundation
import ImageDiff
import PNGCodec
import Render
import ScenarioFormat
import SnapshotTesting

extension Snapshotting where Value == Scenario, Format == Pixmap {
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

extension Diffing where Value == Pixmap {
    /// PNG files compared pixel by pixel with Unfold's image diff.
    public static func outlinePixels(_ options: DiffOptions = DiffOptions()) -> Diffing {
        .diff(
            toData: { Data((try? PNG.encode($0)) ?? []) },
            fromData: { data in (try? PNG.decode([UInt8](data))) ?? Pixmap(width: 1, height: 1, pixels: [0, 0, 0, 0]) },
            diffV2: { expected, actual in
                var o = options
                o.drawDiff = true
                let result = ImageDiff.compare(expected, actual, options: o)
                guard !result.matches else { return nil }
                let box = result.bounds.map { " in the rows \($0.y0)-\($0.y1) px" } ?? ""
                let message = result.sizesDiffer
                    ? "size \(result.actualSize.width)x\(result.actualSize.height), expected \(result.expectedSize.width)x\(result.expectedSize.height)"
                    : "\(result.differentPixels) pixels differ\(box)"
                let attachments = result.diff.flatMap { try? PNG.encode($0) }.map { [DiffAttachment.data(Data($0), name: "difference.png")] } ?? []
                return (message, attachments)
            })
    }
}
