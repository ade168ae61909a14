import Foundation
import Testing
import UnfoldCanvas
import XCTest

/// The test that is asserting, as references are named after it: which test
/// it is (to tell two tests apart), its name as file names write it, and, for
/// one case of a parameterized test, that case's arguments.
package struct TestIdentity: Hashable, Sendable {
    /// Who the test is, for messages and for telling two tests apart: Swift
    /// Testing's test id (`AppTests.Settings/screen()/SettingsTests.swift:9:2`)
    /// or XCTest's test name (`SettingsTests.testScreen`).
    package var owner: String
    /// The test's name as reference names write it: `#function` with every
    /// run of other characters than letters, digits and `_` made one `-`
    /// (`regions()` → `regions`, `sizes(count:)` → `sizes-count`), as
    /// swift-snapshot-testing names its files.
    package var name: String
    /// The arguments of one case of a parameterized test, written the same
    /// way (`"Inbox", 3` → `Inbox-3`); nil when the test is not parameterized.
    package var arguments: String?
    /// A `swift test --filter` pattern that runs this test and no other (every
    /// case of a parameterized test): Swift Testing's id up to its source
    /// location (`^AppTests\.Settings/screen\(\)/`), or XCTest's
    /// `^Module\.Class/method$`; nil when the running test is unknown.
    package var filter: String?

    /// A test known by `owner`, named `name` in file names; `arguments` for one case of a parameterized test.
    package init(owner: String, name: String, arguments: String? = nil) {
        self.owner = owner
        self.name = name
        self.arguments = arguments
    }

    /// The test running on this task or thread. `function` is the caller's
    /// `#function` and `filePath` its `#filePath`, for the name and, outside a
    /// known test, the owner; `module` the test target's name, for an XCTest's `filter`.
    package static func current(function: String, filePath: String, module: String? = nil) -> TestIdentity {
        let name = Self.fileName(function)
        if let test = Test.current {
            var identity = TestIdentity(owner: "\(test.id)", name: name)
            identity.filter = swiftTestingFilter("\(test.id)")
            if let testCase = Test.Case.current, testCase.isParameterized {
                let arguments = caseArguments(testCase) ?? "case\(ReferenceClaims.shared.next("cases of \(test.id)"))"
                identity.arguments = arguments
                identity.owner += " (\(arguments))"
            }
            return identity
        }
        let file = ((filePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let running = XCTestTracker.currentTestName()
        var identity = TestIdentity(owner: running ?? "\(file).\(function)", name: name)
        identity.filter = module.flatMap { xcTestFilter(running: running, function: function, module: $0) }
        return identity
    }

    /// The pattern of the XCTest `running` (`Class.method`) in `module`:
    /// `^Module\.Class/method$`. For a test that started before the
    /// observer was added (the run's first, or each one under `--parallel`),
    /// whose class is not known, the pattern is anchored on its method
    /// (`function`, its `#function`): `^Module\.[^/]+/method$`.
    package static func xcTestFilter(running: String?, function: String, module: String) -> String? {
        let parts = running?.split(separator: ".", maxSplits: 1).map(String.init) ?? []
        if parts.count == 2 { return "^" + regexEscaped(module + "." + parts[0]) + "/" + regexEscaped(parts[1]) + "$" }
        guard let method = function.split(separator: "(").first, !method.isEmpty else { return nil }
        return "^" + regexEscaped(module) + "\\.[^/]+/" + regexEscaped(String(method)) + "$"
    }

    /// The pattern of a Swift Testing test whose id is `id`
    /// (`Module.Suite/test()/File.swift:9:2`): the id without its source
    /// location, anchored at the start and ended by the `/` before it, so that
    /// a test whose name starts the same is not matched.
    package static func swiftTestingFilter(_ id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        return "^" + regexEscaped(parts.joined(separator: "/")) + "/"
    }

    /// `text` with every character a regular expression gives a meaning escaped.
    static func regexEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// `text` as swift-snapshot-testing writes a name in a file name: runs of
    /// other characters than ASCII letters, digits and `_` become one `-`,
    /// with none at either end. O(characters).
    package static func fileName(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// How long one argument may be in a name before it is shortened (with a hash of the whole, so that two long arguments stay apart).
    static let argumentLength = 40

    /// One case's arguments, as a part of a folder name that no other case
    /// of the test has (an injective function of the arguments): each
    /// argument as file names write it (`Inbox`, `3`, `dark` for `.dark`),
    /// joined by `-`, when that loses nothing (every argument is spelled
    /// whole in letters, digits and `_`, or a lone one also with `-`);
    /// otherwise the same spelling, cut to `argumentLength`, then `--` (which
    /// a spelling never holds) and a hash of the arguments' descriptions
    /// (`App-Resources--1f3a9c02` for "App/Resources", beside
    /// `App-Resources` for "App-Resources").
    ///
    /// Swift Testing does not make a case's arguments public, so they are read
    /// with `Mirror` (the case's `arguments`, each one's `value`); nil if a
    /// later Swift Testing stores them otherwise. Then the cases are numbered
    /// in the order they first assert (`case1`, `case2`), which is stable only
    /// when the cases run one after another.
    static func caseArguments(_ testCase: Test.Case) -> String? {
        guard let arguments = child("arguments", of: testCase, depth: 4) else { return nil }
        let values = Mirror(reflecting: arguments).children.compactMap { child("value", of: $0.value, depth: 0) }
        return argumentsName(values.map { ($0 as? String, String(describingForTest: $0)) })
    }

    /// The folder name part of arguments given as their text (for a string)
    /// and their description (see `caseArguments`). O(characters).
    package static func argumentsName(_ arguments: [(text: String?, description: String)]) -> String {
        // An argument as a reader knows it: a string's own text, an enum case without its dot.
        let natural = arguments.map { $0.text ?? ($0.description.hasPrefix(".") ? String($0.description.dropFirst()) : $0.description) }
        let spelled = natural.map(fileName)
        let whole = zip(natural, spelled).allSatisfy { text, name in
            text == name && !name.isEmpty && (arguments.count == 1 || !name.contains("-"))
        }
        let name = spelled.joined(separator: "-")
        guard !whole || name.count > argumentLength else { return name }
        var hash = ContentHash()
        hash.update(Array(arguments.map(\.description).joined(separator: "\u{0}").utf8))
        return String(name.prefix(argumentLength)) + "--" + hash.hex.prefix(8)
    }

    /// The first child labelled `label` of `value`, looking `depth` levels down. O(children searched).
    private static func child(_ label: String, of value: Any, depth: Int) -> Any? {
        var level: [Any] = [value]
        for _ in 0 ... depth {
            var next: [Any] = []
            for item in level {
                for child in Mirror(reflecting: item).children {
                    if child.label == label { return child.value }
                    next.append(child.value)
                }
            }
            level = next
        }
        return nil
    }
}

/// XCTest's running test, for owners: XCTest has no public "current test",
/// so an observer, added with the first assertion, notes each test as it
/// starts. (The test that made the first assertion started before, so it is
/// known by its file and function instead.)
package final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
    private static let shared = XCTestTracker()
    private let lock = NSLock()
    private var added = false
    private var current: String?

    /// The running XCTest test's name, or nil before the observer saw one start.
    package static func currentTestName() -> String? {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        if !shared.added {
            shared.added = true
            XCTestObservationCenter.shared.addTestObserver(shared)
        }
        return shared.current
    }

    /// Notes the test that starts.
    package func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock()
        current = testCase.name
        lock.unlock()
    }

    /// Forgets the test that finished.
    package func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock()
        current = nil
        lock.unlock()
    }
}
