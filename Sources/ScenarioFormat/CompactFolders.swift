import OutlineEngine

extension Scenario {
    /// Draws the scenario in `preset`'s look instead of its own, with the
    /// same tree the scenario file would give with `style: {preset: …}`
    /// (a look that merges folder chains merges them here too). O(nodes).
    package mutating func apply(preset: Appearance.Preset) {
        style = Style(preset: preset)
        if style.compactFolders { compactFolderChains() }
    }

    /// Merges each chain of folders that have a single child folder into one
    /// row titled with the chain (`Sources/App/Views`), as code editors show
    /// file trees (`style.compactFolders`). A folder is a node with children
    /// or the `folder` icon. The row keeps the full id of its last folder
    /// (its key is the chain's keys, `src/app/views`), so steps name it as
    /// they would without merging, or by the last key alone (`views`), and its
    /// rows below keep their ids too. It keeps the last folder's open state;
    /// a folder source's `open: N` counts levels on the merged rows, so a
    /// merged top row starts open with `open: 1`. A folder that is selected or
    /// highlighted, shows a detail row or has handlers of its own keeps its row. O(nodes).
    mutating func compactFolderChains() {
        let count = nodes.count
        var children = [[Int]](repeating: [], count: count)
        for (i, node) in nodes.enumerated() { if let p = node.parent { children[p].append(i) } }
        let keeps = Set(initialDetails).union(handlers.byNode.keys).union(initialSelection.map { [$0] } ?? [])
            .union(nodes.indices.filter { nodes[$0].highlighted }).union(initialStates.nodes)
        func isFolder(_ i: Int) -> Bool { !children[i].isEmpty || nodes[i].icon == "folder" }
        var absorbed = [Bool](repeating: false, count: count)
        // Pre-order: a node is merged into its child before the child is looked at, so chains of any length merge.
        for i in 0 ..< count where children[i].count == 1 && isFolder(i) && !keeps.contains(i) {
            let child = children[i][0]
            guard isFolder(child) else { continue }
            absorbed[i] = true
            nodes[child].title = nodes[i].title + "/" + nodes[child].title
            nodes[child].key = nodes[i].effectiveKey + "/" + nodes[child].effectiveKey
            nodes[child].parent = nodes[i].parent
        }
        guard absorbed.contains(true) else { return }
        defer {
            if let levels = openFolderLevels { openFolders(levels) }
            openFoldersIfNoneOpen()
            // The default loop named folders that are now part of a merged row: it is made again on the merged tree.
            if stepsLoopTheTree, let at = steps.first?.location, let outline = try? makeOutline() {
                steps = Scenario.loop(of: outline, at: at, hold: animation.hold)
            }
        }
        var newIndex = [Int](repeating: -1, count: count)
        var kept: [Int] = []
        for i in 0 ..< count where !absorbed[i] {
            newIndex[i] = kept.count
            kept.append(i)
        }
        nodes = kept.map { i in
            var node = nodes[i]
            node.parent = node.parent.map { newIndex[$0] }
            return node
        }
        nodeLocations = kept.map { nodeLocations[$0] }
        initialDetails = initialDetails.map { newIndex[$0] }
        handlers.byNode = Dictionary(uniqueKeysWithValues: handlers.byNode.map { (newIndex[$0.key], $0.value) })
        initialSelection = initialSelection.map { newIndex[$0] }
        initialStates = initialStates.renumbered(newIndex)
    }

    /// Opens the folders less than `levels` deep in the tree as drawn, and
    /// closes the others (a folder source's `open: N`). Parents come before
    /// their children, so depths take one pass. O(nodes).
    mutating func openFolders(_ levels: Int) {
        var depth = [Int](repeating: 0, count: nodes.count)
        for i in nodes.indices {
            depth[i] = nodes[i].parent.map { depth[$0] + 1 } ?? 0
            if nodes[i].icon == "folder" { nodes[i].expanded = depth[i] < levels }
        }
    }
}
