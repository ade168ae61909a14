import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender

@testable import UnfoldPaint

/// The looks against the platforms they copy, read back from rendered pixels at scale 1.
@Suite struct LookTests {
    /// The resting states of a scenario, decoded.
    func states(_ yaml: String) throws -> [RGBAImage] {
        let files = try render(try Scenario.parse(yaml, file: "look.yaml"), outputs: [.states])
        return try files.keys.filter { $0.hasPrefix("state-") }.sorted().map { try PNG.decode(files[$0] ?? []) }
    }

    /// Pixels of row `row` (rows `height` points tall) that are exactly `color`.
    func count(_ color: Color, in p: RGBAImage, row: Int, height: Int) -> Int {
        var n = 0
        for y in row * height ..< (row + 1) * height { for x in 0 ..< p.width where p.pixel(x: x, y: y) == color { n += 1 } }
        return n
    }

    /// iOS: a selected row's tint covers its guide and its separator, and the separator above it goes.
    @Test func theSelectionCoversGuidesAndTheSeparatorInIOS() throws {
        let pictures = try states(
            """
            name: s
            canvas: { width: 240, height: fit, scale: 1 }
            tree:
              - { id: a, title: Alpha, expanded: true, children: [ { id: b, title: Beta }, { id: c, title: Gamma } ] }
            steps:
              - select: a/b
            """)
        let (before, after) = (try #require(pictures.first), try #require(pictures.last))
        let guide = 16 + 10, separatorY = 2 * 44 - 1
        #expect(before.pixel(x: guide, y: 60) == Palette.light.guide)
        #expect(before.pixel(x: 230, y: separatorY) == Palette.light.separator)
        #expect(after.pixel(x: guide, y: 60) == Palette.light.selection)
        #expect(after.pixel(x: 230, y: separatorY) == Palette.light.selection)
        // The separator above the selected row is hidden too, as UIKit hides both of a selected cell's.
        #expect(before.pixel(x: 230, y: 44 - 1) == Palette.light.separator)
        #expect(after.pixel(x: 230, y: 44 - 1) == Palette.light.background)
    }

    /// Starlight: a highlighted entry is a label behind its icon and name
    /// only, as the component's `.highlight` is: its disclosure before the
    /// label and its note 26 px after the name keep their grey.
    @Test(arguments: [1, 2])
    func aStarlightHighlightIsALabelBehindIconAndName(scale: Int) throws {
        let picture = try #require(
            try states(
                """
                name: s
                canvas: { width: 400, height: fit, scale: \(scale) }
                style: { preset: starlight, border: false }
                tree:
                  - { title: src, icon: folder, highlighted: true, expanded: true, annotation: the sources, children: [ { title: a.ts } ] }
                """
            ).first)
        let palette = Palette.of(.light, preset: .starlight)
        let band = 4 * scale ..< 23 * scale
        func columns(_ color: Color) -> [Int] {
            (0 ..< picture.width).filter { x in band.contains { picture.pixel(x: x, y: $0) == color } }
        }
        let label = columns(palette.accent)
        let (start, end) = (try #require(label.first), try #require(label.last))
        #expect(label.count == end - start + 1 && end - start > 40 * scale, "one label behind icon and name: \(label)")
        let ink = (0 ..< picture.width).filter { x in
            !(start - 2 ... end + 2).contains(x) && band.contains { picture.pixel(x: x, y: $0) != palette.background }
        }
        #expect(ink.contains { $0 < start }, "the disclosure, before the label")
        #expect(columns(palette.chevron).contains { $0 < start }, "the disclosure keeps its grey")
        let note = try #require(ink.first { $0 > end })
        #expect(note - end >= (26 - 8 - 2) * scale, "the note starts 26 px after the name, the label 8 px after it")
        #expect(columns(palette.accentText).allSatisfy { (start ... end).contains($0) })
    }

    /// Right to left, the label is the mirror image: at the right, the note
    /// to its left. A row of two lines (a subtitle) is tinted as a pill, its
    /// text on it in the accent's text colour, so that no line is left on
    /// the label's edge in colours meant for the other side of it.
    @Test func aLabelMirrorsRightToLeftAndARowOfTwoLinesIsAPill() throws {
        func picture(_ subtitle: String) throws -> RGBAImage {
            try #require(
                try states(
                    """
                    name: l
                    canvas: { width: 300, height: fit, scale: 1, direction: rtl }
                    style: { preset: starlight, rowHeight: 44, border: false }
                    tree:
                      - { title: src, \(subtitle) icon: folder, highlighted: true, annotation: a note }
                    """
                ).first)
        }
        let palette = Palette.of(.light, preset: .starlight)
        func columns(_ image: RGBAImage, _ color: Color) -> [Int] {
            (0 ..< image.width).filter { x in (0 ..< 44).contains { image.pixel(x: x, y: $0) == color } }
        }
        let label = try picture(""), labelled = columns(label, palette.accent)
        let (start, end) = (try #require(labelled.first), try #require(labelled.last))
        #expect(start > 150 && end < 290, "a label at the right: \(start)...\(end)")
        let note = (0 ..< start - 2).filter { x in (0 ..< 44).contains { label.pixel(x: x, y: $0) != palette.background } }
        #expect(!note.isEmpty, "the note, left of the label")
        let pill = try picture("subtitle: the sources,"), tinted = columns(pill, palette.accent)
        #expect((tinted.last ?? 0) - (tinted.first ?? 0) > 280, "a pill across the row")
        #expect(columns(pill, palette.secondaryText).isEmpty, "no text on it in the notes' grey")
    }

    /// On a row tinted with the accent, what the accent draws there shows in
    /// the text's colour: a check is a white box (iOS, the row tinted), while
    /// a focus ring round a pill (macOS) stays in the accent, outside the tint.
    @Test func accentMarksShowOnARowInTheAccent() throws {
        func last(_ style: String, _ steps: String) throws -> RGBAImage {
            try #require(
                try states(
                    "name: m\ncanvas: { width: 240, height: fit, scale: 1 }\nstyle: { \(style) }\n"
                        + "tree: [{id: a, title: A, checked: true}, {id: b, title: B, checked: false}]\nsteps: [\(steps)]\n"
                ).last)
        }
        let ios = Palette.of(.light), selected = try last("preset: ios", "{select: a}"), plain = try last("preset: ios", "{select: b}")
        // Row a (checked, a box) against row b (unchecked, an outline), each tinted.
        #expect(count(.white, in: selected, row: 0, height: 44) > count(.white, in: plain, row: 1, height: 44) + 100, "a white box on the tinted row")
        #expect(count(ios.accent, in: plain, row: 0, height: 44) > 150, "an accent box on a plain row")
        let ring = try last("preset: macos", "{select: a}, {focus: a}")
        #expect(ring.pixel(x: 3, y: 12) == Palette.of(.light, preset: .macos).accent, "the ring in the accent, outside the pill")
    }

