@_exported import Unfold

#if SnapshotTesting
import Foundation
@_exported import SnapshotTesting

/// A picture for swift-snapshot-testing: the pixels, or why there are none
/// (a scenario that could not be rendered, a reference that is not a PNG),
/// so that a failure is a failed assertion, never a crash.
public enum OutlineImage: Sendable {
    case image(RGBAImage)
    case failure(String)
}

extension Snapshotting where Value == OutlineImage, Format == OutlineImage {
    /// Pictures stored as PNG and compared with Unfold's comparison
    /// (pixelmatch's, with `options`).
    public static func unfoldImage(diff options: DiffOptions = DiffOptions()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .unfoldImage(options))
    }
}

extension Snapshotting where Value == Scenario, Format == OutlineImage {
    /// A scenario as one image, for swift-snapshot-testing's `assertSnapshot`:
    /// the strip of every step (or, without steps, the initial state).
    ///
    ///     assertSnapshot(of: try Scenario.load(path: "regions.yaml"), as: .outline)
    public static var outline: Snapshotting { outline() }

    /// The same with comparison options and a strip thumbnail factor.
    public static func outline(diff options: DiffOptions = DiffOptions(), thumbnail: Int? = nil) -> Snapshotting {
        Snapshotting<OutlineImage, OutlineImage>.unfoldImage(diff: options).pullback { scenario in
            do {
                var render = RenderOptions(fonts: try FontSet.locate())
                render.outputs = scenario.steps.isEmpty ? [.states] : [.strip]
                render.thumbnail = thumbnail
                let result = try ScenarioRenderer.render(scenario, options: render)
                guard let file = result.files.first else { return .failure("\(scenario.name) rendered no picture") }
                return .image(try PNG.decode(file.bytes))
            } catch {
                return .failure("cannot render \(scenario.name): \(error)")
            }
        }
    }
}

extension Diffing where Value == OutlineImage {
    /// PNG files compared pixel by pixel by `Comparison`; with
    /// `SNAPSHOT_ARTIFACTS` set, a failure's diff image is written there too.
    public static func unfoldImage(_ options: DiffOptions = DiffOptions()) -> Diffing {
        Diffing(
            toData: { picture in
                switch picture {
                case let .image(image): Data((try? PNG.encode(image)) ?? [])
                case let .failure(message): Data(message.utf8)
                }
            },
            fromData: { data in
                do { return .image(try PNG.decode([UInt8](data))) } catch {
                    return .failure("the reference is not a readable PNG (\(error)); delete it to record it again")
                }
            },
            diff: { expected, actual in
                switch (expected, actual) {
                case let (_, .failure(message)), let (.failure(message), _):
                    return (message, [])
                case let (.image(e), .image(a)):
                    var o = options
                    o.drawDiff = true
                    let comparison = Comparison(e, a, options: o)
                    guard !comparison.matches else { return nil }
                    var message = comparison.summary
                    if let diff = comparison.result.diff, let png = try? PNG.encode(diff),
                        let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]
                    {
                        let path = folder + "/unfold-diff-\(png.count)-\(comparison.result.differentPixels).png"
                        if (try? AtomicFile.write(png, to: path)) != nil { message += "\ndiff: \(path)" }
                    }
                    return (message, [])
                }
            })
    }
}
#endif
