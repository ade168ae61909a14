import Testing

/// The record mode set for a scope of tests (`withOutlineSnapshotRecording`,
/// the `.outlineSnapshots(record:)` trait). `UNFOLD_RECORD` comes first, then
/// `CI` (which records nothing), then an assertion's own `record:`, then
/// this (`RecordMode.forAssertion(requested:environment:)`).
package enum ScopedRecording {
    @TaskLocal static var mode: RecordMode?
    /// The environment the record mode is read from; nil: the process's.
    /// This package's tests set it to run as outside CI, or as in it.
    @TaskLocal package static var environment: [String: String]?
}

/// Runs `body` with every snapshot assertion in it recording as `mode`
/// says; an assertion's own `record:` comes first, and `UNFOLD_RECORD` and
/// `CI` before both (in CI nothing is recorded unless `UNFOLD_RECORD` says so). The scope is the task's: tasks `body` starts inherit it.
///
///     try withOutlineSnapshotRecording(.failed) {
///         assertOutlineSnapshot(of: try Settings.outline())
///     }
public func withOutlineSnapshotRecording<T>(_ mode: RecordMode, _ body: () throws -> T) rethrows -> T {
    try ScopedRecording.$mode.withValue(mode) { try body() }
}

/// The same for asynchronous work.
public func withOutlineSnapshotRecording<T>(_ mode: RecordMode, _ body: () async throws -> T) async rethrows -> T {
    try await ScopedRecording.$mode.withValue(mode) { try await body() }
}

/// A Swift Testing trait that sets the record mode of every snapshot
/// assertion in a test, or in every test of a suite:
///
///     @Suite(.outlineSnapshots(record: .failed)) struct SettingsTests { … }
public struct OutlineSnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode of the tests' assertions.
    public var record: RecordMode

    /// Applies to every test of a suite it is on.
    public var isRecursive: Bool { true }

    /// Runs the test (or suite) with the record mode set.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await ScopedRecording.$mode.withValue(record) { try await function() }
    }
}

extension Trait where Self == OutlineSnapshotsTrait {
    /// Sets the record mode of the snapshot assertions of a test or suite.
    public static func outlineSnapshots(record: RecordMode) -> Self { OutlineSnapshotsTrait(record: record) }
}