    /// Starlight's box has a 1-px border in its guides' colour, over the rows
    /// (a highlight across the row included); the other looks have none.
    @Test func starlightHasABorder() throws {
        func picture(_ preset: String) throws -> RGBAImage {
            try #require(
                try states(
                    "name: b\ncanvas: { width: 200, height: fit, scale: 1 }\nstyle: { preset: \(preset), selection: row }\n"
                        + "tree: [{title: a, highlighted: true}, {title: b}]\n"
                ).first)
        }
        let starlight = try picture("starlight"), guide = Palette.of(.light, preset: .starlight).guide
        let edges = [(0, 10), (199, 10), (100, 0), (100, starlight.height - 1), (0, 0), (199, starlight.height - 1)]
        #expect(edges.allSatisfy { starlight.pixel(x: $0.0, y: $0.1) == guide })
        #expect(starlight.pixel(x: 1, y: 10) != guide && starlight.pixel(x: 100, y: 1) != guide)
        let plain = try picture("plain")
        #expect(!edges.contains { plain.pixel(x: $0.0, y: $0.1) == Palette.of(.light, preset: .plain).guide })
        // The SVG draws it too, inside the canvas's padding.
        for padding in [0, 8] {
            let scenario = try Scenario.parse(
                "name: b\ncanvas: { width: 200, height: fit, scale: 1, padding: \(padding) }\nstyle: { preset: starlight }\ntree: [{title: a}]\n",
                file: "b.yaml")
            let svg = String(decoding: try #require(try render(scenario, outputs: [.svg])["state-00.svg"]), as: UTF8.self)
            let canvas = padding > 0 ? try #require(svg.range(of: "translate(8 8)")).upperBound : svg.startIndex
            #expect(svg[canvas...].contains(#/<rect class="c\d+" x="0" y="0" width="200" height="1"/>/#), "padding \(padding)")
        }
    }

