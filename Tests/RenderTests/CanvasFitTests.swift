import Foundation
import OutlineAppearance
import OutlineLayout
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldPNG
import UnfoldRender

/// A scenario of `rows` short rows at scale 2, with `canvas` as its canvas
/// mapping's keys, and nothing drawn across the whole width (no separators,
/// guides or badges), so that the picture's edges show the canvas.
private func plain(_ canvas: String, rows: Int = 3) throws -> Scenario {
    let tree = (1 ... rows).map { "{title: Row \($0)}" }.joined(separator: ", ")
    return try Scenario.parse(
        "name: fit\ncanvas: {scale: 2, height: fit, \(canvas)}\nstyle: {separators: false, guides: false, badges: false}\ntree: [\(tree)]\n",
        file: "fit.yaml")
}

/// The first state's picture, decoded to straight RGBA.
private func firstState(_ scenario: Scenario, options: RenderOptions = RenderOptions(fonts: fontFiles)) throws -> RGBAImage {
    var options = options
    options.outputs = [.states]
    let files = try render(scenario, options: options)
    return try PNG.decode(try #require(files["state-00.png"]))
}

private func render(_ scenario: Scenario, options: RenderOptions) throws -> [String: [UInt8]] {
    let result = try ScenarioRenderer.render(scenario, options: options)
    return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.bytes) })
}

@Suite struct CanvasFitTests {
    @Test func fitAndTransparentGiveAPictureAsNarrowAsItsContentWithTransparentCorners() throws {
        let image = try firstState(try plain("width: fit, background: transparent"))
        // 104 pt, not 390: the style's padding 16, the chevron box 24, the title (rounded up) and the trailing margin 16.
        #expect(image.width == 208 && image.height == 3 * 44 * 2, "\(image.width)x\(image.height)")
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image.pixel(x: x, y: y).a == 0, "corner \(x),\(y)")
        }
        // The title is there, opaque, and ends within a few points of the trailing margin.
        var right = 0
        for y in 0 ..< image.height {
            for x in 0 ..< image.width where image.pixel(x: x, y: y).a > 0 { right = max(right, x + 1) }
        }
        let margin = 16 * 2
        #expect(right <= image.width - margin + 2 && right >= image.width - margin - 6, "content ends at \(right) of \(image.width)")
    }

    @Test func theSameWidthComesFromTheOptions() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.width = .fit
        options.background = .transparent
        let fromOptions = try firstState(try plain(""), options: options)
        let fromFile = try firstState(try plain("width: fit, background: transparent"))
        #expect(fromOptions == fromFile)
        options.width = .points(200)
        #expect(try firstState(try plain("width: fit"), options: options).width == 400)
    }

    @Test func fitIsTheWidestRowOfEveryState() throws {
        var scenario = try plain("width: fit")
        let closed = try firstState(scenario).width
        scenario = try Scenario.parse(
            "name: fit\ncanvas: {width: fit, scale: 2}\ntree: [{id: a, title: A, children: [{title: A much longer title of a child row}]}]\n"
                + "steps: [{expand: a}]\n",
            file: "fit.yaml")
        let first = try firstState(scenario)
        #expect(first.width > closed, "the child, shown only after the step, widens the first state too")
    }

    @Test func paddingAddsExactlyThePaddingOnEverySide() throws {
        let bare = try firstState(try plain("width: 200"))
        let padded = try firstState(try plain("width: 200, padding: 10"))
        #expect(padded.width == bare.width + 40 && padded.height == bare.height + 40)
        #expect(padded.cropped(PixelRect(x0: 20, y0: 20, x1: 20 + bare.width, y1: 20 + bare.height)) == bare)
        #expect(padded.pixel(x: 0, y: 0) == bare.pixel(x: 0, y: 0))
        let clear = try firstState(try plain("width: 200, padding: 10, background: transparent"))
        #expect(clear.pixel(x: 5, y: padded.height / 2).a == 0)
    }

    /// Rows that cover others in a transition hide them on no background too:
    /// wherever a transparent frame is opaque, it is the frame drawn on the theme's background.
    @Test func transparentFramesShowWhatOpaqueFramesShow() throws {
        var scenario = try loadExample("regions.yaml")
        scenario.animation.style = .slide
        var options = RenderOptions(fonts: fontFiles)
        (options.frames, options.outputs, options.scale) = (3, [.frames], 1)
        let opaque = try render(scenario, options: options)
        options.background = .transparent
        let clear = try render(scenario, options: options)
        for (path, bytes) in clear where path.hasSuffix(".png") {
            let a = try PNG.decode(bytes), b = try PNG.decode(try #require(opaque[path]))
            var differing = 0
            for y in 0 ..< a.height {
                for x in 0 ..< a.width where a.pixel(x: x, y: y).a == 255 && a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "\(path): \(differing) opaque pixels differ")
        }
    }

    @Test func theAnimatedPNGIsTransparentToo() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.animation]
        let files = try render(try plain("width: fit, background: transparent"), options: options)
        let first = try PNG.decode(try #require(files["animation.png"]))
        #expect(first.pixel(x: 0, y: 0).a == 0 && first.width == 208)
    }

    @Test func defaultsLeaveThePictureAsItWas() throws {
        let image = try firstState(try plain(""))
        #expect(image.width == 780 && image.pixel(x: 0, y: 0).a == 255)
    }

    @Test func aPictureTallerThan8000PixelsIsWarnedAbout() throws {
        let warnings = Warnings()
        var options = RenderOptions(fonts: fontFiles)
        options.warn = { warnings.append($0) }
        options.width = .points(16)
        _ = try firstState(try plain("", rows: 100), options: options)
        let said = warnings.all
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("fit: warning: the pictures are 32x8800 pixels, taller than 8000; ") == true)
        #expect(said.first?.contains("`--scale 1`") == true && said.first?.contains("`list:`") == true)
        _ = try firstState(try plain("", rows: 90), options: options)
        #expect(warnings.all.count == 1, "8,000 pixels or fewer: no warning")
    }

    @Test func gifsLimitNamesTheWaysToASmallerPicture() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.width = .points(16)
        options.outputs = [.gif]
        do {
            _ = try render(try plain("", rows: 200), options: options)
            Issue.record("a GIF 17600 pixels tall was written")
        } catch let error as RenderError {
            #expect(
                error.description.hasPrefix("the pictures are 32x17600 pixels, but animation.gif can be at most 16383 pixels on each side; "))
            #expect(error.description.contains("`--scale 1`"))
        }
    }
}

