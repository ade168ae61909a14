import OutlineAppearance
import OutlineEngine

/// A project navigator, as an app library describes it with the engine and
/// the look alone (no C library): groups and files, git badges, a file's
/// last commit in its detail row, folders loading their children.
public enum Navigator {
    /// The git badge of ContentView.swift.
    static let contentViewBadge = "M"
    /// The last commit of AppDelegate.swift, shown in its detail row.
    static let appDelegateCommit = "a1b2c3d First window"
    /// Whether Tests is still loading its files.
    static let testsLoading = false
    /// Whether Packages has loaded its files.
    static let packagesLoaded = false
    /// When the project was last opened: part of the model, not of what the navigator shows.
    public static let lastOpened = "2026-11-30"

    public static func outline() throws -> Outline {
        var outline = try Outline {
            OutlineNode("App", kind: "group", icon: "folder", expanded: true) {
                OutlineNode("ContentView.swift", annotation: Annotation(stringLiteral: contentViewBadge), icon: "swift", selected: true)
                OutlineNode("AppDelegate.swift", annotation: "A", icon: "swift", detailText: appDelegateCommit)
            }
            OutlineNode("Tests", kind: "group", icon: "folder", expanded: true, loading: testsLoading) {
                if !testsLoading { OutlineNode("NavigatorTests.swift", annotation: "?", icon: "swift") }
            }
            OutlineNode("Packages", kind: "group", icon: "folder", expanded: true, loading: !packagesLoaded) {
                if packagesLoaded { OutlineNode("Package.swift", icon: "swift") }
            }
        }
        outline.showDetail(try outline.node(id: "App/AppDelegate.swift"))
        return outline
    }

    /// The look: macOS, files 24 points tall.
    public static var style: Appearance.Style {
        var style = Appearance.Style(preset: .macos)
        style.rowHeight = 24
        return style
    }

    /// Groups are as tall as files.
    public static var kinds: [String: Appearance.Kind] { ["group": Appearance.Kind(height: style.rowHeight)] }
}
