import Foundation
import Testing
import UnfoldAcceptance
import UnfoldDiff
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldReview
import UnfoldSnapshot
import UnfoldTestSupport

/// `unfold review`'s answers, without a socket: only the person with the
/// printed address can see the report or decide, nothing can frame the page,
/// only the report's own files are served, and an id is never a pattern.
@Suite struct ReviewSessionTests {
    static let port: UInt16 = 4711
    static let host = "127.0.0.1:4711"

    /// A review of a failed run of `tiny` (`state-01.png` and the strip differ).
    func review(_ box: Sandbox) throws -> ReviewSession {
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        return ReviewSession(acceptance: try box.acceptance(), port: Self.port)
    }

    func request(
        _ path: String, query: [String: String] = [:], key: String? = nil, headers: [String: String] = [:], method: String = "GET", body: String = ""
    ) -> HTTPRequest {
        var fields = headers.merging(["host": Self.host]) { given, _ in given }
        if let key { fields["x-unfold-token"] = key }
        return HTTPRequest(method: method, path: path, query: query, headers: fields, body: Array(body.utf8))
    }

    func post(_ path: String, key: String? = nil, headers: [String: String] = [:], body: String) -> HTTPRequest {
        request(path, key: key, headers: headers, method: "POST", body: body)
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func everyAnswerForbidsFramingSniffingReferrersAndKeeping() throws {
        let box = Sandbox()
        let session = try review(box)
        let key = session.token
        let answers = [
            session.respond(to: request("/")),
            session.respond(to: request("/", headers: ["host": "evil.example:4711"])),
            session.respond(to: request("/nothing")),
            session.respond(to: request("/data")),
            session.respond(to: request("/data", key: key)),
            session.respond(to: request("/file", query: ["path": "0-actual"], key: key)),
            session.respond(to: request("/file", query: ["path": "report.json"], key: key)),
            session.respond(to: post("/reject", key: key, body: "{}")),
        ]
        #expect(answers.map(\.status) == [200, 403, 404, 403, 200, 200, 404, 400])
        for answer in answers {
            let policy = answer.headers["Content-Security-Policy"] ?? ""
            #expect(policy.contains("frame-ancestors 'none'") && policy.hasPrefix("default-src 'none'"))
            #expect(answer.headers["X-Frame-Options"] == "DENY")
            #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
            #expect(answer.headers["Referrer-Policy"] == "no-referrer")
            #expect(answer.headers["Cache-Control"] == "no-store")
            let wire = String(decoding: answer.bytes.prefix(2000), as: UTF8.self)
            #expect(wire.contains("\r\nX-Frame-Options: DENY\r\n") && wire.contains("\r\nContent-Security-Policy: default-src 'none'"))
        }
        // The page may run its own script and show blob pictures; nothing else gets more than nothing.
        #expect(answers[0].headers["Content-Security-Policy"]?.contains("script-src 'unsafe-inline'") == true)
        #expect(answers.dropFirst().allSatisfy { $0.headers["Content-Security-Policy"] == HTTPResponse.lockedDown })
    }

    @Test func thePageHoldsNeitherTheKeyNorTheReport() throws {
        let box = Sandbox()
        let session = try review(box)
        let report = try box.acceptance().report
        let page = text(session.respond(to: request("/")))
        #expect(page.contains("<script>") && page.contains("location.hash"))
        #expect(!page.contains(session.token))
        #expect(!page.contains("tiny") && !page.contains(report.summary))
        for c in report.cases {
            #expect(!page.contains(c.message))
            for (_, path) in c.artifacts.paths { #expect(!page.contains(path)) }
        }
        // Without the fragment the address carries no key, and the page has no other.
        #expect(session.address == "http://127.0.0.1:4711/#" + session.token)
        #expect(session.token.count == 32 && session.token.allSatisfy(\.isHexDigit))
        #expect(ReviewSession.newToken() != ReviewSession.newToken())
    }

    @Test func everythingButThePageNeedsTheKeyAndTheSameOrigin() throws {
        let box = Sandbox()
        let session = try review(box)
        let key = session.token
        let before = box.files()
        let wrong = String(repeating: "0", count: 32)
        let accept = #"{"items": ["tiny/state-01.png"]}"#
        let refused = [
            request("/data"), request("/data", key: wrong), request("/data", key: key + "0"), request("/data", key: String(key.dropLast())),
            request("/data", key: key, headers: ["host": "attacker.example"]),
            request("/data", key: key, headers: ["origin": "http://127.0.0.1:4712"]),
            request("/data", key: key, headers: ["sec-fetch-site": "same-site"]),
            request("/file", query: ["path": "tiny/state-01.actual.png"]),
            request("/file", query: ["path": "tiny/state-01.actual.png"], key: wrong),
            post("/accept", body: accept), post("/accept", key: wrong, body: accept),
            post("/accept", key: key, headers: ["origin": "null"], body: accept),
            post("/accept", key: key, headers: ["sec-fetch-site": "cross-site"], body: accept),
            post("/reject", body: accept),
        ]
        for r in refused {
            let answer = session.respond(to: r)
            #expect(answer.status == 403, "\(r)")
            #expect(!text(answer).contains(key) && !text(answer).contains("tiny"))
        }
        #expect(box.files() == before)
        // The page's own requests (same origin, with the key) get the report.
        let data = session.respond(to: request("/data", key: key, headers: ["origin": "http://127.0.0.1:4711", "sec-fetch-site": "same-origin"]))
        #expect(data.status == 200 && data.headers["Content-Type"] == "application/json")
        #expect(text(data).contains("\"tiny/state-01.png\"") && text(data).contains("\"tiny/strip.png\""))
        let accepted = session.respond(to: post("/accept", key: key, body: accept))
        #expect(accepted.status == 200 && text(accepted) == #"{"items":["tiny/state-01.png"]}"#)
        #expect(box.files() != before)
    }

    @Test func theJSONHidesEveryAngleBracket() throws {
        let answer = HTTPResponse.json(200, ["message": "</script><script>alert(1)</script>"])
        #expect(!text(answer).contains("<"))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(answer.body))["message"] == "</script><script>alert(1)</script>")
    }

    /// The names `data` gives the pictures of the first item, by role.
    func pictures(_ session: ReviewSession) throws -> [String: String] {
        let data = session.respond(to: request("/data", key: session.token))
        let object = try JSONSerialization.jsonObject(with: Data(data.body)) as? [String: Any]
        let items = try #require(object?["items"] as? [[String: Any]])
        let first = try #require(items.first { $0["id"] as? String == "tiny/state-01.png" })
        return first.compactMapValues { $0 as? String }.filter { ["expected", "actual", "diff", "message"].contains($0.key) }
    }

    @Test func onlyWhatThePageShowsIsServedAndTheExpectedPictureIsTheProjects() throws {
        let box = Sandbox()
        let session = try review(box)
        let key = session.token
        let folder = box.path + "/artifacts"
        let names = try pictures(session)
        let served = session.respond(to: request("/file", query: ["path": try #require(names["actual"])], key: key))
        #expect(served.status == 200 && served.headers["Content-Type"] == "image/png")
        #expect(Data(served.body) == FileManager.default.contents(atPath: folder + "/tiny/state-01.actual.png"))
        let expected = session.respond(to: request("/file", query: ["path": try #require(names["expected"])], key: key))
        #expect(Data(expected.body) == FileManager.default.contents(atPath: box.store.directory + "/state-01.png"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: box.path + "/secret.txt"))
        for path in ["tiny/state-01.actual.png", "report.json", "../secret.txt", box.path + "/secret.txt", "/etc/passwd", "tiny", ""] {
            #expect(session.respond(to: request("/file", query: ["path": path], key: key)).status == 404, "\(path)")
        }
    }

    @Test func aReportPictureThatIsALinkIsNotShown() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: box.path + "/secret.txt"))
        let named = box.path + "/artifacts/tiny/state-01.actual.png"
        try FileManager.default.removeItem(atPath: named)
        try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: box.path + "/secret.txt")
        let session = ReviewSession(acceptance: try box.acceptance(), port: Self.port)
        let data = text(session.respond(to: request("/data", key: session.token)))
        #expect(!data.contains("tiny/state-01.png") && data.contains("tiny/strip.png") && !data.contains("secret"))
        #expect(session.respond(to: post("/accept", key: session.token, body: #"{"items": ["tiny/state-01.png"]}"#)).status == 400)
    }

    /// A report that claims a 1-pixel change and ships an `expected` picture
    /// like its actual one: the page compares the project's reference itself.
    @Test func aForgedDifferenceIsNotWhatThePageSays() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        let folder = box.path + "/artifacts/tiny"
        try FileManager.default.removeItem(atPath: folder + "/state-01.expected.png")
        try FileManager.default.copyItem(atPath: folder + "/state-01.actual.png", toPath: folder + "/state-01.expected.png")
        let report = box.path + "/artifacts/report.json"
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let forged = text.replacingOccurrences(of: #""message" : "differ: [^"]*""#, with: #""message" : "differ: 1 different pixels""#, options: .regularExpression)
        try Data(forged.utf8).write(to: URL(fileURLWithPath: report))
        let names = try pictures(ReviewSession(acceptance: try box.acceptance(), port: Self.port))
        let message = try #require(names["message"])
        // The words come from the project's and the report's updates, the pixels from comparing the project's reference.
        #expect(message.hasPrefix("\"Beta\" renamed \"Bete\" (a/b); differ: ") && !message.contains("differ: 1 different pixels"), "\(message)")
        #expect(names["diff"] != nil)
    }

    @Test func anIdIsNeverAPattern() throws {
        let box = Sandbox()
        let session = try review(box)
        let before = box.files()
        // Globs, a scenario and a reference without its extension name several failures, or one, to `unfold accept`; not here.
        for id in ["tiny/state-0*", "tiny/*", "*", "tiny/state-0?.png", "tiny/[s]tate-01.png", "tiny", "tiny/state-01"] {
            let accept = session.respond(to: post("/accept", key: session.token, body: #"{"items": ["\#(id)"]}"#))
            #expect(accept.status == 400, "\(id)")
            let reject = session.respond(to: post("/reject", key: session.token, body: #"{"items": ["\#(id)"]}"#))
            #expect(reject.status == 400, "\(id)")
        }
        #expect(box.files() == before)
        let accepted = session.respond(to: post("/accept", key: session.token, body: #"{"items": ["tiny/state-01.png"]}"#))
        #expect(accepted.status == 200 && text(accepted) == #"{"items":["tiny/state-01.png"]}"#)
        let after = box.files()
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(changed.contains("tiny/state-01.png") && !changed.contains { $0.contains("strip") }, "\(changed.sorted())")
    }
}

/// The review by test: each failure names its test, `updates.json` is
/// shown as its changed lines (never as a picture), and one decision
/// accepts a whole test.
@Suite struct ReviewByTestTests {
    struct Data: Decodable {
        struct Entry: Decodable {
            var id: String
            var test: String
            var expected: String?
            var actual: String?
            var text: [Line]?
        }
        struct Line: Decodable, Equatable {
            var mark: String
            var text: String
        }
        var items: [Entry]
    }

    @Test func itemsNameTheirTestAndTextIsShownAsLines() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        let session = ReviewSession(acceptance: try box.acceptance(), port: ReviewSessionTests.port)
        let answer = session.respond(
            to: HTTPRequest(
                method: "GET", path: "/data", query: [:], headers: ["host": ReviewSessionTests.host, "x-unfold-token": session.token], body: []))
        let data = try JSONDecoder().decode(Data.self, from: Foundation.Data(answer.body))
        #expect(data.items.map(\.id) == ["tiny/state-01.png", "tiny/strip.png", "tiny/updates.json"])
        #expect(data.items.allSatisfy { $0.test == "tiny" })
        let updates = try #require(data.items.last)
        #expect(updates.expected == nil && updates.actual == nil)
        let lines = try #require(updates.text)
        #expect(lines.contains { $0.mark == "-" && $0.text.contains("\"title\": \"Beta\"") })
        #expect(lines.contains { $0.mark == "+" && $0.text.contains("\"title\": \"Bete\"") })
        // Accepting the test is accepting its items.
        let ids = data.items.map { "\"\($0.id)\"" }.joined(separator: ", ")
        let accepted = session.respond(
            to: HTTPRequest(
                method: "POST", path: "/accept", query: [:], headers: ["host": ReviewSessionTests.host, "x-unfold-token": session.token],
                body: Array("{\"items\": [\(ids)]}".utf8)))
        #expect(accepted.status == 200)
        #expect(try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never)).cases.allSatisfy { $0.status == .passed })
    }

    /// A run with its own comparison options (anti-aliasing counted, no
    /// colour threshold): the review compares with them, and says what the run said.
    @Test func theReviewJudgesAsTheRunDid() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        var options = box.options(.never)
        options.diff = DiffOptions(threshold: 0, countAntiAliasing: true)
        let check = try SnapshotRunner.check(scenario(title: "Bete"), options: options)
        var report = SnapshotReport()
        report.cases = check.cases
        report.environment = try SnapshotEnvironment(fonts: fontFiles)
        try report.write(to: box.path + "/artifacts", catalog: .standard)
        let run = try #require(check.cases.first { $0.reference == "state-01.png" })
        let shown = try #require(try box.acceptance().shownFailures().first { $0.id == "tiny/state-01.png" })
        // The run's own account first; the defaults' count after it, since a report's options are whatever its sender wrote.
        #expect(shown.message.hasPrefix(run.message + "; with the default options: differ: "), "\(shown.message)")
        let defaults = Acceptance.compared(shown.expected ?? [], shown.actual ?? [], options: DiffOptions()).summary
        #expect(!run.message.hasSuffix(defaults))
    }

    /// The review tells a failure in the run's words: what changed in the
    /// rows, or that the drawing alone changed (the rows as recorded).
    @Test func theReviewSaysWhatTheRunSays() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        let renamed = try box.run(scenario(title: "Bete"))
        let run = try #require(renamed.cases.first { $0.reference == "state-01.png" })
        let shown = try #require(try box.acceptance().shownFailures().first { $0.id == "tiny/state-01.png" })
        let words = { (message: String) in message.components(separatedBy: "; ").first ?? "" }
        #expect(words(run.message) == "\"Beta\" renamed \"Bete\" (a/b)" && words(shown.message) == words(run.message), "\(shown.message)")
        var dark = try scenario()
        dark.canvas.theme = .dark
        let drawn = try box.run(dark)
        #expect(!drawn.cases.contains { $0.reference == FileNames.updates && $0.status == .failed })
        let first = try #require(try box.acceptance().shownFailures().first { $0.id == "tiny/state-00.png" })
        #expect(first.message.hasPrefix(FailureMessage.drawingChange + "; "), "\(first.message)")
    }

    /// A downloaded report whose options would hide every difference
    /// (threshold 1): the review still says what the defaults count.
    @Test func optionsThatHideADifferenceAreSeenThrough() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        try box.run(scenario(title: "Bete"))
        let report = box.path + "/artifacts/report.json"
        var object = try #require(try JSONSerialization.jsonObject(with: Foundation.Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var cases = try #require(object["cases"] as? [[String: Any]])
        for i in cases.indices {
            cases[i]["comparison"] =
                [
                    "threshold": 1, "countAntiAliasing": false, "checkerboard": true, "maxDifferentPixels": 0, "maxDifferentRatio": 0,
                    "allowSizeChange": false, "ignore": [[0, 0, 100_000, 100_000]],
                ] as [String: Any]
        }
        object["cases"] = cases
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: report))
        let shown = try #require(try box.acceptance().shownFailures().first { $0.id == "tiny/state-01.png" })
        #expect(shown.message.contains("match: 0 different pixels") && shown.message.contains("; with the default options: differ: "), "\(shown.message)")
    }

    @Test func aLineDiffKeepsContextAndCutsTheRest() {
        let expected = (0 ..< 20).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 10", with: "line ten")
        let diff = LineDiff(expected: expected, actual: actual)
        #expect(diff.lines.map(\.mark) == ["…", " ", " ", " ", "-", "+", " ", " ", " ", "…"])
        #expect(diff.lines[0].text == "7 lines" && diff.lines[4].text == "line 10" && diff.lines[5].text == "line ten")
        let long = LineDiff(expected: "", actual: (0 ..< 1000).map(String.init).joined(separator: "\n"))
        #expect(long.lines.count == LineDiff.limit && long.lines.last?.mark == "…")
    }
}
