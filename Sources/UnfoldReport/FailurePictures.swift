/// The files that show a failure in a report's folder, each a path relative
/// to the folder: the reference as it was (`expected`), what was drawn
/// (`actual`) and the difference drawn (`diff`). A report is read as data:
/// `SnapshotReport.validate` checks that every path stays inside the folder.
public struct FailurePictures: Codable, Sendable, Equatable {
    /// The stored reference, or its frame.
    public var expected: String?
    /// What the run drew: what accepting stores.
    public var actual: String?
    /// The difference as a picture.
    public var diff: String?

    /// Pictures at these paths.
    public init(expected: String? = nil, actual: String? = nil, diff: String? = nil) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// The paths present, each with its role (`expected`, `actual`, `diff`), in that order.
    public var paths: [(role: String, path: String)] {
        [("expected", expected), ("actual", actual), ("diff", diff)].compactMap { role, path in path.map { (role, $0) } }
    }

    /// The same pictures with `prefix` before each path (a folder they were moved into).
    package func prefixed(by prefix: String) -> FailurePictures {
        FailurePictures(expected: expected.map { prefix + $0 }, actual: actual.map { prefix + $0 }, diff: diff.map { prefix + $0 })
    }
}
