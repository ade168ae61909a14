import Foundation
import Synchronization
import UnfoldAcceptance
import UnfoldReferences

/// What `unfold review` answers, without the sockets: a request in, a
/// response out. Only the person who started the review can drive it:
///
/// - It holds a secret key (`token`, 128 random bits) that only the printed
///   address carries, in its fragment (`address`). Every route but the page
///   itself needs it, in the `X-Unfold-Token` header; the page holds neither
///   the key nor the report, so another user of the machine who fetches it
///   learns nothing and can decide nothing.
/// - It answers only requests addressed to it (`Host` is
///   `127.0.0.1:PORT` or `localhost:PORT`, so no other name that resolves
///   here), and decisions and data only to its own page (an `Origin` or
///   `Sec-Fetch-Site` that says otherwise is refused).
/// - No other site can frame it or read it (see `HTTPResponse`).
/// - It shows what Unfold made of the report (`ShownFailure`): the expected
///   picture from the project's references, the report's actual picture read
///   inside its folder without following links (`ReportFolder`) and checked,
///   the difference compared here; and it accepts exactly the bytes it showed.
/// - A decision names failures exactly (`Acceptance.select(exactly:)`): an
///   id is never a pattern. Decisions are taken one at a time.
package final class ReviewSession: Sendable {
    /// The secret that authorises everything but the page: 32 hex digits.
    /// Show it only to the person who started the review.
    package let token: String
    /// The port the server listens on, which requests must be addressed to.
    package let port: UInt16
    /// The report's failures, and how to accept them. Read-only here; accepting is serialised by `decisions`.
    private let acceptance: Acceptance
    /// What the page shows, made once, when it first asks: its data, the
    /// pictures by name, and the actual bytes of each item to accept.
    private let shown = Mutex<Shown?>(nil)
    private let decisions = Mutex(())

    private struct Shown {
        var data: ReviewPage.Contents
        var files: [String: ReviewPage.ServedFile]
        var actual: [String: [UInt8]]
    }

    /// A review of `acceptance`'s report served on `port`, with a new key
    /// (or `token`, for tests). O(artifacts).
    package init(acceptance: Acceptance, port: UInt16, token: String = ReviewSession.newToken()) {
        self.acceptance = acceptance
        self.port = port
        self.token = token
    }

    /// What the page shows, made on first use. O(pictures) once.
    private func current() -> Shown {
        shown.withLock { cached in
            if let cached { return cached }
            let failures = acceptance.shownFailures()
            let (data, files) = ReviewPage.contents(summary: acceptance.report.summary, shown: failures)
            var actual: [String: [UInt8]] = [:]
            for failure in failures + failures.flatMap(\.frames) { actual[failure.id] = failure.actual }
            let made = Shown(data: data, files: files, actual: actual)
            cached = made
            return made
        }
    }

    /// 128 bits from the system's secure generator, as 32 hex digits.
    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0 ..< 2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The address to open: the key is in the fragment, which no browser sends.
    package var address: String { "http://127.0.0.1:\(port)/#\(token)" }

    /// The answer to `request`:
    ///
    /// - `GET /`: the page (no key, no report data).
    /// - `GET /data`: the failures as JSON (`{summary, items}`).
    /// - `GET /file?path=N`: a picture `data` names.
    /// - `POST /accept`, `POST /reject` with `{"items": [ids]}`: a decision; the answer names the items decided.
    ///
    /// 403 for a request not addressed to this server, or (but for the page)
    /// without the key or not from the page; 404 for anything else.
    /// Thread-safe. O(report) for `data`, O(size) for a file, O(1) otherwise
    /// (plus the accept's own cost).
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let host = request.headers["host"] ?? ""
        guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else { return .text(403, "wrong host") }
        switch (request.method, request.path) {
        case ("GET", "/"):
            return HTTPResponse(status: 200, type: "text/html; charset=utf-8", body: Array(ReviewPage.html.utf8), policy: ReviewPage.policy)
        case ("GET", "/data"), ("GET", "/file"), ("POST", "/accept"), ("POST", "/reject"):
            guard authorised(request) else {
                return .text(403, "this review's key is missing or wrong: open the address that unfold review printed")
            }
            switch request.path {
            case "/data": return .json(200, current().data)
            case "/file": return file(request.query["path"] ?? "")
            default: return decide(request.body, accept: request.path == "/accept")
            }
        default:
            return .text(404, "not found")
        }
    }

    /// Whether `request` carries the key and comes from this review's page
    /// (a browser says where a request comes from; a request without those
    /// headers is not from a browser's page, and the key is what counts).
    private func authorised(_ request: HTTPRequest) -> Bool {
        if let origin = request.headers["origin"], origin != "http://127.0.0.1:\(port)", origin != "http://localhost:\(port)" { return false }
        if let site = request.headers["sec-fetch-site"], site != "same-origin" { return false }
        return Self.sameSecret(request.headers["x-unfold-token"] ?? "", token)
    }

    /// Whether `given` is `secret`, in a time that does not depend on where they differ. O(secret).
    static func sameSecret(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(secret.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in b.indices { difference |= b[i] ^ (i < a.count ? a[i] : 0) }
        return difference == 0
    }

    /// The body of a decision.
    private struct Decision: Decodable {
        var items: [String]
    }

    /// What a decision answers.
    private struct Decided: Encodable {
        var items: [String]
    }

    /// Why a request failed.
    private struct Refusal: Encodable {
        var error: String
    }

    /// Accepts (or only checks, to reject) the items the ids name exactly.
    private func decide(_ body: [UInt8], accept: Bool) -> HTTPResponse {
        guard let decision = try? JSONDecoder().decode(Decision.self, from: Data(body)), !decision.items.isEmpty else {
            return .json(400, Refusal(error: "the body must be {\"items\": [ids]}, with at least one id"))
        }
        return decisions.withLock { _ in
            do {
                let items = try acceptance.select(exactly: decision.items)
                if accept { try acceptance.accept(items, shown: current().actual) }
                return .json(200, Decided(items: items.map(\.id)))
            } catch let error as StaleReferences {
                return .json(409, Refusal(error: error.description))
            } catch {
                return .json(400, Refusal(error: "\(error)"))
            }
        }
    }

    /// A picture the page shows, by the name its data gives it, served as
    /// its kind's media type; nothing else. O(1).
    private func file(_ name: String) -> HTTPResponse {
        guard let file = current().files[name] else { return .text(404, "not found") }
        return HTTPResponse(status: 200, type: file.type, body: file.bytes)
    }
}
