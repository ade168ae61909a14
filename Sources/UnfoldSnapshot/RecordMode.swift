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

    /// `UNFOLD_RECORD` from the environment, if set to a mode.
    public static func fromEnvironment(_ environment: [String: String]) -> RecordMode? {
        environment["UNFOLD_RECORD"].flatMap(RecordMode.init(rawValue:))
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