    /// Starlight's text is monospaced, in the bundled Liberation Mono of
    /// each weight, after a scenario's own fonts; the other looks keep Open Sans.
    @Test func starlightTextIsMonospaced() throws {
        let options = RenderOptions(fonts: fontFiles)
        var starlight = try Scenario.parse("name: m\nstyle: {preset: starlight}\ntree: [{title: a}]\n", file: "m.yaml")
        starlight.fonts = [.init(path: "/nowhere/f.ttf")]
        let fonts = ScenarioRenderer.fonts(for: starlight, options: options)
        #expect(fonts.preferred.map(\.source) == [.file("/nowhere/f.ttf")] + fontFiles.monospaced)
        #expect(ScenarioRenderer.fonts(for: try Scenario.parse("name: m\ntree: [{title: a}]\n", file: "m.yaml"), options: options).preferred.isEmpty)
        var mono = fontFiles
        mono.preferred = zip(fontFiles.monospaced, [FontWeight.regular, .semibold]).map { FontSet.Preferred(source: $0, weight: $1) }
        try Typesetter.withCached(try FontIdentity(mono)) { typesetter in
            for weight in [FontWeight.regular, .semibold] {
                let narrow = typesetter.width("iiii", size: 13, weight: weight), wide = typesetter.width("WWWW", size: 13, weight: weight)
                #expect(narrow == wide && narrow > 20, "\(weight): \(narrow) and \(wide)")
            }
        }
    }

