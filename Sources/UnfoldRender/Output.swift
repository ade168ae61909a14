import Foundation
import ScenarioFormat
import UnfoldPNG
import UnfoldSupport

extension RenderOptions {
    /// A kind of file a render writes into the scenario's folder, by the name
    /// `--outputs` knows it by. Each is an `OutputFormat`: which pictures it
    /// needs, what it makes of them and what its files are called.
    public struct Output: Hashable, Sendable, RawRepresentable, CaseIterable, CustomStringConvertible {
        /// The name, such as `states`.
        public let rawValue: String
        /// How its files are made.
        let format: any OutputFormat

        private init(_ name: String, _ format: any OutputFormat) {
            rawValue = name
            self.format = format
        }

        /// The output called `rawValue`; nil for none.
        public init?(rawValue: String) {
            guard let output = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = output
        }

        /// `state-00.png` (the initial state) and `state-NN.png` after step NN.
        public static let states = Output("states", StillFiles<PNG>(pictures: .states))
        /// `step-NN/frame-MM.png`: every frame of every step's transition.
        public static let frames = Output("frames", StillFiles<PNG>(pictures: .frames))
        /// `strip.png`: one row per step, its frames as columns, labelled.
        public static let strip = Output("strip", StripFile())
        /// `animation.png`: every frame as an animated PNG.
        public static let animation = Output(
            "animation",
            AnimationFile {
                try PNG.Animation(width: $0.pictureSize.width, height: $0.pictureSize.height, plays: $0.plays, threads: $0.threads, effort: $0.effort)
            })
        /// `animation.gif`: the same frames as a GIF (1-bit transparency; on a
        /// transparent canvas, edges are blended over the theme's background).
        public static let gif = Output(
            "gif",
            AnimationFile {
                try AnimatedImage(format: .gif, width: $0.pictureSize.width, height: $0.pictureSize.height, plays: $0.plays, matte: $0.settings.appearance.matte)
            })
        /// `animation.webp`: the same frames as a lossless WebP.
        public static let webp = Output("webp", AnimationFile { try AnimatedImage(format: .webp, width: $0.pictureSize.width, height: $0.pictureSize.height, plays: $0.plays) })
        /// `state-NN.svg` beside each state's PNG: vector pictures that follow
        /// the reader's light or dark theme unless `--theme` fixes one.
        public static let svg = Output("svg", SVGFiles())
        /// `animation.svg`: the animation as SVG, drawn from the frames'
        /// geometry alone (with `svg` and `animation` it is written anyway).
        public static let svgAnimation = Output("svg-animation", SVGAnimationFile())
        /// `updates.json`: the batch update and the rows of every state.
        public static let updates = Output("updates", UpdatesFile())
        /// `outline.html`: the first state as a live tree that a reader opens
        /// and closes, drawn as the pictures are, for a docs page.
        public static let html = Output("html", HTMLFile())

        /// Every output, in the order their files are written at the end of a
        /// render: the one place a new format is registered.
        public static let allCases: [Output] = [.states, .frames, .strip, .animation, .gif, .webp, .svg, .svgAnimation, .updates, .html]

        /// What a render writes unless told otherwise (GIF and WebP when asked).
        public static let defaults: Set<Output> = [.states, .frames, .strip, .animation, .updates]
        /// What a render of trees alone (`--from`, for docs) writes unless told
        /// otherwise: the states and one animation, no folder of frames.
        package static let treeDefaults: Set<Output> = [.states, .animation]

        /// The outputs for a run given `asked` (nil: none named), rendering
        /// scenario files (`scenarios`) and trees alone: trees alone get
        /// `treeDefaults`, or their one still (`--still`) only `states`.
        package static func resolved(_ asked: Set<Output>?, scenarios: Bool, still: Bool = false) -> Set<Output> {
            asked ?? (scenarios ? defaults : still ? [.states] : treeDefaults)
        }

        /// The name.
        public var description: String { rawValue }

        /// Outputs are told apart by name.
        public static func == (a: Output, b: Output) -> Bool { a.rawValue == b.rawValue }

        /// Hashes the name.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    }
}

extension RenderOptions.Output {
    /// Other names an output answers to: `apng` is `animation` (the animated PNG).
    package static let aliases: [String: RenderOptions.Output] = ["apng": .animation]

    /// The output called `name` (its raw value, or an alias such as `apng`); nil for none.
    package init?(name: String) {
        guard let output = Self(rawValue: name) ?? Self.aliases[name] else { return nil }
        self = output
    }

    /// The outputs of a comma-separated list such as `states,strip,apng`.
    /// Throws a `RenderError` that lists the names to choose from for an
    /// unknown one. Empty items (`states,,strip`) are skipped.
    package static func parseList(_ list: String) throws(RenderError) -> Set<RenderOptions.Output> {
        var outputs = Set<RenderOptions.Output>()
        for word in list.split(separator: ",") {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let output = Self(name: name) else {
                throw RenderError(description: "unknown output '\(InertText(name))'; choose from \(namesList) (apng is animation)")
            }
            outputs.insert(output)
        }
        return outputs
    }

    /// Every output's name, comma-separated, in order.
    package static var namesList: String { allCases.map(\.rawValue).joined(separator: ",") }
}
