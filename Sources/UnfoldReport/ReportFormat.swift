import UnfoldReferences

/// One file a report is written as: its name and how it is made from the
/// report. `all` is the one list of them: writing, removing, merging and the
/// command line's help all read it.
package struct ReportFormat: Sendable {
    /// The file's name in the report's folder.
    package let file: String
    /// The file's bytes for a report whose references are of the kinds in a catalog.
    package let bytes: @Sendable (SnapshotReport, ReferenceCatalog) -> [UInt8]

    /// `report.json`: everything, for tools, `merge-reports` and `unfold accept`.
    static let json = ReportFormat(file: "report.json") { report, _ in report.json() }
    /// `junit.xml`: for CI systems that show test results.
    static let junit = ReportFormat(file: "junit.xml") { report, _ in Array(report.junit().utf8) }
    /// `report.html`: the pictures side by side, offline.
    static let html = ReportFormat(file: "report.html") { report, catalog in Array(report.html(catalog: catalog).utf8) }
    /// `summary.md`: for a CI job's summary.
    static let markdown = ReportFormat(file: "summary.md") { report, _ in Array(report.markdown().utf8) }

    /// Every report file, in the order they are written.
    package static let all = [json, junit, html, markdown]
}
