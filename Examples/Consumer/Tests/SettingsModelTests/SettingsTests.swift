import SettingsModel
import Testing
import UnfoldTesting
import XCTest

@Test func settingsScreen() throws {
    expectOutlineSnapshot(try Settings.scenario())
}

@Test func settingsOutlineBuiltInCode() throws {
    var canvas = Scenario.Canvas()
    canvas.width = 320
    canvas.height = 300
    canvas.scale = 1
    expectOutlineSnapshot(
        of: try Settings.outline(), named: "settings-code", canvas: canvas,
        diff: DiffOptions())
}

final class SettingsXCTests: XCTestCase {
    func testSettingsScreen() throws {
        XCTAssertOutlineSnapshot(try Settings.scenario())
    }
}
