import OutlineAppearance
import OutlineEngine

/// The frames between two states: rows that stay move to their new place,
/// inserted rows fade in (and with `slide` come out from under their parent),
/// deleted rows fade out (and with `slide` go back under it), chevrons and
/// selection blend. Frame 0 equals the state before and the last frame the
/// state after, exactly: at t = 0 and t = 1 every value is taken, not computed.
///
/// With a canvas `limit`, only the rows that can appear above it are laid
/// out, so the cost follows the screen, not the tree. In an in-between frame
/// every row is at (1 − t)·y₀ + t·y₁ with t in [tₘᵢₙ, tₘₐₓ] and y₁ ≥ 0 (its
/// own y and where it goes: its place in the other state, its parent's, or
/// its place moved with the row above), so a row whose own y is at or past
/// R = limit / min(tₘᵢₙ, 1 − tₘₐₓ) never shows, nor one bound for a place at
/// or past R. Each state is laid out down to R, once; which row goes where is
/// worked out once, not per frame. (R depends on the easing: 54 canvases for
/// `easeInOut` over 6 frames.)
package struct Transition: Sendable {
    package private(set) var before: StateLayout
    package private(set) var after: StateLayout
    package let animation: Appearance.Animation
    /// What each laid-out row of `before` becomes.
    private var fates: [Fate] = []
    /// For each laid-out row of `after`: nil if it stays, else where it slides from.
    private var arrivals: [Anchor?] = []

    private enum Fate: Sendable {
        /// It stays, at this index of `after`.
        case stays(Int)
        case deleted(Anchor)
        /// It stays, but goes past the laid-out rows: it shows in no in-between frame.
        case offCanvas
    }

    /// Where a row that appears or disappears slides from or to (its parent's
    /// place in the other state).
    private enum Anchor: Sendable {
        case none
        case y(Double)
        /// The parent is in the other state past the laid-out rows: the row shows in no in-between frame.
        case offCanvas
    }

    /// The frames from `before` to `after` over `animation.frames` frames;
    /// `limit`: the canvas height (nil: every row is drawn).
    package init(from before: StateLayout, to after: StateLayout, animation: Appearance.Animation, limit: Double?) {
        self.before = before
        self.after = after
        self.animation = animation
        let f = Double(max(2, animation.frames))
        let reach = (limit ?? .infinity) / min(Self.ease(1 / f, animation.easing), 1 - Self.ease((f - 1) / f, animation.easing))
        self.before.extend(through: reach)
        self.after.extend(through: reach)
        fates = self.before.boxes.indices.map(fate(of:))
        arrivals = self.after.boxes.indices.map(arrival(of:))
    }

    private func fate(of i: Int) -> Fate {
        let box = before.boxes[i]
        guard let j = after.index(of: box.row) else { return .deleted(anchor(of: box.row, in: before, other: after)) }
        return j < after.boxes.count ? .stays(j) : .offCanvas
    }

    private func arrival(of j: Int) -> Anchor? {
        let row = after.boxes[j].row
        return before.index(of: row) == nil ? anchor(of: row, in: after, other: before) : nil
    }

    /// The parent row (for a detail row, its node's row) in the other state.
    private func anchor(of row: Row, in own: StateLayout, other: StateLayout) -> Anchor {
        guard animation.style == .slide else { return .none }
        let outline = own.outline
        let parentRow: Row
        if row.isDetail {
            parentRow = Row(node: row.node, isDetail: false)
        } else if let parent = outline.parent(of: row.node) {
            parentRow = Row(node: parent, isDetail: false)
        } else {
            return .none
        }
        guard let k = other.index(of: parentRow) else { return .none }
        return k < other.boxes.count ? .y(other.boxes[k].y) : .offCanvas
    }

    /// The layout at frame `index` (0 ... `animation.frames`). O(rows laid out).
    package func frame(_ index: Int) -> FrameLayout {
        let count = animation.frames
        if index <= 0 { return before.frame }
        if index >= count { return after.frame }
        let t = Self.ease(Double(index) / Double(count), animation.easing)
        var deleted: [RowBox] = [], inserted: [RowBox] = [], staying: [RowBox] = []
        // How far the last staying row above moved: a fading row travels with it.
        var shift: Double? = 0
        for (i, box) in before.boxes.enumerated() {
            switch fates[i] {
            case let .stays(j):
                let end = after.boxes[j]
                shift = end.y - box.y
                var b = end
                b.y = mix(box.y, end.y, t)
                b.height = mix(box.height, end.height, t)
                b.chevron = box.chevron.flatMap { a in end.chevron.map { mix(a, $0, t) } } ?? end.chevron
                b.selection = mix(box.selection, end.selection, t)
                b.focus = mix(box.focus, end.focus, t)
                b.hover = mix(box.hover, end.hover, t)
                staying.append(b)
            case .offCanvas:
                shift = nil
            case let .deleted(anchor):
                var b = box
                b.opacity = 1 - t
                switch anchor {
                case let .y(target): b.y = mix(box.y, target, t)
                case .offCanvas: continue
                case .none:
                    guard let shift else { continue }
                    b.y = box.y + shift * t
                }
                deleted.append(b)
            }
        }
        for (j, box) in after.boxes.enumerated() {
            guard let anchor = arrivals[j] else { continue }
            var b = box
            b.opacity = t
            switch anchor {
            case let .y(from): b.y = mix(from, box.y, t)
            case .offCanvas: continue
            case .none: break
            }
            inserted.append(b)
        }
        return FrameLayout(rows: deleted + inserted + staying)
    }

    static func ease(_ t: Double, _ easing: Appearance.Easing) -> Double {
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
