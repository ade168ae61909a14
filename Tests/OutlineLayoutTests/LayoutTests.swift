import OutlineAppearance
import OutlineEngine
import OutlineLayout
import Testing

/// A monospace font: every character is half the font size wide; lines are 1.25 × the size.
let fake = TextMeasure(
    wrap: { text, size, _, width in
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if Double(candidate.count) * size / 2 <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + [line]
    },
    ellipsize: { text, size, _, width, truncation in
        let fits = Int(width / (size / 2))
        guard text.count > fits else { return text }
        let kept = max(0, fits - 1)
        return truncation == .end
            ? String(text.prefix(kept)) + "…" : String(text.prefix(kept / 2)) + "…" + String(text.suffix(kept - kept / 2))
    },
    width: { text, size, _ in Double(text.count) * size / 2 },
    lineHeight: { size in size * 1.25 })

func outline(_ specs: [NodeSpec]) throws -> Outline { try Outline(specs) }

func layout(_ appearance: Appearance) -> RowLayout { RowLayout(appearance: appearance, measure: fake) }

@Suite struct RowLayoutTests {
    let long = "A title long enough to wrap over several lines of the row when it self-sizes"

    /// An icon in a self-sizing kind: the title wraps to the width after the icon,
    /// and every line fits where the painter starts it.
    @Test func anIconNarrowsTheWrappedTitle() throws {
        var a = Appearance()
        a.kinds["note"] = Appearance.Kind(height: nil)
        let o = try outline([NodeSpec(title: long, kind: "note", icon: "gear")])
        let box = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0)
        let title = box.content.title
        let icon = try #require(box.content.icon)
        #expect(title.leading == icon.leading + icon.size + RowLayout.Metrics.iconGap)
        #expect(title.leading + title.width == a.canvas.width - RowLayout.Metrics.trailingMargin)
        #expect(title.lines.count > 1)
        for line in title.lines { #expect(fake.width(line, title.fontSize, .regular) <= title.width, "\(line)") }
        #expect(box.height == Double(title.lines.count) * fake.lineHeight(a.style.fontSize) + RowLayout.Metrics.autoPadding)
    }

