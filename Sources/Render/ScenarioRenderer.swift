import Canvas
import Foundation
import OutlineEngine
import OutlineLayout
import Paint
import PNGCodec
import ScenarioFormat

/// What to render and how; every field overrides the scenario when set.
public struct RenderOptions: Sendable {
    public enum Output: String, CaseIterable, Sendable {
        case states, frames, strip, animation, updates
    }

    public var outputs: Set<Output> = Set(Output.allCases)
    public var scale: Int?
    public var theme: Scenario.Theme?
    public var frames: Int?
    /// The strip's thumbnails are the frames shrunk by this factor; nil: 2 × scale.
    public var thumbnail: Int?
    public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
    public var fonts: FontFiles

    public init(fonts: FontFiles) {
        self.fonts = fonts
    }
}

/// One output file, relative to the scenario's folder.
public struct RenderedFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
}

public struct RenderResult: Sendable {
    public var name: String
    public var files: [RenderedFile]
    /// Where each frame sits in `strip.png`, for frame-by-frame comparison.
    public var strip: StripGeometry?
}

public struct RenderError: Error, CustomStringConvertible {
    public var description: String
}

/// Renders a scenario: the state after every step, every frame of every
/// step's transition, a strip, an animated PNG and `updates.json`. Pictures
/// are drawn and encoded on `workers` threads; the bytes do not depend on it.
public enum ScenarioRenderer {
    public static func render(_ original: Scenario, options: RenderOptions,
                              progress: (@Sendable (Int) -> Void)? = nil) throws -> RenderResult {
        var scenario = original
        if let scale = options.scale { scenario.canvas.scale = scale }
        if let theme = options.theme { scenario.canvas.theme = theme }
        if let frames = options.frames { scenario.animation.frames = frames }
        let frames = scenario.animation.frames
        let playback = try Playback(scenario)

        let measurer = try Typesetter(fonts: options.fonts)
        let measure = textMeasure(measurer, scale: Double(scenario.canvas.scale))
        let layouts = playback.states.map { StateLayout($0.outline, scenario: scenario, measure: measure) }
        let height = scenario.canvas.height ?? max(16, layouts.map(\.contentHeight).max() ?? 16)
        let painterForSize = OutlinePainter(scenario: scenario, typesetter: measurer)
        let size = painterForSize.pixelSize(height: height)
        guard size.width > 0, size.height > 0, size.width <= Pixmap.maxPixels / size.height else {
            throw RenderError(description: "the canvas is \(size.width)x\(size.height) pixels, "
                + "over the limit of \(Pixmap.maxPixels); lower `canvas.height` or `canvas.scale`")
        }

        let outputs = options.outputs
        let steps = playback.states.count - 1
        var pictures: [Picture] = []
        if outputs.contains(.states) || outputs.contains(.animation) || (outputs.contains(.strip) && steps == 0) {
            pictures += (0 ... steps).map { Picture.state($0) }
        }
        if outputs.contains(.frames) || outputs.contains(.strip) || outputs.contains(.animation) {
            for step in stride(from: 1, through: steps, by: 1) { pictures += (0 ... frames).map { Picture.frame(step: step, index: $0) } }
        }
        let thumbnail = max(1, options.thumbnail ?? 2 * scenario.canvas.scale)
        let (scenarioToDraw, picturesToDraw) = (scenario, pictures)

        let drawn: [Drawn] = try parallelMap(count: pictures.count, workers: options.workers, makeState: {
            OutlinePainter(scenario: scenarioToDraw, typesetter: try Typesetter(fonts: options.fonts))
        }) { painter, i in
            let picture = picturesToDraw[i]
            let layout: FrameLayout
            switch picture {
            case let .state(s): layout = layouts[s].frame
            case let .frame(step, index):
                layout = Transition(from: layouts[step - 1], to: layouts[step], animation: scenarioToDraw.animation).frame(index, of: frames)
            }
            let pixmap = try painter.draw(layout, height: height)
            var result = Drawn()
            if case .state = picture, outputs.contains(.states) { result.png = try PNG.encode(pixmap) }
            if case .frame = picture, outputs.contains(.frames) { result.png = try PNG.encode(pixmap) }
            if case .frame = picture, outputs.contains(.strip) { result.thumbnail = pixmap.downscaled(by: thumbnail) }
            if case .state = picture, steps == 0, outputs.contains(.strip) { result.thumbnail = pixmap.downscaled(by: thumbnail) }
            if outputs.contains(.animation) { result.full = pixmap }
            progress?(1)
            return result
        }

        var files: [RenderedFile] = []
        var byPicture: [Picture: Drawn] = [:]
        for (picture, result) in zip(pictures, drawn) { byPicture[picture] = result }
        for picture in pictures {
            guard let png = byPicture[picture]?.png else { continue }
            files.append(RenderedFile(path: picture.path, bytes: png))
        }

        var stripGeometry: StripGeometry?
        if outputs.contains(.strip) {
            let rows: [(String, [Pixmap])] = steps == 0
                ? [("initial", [byPicture[.state(0)]!.thumbnail!])]
                : (1 ... steps).map { step in
                    (String(format: "%02d  %@", step, playback.states[step].label),
                     (0 ... frames).map { byPicture[.frame(step: step, index: $0)]!.thumbnail! })
                }
            let strip = try Strip.draw(rows: rows, palette: .of(scenario.canvas.theme), typesetter: measurer)
            stripGeometry = strip.geometry
            files.append(RenderedFile(path: "strip.png", bytes: try PNG.encode(strip.pixmap, threads: options.workers)))
        }
        if outputs.contains(.animation) {
            let animation = try PNG.Animation(width: size.width, height: size.height, threads: options.workers)
            try animation.add(byPicture[.state(0)]!.full!, milliseconds: scenario.animation.hold)
            for step in stride(from: 1, through: steps, by: 1) {
                for index in 1 ... frames {
                    let delay = index == frames ? scenario.animation.hold : scenario.animation.frameDelay
                    try animation.add(byPicture[.frame(step: step, index: index)]!.full!, milliseconds: delay)
                }
            }
            files.append(RenderedFile(path: "animation.png", bytes: try animation.finish()))
        }
        if outputs.contains(.updates) {
            files.append(RenderedFile(path: "updates.json", bytes: Array(playback.updatesJSON().utf8)))
        }
        return RenderResult(name: scenario.name, files: files, strip: stripGeometry)
    }

