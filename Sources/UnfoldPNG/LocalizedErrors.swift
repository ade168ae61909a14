import Foundation

extension PNGError: LocalizedError {
    /// The same text as `description`, so that `localizedDescription` says what is wrong with the file.
    public var errorDescription: String? { description }
}
