@_exported import OutlineAppearance
import OutlineEngine

/// One scenario file: an outline, how it looks, and the steps to play on it.
/// Every key is documented in `docs/scenario-format.md`.
public struct Scenario: Sendable {
    public var name: String
    /// The file it came from, for messages.
    public var file: String
    public var canvas: Canvas
    public var style: Style
    public var kinds: [String: Kind]
    /// The tree, flat (see `NodeSpec`), and where each node is in the file.
    public var nodes: [NodeSpec]
    public var nodeLocations: [SourceLocation]
    /// Nodes whose detail row is shown at the start.
    public var initialDetails: [Int]
    public var handlers: Handlers
    public var steps: [Step]
    public var animation: Animation

    /// What to do when a node collapses: remember its descendants' expansion, or reset it.
    public var collapse: CollapsePolicy = .remember
    /// The node selected at the start, by position in `nodes`.
    public var initialSelection: Int?
    /// The scenario's own font files, tried before the bundled fonts for text of their weight.
    public var fonts: [FontFile] = []

    /// A font file a scenario names (`fonts: [{file: Brand.ttf, weight: regular}]`).
    public struct FontFile: Sendable, Equatable {
        /// Resolved against the scenario's folder.
        public var path: String
        public var weight: Weight
        public var location: SourceLocation
    }

    public typealias Canvas = Appearance.Canvas
    public typealias Theme = Appearance.Theme
    public typealias Style = Appearance.Style
    public typealias Weight = Appearance.Weight
    public typealias Kind = Appearance.Kind
    public typealias Animation = Appearance.Animation
    public typealias AnimationStyle = Appearance.AnimationStyle
    public typealias Easing = Appearance.Easing

    /// How it looks, for layout and paint.
    public var appearance: Appearance {
        Appearance(canvas: canvas, style: style, kinds: kinds, animation: animation)
    }

    public struct Handlers: Sendable, Equatable {
        public var outline: [String: EventAction] = [:]
        /// By row kind.
        public var byKind: [String: [String: EventAction]] = [:]
        /// By position in `nodes`.
        public var byNode: [Int: [String: EventAction]] = [:]
        public init() {}
    }
}

/// A position in a scenario file.
public struct SourceLocation: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
}
