import Testing

@testable import UnfoldReview

/// Reading a request as its bytes arrive: strict about its framing, bounded in size.
@Suite struct RequestReaderTests {
    func read(_ text: String, limit: Int = 1 << 20, chunk: Int = .max) -> HTTPRequest.Reader.Outcome {
        var reader = HTTPRequest.Reader(limit: limit)
        let bytes = Array(text.utf8)
        var outcome = HTTPRequest.Reader.Outcome.incomplete
        for start in stride(from: 0, to: bytes.count, by: min(chunk, bytes.count)) {
            outcome = reader.append(bytes[start ..< min(bytes.count, start + chunk)])
            if outcome != .incomplete { break }
        }
        return outcome
    }

    func status(_ outcome: HTTPRequest.Reader.Outcome) -> Int? {
        if case .refused(let response) = outcome { return response.status }
        return nil
    }

    @Test func aRequestIsTheSameHoweverItArrives() {
        let text = "POST /accept?a=1&path=tiny%2Fx.png HTTP/1.1\r\nHost: 127.0.0.1:1\r\nX-Unfold-Token: k\r\nContent-Length: 5\r\n\r\nhello"
        let expected = HTTPRequest(
            method: "POST", path: "/accept", query: ["a": "1", "path": "tiny/x.png"],
            headers: ["host": "127.0.0.1:1", "x-unfold-token": "k", "content-length": "5"], body: Array("hello".utf8))
        for chunk in [1, 2, 3, 7, 1000] { #expect(read(text, chunk: chunk) == .complete(expected)) }
        #expect(read(String(text.dropLast())) == .incomplete)
    }

    @Test func contentLengthIsStrict() {
        for length in ["", "+5", "-1", "5 5", "0x5", "5, 5", "99999999999"] {
            #expect(status(read("POST / HTTP/1.1\r\nContent-Length: \(length)\r\n\r\nhello")) == 400, "\(length)")
        }
        #expect(status(read("POST / HTTP/1.1\r\nContent-Length: 5\r\ncontent-length: 5\r\n\r\nhello")) == 400)
        #expect(status(read("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")) == 400)
        for malformed in ["GET /\r\n\r\n", "GET / HTTP/1.1 x\r\n\r\n", "GET x HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nno colon\r\n\r\n"] {
            #expect(status(read(malformed)) == 400, "\(malformed)")
        }
    }

    @Test func aRequestOverTheLimitIsRefusedBeforeItArrives() {
        #expect(status(read("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n", limit: 100)) == 413)
        #expect(status(read("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n" + String(repeating: "x", count: 200), limit: 100)) == 413)
        // A head that never ends is refused at 64 KiB, not at the limit.
        #expect(status(read("GET / HTTP/1.1\r\n" + String(repeating: "x", count: 70000))) == 400)
    }
}
