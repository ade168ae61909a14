import Foundation
import OutlineAppearance
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldRender
import UnfoldSupport

@testable import UnfoldSVG

/// The SVG output: what it writes, that it stays self-contained and inert
/// whatever the tree says, and the markup's small pieces. (That it draws the
/// PNG's pixels is checked by independent renderers: scripts/check-svg.sh.)
@Suite struct SVGTests {
    let yaml = """
        name: svg
        canvas: { width: 600, height: fit, scale: 2 }
        tree:
          - id: a
            title: A folder
            children:
              - { id: a1, title: "<script>alert(1)</script> & \\"x\\" \\u0007" }
              - { id: a2, title: second }
          - { id: b, title: B }
        steps:
          - expand: a
          - select: a2
          - collapse: a
        """

    func files(_ outputs: Set<RenderOptions.Output>, theme: Scenario.Theme? = nil, workers: Int = 1) throws -> [String: String] {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = outputs
        options.theme = theme
        options.workers = workers
        let result = try ScenarioRenderer.render(try Scenario.parse(yaml, file: "svg.yaml"), options: options)
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    @Test func aStateSVGBesideEachStatePNGAndTheAnimationBesideTheAPNG() throws {
        let both = try files([.states, .svg, .animation])
        #expect(both.keys.sorted() == ["animation.png", "animation.svg"] + (0 ... 3).flatMap { [String(format: "state-%02d.png", $0), String(format: "state-%02d.svg", $0)] })
        // Without the animation, no animated SVG.
        #expect(try files([.svg]).keys.sorted() == (0 ... 3).map { String(format: "state-%02d.svg", $0) })
        let animation = try #require(both["animation.svg"])
        // A rest per state, keyframes, and a group per step.
        let rests = try #require(animation.firstMatch(of: /data-rests="([^"]*)"/)).1.split(separator: " ")
        #expect(rests.count == 4)
        #expect(animation.contains("@keyframes"))
    }

    /// A step's `hold` is how long the state after it rests, in the SVG as
    /// in the animated PNG's delays.
    @Test func aStepsHoldIsTheRestAfterIt() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.animation, .svgAnimation]
        let held = yaml.replacingOccurrences(of: "  - select: a2", with: "  - {select: a2, hold: 3000}")
        let result = try ScenarioRenderer.render(try Scenario.parse(held, file: "svg.yaml"), options: options)
        let svg = String(decoding: try #require(result.files.first { $0.path == "animation.svg" }).bytes, as: UTF8.self)
        let rests = try #require(svg.firstMatch(of: /data-rests="([^"]*)"/)).1.split(separator: " ").compactMap { Int($0) }
        // Rests of 800, 800, 3000 and 800 ms, with 5 frames of 40 ms between them.
        #expect(zip(rests, rests.dropFirst()).map { $1 - $0 } == [400 + 200 + 400, 400 + 200 + 1500, 1500 + 200 + 400], "\(rests)")
        let plan = RenderPlan(steps: 2, frames: 3, needs: .animation, holds: [800, 900, 2500], frameDelay: 40)
        #expect(plan.pictures.compactMap(\.uses.animationDelay) == [800, 40, 40, 900, 40, 40, 2500])
    }

