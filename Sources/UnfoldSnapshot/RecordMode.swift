import Foundation
import UnfoldSupport

/// When references are written, as in swift-snapshot-testing and Playwright.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet; compare the others. The default.
    case missing
    /// Write every reference, whatever it holds.
    case all
    /// Write references that are missing or that differ.
    case failed
    /// Write nothing: a missing reference is a failure. For CI.
    case never

    /// An `UNFOLD_RECORD` that is not a mode.
    public struct UnknownMode: DescribedError {
        /// What `UNFOLD_RECORD` holds.
        public var value: String
        /// The value and the modes to choose from.
        public var description: String {
            "UNFOLD_RECORD is '\(value)', which is not a record mode: use missing, all, failed or never"
        }
    }

    /// The mode of a command: `explicit` (the command line's `--record`)
    /// when given, else `UNFOLD_RECORD`, else `never` when `CI` is set (a CI
    /// run must not pass by recording), else `missing`.
    public static func resolve(
        _ explicit: RecordMode? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UnknownMode) -> RecordMode {
        if let explicit { return explicit }
        return try forAssertion(requested: nil, environment: environment)
    }

    /// The mode of a snapshot assertion in Swift, by one rule: `UNFOLD_RECORD`
    /// when it is set; else `never` when `CI` is set, whatever the code or a
    /// trait asks (a CI run must not pass by recording, and only the person
    /// who runs it can say otherwise); else `requested` (the assertion's
    /// `record:`, then its scope's); else `missing`.
    public static func forAssertion(
        requested: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UnknownMode) -> RecordMode {
        if let value = environment["UNFOLD_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value) else { throw UnknownMode(value: value) }
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return requested ?? .missing
    }

    func records(missing: Bool, differs: Bool) -> Bool {
        switch self {
        case .missing: missing
        case .all: true
        case .failed: missing || differs
        case .never: false
        }
    }
}
