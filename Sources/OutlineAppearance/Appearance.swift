/// How an outline looks and moves, as plain values: the canvas, the style,
/// the row kinds and the animation: a `Scenario`'s `appearance`, which
/// `checkLimits()` checks.
public struct Appearance: Sendable, Equatable {
    /// The size, scale, theme and direction of every picture.
    public var canvas: Canvas
    /// Sizes and decorations shared by every row.
    public var style: Style
    /// Row kinds by name.
    public var kinds: [String: Kind]
    /// How transitions between states play.
    public var animation: Animation

    /// An appearance from its parts; each defaults to its own defaults.
    public init(
        canvas: Canvas = Canvas(), style: Style = Style(), kinds: [String: Kind] = [:],
        animation: Animation = Animation()
    ) {
        self.canvas = canvas
        self.style = style
        self.kinds = kinds
        self.animation = animation
    }

    /// The canvas every picture is drawn on, in points: by default an iPhone
    /// screen (390 × 844) at scale 2, light, left to right.
    ///
    ///     let canvas = Scenario.Canvas(width: 320, height: nil, theme: .dark)
    public struct Canvas: Sendable, Equatable {
        /// The width in points (`Limits.canvasWidth`).
        public var width: Double
        /// The height in points (`Limits.canvasHeight`); nil: as tall as the
        /// content of the tallest state.
        public var height: Double?
        /// Pixels per point: 1, 2 or 3, as on screens of that scale.
        public var scale: Int
        /// Light or dark colours.
        public var theme: Theme
        /// Which way the outline reads: right to left mirrors it (chevrons,
        /// icons and indentation from the right, badges on the left), as
        /// UIKit and AppKit do; text keeps its own direction inside it.
        public var direction: Direction
        /// True: the picture is as narrow as its widest row's content (`canvas.width: fit`)
        /// over every state, within `Limits.canvasWidth`, and `width` is not used.
        public var fitsWidth: Bool
        /// Points of empty space around the outline, on every side, added to
        /// the picture's size (`Limits.canvasPadding`).
        public var padding: Double
        /// The theme's background colour, or none (a transparent picture).
        public var background: Background
        /// With `height` nil: each state's still picture is as tall as its
        /// own rows (`canvas.height: fit-each`), so that a state that did not
        /// change keeps its picture when another grows; the frames of an
        /// animation, the strip and the animated images share the tallest
        /// state's canvas.
        public var fitsEachState: Bool

        /// A canvas of `width` × `height` points drawn at `scale` pixels per
        /// point. Height nil: each state's still as tall as its own rows
        /// (`fitsEachState`, unless told `false`: then every picture is as
        /// tall as the tallest state). `fitsWidth`: as narrow as the content
        /// instead of `width` points; `padding` points around it, on `background`.
        public init(
            width: Double = 390, height: Double? = 844, scale: Int = 2, theme: Theme = .light, direction: Direction = .ltr,
            fitsWidth: Bool = false, padding: Double = 0, background: Background = .theme, fitsEachState: Bool? = nil
        ) {
            self.fitsEachState = fitsEachState ?? (height == nil)
            self.width = width
            self.height = height
            self.scale = scale
            self.theme = theme
            self.direction = direction
            self.fitsWidth = fitsWidth
            self.padding = padding
            self.background = background
        }
    }

    /// What fills a picture behind the rows.
    public enum Background: String, Sendable, CaseIterable {
        /// The theme's (and preset's) background colour.
        case theme
        /// Nothing: the picture is transparent where no row draws.
        case transparent
    }

    /// The colours: light (dark text on white) or dark (light text on black).
    public enum Theme: String, Sendable, CaseIterable {
        /// Dark text on a light background.
        case light
        /// Light text on a dark background.
        case dark
    }

    /// The icon of a folder: drawn as one (`style.icons: glyph`), and given a
    /// disclosure even when it has no children, as file browsers do.
    package static let folderIcon = "folder"

    /// The title of a row that stands for entries left out of a tree (docs
    /// write `…` or `...` in a file tree): it gets no icon, and when it ends a
    /// folder, the folder gets no count badge, since its count is unknown.
    package static let placeholderTitle = "…"

    /// The icon of the row a node shows while its children load ("Loading…"):
    /// drawn whatever `style.icons` says, and never given a checkbox.
    package static let loadingIcon = "spinner"

    /// Left to right, or right to left (Arabic, Hebrew): the outline's reading direction.
    public enum Direction: String, Sendable, CaseIterable {
        /// Left to right: chevrons and indentation on the left.
        case ltr
        /// Right to left: the outline mirrored, chevrons and indentation on the right.
        case rtl
    }

