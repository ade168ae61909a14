import Foundation

// Every error of this module says what went wrong, and what to do, in
// `description`; conforming to `LocalizedError` makes `localizedDescription`
// (what other runners and loggers print) say the same.

extension RecordMode.UnknownMode: LocalizedError {
    /// The same text as `description`: the value and the modes to choose from.
    public var errorDescription: String? { description }
}

extension InvalidName: LocalizedError {
    /// The same text as `description`: the name and what a name may hold.
    public var errorDescription: String? { description }
}

extension ReportError: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension ReferenceStore.DamagedError: LocalizedError {
    /// The same text as `description`: what is wrong with the references and what to do.
    package var errorDescription: String? { description }
}

extension ReferenceStore.StaleError: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension ReferenceIndex.Unreadable: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension ReferenceKind.Invalid: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension ReportFolder.UnreadableFile: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension Acceptance.NoMatch: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension Acceptance.Unacceptable: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension Acceptance.PartialAccept: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension LoopbackServer.Failure: LocalizedError {
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension ContainedFolder.Failure: LocalizedError {
    /// The same text as `description`.
    var errorDescription: String? { description }
}