/// Warnings collected from any thread.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []
    func append(_ warning: String) { lock.withLock { said.append(warning) } }
    var all: [String] { lock.withLock { said } }
}

/// `width: fit` in every look.
@Suite struct FitInEveryLookTests {
    /// `width: fit` is measured with each look's own font, icons and
    /// indentation: no name is cut, however deep, in any look, in either
    /// direction, and every title is drawn whole (the SVG's text says so),
    /// each on its indentation grid: a level further in, the look's indent
    /// further from the edge.
    @Test(arguments: Appearance.Preset.allCases)
    func fitCutsNoNameInAnyLook(_ preset: Appearance.Preset) throws {
        let titles = ["nvim", "lua", "config", "keymaps.lua", "options.lua", "plugins", "telescope-fzf-native.lua", "init.lua"]
        let depths = [0, 1, 2, 3, 3, 2, 3, 1]
        for direction in ["ltr", "rtl"] {
            let scenario = try Scenario.parse(
                """
                name: fit
                canvas: {width: fit, height: fit, scale: 2, direction: \(direction)}
                style: {preset: \(preset.rawValue), compactFolders: false}
                tree:
                  - title: nvim
                    expanded: true
                    children:
                      - title: lua
                        expanded: true
                        children:
                          - {title: config, expanded: true, children: [{title: keymaps.lua}, {title: options.lua}]}
                          - {title: plugins, expanded: true, children: [{title: telescope-fzf-native.lua}]}
                      - {title: init.lua}
                """, file: "fit.yaml")
            var options = RenderOptions(fonts: fontFiles)
            options.outputs = [.svg]
            let files = try ScenarioRenderer.render(scenario, options: options).files
            let svg = String(decoding: try #require(files.first { $0.path == "state-00.svg" }).bytes, as: UTF8.self)
            let texts = svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.1) }
            #expect(texts.filter(titles.contains) == titles, "\(preset) \(direction): \(texts)")
            #expect(!svg.contains("…"), "\(preset) \(direction)")
            guard direction == "ltr" else { continue }
            let starts = svg.matches(of: /<text class="t" x="([0-9.]+)"[^>]*>([^<]*)<\/text>/).map { (Double($0.1) ?? -1, String($0.2)) }.filter { titles.contains($0.1) }
            let indent = Appearance.Style(preset: preset).indent * Double(scenario.canvas.scale)
            let origin = try #require(starts.first).0
            #expect(starts.map(\.1) == titles && starts.map(\.0) == depths.map { origin + Double($0) * indent }, "\(preset): \(starts)")
        }
    }
}

/// A canvas fitted to its rows draws them where they were measured: every
/// level steps in by the full indent, and no name is cut, in every look.
@Suite struct FitKeepsTheIndentTests {
    @Test(arguments: Appearance.Preset.allCases) func deepRowsStepInByTheFullIndentAndKeepTheirNames(preset: Appearance.Preset) throws {
        // Each folder holds a file beside the next folder, so that no look merges the chain into one row.
        var tree = "{title: k.lua}"
        for level in (0 ..< 5).reversed() { tree = "{title: d\(level), expanded: true, children: [{title: x\(level).md}, \(tree)]}" }
        var scenario = try Scenario.parse("name: deep\ncanvas: {width: fit, height: fit}\ntree: [\(tree)]\n", file: "deep.yaml")
        scenario.apply(preset: preset)
        let typesetter = try Typesetter(fonts: fontFiles)
        let appearance = scenario.appearance
        let measure = TextMeasure.typesetter(typesetter, scale: Double(appearance.canvas.scale), direction: appearance.canvas.direction)
        let outline = try scenario.makeOutline()
        var fitted = appearance
        fitted.canvas.width = RowLayout.fittedWidth(of: [outline], appearance: appearance, measure: measure)
        fitted.canvas.fitsWidth = false
        let boxes = StateLayout(outline, rows: RowLayout(appearance: fitted, measure: measure), through: nil).boxes
        let files = boxes.filter { $0.content.title.lines.first?.hasSuffix(".md") == true }
        #expect(files.count == 5)
        let steps = zip(files.dropFirst(), files).map { $0.content.title.leading - $1.content.title.leading }
        #expect(steps.allSatisfy { abs($0 - appearance.style.indent) < 0.001 }, "\(preset): \(steps) for an indent of \(appearance.style.indent)")
        let deepest = try #require(boxes.last)
        #expect(deepest.content.title.lines == ["k.lua"], "\(preset): \(deepest.content.title.lines)")
    }
}
