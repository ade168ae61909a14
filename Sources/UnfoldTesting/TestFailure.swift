import Foundation
import Testing
import XCTest

/// Where an assertion was written, in the forms both test frameworks take:
/// Swift Testing's `SourceLocation` and XCTest's `file:line:`.
package struct AssertionSite: Sendable {
    /// `#fileID` of the assertion.
    package var fileID: StaticString
    /// `#filePath` of the assertion: the test file that references are kept beside.
    package var filePath: StaticString
    /// `#line` of the assertion.
    package var line: UInt
    /// `#column` of the assertion.
    package var column: UInt
    /// The test file whose `__Snapshots__` folder holds the references (`filePath` unless told otherwise).
    package var testFile: String

    /// The site of an assertion.
    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        testFile = "\(filePath)"
    }

    /// The site Swift Testing gave (`#_sourceLocation`), with the file path as
    /// XCTest needs it, for references beside `testFile`.
    package init(_ location: Testing.SourceLocation, filePath: StaticString, testFile: String) {
        self.init(fileID: filePath, filePath: filePath, line: UInt(max(1, location.line)), column: UInt(max(1, location.column)))
        self.testFile = testFile
        swiftTesting = location
    }

    /// The site as Swift Testing takes it.
    package var sourceLocation: Testing.SourceLocation {
        swiftTesting
            ?? Testing.SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(max(1, line)), column: Int(max(1, column)))
    }

    private var swiftTesting: Testing.SourceLocation?
}

/// Reports a failed assertion through whichever framework runs the test: a
/// Swift Testing issue (with the pictures attached) inside a `@Test`, else an
/// XCTest failure. So every assertion fails in both frameworks, whichever
/// name it was called by; none can pass because it reported to a framework
/// that is not listening. Outside any test, the failure is also written to
/// standard error.
package enum TestFailure {
    /// Reports `message`, attaching the files `attachments` where the
    /// framework can, each named by its path under `base` with `/` made `.`
    /// (`settingsScreen.1.state-01.expected.png`: the test's folder and the
    /// file), so that the attachments of a run's tests stay apart.
    package static func report(_ message: String, attachments: [String] = [], under base: String? = nil, at site: AssertionSite) {
        if Test.current != nil {
            for path in attachments {
                if let data = FileManager.default.contents(atPath: path) {
                    Attachment.record([UInt8](data), named: attachmentName(path, under: base), sourceLocation: site.sourceLocation)
                }
            }
            Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
            return
        }
        if XCTestTracker.currentTestName() == nil, !isXCTestProcess {
            // No test at all (a test runner's process reports through XCTest, once): said where it cannot be lost.
            FileHandle.standardError.write(Data("\(site.filePath):\(site.line): snapshot assertion failed: \(message)\n".utf8))
        }
        XCTFail(message, file: site.filePath, line: site.line)
    }

    /// The name of the attachment of the file at `path`: its path under
    /// `base` with `/` made `.`, else its file name.
    package static func attachmentName(_ path: String, under base: String?) -> String {
        guard let base, path.hasPrefix(base + "/") else { return (path as NSString).lastPathComponent }
        return path.dropFirst(base.count + 1).replacingOccurrences(of: "/", with: ".")
    }

    /// Whether this process runs XCTest tests (`<Package>PackageTests.xctest`
    /// on Linux, `xctest` on macOS), where `XCTFail` reports a failure
    /// even before Unfold's observer has seen the first test start.
    static var isXCTestProcess: Bool { ProcessInfo.processInfo.processName.lowercased().contains("xctest") }

    /// Tells advice that does not fail the test: a Swift Testing issue of
    /// warning severity inside a `@Test`, else a line on standard error.
    package static func warn(_ message: String, at site: AssertionSite) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: site.sourceLocation)
        } else {
            FileHandle.standardError.write(Data("\(site.filePath):\(site.line): \(message)\n".utf8))
        }
    }
}
