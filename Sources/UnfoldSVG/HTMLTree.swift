import OutlineAppearance
import OutlineLayout
import UnfoldCanvas
import UnfoldPaint
import UnfoldSupport

/// A tree as one self-contained piece of HTML that a reader opens and
/// closes: nested `<details>` that work with scripts off, made a WAI-ARIA
/// tree by its own small script (`HTMLTreeScript`) when scripts run.
///
/// Each row is drawn as the picture draws it: its shapes, recorded from the
/// painter as the SVG output's are (text as the bundled fonts' glyph
/// outlines, so it looks the same on every machine), in an inline `<svg>`
/// hidden from screen readers, with the row's text over it, transparent, for
/// search, copy and screen readers. The chevron turns and the folder icon
/// opens by CSS; opening and closing take the scenario's animation. Every
/// name is in the tree's namespace (a hash of what it draws and of the
/// scenario's name), so that trees pasted into one page never share one. Nothing is loaded from outside.
/// O(rows + glyphs) time; the file grows with the rows, as the picture of
/// the tree fully open does.
package enum HTMLTree {
    /// The page a tree is put into, as far as its markup cares: how the
    /// page switches themes, and whether it is HTML or JSX.
    package struct Host: Sendable, Equatable {
        /// The selectors of the page's root in its dark and in its light
        /// theme (a docs site's own switch, such as `[data-theme="dark"]`);
        /// nil: the reader's system theme (`prefers-color-scheme`).
        package var themes: (dark: String, light: String)?
        /// JSX, for MDX pages: `className`, the style as a template literal,
        /// text as string expressions (never Markdown), no comment and no script
        /// (MDX runs none: the folders open as native disclosures).
        package var jsx = false
        /// A Vue single-file component, for VitePress pages: the tree in its
        /// `<template>` under `v-pre` (so that `{{` in a name is text, never
        /// an expression), the style in its `<style>`, no script (Vue keeps a
        /// page's scripts for itself: the folders open as native disclosures).
        package var vue = false

        /// A page of plain HTML that follows the reader's system theme.
        package init(themes: (dark: String, light: String)? = nil, jsx: Bool = false, vue: Bool = false) {
            self.themes = themes
            self.jsx = jsx
            self.vue = vue
        }

        /// The file the site's pages take besides `outline.html`; nil for plain HTML.
        package var pieceFile: String? { jsx ? "outline.mdx" : vue ? "outline.vue" : nil }

        package static func == (a: Host, b: Host) -> Bool {
            a.jsx == b.jsx && a.vue == b.vue && a.themes?.dark == b.themes?.dark && a.themes?.light == b.themes?.light
        }
    }

    /// The HTML of `tree` drawn in `appearance` (its canvas's width and
    /// padding; a live tree is as tall as its open rows), for screen readers
    /// named `title`; `bothThemes` follows the reader's theme as `host`
    /// switches it; `name`, the scenario's, goes into the tree's namespace.
    /// O(rows + glyphs).
    package static func document(
        _ tree: TreeLayout, appearance: Appearance, typesetter: Typesetter, bothThemes: Bool, title: String, name: String,
        host: Host = Host()
    ) throws(SVGError) -> String {
        // Written once with a stand-in namespace that no escaped text holds
        // (markup drops U+0001), then named after what it draws and the
        // scenario's name: the same input gives the same bytes, and two
        // scenarios on one page never share a name.
        let standIn = "u\u{1}-"
        var writer = HTMLTreeWriter(appearance: appearance, typesetter: typesetter, bothThemes: bothThemes, namespace: standIn, host: host)
        let piece = try writer.document(tree, title: title)
        var hash = ContentHash()
        hash.update(Array(name.utf8) + [0] + Array(piece.utf8))
        return piece.replacingOccurrences(of: standIn, with: "u" + hash.hex.prefix(8) + "-")
    }

    /// A page of its own around `tree` (`document`'s piece): what
    /// `outline.html` holds, openable alone and valid for checkers of whole
    /// pages (a title, a language, a main landmark and a heading, for screen
    /// readers only). To paste the tree into a page, take the piece between
    /// the `unfold tree` comments.
    package static func page(_ tree: String, title: String) -> String {
        let name = MarkupText.escaped(title, acting: .references)
        return "<!doctype html>\n<html lang=\"und\"><head><meta charset=\"utf-8\"><title>\(name)</title>"
            + "<style>body{margin:8px}.unfold-heading{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}</style>"
            + "</head><body><main><h1 class=\"unfold-heading\">\(name)</h1>\n<!-- unfold tree -->\n\(tree)<!-- /unfold tree -->\n</main></body></html>\n"
    }

    /// The CSS timing function of `easing`: the cubic curves the frames
    /// follow (`Transition`), as Bézier curves.
    static func timing(_ easing: Appearance.Easing) -> String {
        switch easing {
        case .linear: "linear"
        case .easeIn: "cubic-bezier(.32,0,.67,0)"
        case .easeOut: "cubic-bezier(.33,1,.68,1)"
        case .easeInOut: "cubic-bezier(.65,0,.35,1)"
        }
    }
}

