/// How an outline looks and moves, as plain values: the canvas, the style,
/// the row kinds and the animation. Layout and paint read only this, never
/// the scenario format, so the file format can change without them.
public struct Appearance: Sendable, Equatable {
    public var canvas: Canvas
    public var style: Style
    /// Row kinds by name.
    public var kinds: [String: Kind]
    public var animation: Animation

    public init(
        canvas: Canvas = Canvas(), style: Style = Style(), kinds: [String: Kind] = [:],
        animation: Animation = Animation()
    ) {
        self.canvas = canvas
        self.style = style
        self.kinds = kinds
        self.animation = animation
    }

    /// The canvas every picture is drawn on, in points.
    public struct Canvas: Sendable, Equatable {
        public var width: Double = 390
        /// nil: as tall as the content of the tallest state.
        public var height: Double? = 844
        public var scale: Int = 2
        public var theme: Theme = .light
        /// Which way the outline reads: right to left mirrors it (chevrons,
        /// icons and indentation from the right, badges on the left), as
        /// UIKit and AppKit do; text keeps its own direction inside it.
        public var direction: Direction = .ltr
        public init() {}
    }

    public enum Theme: String, Sendable, CaseIterable { case light, dark }

    /// The icon of the row a node shows while its children load ("Loading…"):
    /// drawn whatever `style.icons` says, and never given a checkbox.
    public static let loadingIcon = "spinner"

    /// Left to right, or right to left (Arabic, Hebrew): the outline's reading direction.
    public enum Direction: String, Sendable, CaseIterable { case ltr, rtl }

    /// Sizes and decorations shared by every row. A preset gives all of them
    /// at once (`Style(preset:)`); a scenario's keys then override one by one.
    public struct Style: Sendable, Equatable {
        /// The look this style started from.
        public var preset: Preset = .ios
        public var indent: Double = 20
        public var rowHeight: Double = 44
        public var fontSize: Double = 17
        /// Space before the first level's chevron.
        public var padding: Double = 16
        public var weight: Weight = .regular
        /// Child-count badges on expandable rows.
        public var badges: Bool = true
        public var guides: Bool = true
        public var separators: Bool = true
        /// Separators start where the row's content starts; false: full width.
        public var separatorInset: Bool = true
        /// What an expandable row shows before its content.
        public var disclosure: Disclosure = .chevron
        /// How a selected row is marked.
        public var selection: SelectionShape = .row
        /// How a row's `icon` is drawn.
        public var icons: IconStyle = .tile
        /// A checkbox before each row's content (checked, unchecked, or mixed from the leaves).
        public var checkboxes = false
        /// A folder whose only child is a folder shares its row (`Sources/App/Views`), as code editors show them.
        public var compactFolders = false

        public init() {}

        /// The style of a preset, with its own defaults for every key.
        public init(preset: Preset) {
            self.preset = preset
            switch preset {
            case .ios:
                break
            case .macos:  // NSOutlineView, the Finder sidebar
                (indent, rowHeight, fontSize, padding) = (16, 24, 13, 8)
                (badges, guides, separators) = (false, false, false)
                (disclosure, selection, icons) = (.triangle, .pill, .glyph)
            case .explorer:  // a code editor's file tree
                (indent, rowHeight, fontSize, padding) = (10, 22, 13, 6)
                (badges, guides, separators) = (false, true, false)
                (disclosure, selection, icons) = (.chevron, .row, .glyph)
                compactFolders = true
            case .plain:  // for print
                (rowHeight, fontSize) = (32, 15)
                (badges, guides, separators) = (false, false, false)
                disclosure = .triangle
            }
        }
    }

    /// The looks Unfold knows, each in light and dark.
    public enum Preset: String, Sendable, CaseIterable { case ios, macos, explorer, plain }
    /// A chevron that turns down (iOS, code editors) or a filled triangle (macOS).
    public enum Disclosure: String, Sendable, CaseIterable { case chevron, triangle }
    /// The whole row tinted, or a rounded pill inset from the edges (macOS).
    public enum SelectionShape: String, Sendable, CaseIterable { case row, pill }
    /// `tile`: the name's first letter on a coloured tile. `glyph`: a drawn
    /// folder, file or symbol for the names Unfold knows (`folder`, `file`,
    /// file extensions, `gear`, `star`…), the tile for the others.
    public enum IconStyle: String, Sendable, CaseIterable { case tile, glyph }

    public enum Weight: String, Sendable, CaseIterable { case regular, semibold }

    /// A row kind: its size, font and colours.
    public struct Kind: Sendable, Equatable {
        /// nil: self-sizing (`height: auto`), from the wrapped title and subtitle.
        public var height: Double?
        public var fontSize: Double?
        public var weight: Weight?
        public var textColor: RGBA?
        public var background: RGBA?
        /// Rows of this kind have a detail row (a tap on a leaf toggles it).
        public var detail: Detail?

        public init(
            height: Double? = 44, fontSize: Double? = nil, weight: Weight? = nil, textColor: RGBA? = nil,
            background: RGBA? = nil, detail: Detail? = nil
        ) {
            self.height = height
            self.fontSize = fontSize
            self.weight = weight
            self.textColor = textColor
            self.background = background
            self.detail = detail
        }

        /// The detail row shown under a row of this kind.
        public struct Detail: Sendable, Equatable {
            /// nil: self-sizing.
            public var height: Double?
            /// nil: "Details of <title>".
            public var text: String?
            public init(height: Double? = nil, text: String? = nil) {
                self.height = height
                self.text = text
            }
        }
    }

    /// How transitions between states play.
    public struct Animation: Sendable, Equatable {
        public var frames: Int = 6
        public var style: AnimationStyle = .fade
        public var easing: Easing = .easeInOut
        /// Milliseconds each in-between frame shows in an animation.
        public var frameDelay: Int = 40
        /// Milliseconds each resting state (the start and end of each step) shows in an animation.
        public var hold: Int = 800
        /// How many times an animated image plays; 0: forever.
        public var loops: Int = 0
        public init() {}
    }

    public enum AnimationStyle: String, Sendable, CaseIterable { case fade, slide }
    public enum Easing: String, Sendable, CaseIterable { case linear, easeIn, easeOut, easeInOut }
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
