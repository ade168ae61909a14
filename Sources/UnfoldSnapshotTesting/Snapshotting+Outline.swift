import UnfoldSupport
@_exported import UnfoldTesting

#if SnapshotTesting
import Foundation
@_exported import SnapshotTesting
import Testing
import UnfoldCanvas
import UnfoldComparison
import UnfoldPNG
import UnfoldRender
import UnfoldReport

/// A picture for swift-snapshot-testing: the pixels, or why there are none
/// (a scenario that could not be rendered, a reference that is not a PNG),
/// so that a failure is a failed assertion, never a crash.
public enum OutlineImage: Sendable {
    /// The pixels of a rendered scenario or of a stored reference, and the
    /// record of the rows they show (`updates.json`'s bytes, kept in the
    /// PNG), which words a failure: nil for a picture without it.
    case image(RGBAImage, rows: [UInt8]? = nil)
    /// Why there are no pixels; a comparison with it fails with this message.
    case failure(String)
}

extension Snapshotting where Value == OutlineImage, Format == OutlineImage {
    /// Pictures stored as PNG and compared with Unfold's comparison
    /// (pixelmatch's, with `options`); a picture that carries its rows says
    /// which changed.
    public static func unfoldImage(diff options: DiffOptions = DiffOptions()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .unfoldImage(options))
    }
}

extension Snapshotting where Value == Scenario, Format == OutlineImage {
    /// A scenario as one picture, for swift-snapshot-testing's `assertSnapshot`:
    /// the strip of every step (or, without steps, the initial state).
    ///
    ///     assertSnapshot(of: try Scenario.load(path: "regions.yaml", besideTest: #filePath), as: .outline)
    public static var outline: Snapshotting { outline() }

    /// The same with comparison options and a strip thumbnail factor (2
    /// draws the strip's frames at half size). Cost: one render of the
    /// scenario per assertion.
    public static func outline(diff options: DiffOptions = DiffOptions(), thumbnail: Int? = nil) -> Snapshotting {
        Snapshotting<OutlineImage, OutlineImage>.unfoldImage(diff: options).pullback { scenario in
            do {
                var render = RenderOptions(fonts: try FontSet.locate())
                let picture: RenderOptions.Output = scenario.steps.isEmpty ? .states : .strip
                render.outputs = [picture, .updates]
                render.thumbnail = thumbnail
                let result = try ScenarioRenderer.render(scenario, options: render)
                guard let file = result.files.first(where: { $0.output == picture }) else { return .failure("\(scenario.name) rendered no picture") }
                return .image(try PNG.decode(file.bytes), rows: result.files.first { $0.output == .updates }?.bytes)
            } catch {
                return .failure("cannot render \(scenario.name): \(error)")
            }
        }
    }
}

extension Snapshotting where Value == Outline, Format == OutlineImage {
    /// An outline built in code, in its current state, as one picture: the
    /// scenario strategy pulled back through `Scenario(name:outline:)` (each
    /// state as tall as its rows; without steps, the outline as it is).
    ///
    ///     assertSnapshot(of: try Settings.outline(), as: .outline)
    public static var outline: Snapshotting { outline() }

    /// The same on `canvas`, in `style` with row `kinds`, playing `steps`,
    /// with comparison options.
    public static func outline(
        canvas: Scenario.Canvas = Scenario.Canvas(height: nil), style: Scenario.Style = Scenario.Style(),
        kinds: [String: Scenario.Kind] = [:], steps: [Step.Action] = [], diff options: DiffOptions = DiffOptions()
    ) -> Snapshotting {
        Snapshotting<Scenario, OutlineImage>.outline(diff: options).pullback { outline in
            Scenario(name: "outline", outline: outline, canvas: canvas, style: style, kinds: kinds, steps: steps)
        }
    }
}

extension Diffing where Value == OutlineImage {
    /// PNG files compared pixel by pixel by `Comparison`. A failure says
    /// first what changed in the rows (when both pictures carry theirs, in
    /// the words of the other assertions), writes the expected, actual and
    /// diff pictures beside the run's report (in Swift Testing; see
    /// `StrategyPictures` for the other places), as `<test>.<n>.expected.png`
    /// and so on, names them in the message and attaches them to the test.
    public static func unfoldImage(_ options: DiffOptions = DiffOptions()) -> Diffing {
        .diff(
            toData: { picture in
                switch picture {
                case let .image(image, rows):
                    let png = (try? PNG.encode(image)) ?? []
                    return Data(rows.map { PNGRows.adding($0, to: png) } ?? png)
                case let .failure(message):
                    return Data(message.utf8)
                }
            },
            fromData: { data in
                let bytes = [UInt8](data)
                do { return .image(try TrustedPNG.decode(bytes, largest: (Int(UInt16.max), Pixmap.maxPixels)), rows: PNGRows.read(bytes)) } catch {
                    return .failure("the reference cannot be compared (\(error)); delete it to record it again")
                }
            },
            diffV2: { expected, actual in
                let pictures = StrategyPictures.forCurrentTest()
                switch (expected, actual) {
                case let (_, .failure(message)), let (.failure(message), _):
                    return (message, [])
                case let (.image(e, expectedRows), .image(a, actualRows)):
                    var o = options
                    o.drawDiff = true
                    let comparison = Comparison(e, a, options: o)
                    guard !comparison.matches else { return nil }
                    let written = pictures.write(["expected": e, "actual": a, "diff": comparison.result.diff])
                    let told = FailureMessage.told(comparison.summary, of: FileNames.strip, changes: RowChanges(expected: expectedRows, actual: actualRows))
                    return (told + written.map { "\n  " + $0.path }.joined(), written.map { .data($0.bytes, name: $0.name) })
                }
            })
    }
}

