@_exported import OutlineAppearance
import OutlineEngine
import UnfoldSupport

/// One scenario: an outline, how it looks, and the steps to play on it.
/// Read one from a file with `Scenario.load(path:)` (every key is documented
/// in the Scenario format article of Unfold's documentation), or make one
/// from an `Outline` built in code with
/// `Scenario(name:outline:canvas:style:kinds:steps:)`.
public struct Scenario: Sendable {
    /// The scenario's name: the folder its pictures and references go in
    /// (letters, digits, `.`, `_` and `-`; see `isValidName(_:)`).
    public var name: String
    /// The file it came from, for messages.
    public var file: String
    /// The size, scale, theme and direction of every picture.
    public var canvas: Canvas
    /// Sizes and decorations shared by every row.
    public var style: Style
    /// Row kinds by name: each kind's height, font and colours, and whether its rows have a detail row.
    public var kinds: [String: Kind] { didSet { forgetCheckedOutline() } }
    /// The tree, flat (see `NodeSpec`): parents come before their children.
    public var nodes: [NodeSpec] { didSet { forgetCheckedOutline() } }
    /// Where each node of `nodes` is in the file, for messages (same positions as `nodes`).
    public var nodeLocations: [ScenarioLocation]
    /// Nodes whose detail row is shown at the start.
    public var initialDetails: [Int] { didSet { forgetCheckedOutline() } }
    /// What events on rows do (the file's `events:`).
    public var handlers: Handlers { didSet { forgetCheckedOutline() } }
    /// The steps played on the outline, in order: one state and one transition each.
    public var steps: [Step]
    /// How transitions between states play.
    public var animation: Animation

    /// What to do when a node collapses: remember its descendants' expansion, or reset it.
    public var collapse: CollapsePolicy = .remember { didSet { forgetCheckedOutline() } }
    /// The node selected at the start, by position in `nodes`.
    public var initialSelection: Int? { didSet { forgetCheckedOutline() } }
    /// Row states set at the start (checks, focus, hover, a drop target), by
    /// position in `nodes`: what an outline built in code had set on it.
    public var initialStates = InitialStates() { didSet { forgetCheckedOutline() } }
    /// The outline that reading the scenario built to check it, which
    /// `makeOutline()` gives until a property it is made from changes.
    var checkedOutline: Outline?
    /// The scenario's own font files, tried before the bundled fonts for text of their weight.
    public var fonts: [FontFile] = []
    /// The file's `snippet:`: `unfold render` prints this scenario's
    /// snippet, for that site, with those paths and that alt text. Nil for
    /// none (`--snippet` prints every scenario's).
    package var snippet: SnippetSettings?
    /// For a tree read from a page that may hold several, which one was read:
    /// `page.mdx:42: <FileTree> 2 of 3, 17 rows` (`unfold render --from`
    /// prints it). Nil for other scenarios.
    package var origin: String?
    /// The levels of folders open at the start when the tree came from a
    /// folder (`open: N`), so that merging folder chains (`compactFolders`)
    /// counts them on the rows as drawn: a merged top row opens with `open: 1`.
    package var openFolderLevels: Int?
    /// A `--from` animation without `--open`: it starts all open where it
    /// would start with no folder open (`openFoldersIfNoneOpen()`), also once
    /// its folder chains merge.
    package var opensWhenNoneOpen = false
    /// A `--from` tree whose steps are its default loop (`Scenario.loop(of:at:)`):
    /// made again once its folder chains merge, since they name the folders
    /// the merge takes into one row.
    package var stepsLoopTheTree = false

    /// What a scenario file's `snippet:` asks of the snippet `unfold render`
    /// prints for it: `{site: starlight, baseURL: /img/trees, alt: …}`.
    package struct SnippetSettings: Sendable, Equatable {
        /// The docs site whose theme switch the snippet uses (`--site`), as written: the renderer knows the sites.
        package var site: String?
        /// Where the site serves the render's folder (`--base-url`).
        package var baseURL: String?
        /// The pictures' alt text (`--alt`).
        package var alt: String?
        /// Where `site` is written, for the error of a site no one knows.
        package var siteLocation: ScenarioLocation

        /// Settings of a snippet; `siteLocation` places an unknown site's error.
        package init(site: String? = nil, baseURL: String? = nil, alt: String? = nil, siteLocation: ScenarioLocation) {
            self.site = site
            self.baseURL = baseURL
            self.alt = alt
            self.siteLocation = siteLocation
        }
    }

