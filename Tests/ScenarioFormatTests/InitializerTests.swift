import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldSupport

/// The values people build in Swift have labelled initializers whose defaults
/// are what a scenario file gets when it leaves the key out.
@Suite struct InitializerTests {
    let file = try! Scenario.parse("name: plain\ntree: [ {title: A} ]\n", file: "plain.yaml")

    @Test func defaultsAreTheFileDefaults() {
        #expect(Scenario.Canvas() == file.canvas)
        #expect(Scenario.Canvas() == Scenario.Canvas(width: 390, height: 844, scale: 2, theme: .light, direction: .ltr))
        #expect(Scenario.Style() == file.style)
        #expect(Scenario.Style() == Scenario.Style(preset: .ios))
        #expect(Scenario.Animation() == file.animation)
        #expect(Scenario.Animation() == Scenario.Animation(frames: 6, style: .fade, easing: .easeInOut, frameDelay: 40, hold: 800, loops: 0))
    }

    @Test func labelledValues() {
        let fit = Scenario.Canvas(height: nil)
        #expect(fit.height == nil && fit.width == 390 && fit.scale == 2)
        let dark = Scenario.Canvas(width: 320, scale: 3, theme: .dark, direction: .rtl)
        #expect(dark.width == 320 && dark.height == 844 && dark.scale == 3 && dark.theme == .dark && dark.direction == .rtl)
        #expect(Scenario.Animation(frames: 2, style: .slide).frames == 2)
        let step = Step(.expand("gd/gz"))
        #expect(step.action == .expand("gd/gz") && step.location == ScenarioLocation(file: "<code>"))
        #expect(NodeSpec(title: "A") == NodeSpec(key: nil, title: "A", subtitle: nil, kind: nil, icon: nil, expanded: false, parent: nil, checked: false))
    }

    @Test func aStepMadeInCodeSaysWhereItFails() throws {
        var scenario = file
        scenario.steps = [Step(.expand("missing"))]
        #expect(throws: ScenarioError.self) { try Playback(scenario) }
        do {
            _ = try Playback(scenario)
        } catch {
            #expect(error.description.hasPrefix("<code>: error: step 'expand missing': no node has the id 'missing'"))
        }
    }
}