/// Where the strategy puts a failure's pictures: named after the running
/// test and numbered by its comparisons, as swift-snapshot-testing numbers
/// the test's snapshots (`<test>.1`, `<test>.2`), beside the pictures of
/// UnfoldTesting's own assertions (`.build/unfold-artifacts/<the test
/// file's __Snapshots__ folder>`, or `UNFOLD_ARTIFACTS`) in Swift Testing;
/// in `SNAPSHOT_ARTIFACTS` when it is set, as swift-snapshot-testing's own
/// strategies; else (an XCTest, whose file is not known) in the temporary folder.
struct StrategyPictures {
    /// The folder the pictures go in.
    var folder: String
    /// `<test>.<n>`, before `.expected.png`.
    var stem: String

    /// The pictures of the running test's next comparison.
    static func forCurrentTest(environment: [String: String] = ProcessInfo.processInfo.environment) -> StrategyPictures {
        let chosen = environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        let file: String, test: TestIdentity, folder: String
        if let current = Test.current {
            file = TestIdentity.fileName((current.sourceLocation.fileName as NSString).deletingPathExtension)
            test = TestIdentity.current(function: current.name, filePath: "")
            let snapshots = (current.sourceLocation.filePath as NSString).deletingLastPathComponent + "/__Snapshots__/" + (file.isEmpty ? "Tests" : file)
            folder =
                chosen.map { ($0 as NSString).appendingPathComponent(file.isEmpty ? "Tests" : file) }
                ?? SnapshotLocation.artifactsFolder(for: snapshots, environment: environment)
        } else {
            let name = XCTestTracker.currentTestName() ?? "XCTest.test"
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            file = TestIdentity.fileName(parts.first ?? "XCTest")
            test = TestIdentity(owner: name, name: TestIdentity.fileName(parts.last ?? "test"))
            folder = ((chosen ?? NSTemporaryDirectory()) as NSString).appendingPathComponent(file.isEmpty ? "Tests" : file)
        }
        let n = ReferenceClaims.shared.next("strategy pictures of \(test.owner)")
        let stem = [test.name, test.arguments, String(n)].compactMap { $0 }.joined(separator: ".")
        return StrategyPictures(folder: folder, stem: stem)
    }

    /// Writes each picture there (a nil one is skipped), attaches it to a
    /// Swift Testing test outside Xcode (where swift-snapshot-testing does not),
    /// and returns what was written. A picture that cannot be written is left out.
    func write(_ pictures: KeyValuePairs<String, RGBAImage?>) -> [(name: String, path: String, bytes: Data)] {
        var written: [(name: String, path: String, bytes: Data)] = []
        let attach = Test.current != nil && ProcessInfo.processInfo.environment["__XCODE_BUILT_PRODUCTS_DIR_PATHS"] == nil
        for (role, picture) in pictures {
            guard let picture, let png = try? PNG.encode(picture) else { continue }
            let name = "\(stem).\(role).png", path = folder + "/" + name
            guard (try? AtomicFile.write(png, to: path)) != nil else { continue }
            if attach { Attachment.record(png, named: name) }
            written.append((name, path, Data(png)))
        }
        return written
    }
}
#else
/// Stands in for the strategy when the `SnapshotTesting` trait is off, so
/// that `assertSnapshot(of: scenario, as: .outline)` says what to do instead
/// of "no member 'outline'".
public enum OutlineStrategyNeedsTheTrait {
    /// The strategy's name, for the compiler's message.
    case outline
}

/// Without the `SnapshotTesting` trait this module holds no strategy: this
/// says so where `assertSnapshot` is called.
@available(
    *, unavailable,
    message: "the outline strategy needs Unfold's SnapshotTesting trait: .package(url: …, branch: \"main\", traits: [\"SnapshotTesting\"])"
)
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as strategy: OutlineStrategyNeedsTheTrait, named name: String? = nil, record: Bool? = nil,
    file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {}
#endif
