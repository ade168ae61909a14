import StandInUI
import Testing
import UnfoldTesting

/// A test file that imports UnfoldTesting and a module with names Unfold
/// also has (`Color`, `Outline`, `Row`, `Step`, as SwiftUI, UIKit or an app
/// have) gets that module's: this file compiles only if none of Unfold's
/// shadows them. Unfold's own are there, qualified by their module; the
/// names of `Unfold`'s other modules are not there at all.
@Suite struct OtherModulesNamesTests {
    @Test func theOtherModulesNamesWin() throws {
        #expect(Color.brand.name == "brand")
        #expect(Outline().standIn == "app outline" && Row().standIn == "app row" && Step().standIn == "app step")
        let outline = try OutlineEngine.Outline { OutlineNode("Inbox") }
        #expect(outline.rowCount == 1 && OutlineAppearance.Color(hex: 0xFF0000).r == 255)
    }

    /// `UnfoldTesting` brings what a test asserts with and builds outlines
    /// from, not the rest of `Unfold`: each of these names, in a type's
    /// place, would be ambiguous if the module that has it were re-exported.
    @Test func onlyTheTestingSurfaceIsImported() {
        let png: PNG = PNG(), options: RenderOptions = RenderOptions(), fonts: FontSet = FontSet()
        let comparison: Comparison = Comparison(), report: SnapshotReport = SnapshotReport()
        let error: ScenarioError = ScenarioError(), sources: TreeSourceOptions = TreeSourceOptions()
        let names = [png.standIn, options.standIn, fonts.standIn, comparison.standIn, report.standIn, error.standIn, sources.standIn]
        #expect(names.allSatisfy { $0.hasPrefix("app ") })
        let mode: RecordMode = .never, diff: DiffOptions = DiffOptions(), canvas: Scenario.Canvas = Scenario.Canvas(height: nil)
        #expect(mode.rawValue == "never" && diff == DiffOptions() && canvas.height == nil)
    }
}
