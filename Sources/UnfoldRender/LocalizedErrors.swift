import Foundation

// These errors say what went wrong in `description`; conforming to
// `LocalizedError` makes `localizedDescription` (what other runners and
// loggers print) say the same.

extension RenderError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` says what to change.
    public var errorDescription: String? { description }
}

extension AtomicFile.WriteError: LocalizedError {
    /// The same text as `description`: the file and why it could not be written.
    package var errorDescription: String? { description }
}
