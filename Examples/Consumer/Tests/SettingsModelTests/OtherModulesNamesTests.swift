import StandInUI
import Testing
import UnfoldTesting

/// A test file that imports UnfoldTesting and a module with names Unfold
/// also has (`Color`, `Outline`, `Row`, `Step`, as SwiftUI, UIKit or an app
/// have) gets that module's: this file compiles only if none of Unfold's
/// shadows them. Unfold's own are there, qualified by their module.
@Suite struct OtherModulesNamesTests {
    @Test func theOtherModulesNamesWin() throws {
        #expect(Color.brand.name == "brand")
        #expect(Outline().standIn == "app outline" && Row().standIn == "app row" && Step().standIn == "app step")
        let outline = try OutlineEngine.Outline { OutlineNode("Inbox") }
        #expect(outline.rowCount == 1 && OutlineAppearance.Color(hex: 0xFF0000).r == 255)
    }
}
