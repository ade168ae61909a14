import Foundation

/// One HTTP request as `LoopbackServer` read it and `ReviewSession` answers
/// it: a plain value, so that the review's answers can be tested without a
/// socket.
package struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, … as sent.
    package var method: String
    /// The target without its query, e.g. `/file`.
    package var path: String
    /// The query's parameters, percent-decoded (the last of a repeated name).
    package var query: [String: String]
    /// The header fields, names in lower case (the last of a repeated name).
    package var headers: [String: String]
    /// The body: exactly `Content-Length` bytes.
    package var body: [UInt8]

    /// A request with these parts; header names are lower-cased here. O(headers).
    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// Reads a request as its bytes arrive, refusing what is malformed or too
    /// large as early as possible. Each byte is looked at a bounded number of
    /// times, so however a client splits its request, reading it is O(size).
    struct Reader {
        /// Why a request is refused: the answer to send before hanging up.
        enum Outcome: Equatable {
            case incomplete
            case complete(HTTPRequest)
            case refused(HTTPResponse)
        }

        /// The most bytes a request may have, head and body.
        let limit: Int
        /// The most bytes a head may have.
        static let headLimit = 64 << 10

        private var data: [UInt8] = []
        /// The parsed head and where the body starts, once `\r\n\r\n` arrived.
        private var head: (request: HTTPRequest, bodyStart: Int, length: Int)?

        init(limit: Int) {
            self.limit = limit
        }

        /// Adds bytes that arrived; what the request is now. Once it is
        /// `.complete` or `.refused`, the reader has done its work.
        mutating func append(_ bytes: some Collection<UInt8>) -> Outcome {
            let before = data.count
            guard before + bytes.count <= limit else { return .refused(.text(413, "the request is larger than \(limit) bytes")) }
            data += bytes
            if head == nil {
                // Only the new bytes (and the three before them) can complete the blank line.
                let from = max(0, before - 3)
                guard let end = data[from...].firstRange(of: [13, 10, 13, 10])?.upperBound else {
                    return data.count > Self.headLimit ? .refused(.text(400, "the request's head is too long")) : .incomplete
                }
                guard end <= Self.headLimit, let parsed = Self.parseHead(data[..<end]) else {
                    return .refused(.text(400, "a malformed request (or a bad or repeated Content-Length)"))
                }
                guard end + parsed.length <= limit else { return .refused(.text(413, "the request is larger than \(limit) bytes")) }
                head = (parsed.request, end, parsed.length)
            }
            guard let head, data.count >= head.bodyStart + head.length else { return .incomplete }
            var request = head.request
            request.body = Array(data[head.bodyStart ..< head.bodyStart + head.length])
            return .complete(request)
        }

        /// The request line and fields, and the body's length; nil when
        /// malformed: not `METHOD TARGET HTTP/1.x`, a field without a colon,
        /// a Content-Length that is not plain digits or is repeated, or a
        /// Transfer-Encoding (not supported). O(head).
        static func parseHead(_ bytes: ArraySlice<UInt8>) -> (request: HTTPRequest, length: Int)? {
            let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").dropLast(2)
            guard let first = lines.first?.split(separator: " ", omittingEmptySubsequences: false), first.count == 3,
                first[2].hasPrefix("HTTP/1."), !first[0].isEmpty, first[1].hasPrefix("/")
            else { return nil }
            var headers: [String: String] = [:]
            var lengths: [String] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line.hasPrefix(" "), !line.hasPrefix("\t") else { return nil }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                if name == "content-length" { lengths.append(value) }
                if name == "transfer-encoding" { return nil }
                headers[name] = value
            }
            var length = 0
            if let value = lengths.first {
                guard lengths.count == 1, (1 ... 9).contains(value.utf8.count), value.utf8.allSatisfy({ (48 ... 57).contains($0) }),
                    let n = Int(value)
                else { return nil }
                length = n
            }
            let target = first[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var query: [String: String] = [:]
            for pair in target.dropFirst().first?.split(separator: "&") ?? [] {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = parts[0].removingPercentEncoding, let value = (parts.dropFirst().first ?? "").removingPercentEncoding else { continue }
                query[key] = value
            }
            return (HTTPRequest(method: String(first[0]), path: String(target[0]), query: query, headers: headers), length)
        }
    }
}
