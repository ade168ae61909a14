/// Types an app's test target sees beside Unfold's, under the same names
/// (SwiftUI and UIKit have a `Color`; an app may have an `Outline`, a `Row`
/// or a `Step`): a test file that imports both must get these.
public struct Color: Sendable, Equatable {
    /// The app's brand colour.
    public static let brand = Color(name: "brand")
    /// The colour's name.
    public var name: String
}

/// An app's own outline.
public struct Outline: Sendable {
    /// What the app calls its outline.
    public var standIn = "app outline"
    /// An outline of the app's.
    public init() {}
}

/// An app's own row.
public struct Row: Sendable {
    /// What the app calls its row.
    public var standIn = "app row"
    /// A row of the app's.
    public init() {}
}

/// An app's own step.
public struct Step: Sendable {
    /// What the app calls its step.
    public var standIn = "app step"
    /// A step of the app's.
    public init() {}
}

/// Names an app may also have that only `import Unfold` brings (one from each
/// module `UnfoldTesting` leaves out): a test file that imports
/// `UnfoldTesting` names them unqualified, in a type's place, where two
/// modules' types of one name would be ambiguous.
public struct PNG: Sendable {
    /// What the app calls it.
    public var standIn = "app PNG"
    /// The app's own.
    public init() {}
}

/// An app's render options (Unfold's are in `UnfoldRender`).
public struct RenderOptions: Sendable {
    /// What the app calls them.
    public var standIn = "app render options"
    /// The app's own.
    public init() {}
}

/// An app's fonts (Unfold's are in `UnfoldCanvas`).
public struct FontSet: Sendable {
    /// What the app calls them.
    public var standIn = "app fonts"
    /// The app's own.
    public init() {}
}

/// An app's comparison (Unfold's is in `UnfoldComparison`).
public struct Comparison: Sendable {
    /// What the app calls it.
    public var standIn = "app comparison"
    /// The app's own.
    public init() {}
}

/// An app's report (Unfold's is in `UnfoldReport`).
public struct SnapshotReport: Sendable {
    /// What the app calls it.
    public var standIn = "app report"
    /// The app's own.
    public init() {}
}

/// An app's error (Unfold's is in `UnfoldSupport`).
public struct ScenarioError: Error, Sendable {
    /// What the app calls it.
    public var standIn = "app error"
    /// The app's own.
    public init() {}
}

/// An app's options for reading trees (Unfold's are in `UnfoldTreeSources`).
public struct TreeSourceOptions: Sendable {
    /// What the app calls them.
    public var standIn = "app tree options"
    /// The app's own.
    public init() {}
}
