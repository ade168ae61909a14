import Foundation

/// An error whose `description` is the whole message a person reads: what
/// went wrong, where, and what to do. Adopting it makes
/// `localizedDescription` (what test runners, loggers and `print(error)`
/// show) the same text, so an error reads alike from the command line and
/// from Swift.
public protocol DescribedError: LocalizedError, CustomStringConvertible {}

extension DescribedError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}
