import UnfoldSupport

extension SnapshotReport {
    /// JUnit XML: a test suite per scenario (per assertion of a Swift test,
    /// named by its test file and test: `SettingsTests.screen.1`), a test
    /// case per reference.
    package func junit() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(runName)\" tests=\"\(cases.count)\" failures=\"\(failed)\">\n"
        let byScenario = Dictionary(grouping: cases) { c in
            (c.snapshots.map { String($0.split(separator: "/").last ?? "") + "." } ?? "") + c.scenario
        }
        for (scenario, group) in byScenario.sorted(by: { $0.key < $1.key }) {
            let time = group.reduce(0) { $0 + $1.seconds }
            xml +=
                "  <testsuite name=\"\(markup(scenario))\" tests=\"\(group.count)\" "
                + "failures=\"\(group.filter { $0.status == .failed }.count)\" time=\"\(seconds(time))\">\n"
            for c in group {
                xml += "    <testcase classname=\"\(markup(scenario))\" name=\"\(markup(c.reference))\" time=\"\(seconds(c.seconds))\""
                switch c.status {
                case .passed:
                    xml += "/>\n"
                case .recorded:
                    xml += ">\n      <system-out>\(markup(c.message))</system-out>\n    </testcase>\n"
                case .failed:
                    let details = ([c.message] + c.frames.map(\.description) + c.artifacts.paths.map { "\($0.role): \($0.path)" })
                        .joined(separator: "\n")
                    xml += ">\n      <failure message=\"\(markup(c.message))\">\(markup(details))</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text as XML, its line breaks kept.
    private func markup(_ text: String) -> String { MarkupText.escaped(text, keepingLines: true, acting: .visible) }

    private func seconds(_ s: Double) -> String { String(Double(Int((s * 1000).rounded())) / 1000) }
}
