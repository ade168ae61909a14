import Foundation

// The errors of this module say what went wrong in `description`; these make
// `localizedDescription` (what other runners and loggers print) say the same.

extension TextError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` names the font and the problem.
    public var errorDescription: String? { description }
}

extension Pixmap.SizeError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` gives the size and the limit.
    public var errorDescription: String? { description }
}
