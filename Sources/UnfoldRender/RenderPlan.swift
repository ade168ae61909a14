import Foundation
import ScenarioFormat

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

        /// Whether it is a resting state.
        package var isState: Bool {
            if case .state = self { return true }
            return false
        }
    }

    /// What the outputs need drawn (`OutputFormat.needs`).
    package struct Needs: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// The state after every step.
        package static let states = Needs(rawValue: 1)
        /// Every frame of every step's transition, each step on its own.
        package static let frames = Needs(rawValue: 2)
        /// The strip's cells.
        package static let strip = Needs(rawValue: 4)
        /// The frames of one animation, each with how long it shows.
        package static let animation = Needs(rawValue: 8)
    }

    /// Where a picture goes. Outputs name their files from this.
    package struct Uses: Sendable, Equatable {
        /// The picture is state `n` and a state is wanted (`Needs.states`).
        package var state: Int?
        /// The frame slots it fills (`Needs.frames`): frame `index` of step
        /// `step`, from 0 (the state before) to `frames` (the state after).
        package var frameSlots: [FrameSlot] = []
        /// Cells of the strip (row = step - 1, or 0 for a scenario without steps; column = frame).
        package var stripCells: [StripCell] = []
        /// Shown in the animation for this long, in milliseconds.
        package var animationDelay: Int?
    }

    /// Frame `index` of step `step`'s transition.
    package struct FrameSlot: Sendable, Equatable, Hashable {
        package var step: Int
        package var index: Int
    }

    package struct StripCell: Sendable, Equatable, Hashable {
        package var row: Int
        package var column: Int
    }

    package let steps: Int
    package let frames: Int
    /// How long each state rests in the animation, in ms.
    package let holds: [Int]
    /// Every picture to draw, in drawing order, with its uses.
    package let pictures: [(picture: Picture, uses: Uses)]

    /// The plan for `steps` steps of `frames` frames each; `holds` (ms each
    /// state rests, one per state: `holds(_:hold:)`) and `frameDelay` time
    /// the animation. O(steps × frames).
    package init(steps: Int, frames: Int, needs: Needs, holds: [Int], frameDelay: Int) {
        self.steps = steps
        self.frames = frames
        self.holds = holds
        let states = needs.contains(.states), frameFiles = needs.contains(.frames)
        let strip = needs.contains(.strip), animation = needs.contains(.animation)
        var list: [(Picture, Uses)] = []
        for step in 0 ... steps {
            // The state after `step`: a state, the last frame of `step`, frame 0 of the next.
            var uses = Uses()
            if states { uses.state = step }
            if step > 0, frameFiles { uses.frameSlots.append(FrameSlot(step: step, index: frames)) }
            if step < steps, frameFiles { uses.frameSlots.append(FrameSlot(step: step + 1, index: 0)) }
            if strip {
                if steps == 0 { uses.stripCells.append(StripCell(row: 0, column: 0)) }
                if step > 0 { uses.stripCells.append(StripCell(row: step - 1, column: frames)) }
                if step < steps { uses.stripCells.append(StripCell(row: step, column: 0)) }
            }
            if animation { uses.animationDelay = holds[min(step, holds.count - 1)] }
            if uses != Uses() { list.append((.state(step), uses)) }
            guard step < steps, frameFiles || strip || animation else { continue }
            for index in 1 ..< max(1, frames) {
                var uses = Uses()
                if frameFiles { uses.frameSlots.append(FrameSlot(step: step + 1, index: index)) }
                if strip { uses.stripCells.append(StripCell(row: step, column: index)) }
                if animation { uses.animationDelay = frameDelay }
                list.append((.frame(step: step + 1, index: index), uses))
            }
        }
        pictures = list
    }

    /// How long each state of `steps` rests: the first `hold`, each after a
    /// step its own `hold` or `hold`. O(steps).
    package static func holds(_ steps: [Step], hold: Int) -> [Int] {
        [hold] + steps.map { $0.hold ?? hold }
    }

    /// How many pictures are drawn, for a progress bar.
    package var count: Int { pictures.count }
}
