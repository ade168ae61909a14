import OutlineEngine
import ScenarioFormat

/// The frames between two states: rows that stay move to their new place,
/// inserted rows fade in (and with `slide` come out from under their parent),
/// deleted rows fade out (and with `slide` go back under it), chevrons and
/// selection blend. Frame 0 equals the state before and the last frame the
/// state after, exactly: at t = 0 and t = 1 every value is taken, not computed.
public struct Transition: Sendable {
    public let before: StateLayout
    public let after: StateLayout
    public let style: Scenario.AnimationStyle
    public let easing: Scenario.Easing

    public init(from before: StateLayout, to after: StateLayout, animation: Scenario.Animation) {
        self.before = before
        self.after = after
        style = animation.style
        easing = animation.easing
    }

    /// The layout at frame `index` of `count` frames after frame 0 (0 ... count).
    public func frame(_ index: Int, of count: Int) -> FrameLayout {
        if index <= 0 { return before.frame }
        if index >= count { return after.frame }
        let t = Self.ease(Double(index) / Double(count), easing)
        var afterIndex: [Row: Int] = [:]
        for (i, box) in after.boxes.enumerated() { afterIndex[box.row] = i }
        var beforeIndex: [Row: Int] = [:]
        for (i, box) in before.boxes.enumerated() { beforeIndex[box.row] = i }

        var deleted: [RowBox] = [], inserted: [RowBox] = [], staying: [RowBox] = []
        // How far the last staying row above moved: a fading row travels with it.
        var shiftAbove = 0.0
        for (i, box) in before.boxes.enumerated() {
            if let j = afterIndex[box.row] {
                let end = after.boxes[j]
                shiftAbove = end.y - box.y
                var b = end
                b.y = mix(box.y, end.y, t)
                b.height = mix(box.height, end.height, t)
                b.chevron = box.chevron.flatMap { a in end.chevron.map { mix(a, $0, t) } } ?? end.chevron
                b.selection = mix(box.selection, end.selection, t)
                staying.append(b)
            } else {
                var b = box
                b.opacity = 1 - t
                if style == .slide, let anchor = anchorY(ownState: before, at: i, other: after, otherIndex: afterIndex) {
                    b.y = mix(box.y, anchor, t)
                } else {
                    b.y = box.y + shiftAbove * t
                }
                deleted.append(b)
            }
        }
        for (i, box) in after.boxes.enumerated() where beforeIndex[box.row] == nil {
            var b = box
            b.opacity = t
            if style == .slide, let anchor = anchorY(ownState: after, at: i, other: before, otherIndex: beforeIndex) {
                b.y = mix(anchor, box.y, t)
            }
            inserted.append(b)
        }
        return FrameLayout(rows: deleted + inserted + staying,
                           contentHeight: mix(before.contentHeight, after.contentHeight, t))
    }

    /// Where a row that appears or disappears slides from or to: its parent's
    /// (or, for a detail row, its node's) y in the other state. The parent is
    /// the nearest row above with a smaller depth in the row's own state.
    private func anchorY(ownState: StateLayout, at i: Int, other: StateLayout, otherIndex: [Row: Int]) -> Double? {
        let box = ownState.boxes[i]
        var k = i - 1
        while k >= 0 {
            let candidate = ownState.boxes[k]
            if candidate.depth < box.depth || (box.isDetail && candidate.row.node == box.row.node) {
                return otherIndex[candidate.row].map { other.boxes[$0].y }
            }
            k -= 1
        }
        return nil
    }

    static func ease(_ t: Double, _ easing: Scenario.Easing) -> Double {
        switch easing {
        case .linear: t
        case .easeIn: t * t * t
        case .easeOut: 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: t < 0.5 ? 4 * t * t * t : 1 - 4 * (1 - t) * (1 - t) * (1 - t)
        }
    }
}

/// a + (b - a) t, exact at both ends.
func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
    t <= 0 ? a : t >= 1 ? b : a + (b - a) * t
}
