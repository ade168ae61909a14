import Foundation

extension Scenario {
    /// Loads a scenario file kept beside a test: `path` is relative to the
    /// folder of the test file (`#filePath`), or absolute, so that the test
    /// finds it whatever folder `swift test` runs in. The files the scenario
    /// names must be inside the test's package.
    ///
    ///     assertSnapshot(of: try Scenario.load(path: "regions.yaml", besideTest: #filePath), as: .outline)
    public static func load(path: String, besideTest filePath: String) throws -> Scenario {
        let full = path.hasPrefix("/") ? path : (filePath as NSString).deletingLastPathComponent + "/" + path
        return try Scenario.load(path: full, project: .package(containing: filePath))
    }
}
