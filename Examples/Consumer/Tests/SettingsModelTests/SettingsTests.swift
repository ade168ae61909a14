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

final class SettingsXCTests: XCTestCase {
    func testSettingsScreen() throws {
        XCTAssertOutlineSnapshot(try Settings.scenario())
    }
}
