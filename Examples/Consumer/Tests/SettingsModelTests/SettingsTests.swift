import SettingsModel
import Testing
import UnfoldTesting
import XCTest

// References are named after the tests: __Snapshots__/SettingsTests/<test>.<n>/.

@Test func settingsScreen() throws {
    expectOutlineSnapshot(try Settings.scenario())
}

@Test func settingsOutlineBuiltInCode() throws {
    var canvas = Scenario.Canvas(height: nil)
    canvas.width = 320
    canvas.scale = 1
    expectOutlineSnapshot(of: try Settings.outline(), canvas: canvas, diff: DiffOptions())
}

/// Checks are drawn without a style that asks for them: moving one fails.
@Test func filesToSync() throws {
    var canvas = Scenario.Canvas(height: nil)
    canvas.width = 320
    canvas.scale = 1
    expectOutlineSnapshot(of: try Settings.syncOutline(), canvas: canvas)
}

/// One reference folder per case: sectionShown-section.general.1/, sectionShown-section.privacy.1/.
@Test(arguments: ["general", "privacy"]) func sectionShown(section: String) throws {
    var outline = try Settings.outline()
    _ = outline.collapseAll()
    _ = outline.expand(try outline.node(id: section))
    var canvas = Scenario.Canvas(height: nil)
    canvas.width = 320
    canvas.scale = 1
    expectOutlineSnapshot(of: outline, canvas: canvas)
}

final class SettingsXCTests: XCTestCase {
    func testSettingsScreen() throws {
        XCTAssertOutlineSnapshot(try Settings.scenario())
    }
}