    /// Each SVG's title says what the tree holds and, after the first state,
    /// the step it shows: not the scenario's file name.
    @Test func titlesDescribeTheTree() throws {
        let svg = try files([.svg, .animation])
        let title = { (path: String) in svg[path]?.firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.1) } }
        #expect(title("state-00.svg") == "A tree of 4 entries: A folder and B")
        #expect(title("state-01.svg") == "A tree of 4 entries: A folder and B, after “expand a”")
        #expect(title("animation.svg") == "A tree of 4 entries: A folder and B")
    }

    /// A tile's letter is drawn but is not text: searching or copying the
    /// picture finds the row's title alone, not "W Wi-Fi".
    @Test func aTilesLetterIsNotText() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg]
        let scenario = try Scenario.parse(
            "name: t\ncanvas: { width: 300, height: fit, scale: 1 }\ntree: [ { id: w, title: Wi-Fi, icon: wifi } ]", file: "t.yaml")
        let files = try ScenarioRenderer.render(scenario, options: options).files
        let svg = String(decoding: try #require(files.first { $0.path == "state-00.svg" }).bytes, as: UTF8.self)
        let texts = svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.1) }
        #expect(texts == ["Wi-Fi"])
        #expect(svg.matches(of: /<use href/).count > "Wi-Fi".count, "the letter's glyph is drawn")
    }

    /// `RenderOptions.loops` (`--loops`) sets how often every animation
    /// plays, the SVG's included, over the scenario's.
    @Test func loopsFromTheOptions() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg, .animation]
        options.loops = 3
        let files = try ScenarioRenderer.render(try Scenario.parse(yaml, file: "svg.yaml"), options: options).files
        let svg = String(decoding: try #require(files.first { $0.path == "animation.svg" }).bytes, as: UTF8.self)
        #expect(svg.contains("linear both 3}"))
        let apng = try #require(files.first { $0.path == "animation.png" }).bytes
        let actl = try #require(apng.indices.first { apng[$0 ..< min($0 + 4, apng.count)].elementsEqual("acTL".utf8) })
        #expect(Array(apng[(actl + 8) ..< (actl + 12)]) == [0, 0, 0, 3])
    }

    /// A scenario without steps: the animation is its one state, on its canvas.
    @Test func anAnimationOfOneState() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg, .animation]
        let scenario = try Scenario.parse("name: one\ncanvas: { width: 200, height: 100, scale: 1 }\ntree: [ { id: a, title: A } ]", file: "one.yaml")
        let files = try ScenarioRenderer.render(scenario, options: options).files
        let animation = String(decoding: try #require(files.first { $0.path == "animation.svg" }).bytes, as: UTF8.self)
        #expect(animation.contains("data-rests=\"400\""))
        #expect(animation.contains("<rect class=\"c0\" width=\"200\" height=\"100\"/>"))
        #expect(!animation.contains("@keyframes k1"))
        // A reader who asked for less motion gets the still its attributes hold.
        #expect(animation.contains("@media (prefers-reduced-motion:reduce){.a{animation:none}}"))
    }

    /// On a transparent canvas nothing is painted where the PNG has nothing.
    @Test func aTransparentCanvasPaintsNoBackground() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg]
        options.background = .transparent
        let result = try ScenarioRenderer.render(try Scenario.parse(yaml, file: "svg.yaml"), options: options)
        for file in result.files {
            let svg = String(decoding: file.bytes, as: UTF8.self)
            #expect(!svg.contains(";fill-opacity:0}"), "\(file.path)")
            #expect(svg.contains("<use href="), "\(file.path) draws its text")
        }
    }

    /// `animation.svg` comes with `animation` only, not with the other animations.
    @Test func noAnimatedSVGWithoutTheAPNG() throws {
        #expect(try files([.svg, .gif]).keys.sorted() == ["animation.gif"] + (0 ... 3).map { String(format: "state-%02d.svg", $0) })
    }

    /// `svg-animation` writes `animation.svg` alone, the same bytes as beside
    /// the APNG, and once when both are asked.
    @Test func theAnimatedSVGAlone() throws {
        let alone = try files([.svgAnimation])
        #expect(alone.keys.sorted() == ["animation.svg"])
        #expect(alone["animation.svg"] == (try files([.svg, .animation]))["animation.svg"])
        let all = try files([.svg, .animation, .svgAnimation])
        #expect(all.keys.filter { $0 == "animation.svg" }.count == 1 && all["animation.svg"] == alone["animation.svg"])
        #expect(RenderOptions.Output(name: "svg-animation") == .svgAnimation)
    }

    /// Every keyframes rule's percentages rise, even when a transition is
    /// instant (one frame a step): a value holds until the next one.
    @Test(arguments: [1, 2, 6])
    func keyframesRiseWhateverTheFrames(_ frames: Int) throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg, .animation]
        options.frames = frames
        let result = try ScenarioRenderer.render(try Scenario.parse(yaml, file: "svg.yaml"), options: options)
        let animation = String(decoding: try #require(result.files.first { $0.path == "animation.svg" }).bytes, as: UTF8.self)
        let rules = animation.matches(of: /@keyframes k\d+\{((?:[^{}]*\{[^}]*\})*)\}/).map { String($0.1) }
        #expect(!rules.isEmpty)
        for rule in rules {
            let stops = rule.matches(of: /([\d.]+)%/).compactMap { Double($0.1) }
            #expect(zip(stops, stops.dropFirst()).allSatisfy { $0 < $1 }, "\(rule)")
            #expect(stops.first == 0 && stops.last == 100, "\(rule)")
        }
    }

    /// How often an animation plays is checked for code-built scenarios too.
    @Test func loopsOutOfRangeAreAnError() throws {
        var scenario = try Scenario.parse(yaml, file: "svg.yaml")
        scenario.animation.loops = -1
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg, .animation]
        #expect(throws: RenderError.self) { try ScenarioRenderer.render(scenario, options: options) }
    }

    @Test func sizedInPointsDrawnInPixels() throws {
        let state = try #require(try files([.svg])["state-00.svg"])
        #expect(state.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\""))
        #expect(state.contains("viewBox=\"0 0 1200 "))
    }

    @Test func bothThemesUnlessOneIsFixed() throws {
        let free = try #require(try files([.svg])["state-01.svg"])
        #expect(free.contains("@media (prefers-color-scheme:dark){"))
        let fixed = try #require(try files([.svg], theme: .light)["state-01.svg"])
        #expect(!fixed.contains("prefers-color-scheme"))
        let dark = try #require(try files([.svg], theme: .dark)["state-01.svg"])
        #expect(!dark.contains("prefers-color-scheme"))
        #expect(dark != fixed)
    }

    /// What a tree says is text: escaped, never markup; nothing outside the file is referred to.
    @Test func hostileTitlesStayTextAndTheFileSelfContained() throws {
        for (path, svg) in try files([.svg, .animation]) where path.hasSuffix(".svg") {
            #expect(!svg.contains("<script"), "\(path)")
            #expect(!svg.contains("\u{7}"), "\(path)")
            if path.hasPrefix("state-01") { #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;")) }
            let references = svg.matches(of: /(?:href|url\()\s*=?\s*"?([^")]*)/).map { String($0.1) }
            #expect(!references.isEmpty && references.allSatisfy { $0.hasPrefix("#") }, "\(path): \(references.filter { !$0.hasPrefix("#") })")
            #expect(!svg.contains("<foreignObject") && !svg.contains("@import") && !svg.contains("javascript:"))
        }
    }

    @Test func theSameBytesForAnyNumberOfWorkers() throws {
        let one = try files([.states, .svg, .animation], workers: 1)
        let two = try files([.states, .svg, .animation], workers: 2)
        #expect(one == two)
        #expect(one == (try files([.states, .svg, .animation], workers: 1)))
    }

    /// One file carries both themes only if both draw the same shapes: every
    /// look, with the active accent too, and every Example's rows and states.
    @Test(arguments: ["ios", "macos", "explorer", "plain", "macos-active"])
    func everyLookDrawsTheSameShapesInBothThemes(_ look: String) throws {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.svg, .animation]
        var scenario = try loadExample("tasks.yaml")
        scenario.apply(preset: try #require(Appearance.Preset(rawValue: String(look.prefix { $0 != "-" }))))
        if look.hasSuffix("-active") { scenario.style.accent = .active }
        let result = try ScenarioRenderer.render(scenario, options: options)
        let svgs = result.files.filter { $0.path.hasSuffix(".svg") }
        #expect(svgs.count == scenario.steps.count + 2)
        #expect(svgs.allSatisfy { String(decoding: $0.bytes, as: UTF8.self).contains("prefers-color-scheme:dark") })
    }

    @Test func numbersAreShortAndTheSameEverywhere() {
        #expect(SVGMarkup.number(1) == "1")
        #expect(SVGMarkup.number(-0.5) == "-0.5")
        #expect(SVGMarkup.number(2.005, places: 2) == "2.01")
        #expect(SVGMarkup.number(0.1 + 0.2) == "0.3")
        #expect(SVGMarkup.number(.nan) == "0")
        #expect(SVGMarkup.compact(-0.25) == "-.25")
        #expect(SVGMarkup.compact(0.5) == ".5")
    }

    @Test func pathDataIsRelativeAndAsShortAsTheGrammarAllows() {
        // A rectangle: moves, an axis-aligned line each way, and no line back to the start.
        #expect(SVGMarkup.pathData(.rect(x: 1, y: 2, width: 3, height: 4)) == "M1 2h3v4h-3z")
        // A chain of quadratic curves through their controls' midpoints (TrueType's implied points).
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(2, 2), control: Point(1, 3))
        path.quad(to: Point(4, 0), control: Point(3, 1))
        path.close()
        #expect(SVGMarkup.pathData(path) == "M0 0q1 3 2 2t2-2z")
        // A number starting with a point after one with a point needs no space ("1.5.5" reads as 1.5 and .5).
        var small = Path()
        small.move(to: Point(1.5, 0.5))
        small.line(to: Point(2, 1))
        #expect(SVGMarkup.pathData(small) == "M1.5.5l.5.5")
    }

    @Test func textIsEscapedAndControlsDropped() {
        #expect(MarkupText.escaped("a<b>&\"'\u{0}\u{1B}\u{85}\tz\u{FFFE}") == "a&lt;b&gt;&amp;&quot;&#39; z")
        #expect(MarkupText.escaped("line\none\ttab", keepingLines: true) == "line\none\ttab")
    }
}