    /// A font file a scenario names (`fonts: [{file: Brand.ttf, weight: regular}]`).
    public struct FontFile: Sendable, Equatable {
        /// Resolved against the scenario's folder.
        public var path: String
        /// The text it draws: titles of this weight.
        public var weight: Weight
        /// Where the file names it, for messages.
        public var location: ScenarioLocation

        /// The font at `path` for titles of `weight`, set from code (tried
        /// before the bundled fonts; checked when the scenario is rendered):
        ///
        ///     scenario.fonts = [Scenario.FontFile(path: brandFontPath, weight: .semibold)]
        public init(path: String, weight: Weight = .regular, location: ScenarioLocation = ScenarioLocation(file: "<code>")) {
            self.path = path
            self.weight = weight
            self.location = location
        }
    }

    /// The canvas every picture is drawn on (`Appearance.Canvas`).
    public typealias Canvas = Appearance.Canvas
    /// Light or dark colours (`Appearance.Theme`).
    public typealias Theme = Appearance.Theme
    /// Sizes and decorations shared by every row (`Appearance.Style`).
    public typealias Style = Appearance.Style
    /// A font weight for titles (`Appearance.Weight`).
    public typealias Weight = Appearance.Weight
    /// A row kind: its size, font and colours (`Appearance.Kind`).
    public typealias Kind = Appearance.Kind
    /// How transitions between states play (`Appearance.Animation`).
    public typealias Animation = Appearance.Animation
    /// How rows appear and disappear during a transition (`Appearance.AnimationStyle`).
    public typealias AnimationStyle = Appearance.AnimationStyle
    /// How a transition's motion is spread over its frames (`Appearance.Easing`).
    public typealias Easing = Appearance.Easing

    /// How it looks: the canvas, style, kinds and animation as one value.
    public var appearance: Appearance {
        Appearance(canvas: canvas, style: style, kinds: kinds, animation: animation)
    }

    /// What events on rows do, as event name → action tables (the file's
    /// `events:`): the outline's `EventHandlers`, with nodes named by their
    /// position in `nodes`.
    public struct Handlers: Sendable, Equatable {
        /// The outline's own table, asked last.
        public var outline: [String: EventAction] = [:]
        /// By row kind.
        public var byKind: [String: [String: EventAction]] = [:]
        /// By position in `nodes`.
        public var byNode: [Int: [String: EventAction]] = [:]
        /// No handlers: a tap toggles an expandable row, and nothing else happens.
        public init() {}
    }

    /// A property the outline is made from changed: `makeOutline()` builds
    /// it again. Cheap when there is none (a file being read sets every
    /// node's fields one by one).
    private mutating func forgetCheckedOutline() {
        if checkedOutline != nil { checkedOutline = nil }
    }
}

extension Scenario {
    /// The row states a scenario starts with, by position in `nodes`, as
    /// `Outline.setChecked`, `setFocus`, `setHover` and `setDropTarget` set them.
    public struct InitialStates: Sendable, Equatable {
        /// Nodes checked with everything under them (a parent's box follows its leaves).
        public var checked: [Int] = []
        /// The node with the focus ring.
        public var focus: Int?
        /// The node under the pointer.
        public var hover: Int?
        /// The node a dragged row is over, and where it would drop.
        public var drop: (node: Int, position: DropTarget.Position)?

        /// No state set.
        public init() {}

        /// The nodes these states name.
        var nodes: [Int] { checked + [focus, hover, drop?.node].compactMap { $0 } }

        /// The same states with every node renumbered by `index` (old position → new).
        func renumbered(_ index: [Int]) -> InitialStates {
            var out = InitialStates()
            out.checked = checked.map { index[$0] }
            out.focus = focus.map { index[$0] }
            out.hover = hover.map { index[$0] }
            out.drop = drop.map { (index[$0.node], $0.position) }
            return out
        }

        /// Whether two sets of states are the same.
        public static func == (a: InitialStates, b: InitialStates) -> Bool {
            a.checked == b.checked && a.focus == b.focus && a.hover == b.hover && a.drop?.node == b.drop?.node && a.drop?.position == b.drop?.position
        }
    }
}