    /// Sizes and decorations shared by every row. A preset gives all of them
    /// at once (`Style(preset:)`); a scenario's keys then override one by one.
    /// In Swift, start from a preset and set what differs:
    ///
    ///     var style = Scenario.Style(preset: .macos)
    ///     style.rowHeight = 28
    ///     style.checkboxes = true
    public struct Style: Sendable, Equatable {
        /// The look this style started from.
        public var preset: Preset = .ios
        /// How far each level is indented, in points.
        public var indent: Double = 20
        /// The height of a row, in points, unless its kind says otherwise.
        public var rowHeight: Double = 44
        /// The title's font size, in points, unless its kind says otherwise.
        public var fontSize: Double = 17
        /// Space before the first level's chevron.
        public var padding: Double = 16
        /// A 1-point line around the canvas in the guides' colour, as
        /// Starlight's `<FileTree>` draws its box (`starlight`).
        public var border = false
        /// Titles and notes in the bundled monospaced font (Liberation Mono),
        /// as a docs site's file tree draws them (`starlight`).
        public var monospace = false
        /// Points between a name and its note (an annotation), as a docs
        /// site's stylesheet sets them; nil: two spaces of the font.
        public var noteGap: Double? = nil
        /// The title's font weight, unless its kind says otherwise.
        public var weight: Weight = .regular
        /// Child-count badges on expandable rows.
        public var badges: Bool = true
        /// Vertical lines that join a parent to its children.
        public var guides: Bool = true
        /// Lines between rows.
        public var separators: Bool = true
        /// Separators start where the row's content starts; false: full width.
        public var separatorInset: Bool = true
        /// What an expandable row shows before its content.
        public var disclosure: Disclosure = .chevron
        /// How a selected row is marked.
        public var selection: SelectionShape = .row
        /// How a row's `icon` is drawn.
        public var icons: IconStyle = .tile
        /// A checkbox before each row's content (checked, unchecked, or mixed
        /// from the leaves). nil, the default: drawn when the outline uses
        /// checks (a node is checked, or a step or code checks or unchecks
        /// one), so that a changed check always changes the picture; false
        /// hides them even then (`updates.json` still records every check).
        public var checkboxes: Bool?
        /// A folder whose only child is a folder shares its row (`Sources/App/Views`), as code editors show them.
        public var compactFolders = false
        /// Where a title too long for its row is cut: in the middle for file
        /// names (`macos`, `explorer`: Finder and VS Code keep the extension),
        /// at the end for the others.
        public var truncation: Truncation = .end
        /// How a selected or highlighted row is tinted: as in a list that has
        /// the focus (`active`: the accent colour under the look's text for it,
        /// as Finder shows the selection of its key window; it stands out 3:1
        /// from the rows, as WCAG AA asks of a highlight) or one that has not
        /// (`inactive`: a grey or pale tint under the row's own colours, quieter
        /// than WCAG's 3:1).
        public var accent: Accent = .active

        /// The `ios` look: `Style(preset: .ios)`.
        public init() {}

        /// The style of a preset, with its own defaults for every key (`Preset.look`).
        public init(preset: Preset) {
            self = preset.look.style
        }
    }

