import Foundation
import UnfoldSupport

/// The reference folders the tests of this process have used, and who used
/// each: two tests that would use the same folder are an error that names
/// both, never a silent share. Also numbers a test's unnamed assertions.
/// Safe to use from concurrent tests.
package final class ReferenceClaims: @unchecked Sendable {
    /// The one registry of the process (references are files: every test of the process shares them).
    package static let shared = ReferenceClaims()

    private let lock = NSLock()
    private var owners: [String: String] = [:]
    private var counters: [String: Int] = [:]

    /// 1 on the first call for `key`, then 2, 3, …. O(1).
    package func next(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counters[key, default: 0] += 1
        return counters[key, default: 0]
    }

    /// Notes that `owner` uses the reference folder `path`; throws if
    /// another test used it before. O(1).
    package func claim(_ path: String, by owner: String) throws(SharedReferenceError) {
        lock.lock()
        defer { lock.unlock() }
        if let first = owners[path], first != owner {
            throw SharedReferenceError(path: path, first: first, second: owner)
        }
        owners[path] = owner
    }
}

/// Two tests would compare against (and record) the same references.
public struct SharedReferenceError: DescribedError {
    /// The reference folder both would use.
    public var path: String
    /// The test that used it first.
    public var first: String
    /// The test that would use it too.
    public var second: String

    /// What happened and what to do, naming both tests.
    public var description: String {
        "\(InertText(path)) holds the references of \(InertText(first)); \(InertText(second)) would use them too: "
            + "give one of the assertions its own `named:`"
    }
}
