import UnfoldSupport

/// References that cannot be trusted (a damaged index, a missing or linked
/// file): nothing is recorded over them.
package struct DamagedReferences: DescribedError {
    /// What is wrong and what to do.
    package var description: String

    /// The error that says `description`.
    package init(description: String) { self.description = description }
}

/// References that changed since a report was made: accepting the
/// report's pictures over them would lose that change.
package struct StaleReferences: DescribedError {
    /// The scenario's folder.
    package var directory: String
    /// The references that changed.
    package var names: [String]

    /// The error for `names` of the scenario in `directory`.
    package init(directory: String, names: [String]) {
        self.directory = directory
        self.names = names
    }
    /// Said in the words of the run that made the report: a Swift test's
    /// folder (under `__Snapshots__`) is checked again by `swift test`.
    package var description: String {
        let swift = directory.hasPrefix("__Snapshots__/") || directory.contains("/__Snapshots__/")
        return "\(InertText(directory)): \(names.joined(separator: ", ")) changed since the report was made; "
            + (swift ? "run `swift test` again and accept from its report (.build/unfold-artifacts)" : "run `unfold test` again and accept from its report")
    }
}
