import Foundation

/// One HTTP answer as `ReviewSession` makes it and `LoopbackServer` sends
/// it. Every response carries headers that keep it to the page that asked:
/// no other site may frame it (`frame-ancestors 'none'`, `X-Frame-Options`),
/// run it as something else (`nosniff`), learn where it came from
/// (`Referrer-Policy`), keep it (`no-store`) or embed it
/// (`Cross-Origin-Resource-Policy`). They are there from `init`, so that
/// no answer, not even an error, can go without them.
package struct HTTPResponse: Sendable, Equatable {
    /// The status code: 200, 400, 403, 404, 409, 413.
    package var status: Int
    /// Header fields by name (as sent, e.g. `Content-Type`), all but `Content-Length` and `Connection`.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// The policy of every answer but the page: nothing may load or run, nothing may frame it.
    package static let lockedDown = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// An answer of `type` with the headers every answer carries and
    /// `policy` as its Content-Security-Policy.
    package init(status: Int, type: String, body: [UInt8], policy: String = HTTPResponse.lockedDown) {
        self.status = status
        self.body = body
        headers = [
            "Content-Type": type,
            "Content-Security-Policy": policy,
            "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
            "Cross-Origin-Resource-Policy": "same-origin",
            "Cross-Origin-Opener-Policy": "same-origin",
        ]
    }

    /// A line of plain text.
    package static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// `value` as JSON, with `<` written `\u003c`: a browser that takes it
    /// for HTML anyway finds no tag in it. O(size).
    package static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        // `<` only ever occurs inside strings, where `\u003c` means the same.
        let bytes = data.flatMap { $0 == UInt8(ascii: "<") ? Array("\\u003c".utf8) : [$0] }
        return HTTPResponse(status: status, type: "application/json", body: bytes)
    }

    /// The response as it goes on the wire (HTTP/1.1, the connection closes after it). O(size).
    package var bytes: [UInt8] {
        let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 413: "Content Too Large"]
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