    /// The looks Unfold knows, each in light and dark.
    public enum Preset: String, Sendable, CaseIterable {
        /// An iOS table view: tall rows, chevrons, badges, guides and separators.
        case ios
        /// NSOutlineView and the Finder sidebar: small rows, triangles, a pill selection, drawn icons.
        case macos
        /// A code editor's file tree: dense rows, guides, drawn icons, compact folders.
        case explorer
        /// For print: no badges, guides or separators, triangles, icons in one grey.
        case plain
        /// A Starlight docs page's `<FileTree>`: its sizes and colours, guides, grey icons, its accent.
        case starlight
    }
    /// Where a title too long for its row is cut with "…".
    public enum Truncation: String, Sendable, CaseIterable {
        /// The middle: the start and the end are kept ("find-comm…ancestor.d.ts"), as Finder and code editors cut file names.
        case middle
        /// The end: the longest start is kept ("find-common-…"), as iOS table views cut titles.
        case end
    }
    /// Whether the selection is drawn as in a focused list (the accent colour) or an unfocused one.
    public enum Accent: String, Sendable, CaseIterable {
        /// The accent colour under the look's text for it (white in most
        /// light themes): title, notes, disclosure and symbols (a label,
        /// `selection: label`, covers only the icon and the name).
        case active
        /// The look's quiet tint under the row's own colours, for a picture
        /// of a list that has not the focus.
        case inactive
    }
    /// A chevron that turns down (iOS, code editors) or a filled triangle (macOS).
    public enum Disclosure: String, Sendable, CaseIterable {
        /// A chevron that points to the content and turns down when expanded.
        case chevron
        /// A filled triangle that points to the content and turns down when expanded.
        case triangle
    }
    /// The whole row tinted, or a rounded pill inset from the edges (macOS).
    public enum SelectionShape: String, Sendable, CaseIterable {
        /// The whole row tinted.
        case row
        /// A rounded pill inset from the row's edges.
        case pill
        /// A rounded label behind the icon and the name only, notes left out,
        /// and a highlighted name semibold, as Starlight's `<FileTree>`
        /// highlights an entry (its `**bold**` name).
        case label
    }
    /// How icons are drawn. Folders and files are always drawn as folders
    /// and documents, so that no file looks like a folder: a document's face
    /// says its kind (code, script, data, table, picture, style sheet, text)
    /// and its colour its language or format. The styles differ in the
    /// other names and in colour.
    public enum IconStyle: String, Sendable, CaseIterable {
        /// Symbols Unfold draws (`gear`, `star`…) in colour; any other name's
        /// first letter on a coloured tile, as a settings screen shows them.
        case tile
        /// Drawn in colour; a name Unfold has no drawing of is a grey document.
        case glyph
        /// As `glyph`, all in the look's one icon colour, as docs sites and print show them.
        case mono
    }

    /// A font weight for titles.
    public enum Weight: String, Sendable, CaseIterable {
        /// The regular weight.
        case regular
        /// The semibold weight, for headings.
        case semibold
    }

    /// A row kind: its size, font and colours.
    public struct Kind: Sendable, Equatable {
        /// nil: self-sizing (`height: auto`), from the wrapped title and subtitle.
        public var height: Double?
        /// The title's font size; nil: the style's.
        public var fontSize: Double?
        /// The title's font weight; nil: the style's.
        public var weight: Weight?
        /// The title's colour; nil: the theme's.
        public var textColor: Color?
        /// The row's background colour; nil: the theme's.
        public var background: Color?
        /// Rows of this kind have a detail row (a tap on a leaf toggles it).
        public var detail: Detail?

        /// A kind of rows `height` points tall (nil: self-sizing); the other
        /// values default to the style's and the theme's.
        public init(
            height: Double? = 44, fontSize: Double? = nil, weight: Weight? = nil, textColor: Color? = nil,
            background: Color? = nil, detail: Detail? = nil
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
            /// A detail row `height` points tall (nil: self-sizing) showing `text`
            /// (nil: "Details of <title>").
            public init(height: Double? = nil, text: String? = nil) {
                self.height = height
                self.text = text
            }
        }
    }

    /// How transitions between states play: by default 6 frames per step,
    /// fading, easing in and out, 40 ms a frame, 800 ms on each state, looping.
    public struct Animation: Sendable, Equatable {
        /// The last frame of each step's transition (`Limits.framesPerStep`):
        /// frame 0 is the state before the step, frame `frames` the state after.
        public var frames: Int
        /// How rows appear and disappear.
        public var style: AnimationStyle
        /// How the motion speeds up and slows down.
        public var easing: Easing
        /// Milliseconds each in-between frame shows in an animation.
        public var frameDelay: Int
        /// Milliseconds each resting state (the start and end of each step) shows in an animation.
        public var hold: Int
        /// How many times an animated image plays; 0: forever.
        public var loops: Int

        /// An animation of `frames` frames per step; every value defaults to what a scenario file without `animation:` gets.
        public init(
            frames: Int = 6, style: AnimationStyle = .fade, easing: Easing = .easeInOut, frameDelay: Int = 40, hold: Int = 800,
            loops: Int = 0
        ) {
            self.frames = frames
            self.style = style
            self.easing = easing
            self.frameDelay = frameDelay
            self.hold = hold
            self.loops = loops
        }
    }

    /// How rows appear and disappear during a transition.
    public enum AnimationStyle: String, Sendable, CaseIterable {
        /// Inserted rows fade in and deleted rows fade out where they are.
        case fade
        /// As `fade`, and inserted rows also come out from under their parent, deleted rows go back under it.
        case slide
    }
    /// How a transition's motion is spread over its frames.
    public enum Easing: String, Sendable, CaseIterable {
        /// At a constant speed.
        case linear
        /// Slow at the start, fast at the end.
        case easeIn
        /// Fast at the start, slow at the end.
        case easeOut
        /// Slow at both ends, fast in the middle.
        case easeInOut
    }
}
