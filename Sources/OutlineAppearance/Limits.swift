#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bounds on every number an input can give, so that no file, option or
/// Swift value can ask for unbounded work or memory. Each is checked where
/// the value enters: the scenario parser (with file and line), the command
/// line, and the Swift API (`Appearance.checkLimits()`, and the scenario
/// checks before playback).
public enum Limits {
    /// A canvas's width, in points.
    public static let canvasWidth = 16.0 ... 4096
    /// A canvas's height, in points.
    public static let canvasHeight = 16.0 ... 100_000
    /// The empty space around an outline (`canvas.padding`), in points.
    public static let canvasPadding = 0.0 ... 1000
    /// Pixels per point.
    public static let scale = 1 ... 3
    /// A font size, in points.
    public static let fontSize = 4.0 ... 200
    /// The style's row height, in points.
    public static let rowHeight = 8.0 ... 1000
    /// A kind's or a detail row's fixed height.
    public static let kindHeight = 4.0 ... 2000
    /// The indentation of each level, in points.
    public static let indent = 0.0 ... 200
    /// The space before the first level, in points.
    public static let padding = 0.0 ... 500
    /// The space between a name and its note, in points.
    public static let noteGap = 0.0 ... 200
    /// An animation's frames per step.
    public static let framesPerStep = 1 ... 120
    /// Milliseconds an in-between frame shows.
    public static let frameDelay = 1 ... 10_000
    /// Milliseconds a resting state shows.
    public static let hold = 1 ... 60_000
    /// How often an animation plays (`animation.loops`; 0: for ever).
    public static let loops = 0 ... 65535
    /// Nodes in one outline.
    public static let nodes = 10_000_000
    /// Steps in one scenario.
    public static let steps = 10_000
    /// Characters in one title, subtitle or detail text.
    public static let textLength = 10_000
    /// Bytes of one text file read as input: a scenario, a tree source
    /// (Markdown, OPML, `tree -J`), source data, a `.gitignore`.
    public static let fileBytes = 256 << 20
    /// Levels of nesting in a scenario file (its parser recurses).
    public static let fileNesting = 2_000
    /// The strip's shrink factor.
    public static let thumbnail = 1 ... 64
    /// Bytes of files (and of the animation being written) one render may hold in memory.
    public static let renderBytes = 4 << 30
    /// Threads drawing at once (each holds a frame or two).
    public static let workers = 1 ... 256
    /// Rows one playback records: every state's visible rows together, as
    /// `updates.json` holds them (1,000 rows and 1,000 steps: about 80 MB of
    /// `updates.json`, which a render writes a state at a time).
    public static let recordedRows = 1_000_000
    /// Pixels one render draws: its pictures (states and frames) times their size.
    public static let drawnPixels = 1 << 35
}

/// A value outside its `Limits`.
public struct LimitError: Error, Equatable, CustomStringConvertible {
    /// Which value, what it is and the range it must be in, e.g.
    /// `canvas.scale is 4; it must be in 1...3`.
    public var description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}

extension LimitError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` names the value and its range.
    public var errorDescription: String? { description }
}

extension Appearance {
    /// Checks every number against `Limits`, for appearances built in code
    /// (the parser checks files as it reads them, with their lines).
    public func checkLimits() throws(LimitError) {
        func check<T: Comparable>(_ value: T, _ range: ClosedRange<T>, _ name: String) throws(LimitError) {
            guard range.contains(value) else {
                throw LimitError("\(name) is \(value); it must be in \(range.lowerBound)...\(range.upperBound)")
            }
        }
        try check(canvas.width, Limits.canvasWidth, "canvas.width")
        if let height = canvas.height { try check(height, Limits.canvasHeight, "canvas.height") }
        try check(canvas.scale, Limits.scale, "canvas.scale")
        try check(canvas.padding, Limits.canvasPadding, "canvas.padding")
        try check(style.fontSize, Limits.fontSize, "style.fontSize")
        try check(style.rowHeight, Limits.rowHeight, "style.rowHeight")
        try check(style.indent, Limits.indent, "style.indent")
        try check(style.padding, Limits.padding, "style.padding")
        if let gap = style.noteGap { try check(gap, Limits.noteGap, "style.noteGap") }
        for name in kinds.keys.sorted() {
            guard let kind = kinds[name] else { continue }
            if let h = kind.height { try check(h, Limits.kindHeight, "kinds.\(name).height") }
            if let f = kind.fontSize { try check(f, Limits.fontSize, "kinds.\(name).fontSize") }
            if let h = kind.detail?.height { try check(h, Limits.kindHeight, "kinds.\(name).detail.height") }
        }
        try check(animation.frames, Limits.framesPerStep, "animation.frames")
        try check(animation.frameDelay, Limits.frameDelay, "animation.frameDelay")
        try check(animation.hold, Limits.hold, "animation.hold")
        try check(animation.loops, Limits.loops, "animation.loops")
    }
}
