import NavigatorModel
import Testing
import UnfoldTesting
import XCTest

// __Snapshots__/NavigatorTests/<test>.<n>/

@Test func navigator() throws {
    expectOutlineSnapshot(of: try Navigator.outline(), canvas: Scenario.Canvas(width: 320, height: nil, scale: 1), style: Navigator.style, kinds: Navigator.kinds)
}

/// A test that sets its own row height keeps passing when the app's changes.
@Test func navigatorAt30Points() throws {
    var style = Navigator.style
    style.rowHeight = 30
    expectOutlineSnapshot(
        of: try Navigator.outline(), canvas: Scenario.Canvas(width: 320, height: nil, scale: 1), style: style,
        kinds: ["group": Scenario.Kind(height: 30)])
}

final class NavigatorXCTests: XCTestCase {
    func testNavigator() throws {
        XCTAssertOutlineSnapshot(
            of: try Navigator.outline(), canvas: Scenario.Canvas(width: 320, height: nil, scale: 1, theme: .dark), style: Navigator.style,
            kinds: Navigator.kinds)
    }
}

/// Two cases whose arguments differ only by `/` and `-` each have a folder of their own.
@Test(arguments: ["App/Resources", "App-Resources"]) func resourcesFolder(path: String) throws {
    let outline = try Outline { OutlineNode(path, icon: "folder") }
    expectOutlineSnapshot(of: outline, canvas: Scenario.Canvas(width: 320, height: nil, scale: 1))
}
