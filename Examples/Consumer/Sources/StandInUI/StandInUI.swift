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
