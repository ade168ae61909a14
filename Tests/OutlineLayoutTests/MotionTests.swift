import OutlineAppearance
import OutlineEngine
import OutlineLayout
import Testing

/// What a designer checks frame by frame: in every in-between frame of
/// expanding and collapsing (at the top, in the middle and at the end of the
/// list, nested, several blocks at once, detail rows), in every animation
/// style, preset, easing and direction, no two rows' text shows in the same
/// place, and nothing shows below the end of the list.
@Suite struct MotionTests {
    /// Small trees: flat, nested with remembered expansion, a deep chain, and self-sizing rows of several heights.
    static let trees: [[NodeSpec]] = [
        [
            NodeSpec(key: "a", title: "Getting started"),
            NodeSpec(key: "a1", title: "01-getting-started.md", parent: 0),
            NodeSpec(key: "a2", title: "index.mdx", parent: 0),
            NodeSpec(key: "b", title: "Guides", expanded: true),
            NodeSpec(key: "b1", title: "Layout", expanded: true, parent: 3),
            NodeSpec(key: "b1x", title: "Rows", parent: 4),
            NodeSpec(key: "b1y", title: "Frames", parent: 4),
            NodeSpec(key: "b2", title: "Paint", parent: 3),
            NodeSpec(key: "c", title: "Reference"),
            NodeSpec(key: "c1", title: "CLI", parent: 8),
            NodeSpec(key: "c2", title: "Scenario format", parent: 8),
            NodeSpec(key: "c3", title: "index.mdx", parent: 8),
        ],
        (0 ..< 6).map { NodeSpec(key: "n\($0)", title: "Level \($0)", expanded: $0 != 2, parent: $0 == 0 ? nil : $0 - 1) },
        [
            NodeSpec(key: "p", title: "A short one"),
            NodeSpec(key: "p1", title: "A note long enough to wrap over several lines when its row sizes itself", kind: "note", parent: 0),
            NodeSpec(key: "p2", title: "Two", parent: 0),
            NodeSpec(key: "q", title: "Another folder", expanded: true),
            NodeSpec(key: "q1", title: "Yet another note that wraps onto a second and a third line", kind: "note", parent: 3),
        ],
    ]

    /// Every toggle of every node (expand or collapse, wherever it is), every
    /// detail row, expanding and collapsing everything.
    static func steps(_ outline: Outline) -> [(String, (inout Outline) -> Void)] {
        var steps: [(String, (inout Outline) -> Void)] = [
            ("expand all", { _ = $0.expandAll() }), ("collapse all", { _ = $0.collapseAll() }),
        ]
        for node in outline.nodes {
            let name = outline.title(of: node)
            steps.append(("toggle \(name)", { _ = $0.toggle(node) }))
            steps.append(("detail of \(name)", { _ = $0.toggleDetail(node) }))
        }
        return steps
    }

