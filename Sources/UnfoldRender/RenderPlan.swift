import Foundation

/// Which pictures a scenario produces, in order, and where each one goes.
/// Each distinct picture is drawn once: frame 0 of a step is the state
/// before it and the last frame the state after, so those are the states.
package struct RenderPlan: Sendable {
    /// A picture to draw.
    package enum Picture: Hashable, Sendable {
        /// The state after step `n` (0: the initial state).
        case state(Int)
        /// In-between frame `index` (1 ..< frames) of step `step`.
        case frame(step: Int, index: Int)
    }

    /// Where a picture goes.
    package struct Uses: Sendable, Equatable {
        /// Files it is written as, e.g. `state-01.png`, `step-02/frame-00.png`.
        package var files: [String] = []
        /// Cells of the strip (row = step - 1, or 0 for a scenario without steps; column = frame).
        package var stripCells: [StripCell] = []
        /// Shown in the animation for this long, in milliseconds.
        package var animationDelay: Int?
    }

    package struct StripCell: Sendable, Equatable, Hashable {
        package var row: Int
        package var column: Int
    }

    package let steps: Int
    package let frames: Int
    package let outputs: Set<RenderOptions.Output>
    /// Every picture to draw, in drawing order, with its uses.
    package let pictures: [(picture: Picture, uses: Uses)]

    /// The plan for `steps` steps of `frames` frames each; `hold` and
    /// `frameDelay` time the animation. O(steps × frames).
    package init(steps: Int, frames: Int, outputs: Set<RenderOptions.Output>, hold: Int, frameDelay: Int) {
        self.steps = steps
        self.frames = frames
        self.outputs = outputs
        let states = outputs.contains(.states), frameFiles = outputs.contains(.frames)
        let strip = outputs.contains(.strip), animation = !outputs.isDisjoint(with: RenderOptions.Output.animations)
        var list: [(Picture, Uses)] = []
        for step in 0 ... steps {
            // The state after `step`: a file, the last frame of `step`, frame 0 of the next.
            var uses = Uses()
            if states { uses.files.append(Self.statePath(step)) }
            if step > 0, frameFiles { uses.files.append(Self.framePath(step: step, index: frames)) }
            if step < steps, frameFiles { uses.files.append(Self.framePath(step: step + 1, index: 0)) }
            if strip {
                if steps == 0 { uses.stripCells.append(StripCell(row: 0, column: 0)) }
                if step > 0 { uses.stripCells.append(StripCell(row: step - 1, column: frames)) }
                if step < steps { uses.stripCells.append(StripCell(row: step, column: 0)) }
            }
            if animation { uses.animationDelay = hold }
            if uses != Uses() { list.append((.state(step), uses)) }
            guard step < steps, frameFiles || strip || animation else { continue }
            for index in 1 ..< max(1, frames) {
                var uses = Uses()
                if frameFiles { uses.files.append(Self.framePath(step: step + 1, index: index)) }
                if strip { uses.stripCells.append(StripCell(row: step, column: index)) }
                if animation { uses.animationDelay = frameDelay }
                list.append((.frame(step: step + 1, index: index), uses))
            }
        }
        pictures = list
    }

    /// How many pictures are drawn, for a progress bar.
    package var count: Int { pictures.count }

    static func statePath(_ s: Int) -> String { String(format: "state-%02d.png", s) }
    static func framePath(step: Int, index: Int) -> String { String(format: "step-%02d/frame-%02d.png", step, index) }
}