/// Writes one tree's HTML, every name in `namespace`.
struct HTMLTreeWriter {
    let themes: Themes
    let markup: SVGMarkup
    let ns: String
    let host: HTMLTree.Host
    private var places = SVGMarkup.Names<String>(prefix: "")
    private var placeRules = ""

    init(appearance: Appearance, typesetter: Typesetter, bothThemes: Bool, namespace: String, host: HTMLTree.Host) {
        self.host = host
        themes = Themes(appearance: appearance, typesetter: typesetter, bothThemes: bothThemes)
        markup = SVGMarkup(alternateScheme: themes.alternateScheme, namespace: namespace, keepsText: false)
        ns = namespace
        places = SVGMarkup.Names(prefix: namespace + "x")
    }

    /// The whole piece: the style, the shared drawings, the rows nested by
    /// depth (no recursion: a stack of the folders open around the row), the script.
    mutating func document(_ tree: TreeLayout, title: String) throws(SVGError) -> String {
        var rows = ""
        var around: [(depth: Int, isFolder: Bool)] = []
        func close(to depth: Int) {
            while let last = around.last, last.depth >= depth {
                rows += last.isFolder ? "</ul></details></li>" : "</li>"
                around.removeLast()
            }
        }
        let entries = tree.entries
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            // A row's detail rows (under it, a level in) are part of its item.
            var end = index + 1
            while end < entries.count, entries[end].facts.isDetail { end += 1 }
            close(to: entry.facts.depth)
            rows += try item(entry, index: index, details: (index + 1 ..< end).map { (entries[$0], $0) })
            around.append((entry.facts.depth, entry.isFolder))
            index = end
        }
        close(to: 0)
        let base = themes.base, s = base.scale
        let width = SVGMarkup.number(Double(base.pixelSize(height: 1).width) / s), pad = SVGMarkup.number(base.appearance.canvas.padding)
        let animation = base.appearance.animation
        let duration = max(0, animation.frames - 1) * max(0, animation.frameDelay)
        let rtl = base.appearance.canvas.direction == .rtl
        let css = style(width: width, padding: pad, duration: duration, easing: HTMLTree.timing(animation.easing), rtl: rtl)
        let defs = markup.defs.isEmpty ? "" : "<svg class=\"\(ns)defs\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">\(markup.defs)</svg>"
        let open =
            "<div class=\"\(ns)tree\" data-unfold-tree=\"\(ns)\" data-ms=\"\(duration)\" data-motion=\"\(animation.style.rawValue)\" "
            + "data-easing=\"\(HTMLTree.timing(animation.easing))\"\(rtl ? " dir=\"rtl\"" : "")\(host.vue ? " v-pre" : "")>"
        let tree = "\(defs)<ul aria-label=\(attribute(title))>\(rows)</ul>"
        if host.vue { return "<template>\(open)\(tree)</div></template>\n<style>\(css)</style>\n" }
        let piece =
            open + (host.jsx ? "<style>{`\(css)`}</style>" : "<style>\(css)</style>") + tree
            + (host.jsx ? "</div>\n" : "<script>\(HTMLTreeScript.source)</script></div>\n")
        // The markup's own attributes only: text never holds `class="` (its quotes are references).
        return host.jsx ? piece.replacingOccurrences(of: " class=\"", with: " className=\"") : piece
    }

    /// `text` as the host reads it: in HTML escaped, the characters that
    /// reorder text as references (the piece is printed to a terminal too);
    /// in JSX a string expression (`{"…"}`), which MDX never reads as
    /// Markdown, with the markup characters and braces as `\u` escapes, so
    /// that a tool that looks for tags or expressions finds none in it.
    func escaped(_ text: String) -> String {
        guard host.jsx else { return MarkupText.escaped(text, acting: .references) }
        var literal = ""
        for character in JSONText.quoted(text).unicodeScalars {
            switch character {
            case "<", ">", "&", "{", "}": literal += "\\u00" + String(character.value, radix: 16, uppercase: true)
            default: literal.unicodeScalars.append(character)
            }
        }
        return "{" + literal + "}"
    }

    /// `text` as an attribute's value, quotes included (or braces, in JSX).
    func attribute(_ text: String) -> String {
        host.jsx ? escaped(text) : "\"\(escaped(text))\""
    }

    /// A row's list item, opened (a folder's `<details>` and its list, closed
    /// when the rows under it are done) or whole; its detail rows drawn in
    /// it, so that they show, and are read, with it.
    private mutating func item(_ entry: TreeLayout.Entry, index: Int, details: [(TreeLayout.Entry, Int)]) throws(SVGError) -> String {
        let facts = entry.facts
        var data = ""
        if let check = entry.box.content.checkbox?.state {
            data += " data-check=\"\(check == .checked ? "true" : check == .mixed ? "mixed" : "false")\""
        }
        if facts.isSelected || facts.isHighlighted { data += " data-selected=\"\"" }
        if facts.isLoading { data += " data-busy=\"\"" }
        var content = try row(entry, index: index)
        for (detail, at) in details { content += "<span class=\"\(ns)r\">\(try row(detail, index: at))</span>" }
        guard entry.isFolder else { return "<li\(data)><div class=\"\(ns)r\">\(content)</div>" }
        return "<li\(data)><details\(facts.isExpanded ? " open" : "")><summary class=\"\(ns)r\">\(content)</summary><ul>"
    }

    /// A row's drawing and its text.
    private mutating func row(_ entry: TreeLayout.Entry, index: Int) throws(SVGError) -> String {
        let base = themes.base, s = base.scale
        var box = entry.box
        (box.focus, box.hover) = (0, 0)
        let canvas = base.pixelSize(height: 1).width
        var drawing = themes.drawsBackground(of: box) ? try layer(box, .background) : ""
        drawing += try layer(box, [.selection, .content, .drop])
        if box.content.icon != nil {
            var shut = box, open = box
            (shut.chevron, open.chevron) = (box.chevron.map { _ in 0 }, box.chevron.map { _ in 90 })
            let closed = try layer(shut, .icon), opened = try layer(open, .icon)
            drawing += closed == opened || !entry.isFolder ? closed : "<g class=\"\(ns)is\">\(closed)</g><g class=\"\(ns)io\">\(opened)</g>"
        }
        if box.chevron != nil {
            var shut = box
            shut.chevron = 0
            let cx = base.x(box.content.chevronCenter, width: 0, canvas: canvas), cy = box.height / 2 * s
            let id = try reference(shut, .chevron, moved: Point(-cx, -cy))
            let turns = entry.isFolder ? " class=\"\(ns)c\"" : ""
            drawing += "<g transform=\"translate(\(SVGMarkup.number(cx)) \(SVGMarkup.number(cy)))\"><use href=\"#\(id)\"\(turns)/></g>"
        }
        if !entry.facts.isDetail {
            var focused = box
            focused.focus = 1
            drawing += "<use href=\"#\(try reference(focused, .focus))\" class=\"\(ns)f\"/>"
        }
        let h = SVGMarkup.number(box.height), hp = SVGMarkup.number(box.height * s)
        let svg =
            "<svg aria-hidden=\"true\" focusable=\"false\" width=\"\(SVGMarkup.number(Double(canvas) / s))\" height=\"\(h)\" "
            + "viewBox=\"0 0 \(canvas) \(hp)\">\(drawing)</svg>"
        return svg + text(entry, index: index)
    }

    /// The row's words, where the picture draws its title: the name, then
    /// the note and subtitle (the screen reader's description), each with an
    /// id the script names them by; a detail row's sentence is a description
    /// of the row above it.
    private mutating func text(_ entry: TreeLayout.Entry, index: Int) -> String {
        let base = themes.base, title = entry.box.content.title
        let canvas = base.pixelSize(height: 1).width
        let left = base.x(title.leading, width: title.width, canvas: canvas) / base.scale
        let lines = Double(max(1, title.lines.count))
        let top = max(0, (entry.box.height - lines * title.fontSize * 1.25) / 2)
        let rule =
            "{left:\(SVGMarkup.number(left))px;top:\(SVGMarkup.number(top))px;width:\(SVGMarkup.number(title.width))px;"
            + "height:\(SVGMarkup.number(entry.box.height - top))px;font-size:\(SVGMarkup.number(title.fontSize))px}"
        let (place, isNew) = places.name(rule)
        if isNew { placeRules += ".\(place)\(rule)" }
        let note = [entry.facts.annotation?.text, entry.facts.subtitle].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if entry.facts.isDetail { return "<span class=\"\(ns)t \(place)\"><span id=\"\(ns)D\(index)\">\(escaped(entry.text))</span></span>" }
        var words = "<span class=\"\(ns)n\" id=\"\(ns)L\(index)\">\(escaped(entry.text))</span>"
        if !note.isEmpty { words += " <span id=\"\(ns)D\(index)\">\(escaped(note))</span>" }
        return "<span class=\"\(ns)t \(place)\">\(words)</span>"
    }

    /// Some layers of a row drawn in both themes' colours, as markup.
    private func layer(_ box: RowBox, _ layers: RowLayers) throws(SVGError) -> String {
        try themes.markup(into: markup) { $0.record(box, layers: layers) }
    }

    /// Some layers of a row, defined once among the shared drawings: their id.
    private func reference(_ box: RowBox, _ layers: RowLayers, moved: Point? = nil) throws(SVGError) -> String {
        markup.group(try themes.markup(into: markup, moved: moved) { $0.record(box, layers: layers) })
    }

    /// The rules: the canvas (its colour in both themes, its padding and
    /// border), the rows, the chevrons' turn and the folder icons by state.
    private func style(width: String, padding: String, duration: Int, easing: String, rtl: Bool) -> String {
        let base = themes.base, other = themes.alternate ?? base
        let root = ".\(ns)tree"
        let background = { (p: OutlinePainter) in SVGMarkup.cssColor(p.palette.background) }
        var css = "\(root){position:relative;box-sizing:content-box;width:\(width)px;padding:\(padding)px;background:\(background(base))}"
        css += "\(root) ul{list-style:none;margin:0;padding:0}\(root) li{margin:0;padding:0}\(root) details{display:block}"
        css += "\(root) summary{display:block;list-style:none;cursor:pointer}\(root) summary::-webkit-details-marker{display:none}"
        css += "\(root) .\(ns)r{position:relative;display:block}\(root) .\(ns)r>svg{display:block;overflow:hidden}"
        css += "\(root) .\(ns)defs{position:absolute;width:0;height:0;overflow:hidden}"
        css += "\(root) .\(ns)t{position:absolute;overflow:hidden;white-space:pre;color:transparent;line-height:1.25;font-family:sans-serif}"
        css += "\(root) .\(ns)f{display:none}\(root) li:focus{outline:none}\(root) li:focus>.\(ns)r .\(ns)f,\(root) summary:focus-visible .\(ns)f{display:inline}"
        css += "\(root) summary:focus{outline:none}"
        if base.appearance.style.border {
            css += "\(root)::after{content:\"\";position:absolute;inset:\(padding)px;pointer-events:none;box-shadow:inset 0 0 0 1px \(SVGMarkup.cssColor(base.palette.guide))}"
        }
        let open = "\(root) details[open]>summary", shut = "\(root) details:not([open])>summary"
        let liveOpen = "\(root) [aria-expanded=true]>.\(ns)r", liveShut = "\(root) [aria-expanded=false]>.\(ns)r"
        css += "\(open) .\(ns)is,\(shut) .\(ns)io,\(liveOpen) .\(ns)is,\(liveShut) .\(ns)io{display:none}"
        css += "\(root) .\(ns)c{transition:transform \(duration)ms \(easing)}"
        css += "\(open) .\(ns)c,\(liveOpen) .\(ns)c{transform:rotate(\(rtl ? "-" : "")90deg)}"
        css += "@media (prefers-reduced-motion:reduce){\(root) .\(ns)c{transition:none}}"
        css += placeRules
        // The other theme: the page's switch, or the reader's system theme.
        let switched = host.themes.map { markup.alternateScheme == "dark" ? $0.dark : $0.light }
        let within = switched.map { $0 + " " } ?? ""
        var alternate = ""
        if themes.alternate != nil {
            alternate = "\(within)\(root){background:\(background(other))}"
            if base.appearance.style.border {
                alternate += "\(within)\(root)::after{box-shadow:inset 0 0 0 1px \(SVGMarkup.cssColor(other.palette.guide))}"
            }
        }
        // The canvas's own rules first, so that the other theme's, after them, win.
        return css + markup.rules(alternate: alternate, switched: switched)
    }
}
