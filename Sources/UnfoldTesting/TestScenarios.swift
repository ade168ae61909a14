import Foundation

extension Scenario {
    /// Loads a scenario file kept beside a test: `path` is relative to the
    /// folder of the test file (`#filePath`), or absolute, so that the test
    /// finds it whatever folder `swift test` runs in.
    ///
    ///     assertSnapshot(of: try Scenario.load(path: "regions.yaml", besideTest: #filePath), as: .outline)
    public static func load(path: String, besideTest filePath: String) throws -> Scenario {
        let full = path.hasPrefix("/") ? path : (filePath as NSString).deletingLastPathComponent + "/" + path
        return try Scenario.load(path: full)
    }
}

extension Scenario.Canvas {
    /// The default canvas, as tall as the outline's tallest state instead of a
    /// phone's 844 points: for outlines built in code, whose pictures should
    /// hold what they show and no more.
    public static var fittingContent: Scenario.Canvas {
        var canvas = Scenario.Canvas()
        canvas.height = nil
        return canvas
    }
}