    /// A long subtitle in a self-sizing row: every wrapped line is kept and counted in the height.
    @Test func aLongSubtitleWrapsAndIsAllDrawn() throws {
        var a = Appearance()
        a.kinds["note"] = Appearance.Kind(height: nil)
        let o = try outline([NodeSpec(title: "Short", subtitle: long, kind: "note")])
        let box = layout(a).box(for: try #require(o.row(at: 0)), in: o, y: 0)
        let subtitle = try #require(box.content.subtitle)
        #expect(subtitle.lines.count > 1)
        #expect(subtitle.lines.joined(separator: " ") == long)
        #expect(box.height == fake.lineHeight(17) + Double(subtitle.lines.count) * fake.lineHeight(17 * 0.76) + 20)
    }

    /// Badges of 1 to 6 digits: the pill is as wide as its text needs, and the
    /// title ends a gap before it.
    @Test func badgesFitTheirCountAndTheTitleStopsBeforeThem() throws {
        for count in [7, 42, 512, 4096, 10000, 100_000] {
            var specs = [NodeSpec(title: "Parent with a title that is long enough to be cut")]
            specs += (0 ..< count).map { NodeSpec(key: "c\($0)", title: "c", parent: 0) }
            let o = try outline(specs)
            let box = layout(Appearance()).box(for: try #require(o.row(at: 0)), in: o, y: 0)
            let badge = try #require(box.content.badge)
            let textWidth = Double(badge.text.count) * 13 / 2
            #expect(badge.text == String(count))
            #expect(badge.width == max(textWidth + 12, 22))
            #expect(badge.leading + badge.width == 390 - 16)
            #expect(badge.textLeading == badge.leading + (badge.width - textWidth) / 2)
            let title = box.content.title
            #expect(title.leading + title.width == badge.leading - RowLayout.Metrics.badgeGap)
            #expect(fake.width(title.lines[0], 17, .regular) <= title.width)
        }
    }

    /// A folder whose list ends in "…" (entries left out) has an unknown
    /// count: no badge, but still its chevron; one whose "…" is not last keeps its count.
    @Test func aFolderEndingInAPlaceholderHasNoBadge() throws {
        let o = try outline([
            NodeSpec(key: "a", title: "src"), NodeSpec(key: "a1", title: "main.swift", parent: 0), NodeSpec(key: "a2", title: "…", parent: 0),
            NodeSpec(key: "b", title: "docs"), NodeSpec(key: "b1", title: "…", parent: 3), NodeSpec(key: "b2", title: "guide.md", parent: 3),
        ])
        let rows = layout(Appearance())
        let cut = rows.box(for: try #require(o.row(at: 0)), in: o, y: 0)
        let counted = rows.box(for: try #require(o.row(at: 1)), in: o, y: 44)
        #expect(cut.content.badge == nil && cut.chevron == 0)
        #expect(counted.content.badge?.text == "2")
    }

    /// File-tree looks cut names in the middle, so that two names that end
    /// differently stay apart; `ios` and `style.truncation: end` cut the end.
    @Test func fileTreeLooksCutNamesInTheMiddle() throws {
        let names = ["find-common-ancestor.d.ts", "find-common-ancestor.ts"]
        let o = try outline(names.map { NodeSpec(title: $0, icon: "ts") })
        func titles(_ style: Appearance.Style) throws -> [String] {
            var a = Appearance(style: style)
            a.canvas.width = 180  // room for 17 characters of 13 points after the icon
            return try (0 ..< 2).map { layout(a).box(for: try #require(o.row(at: $0)), in: o, y: 0).content.title.lines[0] }
        }
        for preset in [Appearance.Preset.macos, .explorer] {
            let cut = try titles(Appearance.Style(preset: preset))
            #expect(cut[0] != cut[1] && cut.allSatisfy { $0.contains("…") }, "\(preset): \(cut)")
            #expect(cut[0].hasSuffix(".d.ts") && cut[1].hasSuffix("tor.ts"))
            var end = Appearance.Style(preset: preset)
            end.truncation = .end
            let ends = try titles(end)
            #expect(ends[0] == ends[1] && ends[0].hasSuffix("…"), "\(ends)")
        }
        #expect(Appearance.Style(preset: .ios).truncation == .end && Appearance.Style(preset: .plain).truncation == .end)
    }

    /// A folder with no children shows a closed disclosure; a file none.
    @Test func anEmptyFolderHasAClosedDisclosure() throws {
        let o = try outline([NodeSpec(title: "empty", icon: "folder"), NodeSpec(title: "a.txt", icon: "txt")])
        let rows = layout(Appearance(style: Appearance.Style(preset: .explorer)))
        let folder = rows.box(for: try #require(o.row(at: 0)), in: o, y: 0)
        let file = rows.box(for: try #require(o.row(at: 1)), in: o, y: 22)
        #expect(folder.chevron == 0 && folder.content.badge == nil)
        #expect(file.chevron == nil)
    }

    /// The row above a selected row has no separator; the others keep theirs.
    @Test func theRowAboveTheSelectionLosesItsSeparator() throws {
        var o = try outline([NodeSpec(title: "One"), NodeSpec(title: "Two"), NodeSpec(title: "Three")])
        _ = o.select(try o.node(id: "Three"))
        let state = StateLayout(o, rows: layout(Appearance()), through: nil)
        #expect(state.frame.rows.map { $0.content.separator != nil } == [true, false, true])
        _ = o.select(nil)
        #expect(StateLayout(o, rows: layout(Appearance()), through: nil).frame.rows.allSatisfy { $0.content.separator != nil })
    }

    /// Inset separators start where the title does, after the icon tile, as UIKit's do.
    @Test func insetSeparatorsStartAtTheTitle() throws {
        let o = try outline([NodeSpec(title: "Wi-Fi", icon: "gear"), NodeSpec(title: "Plain")])
        let rows = layout(Appearance())
        for index in 0 ..< 2 {
            let box = rows.box(for: try #require(o.row(at: index)), in: o, y: 0)
            #expect(box.content.separator == box.content.title.leading)
        }
        let withIcon = rows.box(for: try #require(o.row(at: 0)), in: o, y: 0)
        #expect(try #require(withIcon.content.separator) > (withIcon.content.icon?.leading ?? .infinity))
    }

    @Test func detailRowsUseTheKindsTextAndASmallerFont() throws {
        var a = Appearance()
        a.kinds["setting"] = Appearance.Kind(height: 56, detail: Appearance.Kind.Detail(height: nil, text: "More"))
        var o = try outline([NodeSpec(title: "Wi-Fi", kind: "setting"), NodeSpec(title: "Plain")])
        _ = o.showDetail(try o.node(id: "Wi-Fi"))
        _ = o.showDetail(try o.node(id: "Plain"))
        let rows = layout(a)
        let detail = rows.box(for: try #require(o.row(at: 1)), in: o, y: 56)
        #expect(detail.isDetail && detail.content.title.lines == ["More"] && detail.content.title.fontSize == 17 * 0.82)
        #expect(detail.height == fake.lineHeight(17 * 0.82) + 20)  // `height` omitted: self-sizing
        #expect(detail.content.icon == nil && detail.content.badge == nil && detail.chevron == nil)
        let plain = rows.box(for: try #require(o.row(at: 3)), in: o, y: 0)
        #expect(plain.content.title.lines == ["Details of Plain"] && plain.height == 44)
    }

    /// However deep, a row keeps room for its title, and guides stay on the canvas.
    @Test func deepRowsKeepTheirTitleOnTheCanvas() throws {
        let specs = (0 ..< 300).map { NodeSpec(key: "n\($0)", title: "Level \($0)", expanded: true, parent: $0 == 0 ? nil : $0 - 1) }
        let o = try outline(specs)
        let rows = layout(Appearance())
        let box = rows.box(for: try #require(o.row(at: 299)), in: o, y: 0)
        #expect(box.content.title.width >= Indentation.minimumTitle - RowLayout.Metrics.trailingMargin)
        #expect(box.content.guides.count <= 299 && box.content.guides.allSatisfy { $0 > 0 && $0 < 390 })
        #expect(box.content.guides == box.content.guides.sorted())
    }

    /// A row's guides are those of the levels that start somewhere new: a row
    /// a billion levels deep gets them in bounded time, the same as before
    /// (one per distinct level); a tiny indent is no crash.
    @Test func guidesOfVeryDeepRowsTakeBoundedWork() throws {
        let o = try outline([NodeSpec(title: "A")])
        let row = try #require(o.row(at: 0))
        let rows = layout(Appearance())
        let indentation = rows.indentation
        var every: [Double] = []
        for level in 0 ..< indentation.lastDistinctDepth + 100 {
            let x = indentation.x(depth: level) + RowLayout.Metrics.chevronCenter
            if x != every.last { every.append(x) }
        }
        #expect(rows.box(for: row, RowLayout.Facts(depth: 1_000_000_000, title: "A"), y: 0).content.guides == every)
        var tiny = Appearance()
        tiny.style.indent = 1e-300
        #expect(layout(tiny).box(for: row, RowLayout.Facts(depth: 1000, title: "A"), y: 0).content.guides.count == 1)
    }

    /// Every horizontal position is a distance from the leading edge within the canvas.
    @Test func positionsAreLeadingDistancesOnTheCanvas() throws {
        let o = try outline([
            NodeSpec(title: "Network", subtitle: "On", icon: "wifi", expanded: true),
            NodeSpec(title: "Wi-Fi", parent: 0),
        ])
        let c = layout(Appearance()).box(for: try #require(o.row(at: 0)), in: o, y: 0).content
        let edges = [
            c.chevronCenter, c.title.leading, c.icon!.leading, c.badge!.leading, c.badge!.leading + c.badge!.width,
            c.title.leading + c.title.width,
        ]
        #expect(edges.allSatisfy { (0 ... 390).contains($0) })
        #expect(c.chevronCenter < c.icon!.leading && c.icon!.leading < c.title.leading && c.title.leading < c.badge!.leading)
    }
}

@Suite struct TransitionTests {
    func tree(children: Int) throws -> Outline {
        try outline(
            [NodeSpec(key: "a", title: "A")] + (0 ..< children).map { NodeSpec(key: "c\($0)", title: "Child \($0)", parent: 0) }
                + [NodeSpec(key: "b", title: "B", expanded: true), NodeSpec(key: "b1", title: "B one", parent: children + 1)])
    }

    @Test(arguments: [Appearance.AnimationStyle.fade, .slide])
    func endsAreTheStatesAndSlidingRowsComeFromTheirParent(style: Appearance.AnimationStyle) throws {
        var o = try tree(children: 3)
        let before = o
        _ = o.expand(try o.node(id: "a"))
        var a = Appearance()
        a.animation.style = style
        a.animation.frames = 4
        let rows = layout(a)
        let t = Transition(
            from: StateLayout(before, rows: rows, through: nil), to: StateLayout(o, rows: rows, through: nil),
            animation: a.animation, limit: nil)
        #expect(t.frame(0) == t.before.frame && t.frame(4) == t.after.frame)
        let mid = t.frame(2)
        let child = try #require(mid.rows.first { $0.row == Row(node: try o.node(id: "a/c2"), isDetail: false) })
        #expect(child.opacity == 0.5)  // easeInOut at the middle
        #expect(style == .slide ? child.y < 3 * 44 : child.y == 3 * 44)
        #expect(mid.rows.last?.row.node == (try o.node(id: "b/b1")))  // staying rows are drawn last
    }

    /// On a fixed canvas only what can show is laid out, and every frame shows
    /// exactly what the whole layout would: a property test over random steps
    /// (toggles, detail rows, collapses, inserts and removes) in both styles.
    @Test(arguments: [Appearance.AnimationStyle.fade, .slide], [Appearance.Easing.linear, .easeInOut])
    func windowedFramesMatchTheWholeLayout(style: Appearance.AnimationStyle, easing: Appearance.Easing) throws {
        var generator = SplitMix(seed: 7)
        var a = Appearance()
        a.canvas.height = 300
        a.animation.style = style
        a.animation.easing = easing
        let rows = layout(a)
        var specs: [NodeSpec] = []
        for i in 0 ..< 600 {
            let parent = i < 5 ? nil : Int(generator.next() % UInt64(i))
            specs.append(NodeSpec(key: "n\(i)", title: "Node \(i)", expanded: generator.next() % 3 != 0, parent: parent))
        }
        var o = try outline(specs)
        var added = 0
        for _ in 0 ..< 80 {
            let before = o
            let nodes = o.nodes
            let node = nodes[Int(generator.next() % UInt64(nodes.count))]
            switch generator.next() % 5 {
            case 0: _ = o.toggle(node)
            case 1: _ = o.toggleDetail(node)
            case 2: _ = o.collapse(o.topLevelNodes[Int(generator.next() % UInt64(o.topLevelNodes.count))])
            case 3:
                added += 1
                _ = try o.insert([NodeSpec(key: "x\(added)", title: "Inserted \(added)")], under: node)
            default: if nodes.count > 50 { _ = try o.remove(node) }
            }
            // Every row laid out, on the same canvas (a block slides by at most its height).
            let whole = Transition(
                from: StateLayout(before, rows: rows, through: nil), to: StateLayout(o, rows: rows, through: nil),
                animation: a.animation, limit: 300)
            let window = Transition(
                from: StateLayout(before, rows: rows, through: 300), to: StateLayout(o, rows: rows, through: 300),
                animation: a.animation, limit: 300)
            for f in 0 ... 6 {
                let onScreen = { (frame: FrameLayout) in
                    frame.rows.filter { box in
                        let clip = box.clip ?? 0 ..< 300
                        return max(box.y, clip.lowerBound, 0) < min(box.y + box.height, clip.upperBound, 300) && box.opacity > 0
                    }
                }
                #expect(onScreen(window.frame(f)) == onScreen(whole.frame(f)), "frame \(f)")
            }
        }
    }

    /// Expanding or collapsing a node of 100,000 children on a phone canvas lays
    /// out what can show in some frame: a bound set by the canvas and the
    /// easing (R, and one canvas more for a sliding block), not by the tree.
    @Test(arguments: [Appearance.AnimationStyle.fade, .slide], [Appearance.Easing.linear, .easeInOut])
    func aHugeExpansionLaysOutWhatCanShow(style: Appearance.AnimationStyle, easing: Appearance.Easing) throws {
        var o = try tree(children: 100_000)
        let collapsed = o
        _ = o.expand(try o.node(id: "a"))
        var a = Appearance()
        a.canvas.height = 844
        a.animation.easing = easing
        a.animation.style = style
        let rows = layout(a)
        let bound = easing == .linear ? 7 * 844 / 44 + 2 : 844 * 55 / 44 + 2
        for (from, to) in [(collapsed, o), (o, collapsed)] {
            let t = Transition(
                from: StateLayout(from, rows: rows, through: 844), to: StateLayout(to, rows: rows, through: 844),
                animation: a.animation, limit: 844)
            #expect(t.after.boxes.count <= bound && t.before.boxes.count <= bound)
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
