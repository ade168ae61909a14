import OutlineAppearance
import OutlineEngine

/// The frames between two states: rows that stay move to their new place,
/// chevrons and selection blend, and the rows that appear or disappear fade,
/// each run of them as one block in the gap it opens or closes under the row
/// that stays above it (its parent, or a sibling's last descendant). The gap
/// opens and closes with the rows that stay: a block shows only inside it,
/// beneath the rows that stay, never above the row over it nor below the
/// rows under it. With `fade` a block keeps its place under that row (the
/// rows below cover it as they move up); with `slide` it also comes out from
/// under that row or goes back under it, glued to the rows below (by at most
/// the canvas's height, so that a huge block costs what is on screen). Where
/// a block goes and another comes (a gap with both), the new one opens at the
/// top of the gap and the old one closes below it. Frame 0 equals the state
/// before and the last frame the state after, exactly: at t = 0 and t = 1
/// every value is taken, not computed.
///
/// With a canvas `limit`, only the rows that can appear above it are laid
/// out, so the cost follows the screen, not the tree. In an in-between frame
/// t is in [tₘᵢₙ, tₘₐₓ]; a row that stays is at (1 − t)·y₀ + t·y₁ with y₁ ≥ 0,
/// so one at or past R = limit / min(tₘᵢₙ, 1 − tₘₐₓ) in its own state never
/// shows, and a gap whose top is past R in either state shows nowhere.
/// A block in a gap whose top shows moves by at most `limit`, so its rows
/// that can show start above R + limit: each state is laid out down to
/// R + limit, once, and which row goes where is worked out once, not per
/// frame. (R depends on the easing: 54 canvases for `easeInOut` over 6 frames.)
package struct Transition: Sendable {
    package private(set) var before: StateLayout
    package private(set) var after: StateLayout
    package let animation: Appearance.Animation
    /// How far a block slides at most: the canvas's height (nil: no bound).
    private let limit: Double?
    /// For each laid-out row of `before`: its index in `after` if it stays and
    /// is laid out there (else nil: it goes, or it moves past the laid-out rows
    /// and shows in no in-between frame).
    private var stays: [Int?] = []
    /// For each laid-out row of `before` that goes: its gap (an index into
    /// `gaps`); nil when it shows in no frame, and for rows that stay.
    private var goneGap: [Int?] = []
    /// For each laid-out row of `after` that comes: its gap, as `goneGap`.
    private var newGap: [Int?] = []
    private var gaps: [Gap] = []

    /// The place between two rows that stay (or above the first, or below the
    /// last) where blocks of rows close and open.
    private struct Gap: Sendable {
        /// The top of the gap (the bottom of the row that stays above it) before and after.
        var top: (before: Double, after: Double)
        /// The height of the rows that go and of those that come: nil if the
        /// block runs past the laid-out rows (then it is taller than the
        /// canvas, and the gap's bottom is below the canvas in every frame).
        var gone: Double? = 0
        var new: Double? = 0
    }

    /// The frames from `before` to `after` over `animation.frames` frames;
    /// `limit`: the canvas height (nil: every row is drawn).
    package init(from before: StateLayout, to after: StateLayout, animation: Appearance.Animation, limit: Double?) {
        self.before = before
        self.after = after
        self.animation = animation
        self.limit = limit
        let f = Double(max(2, animation.frames))
        let canvas = limit ?? .infinity
        let reach = canvas / min(Self.ease(1 / f, animation.easing), 1 - Self.ease((f - 1) / f, animation.easing)) + canvas
        self.before.extend(through: reach)
        self.after.extend(through: reach)
        pairRows()
    }

    /// Which rows stay, and the gap of every row that goes or comes, with each gap's blocks measured. O(rows laid out × log n).
    private mutating func pairRows() {
        let old = before.boxes, new = after.boxes
        // The gap under each laid-out row of `before` that stays and is laid out in `after`.
        var gapUnder: [Int: Int] = [:]
        gaps = [Gap(top: (0, 0))]
        var current: Int? = 0
        for (i, box) in old.enumerated() {
            if let j = after.index(of: box.row) {
                let laidOut = j < new.count
                stays.append(laidOut ? j : nil)
                goneGap.append(nil)
                current = nil
                if laidOut {
                    gapUnder[i] = gaps.count
                    current = gaps.count
                    gaps.append(Gap(top: (box.y + box.height, new[j].y + new[j].height)))
                }
            } else {
                stays.append(nil)
                goneGap.append(current)
                if let g = current { gaps[g].gone? += box.height }
            }
        }
        // Rows past the laid-out ones may belong to the last gap: its block's height is not known.
        let beforeComplete = before.outline.row(at: old.count) == nil
        if let g = current, !beforeComplete { gaps[g].gone = nil }
        current = 0
        for box in new {
            if let i = before.index(of: box.row) {
                newGap.append(nil)
                current = gapUnder[i]
            } else {
                newGap.append(current)
                if let g = current { gaps[g].new? += box.height }
            }
        }
        let afterComplete = after.outline.row(at: new.count) == nil
        if let g = current, !afterComplete { gaps[g].new = nil }
    }

    /// The layout at frame `index` (0 ... `animation.frames`). O(rows laid out).
    package func frame(_ index: Int) -> FrameLayout {
        let count = animation.frames
        if index <= 0 { return before.frame }
        if index >= count { return after.frame }
        let t = Self.ease(Double(index) / Double(count), animation.easing)
        let slide = animation.style == .slide
        let most = limit ?? .infinity
        var gone: [RowBox] = [], new: [RowBox] = [], staying: [RowBox] = []
        for (i, box) in before.boxes.enumerated() {
            if let j = stays[i] {
                let end = after.boxes[j]
                var b = end
                b.y = mix(box.y, end.y, t)
                b.height = mix(box.height, end.height, t)
                b.chevron = box.chevron.flatMap { a in end.chevron.map { mix(a, $0, t) } } ?? end.chevron
                b.selection = mix(box.selection, end.selection, t)
                b.focus = mix(box.focus, end.focus, t)
                b.hover = mix(box.hover, end.hover, t)
                staying.append(b)
            } else if let g = goneGap[i] {
                // Closing below the opening block: from the gap's top + new·t, D·(1 − t) tall.
                let gap = gaps[g], top = mix(gap.top.before, gap.top.after, t)
                guard let opened = gap.new.map({ top + $0 * t }) else { continue }
                var b = box
                b.opacity = 1 - t
                b.y = box.y - gap.top.before + opened - (slide ? min(gap.gone ?? most, most) * t : 0)
                b.clip = opened ..< (gap.gone.map { max(opened, opened + $0 * (1 - t)) } ?? .infinity)
                gone.append(b)
            }
        }
        for (j, box) in after.boxes.enumerated() {
            guard let g = newGap[j] else { continue }
            // Opening at the gap's top, new·t tall.
            let gap = gaps[g], top = mix(gap.top.before, gap.top.after, t)
            var b = box
            b.opacity = t
            b.y = box.y - gap.top.after + top - (slide ? min(gap.new ?? most, most) * (1 - t) : 0)
            b.clip = top ..< (gap.new.map { top + $0 * t } ?? .infinity)
            new.append(b)
        }
        return FrameLayout(rows: gone + new + staying)
    }

    /// The eased progress of a transition at `t` (0 ... 1).
    package static func ease(_ t: Double, _ easing: Appearance.Easing) -> Double {
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
