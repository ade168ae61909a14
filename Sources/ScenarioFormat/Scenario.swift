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

    public struct Canvas: Sendable, Equatable {
        public var width: Double = 390
        /// nil: as tall as the content of the tallest state.
        public var height: Double? = 844
        public var scale: Int = 2
        public var theme: Theme = .light
        public init() {}
    }

    public enum Theme: String, Sendable, CaseIterable { case light, dark }

    public struct Style: Sendable, Equatable {
        public var indent: Double = 20
        public var rowHeight: Double = 44
        public var fontSize: Double = 17
        /// Space before the first level's chevron.
        public var padding: Double = 16
        public var weight: Weight = .regular
        public var collapse: CollapsePolicy = .remember
        /// Child-count badges on expandable rows.
        public var badges: Bool = true
        public var guides: Bool = true
        public var separators: Bool = true
        /// Separators start where the row's content starts; false: full width.
        public var separatorInset: Bool = true
        public init() {}
    }

    public enum Weight: String, Sendable, CaseIterable { case regular, semibold }

    /// A row kind: its size, font and colours, and how its rows handle events.
    public struct Kind: Sendable, Equatable {
        /// nil: self-sizing (`height: auto`), from the wrapped title and subtitle.
        public var height: Double?
        public var fontSize: Double?
        public var weight: Weight?
        public var textColor: RGBA?
        public var background: RGBA?
        /// Rows of this kind have a detail row (a tap on a leaf toggles it); its height (nil: auto).
        public var detail: Detail?
        public var on: [String: EventAction] = [:]

        public init(height: Double? = 44) {
            self.height = height
        }

        public struct Detail: Sendable, Equatable {
            public var height: Double?
            public var text: String?
        }
    }

    public struct Handlers: Sendable, Equatable {
        public var outline: [String: EventAction] = [:]
        /// By position in `nodes`.
        public var byNode: [Int: [String: EventAction]] = [:]
    }

    public struct Animation: Sendable, Equatable {
        public var frames: Int = 6
        public var style: AnimationStyle = .fade
        public var easing: Easing = .easeInOut
        /// Milliseconds each in-between frame shows in the animated PNG.
        public var frameDelay: Int = 40
        /// Milliseconds each resting state shows in the animated PNG.
        public var hold: Int = 800
        public init() {}
    }

    public enum AnimationStyle: String, Sendable, CaseIterable { case fade, slide }
    public enum Easing: String, Sendable, CaseIterable { case linear, easeIn, easeOut, easeInOut }
}

/// A position in a scenario file.
public struct SourceLocation: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
}

/// A colour from `#RRGGBB` or `#RRGGBBAA`, not premultiplied.
public struct RGBA: Sendable, Equatable, Hashable {
    public var r, g, b, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public init?(hex: String) {
        guard hex.first == "#", hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let value = hex.count == 7 ? v << 8 | 0xFF : v
        self.init(r: UInt8(value >> 24), g: UInt8(value >> 16 & 0xFF), b: UInt8(value >> 8 & 0xFF), a: UInt8(value & 0xFF))
    }
}
