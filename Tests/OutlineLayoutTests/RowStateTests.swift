import OutlineAppearance
import OutlineEngine
import OutlineLayout
import Testing

@Suite struct RowStateTests {
    /// A parent is checked when all its leaves are, unchecked when none is, mixed otherwise,
    /// and stays right through checks, inserts, removes and moves.
    @Test func checkStatesFollowTheLeaves() throws {
        var o = try Outline([
            NodeSpec(key: "p", title: "P", expanded: true), NodeSpec(key: "a", title: "A", parent: 0),
            NodeSpec(key: "b", title: "B", parent: 0), NodeSpec(key: "q", title: "Q", expanded: true),
        ])
        let (p, a, b, q) = try (o.node(id: "p"), o.node(id: "p/a"), o.node(id: "p/b"), o.node(id: "q"))
        #expect(o.checkState(of: p) == .unchecked)
        let update = o.setChecked(a, true)
        #expect(o.checkState(of: p) == .mixed && o.checkState(of: a) == .checked && o.checkState(of: b) == .unchecked)
        #expect(update.changed == [0, 1])  // the leaf and its parent
        o.setChecked(p, true)
        #expect(o.checkState(of: b) == .checked && o.checkState(of: p) == .checked)
        try o.insert([NodeSpec(key: "c", title: "C")], under: p)
        #expect(o.checkState(of: p) == .mixed)
        try o.remove(try o.node(id: "p/c"))
        #expect(o.checkState(of: p) == .checked)
        try o.move(b, under: q)
        #expect(o.checkState(of: q) == .checked && o.checkState(of: p) == .checked)
        o.setChecked(q, false)
        #expect(o.checkState(of: b) == .unchecked && o.checkState(of: p) == .checked)
        // A leaf's own flag counts once it is a leaf again.
        try o.move(a, under: q)
        #expect(o.checkState(of: p) == .checked && o.checkState(of: q) == .mixed)
    }

    /// A checkbox comes before the icon and the title, which move over by its width;
    /// the states reach the box.
    @Test func aCheckboxComesFirstAndTheMarksReachTheBox() throws {
        var a = Appearance()
        a.style.checkboxes = true
        var o = try Outline([NodeSpec(key: "x", title: "X", icon: "gear", checked: true)])
        let x = try o.node(id: "x")
        o.setFocus(x)
        o.setHover(x)
        o.setDropTarget(DropTarget(node: x, position: .after))
        let box = RowLayout(appearance: a, measure: fake).box(for: try #require(o.row(at: 0)), in: o, y: 0)
        let checkbox = try #require(box.content.checkbox)
        let icon = try #require(box.content.icon)
        #expect(checkbox.state == .checked && checkbox.size == RowLayout.Metrics.checkboxSize)
        #expect(icon.leading == checkbox.leading + checkbox.size + RowLayout.Metrics.checkboxGap)
        #expect(box.focus == 1 && box.hover == 1 && box.drop == .after)
        let plain = RowLayout(appearance: Appearance(), measure: fake).box(for: try #require(o.row(at: 0)), in: o, y: 0)
        #expect(plain.content.checkbox == nil && plain.content.icon?.leading == checkbox.leading)
    }
}