    /// Writes the files under `directory/<name>/`, each atomically.
    public static func write(_ result: RenderResult, to directory: String) throws {
        for file in result.files {
            try AtomicFile.write(file.bytes, to: directory + "/" + result.name + "/" + file.path)
        }
    }

    /// How many pictures `render` draws, for a progress bar.
    public static func pictureCount(_ scenario: Scenario, options: RenderOptions) -> Int {
        let steps = scenario.steps.count
        let frames = options.frames ?? scenario.animation.frames
        var count = 0
        let o = options.outputs
        if o.contains(.states) || o.contains(.animation) || (o.contains(.strip) && steps == 0) { count += steps + 1 }
        if o.contains(.frames) || o.contains(.strip) || o.contains(.animation) { count += steps * (frames + 1) }
        return count
    }

    /// Layout's view of the fonts, in points.
    static func textMeasure(_ typesetter: Typesetter, scale: Double) -> TextMeasure {
        let shared = LockedTypesetter(typesetter)
        return TextMeasure(
            wrap: { text, size, weight, width in
                shared.with { $0.wrap(text, size: size * scale, weight: weight == .semibold ? .semibold : .regular, maxWidth: width * scale) }
            },
            lineHeight: { size in
                shared.with { t in
                    let (a, d) = t.lineMetrics(size: size * scale)
                    return (a + d) / scale
                }
            })
    }
}

enum Picture: Hashable, Sendable {
    case state(Int)
    case frame(step: Int, index: Int)

    var path: String {
        switch self {
        case let .state(s): String(format: "state-%02d.png", s)
        case let .frame(step, index): String(format: "step-%02d/frame-%02d.png", step, index)
        }
    }
}

struct Drawn {
    var png: [UInt8]?
    var thumbnail: Pixmap?
    var full: Pixmap?
}

/// A typesetter that layout may call from any thread, one caller at a time.
final class LockedTypesetter: @unchecked Sendable {
    private let typesetter: Typesetter
    private let lock = NSLock()
    init(_ typesetter: Typesetter) { self.typesetter = typesetter }
    func with<T>(_ body: (Typesetter) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(typesetter)
    }
}