    @Test(arguments: Appearance.AnimationStyle.allCases, Appearance.Preset.allCases)
    func noRowsShowOverOneAnotherOrBelowTheList(style: Appearance.AnimationStyle, preset: Appearance.Preset) throws {
        for easing in [Appearance.Easing.linear, .easeInOut] {
            for direction in [Appearance.Direction.ltr, .rtl] {
                var a = Appearance()
                a.style = Appearance.Style(preset: preset)
                a.kinds["note"] = Appearance.Kind(height: nil)
                a.canvas.direction = direction
                a.animation.style = style
                a.animation.easing = easing
                a.animation.frames = 8
                let rows = layout(a)
                for specs in Self.trees {
                    let start = try outline(specs)
                    for (name, step) in Self.steps(start) {
                        var after = start
                        step(&after)
                        for (from, to, way) in [(start, after, "forth"), (after, start, "back")] {
                            let t = Transition(
                                from: StateLayout(from, rows: rows, through: nil), to: StateLayout(to, rows: rows, through: nil),
                                animation: a.animation, limit: nil)
                            for f in 1 ..< a.animation.frames {
                                let e = Transition.ease(Double(f) / Double(a.animation.frames), easing)
                                let end = t.before.contentHeight + (t.after.contentHeight - t.before.contentHeight) * e
                                let problem = Self.problem(in: t.frame(f), end: end)
                                #expect(problem == nil, "\(style) \(preset) \(easing) \(direction): \(name) \(way), frame \(f): \(problem ?? "")")
                                if problem != nil { return }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The slide of the issue: collapsing a folder, its rows go under it as one
    /// block, glued to the rows below, and never show above it.
    @Test func collapsedRowsSlideAsOneBlockUnderTheirParent() throws {
        var a = Appearance()
        a.animation.style = .slide
        a.animation.easing = .linear
        a.animation.frames = 4
        let rows = layout(a)
        let start = try outline(Self.trees[0])
        var end = start
        _ = end.expand(try end.node(id: "a"))
        let t = Transition(
            from: StateLayout(end, rows: rows, through: nil), to: StateLayout(start, rows: rows, through: nil),
            animation: a.animation, limit: nil)
        let mid = t.frame(2)
        let box = { (id: String) in try #require(mid.rows.first { $0.row == Row(node: try end.node(id: id), isDetail: false) }) }
        let (parent, first, second, below) = (try box("a"), try box("a/a1"), try box("a/a2"), try box("b"))
        #expect(second.y - first.y == 44)  // one block
        #expect(below.y == second.y + 44)  // glued to the rows below
        #expect(first.y == 0)  // half way under its parent
        #expect(first.clip == parent.y + 44 ..< below.y)
        let order = mid.rows.map(\.row)
        #expect(try #require(order.firstIndex(of: second.row)) < (try #require(order.firstIndex(of: parent.row))))  // beneath
    }

    /// The first problem of a frame, if any: two rows' text boxes in the same
    /// place (where rows drawn later and opaque cover a row, it is hidden), or
    /// a row below `end`.
    static func problem(in frame: FrameLayout, end: Double) -> String? {
        let epsilon = 1e-6
        // What shows of each row: its span, less the opaque rows drawn after it.
        var shown: [[Range<Double>]] = []
        for (k, box) in frame.rows.enumerated() {
            let clip = box.clip ?? -.infinity ..< .infinity
            let top = max(box.y, clip.lowerBound), bottom = min(box.y + box.height, clip.upperBound)
            var pieces = box.opacity > 0 && bottom > top + epsilon ? [top ..< bottom] : []
            for cover in frame.rows[(k + 1)...] where cover.opacity >= 1 {
                let c = cover.clip ?? -.infinity ..< .infinity
                let ct = max(cover.y, c.lowerBound), cb = min(cover.y + cover.height, c.upperBound)
                guard cb > ct else { continue }
                pieces = pieces.flatMap { p -> [Range<Double>] in
                    guard ct < p.upperBound, cb > p.lowerBound else { return [p] }
                    return [p.lowerBound ..< max(p.lowerBound, ct), min(p.upperBound, cb) ..< p.upperBound].filter { $0.upperBound > $0.lowerBound + epsilon }
                }
            }
            shown.append(pieces)
        }
        for (k, pieces) in shown.enumerated() {
            if let low = pieces.last(where: { $0.upperBound > end + epsilon }) {
                return "\(frame.rows[k].content.title.lines) shows down to \(low.upperBound), below the list's end \(end)"
            }
            for (m, others) in shown.enumerated() where m > k {
                for p in pieces {
                    for o in others where p.lowerBound < o.upperBound - epsilon && o.lowerBound < p.upperBound - epsilon {
                        return "\(frame.rows[m].content.title.lines) is drawn over \(frame.rows[k].content.title.lines) at \(max(p.lowerBound, o.lowerBound))"
                    }
                }
            }
        }
        return nil
    }
}