    /// macOS: `accent: active` draws the pill in the accent blue (systemBlue's
    /// accessible variant) with a white title and a white icon; folders are
    /// systemBlue either way; `inactive` keeps the grey pill.
    @Test func anActiveMacOSSelectionIsBlueWithWhiteContent() throws {
        func look(_ accent: String) throws -> (before: RGBAImage, after: RGBAImage) {
            let pictures = try states(
                """
                name: m
                canvas: { width: 240, height: fit, scale: 1 }
                style: { preset: macos, accent: \(accent) }
                tree:
                  - { id: docs, title: Documents, icon: folder, expanded: true, children: [ { id: readme, title: README.md, icon: md } ] }
                steps:
                  - select: docs/readme
                """)
            return (try #require(pictures.first), try #require(pictures.last))
        }
        let blue = Color(hex: 0x007AFF), markdown = try #require(IconGlyph(name: "md", open: false, folder: blue)).color
        let active = try look("active"), inactive = try look("inactive")
        #expect(active.after.pixel(x: 10, y: 36) == Color(hex: 0x0040DD))
        #expect(inactive.after.pixel(x: 10, y: 36) == Palette.of(.light, preset: .macos, accent: .inactive).selection)
        #expect(count(.white, in: active.after, row: 1, height: 24) > 20, "a white title and icon")
        #expect(count(markdown, in: active.before, row: 1, height: 24) > 0)
        #expect(count(markdown, in: active.after, row: 1, height: 24) == 0, "the icon turns white")
        #expect(count(blue, in: inactive.before, row: 0, height: 24) > 20, "Finder's folders are blue")
    }

    /// Explorer, dark: indent guides in VS Code's tree.indentGuidesStroke.
    @Test func explorerGuidesHaveVSCodesColour() throws {
        let pictures = try states(
            """
            name: e
            canvas: { width: 240, height: fit, scale: 1, theme: dark }
            style: { preset: explorer }
            tree:
              - { id: src, title: src, icon: folder, expanded: true, children: [ { title: a.ts, icon: ts } ] }
            """)
        #expect(count(Color(hex: 0x585858), in: try #require(pictures.first), row: 1, height: 22) == 22)
    }

    /// Every file name gets a document whose face says its kind and whose
    /// colour says its language: the pairs a reader could confuse never look alike.
    @Test func fileKindsNeverLookAlike() throws {
        let blue = Color(hex: 0x1E90FF)
        func glyph(_ name: String, document: Bool = true) -> IconGlyph? { IconGlyph(name: name, open: false, folder: blue, document: document) }
        for family in IconGlyph.families {
            for name in family.extensions { #expect(glyph(name)?.shape == .file(family.face), "\(name)") }
        }
        for confusable in [["jpg", "json"], ["mjs", "md"], ["swift", "sh", "svg"], ["ts", "txt", "toml"], ["file", "folder"]] {
            let looks = try confusable.map { name in try #require(glyph(name)).look }
            #expect(Set(looks).count == confusable.count, "\(confusable) look alike")
        }
        #expect(glyph("qqq")?.shape == .file(.lines) && glyph("qqq")?.color == Color(hex: IconGlyph.documentColor))
        // A tile look draws folders, files, known kinds and symbols; only other names become letters.
        #expect(glyph("qqq", document: false) == nil && glyph("file", document: false)?.shape == .file(.lines))
        #expect(glyph("folder", document: false)?.shape == .folder(open: false) && glyph("gear", document: false)?.shape == .gear)
        #expect(glyph("md")?.tinted(.white).color == .white)
        // Every extension is in exactly one family, and every colour of its own belongs to a family's extension.
        let all = IconGlyph.families.flatMap(\.extensions)
        #expect(Set(all).count == all.count && Set(IconGlyph.fileColors.keys).isSubset(of: all))
        #expect(Set(IconGlyph.families.map(\.face)) == Set(IconGlyph.Face.allCases))
    }

    /// In one colour (`starlight`), code files keep their languages apart by
    /// the letters on the page, as Starlight's icons do by shape: no two of
    /// `.astro`, `.tsx`, `.ts`, `.rb`, `.mjs` look alike, and the letters stay
    /// on the page. Markup keeps `< >`: `.html` and `.xml` look alike.
    @Test func codeFilesInOneColourCarryTheirLanguagesLetters() throws {
        let names = ["astro", "tsx", "ts", "rb", "mjs", "html", "xml"]
        let tree = names.map { "{ title: a.\($0), icon: \($0) }" }.joined(separator: ", ")
        let picture = try #require(
            try states(
                """
                name: m
                canvas: { width: 240, height: fit, scale: 2 }
                style: { preset: starlight }
                tree: [ \(tree) ]
                """
            ).first)
        let page = Appearance.Preset.starlight.look.light.icon
        var icons: [[Color]] = []
        for row in names.indices {
            // The page is the only thing in the icon's colour on a file's row: its box is the icon's.
            let rows = row * 54 ..< (row + 1) * 54
            let inked = rows.flatMap { y in (0 ..< picture.width).filter { picture.pixel(x: $0, y: y) == page }.map { ($0, y) } }
            let (x0, x1) = (try #require(inked.map(\.0).min()), try #require(inked.map(\.0).max()))
            let (y0, y1) = (try #require(inked.map(\.1).min()), try #require(inked.map(\.1).max()))
            let white = rows.flatMap { y in (0 ..< picture.width).filter { picture.pixel(x: $0, y: y) == .white }.map { ($0, y) } }
            #expect(white.count > 12, "\(names[row]): letters or a face on the page")
            #expect(white.allSatisfy { (x0 ... x1).contains($0.0) && (y0 ... y1).contains($0.1) }, "\(names[row]): ink off the page")
            icons.append((y0 ... y1).flatMap { y in (x0 ... x1).map { picture.pixel(x: $0, y: y) } })
        }
        #expect(Set(icons.prefix(5)).count == 5, "two languages look alike")
        #expect(icons[5] == icons[6], "markup keeps its < >")
        #expect(IconGlyph.mark(for: "ts") == "TS" && IconGlyph.mark(for: "astro") == "AS" && IconGlyph.mark(for: "json") == nil)
    }

    /// In `ios` (letter tiles) a folder is a drawn folder and a file without
    /// an extension a document, never the same blue "F"; `plain` draws its
    /// icons in one grey on a dark grey, not black; `starlight` is Starlight's.
    @Test func foldersAndFilesAreDrawnInEveryLook() throws {
        func picture(_ preset: String, theme: String = "light") throws -> RGBAImage {
            try #require(
                try states(
                    """
                    name: f
                    canvas: { width: 240, height: fit, scale: 1, theme: \(theme) }
                    style: { preset: \(preset) }
                    tree:
                      - { title: cmake, icon: folder, children: [ { title: a.md, icon: md } ] }
                      - { title: CODEOWNERS, icon: file }
                      - { title: notes.md, icon: md }
                    """
                ).first)
        }
        let ios = try picture("ios")
        let folder = Appearance.Preset.ios.look.light.folder, tile = Appearance.Preset.ios.look.light.icon
        #expect(count(folder, in: ios, row: 0, height: 44) > 20 && count(tile, in: ios, row: 0, height: 44) == 0)
        #expect(count(Color(hex: IconGlyph.documentColor), in: ios, row: 1, height: 44) > 20 && count(tile, in: ios, row: 1, height: 44) == 0)
        let plain = try picture("plain", theme: "dark")
        let grey = Appearance.Preset.plain.look.dark.icon
        #expect(plain.pixel(x: 230, y: 2) == Color(hex: 0x1E1E1E))
        let markdown = try #require(IconGlyph(name: "md", open: false, folder: grey)).color
        #expect(count(grey, in: plain, row: 2, height: 32) > 20 && count(markdown, in: plain, row: 2, height: 32) == 0)
        let starlight = try picture("starlight", theme: "dark")
        #expect(starlight.pixel(x: 230, y: 2) == Color(hex: 0x23272E) && starlight.height == 3 * 27)
        #expect(count(Color(hex: 0x868C98), in: starlight, row: 2, height: 27) > 20)
    }
}

/// On an active selection that covers the row (a highlighted entry in
/// `macos`), notes stay readable: white, a little dimmer than the title,
/// never the grey of notes on the background.
@Suite struct SelectedNoteTests {
    @Test func aHighlightedEntrysNoteIsLightOnTheAccent() throws {
        let yaml = """
            name: n
            canvas: { width: 300, height: fit, scale: 1 }
            style: { preset: macos }
            tree:
              - { title: a.astro, annotation: "the site's own header", highlighted: true }
            """
        let files = try render(try Scenario.parse(yaml, file: "n.yaml"), outputs: [.states])
        let picture = try PNG.decode(try #require(files["state-00.png"]))
        let look = Appearance.Preset.macos.look.light
        var grey = 0, light = 0
        for y in 0 ..< picture.height {
            for x in 150 ..< picture.width {
                let p = picture.pixel(x: x, y: y)
                if p == look.secondaryText { grey += 1 }
                if p.r > 170 && p.g > 170 { light += 1 }
            }
        }
        #expect(grey == 0 && light > 20, "grey \(grey), light \(light)")
    }
}

extension IconGlyph {
    /// The shape and colour, to tell two glyphs apart.
    var look: String { "\(shape) \(color.r),\(color.g),\(color.b)" }
}
