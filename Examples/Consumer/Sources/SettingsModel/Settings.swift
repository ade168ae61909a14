import Unfold

/// The settings screen of an app, as an outline built in code.
public enum Settings {
    public static func outline() throws -> Outline {
        var outline = try Outline {
            OutlineNode("General", id: "general", icon: "gear", expanded: true) {
                OutlineNode("About", subtitle: "Version 1.0")
                OutlineNode("Software Update", subtitle: "Automatic")
            }
            OutlineNode("Privacy", id: "privacy", icon: "lock") {
                OutlineNode("Location Services")
                OutlineNode("Tracking")
            }
        }
        _ = outline.select(try outline.node(id: "general/About"))
        return outline
    }

    /// A "files to sync" screen: folders and files, a check on each file to sync, one folder open.
    public static func syncOutline() throws -> Outline {
        try Outline {
            OutlineNode("Documents", id: "documents", expanded: true) {
                OutlineNode("Notes.md", id: "notes", checked: true)
                OutlineNode("Report.pdf", id: "report")
            }
            OutlineNode("Projects", id: "projects") {
                OutlineNode("README.md", id: "readme", checked: true)
            }
        }
    }

    /// The same screen as a scenario with one step: expanding Privacy.
    public static func scenario() throws -> Scenario {
        var canvas = Scenario.Canvas()
        canvas.width = 320
        canvas.height = nil
        canvas.scale = 2
        return Scenario(name: "settings", outline: try outline(), canvas: canvas, steps: [.expand("privacy")])
    }
}
