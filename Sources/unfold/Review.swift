import ArgumentParser
import Foundation
import Unfold

#if canImport(Glibc)
import Glibc
#endif

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a failed run's report in the browser and accept or reject each change.",
        discussion: """
            Serves a page on 127.0.0.1 (only this machine can reach it) until Ctrl-C. Accepting writes \
            through the same path as `unfold accept`, so `unfold accept --undo` undoes it.
            Keys on the page: j/k next and previous, a accept, r reject, 1-6 the views, + and - zoom.
            """)

    @Option(help: "The report's folder: the --artifacts of `unfold test`, or one downloaded from CI.")
    var report = SnapshotOptions.defaultArtifacts

    @Option(help: "The references' folder.")
    var snapshots = SnapshotOptions.defaultSnapshots

    @Option(help: "The port (0: any free one). The address is printed.")
    var port: Int = 0

    func run() throws {
        let acceptance: Acceptance
        do { acceptance = try Acceptance(folder: report, snapshots: snapshots) } catch {
            throw fail(error)
        }
        guard (0 ... 65535).contains(port) else { throw fail(UsageError(description: "--port \(port): use 0 to 65535")) }
        let review = Review(acceptance: acceptance)
        let server: LoopbackServer
        do { server = try LoopbackServer(port: UInt16(port)) } catch { throw fail(error) }
        // Written at once (not buffered): scripts wait for this line to know the address.
        FileHandle.standardOutput.write(
            Data("reviewing \(report) (\(acceptance.report.summary)) at http://127.0.0.1:\(server.port)/ ; Ctrl-C stops\n".utf8))
        server.serve { review.respond(to: $0, port: server.port) }
    }
}

/// The page's state and its answers. Decisions are serialised by a lock;
/// accepting goes through `Acceptance`, whose stores lock on their own.
final class Review: @unchecked Sendable {
    private let acceptance: Acceptance
    private let token: String
    private let lock = NSLock()
    /// Every artifact path of the report: what the page may load.
    private let artifacts: Set<String>

    init(acceptance: Acceptance) {
        self.acceptance = acceptance
        artifacts = Set(acceptance.report.cases.flatMap { c in c.artifacts.values + c.frames.flatMap(\.artifacts.values) })
        token = (0 ..< 4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()
    }

    func respond(to request: HTTPRequest, port: UInt16) -> HTTPResponse {
        // Only pages addressed to this server (not another name that resolves
        // here) get answers, and only the page it served can decide.
        let host = request.headers["host"] ?? ""
        guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else { return .text(403, "wrong host") }
        switch (request.method, request.path) {
        case ("GET", "/"):
            return HTTPResponse(status: 200, type: "text/html; charset=utf-8", body: Array(ReviewPage.html(acceptance.report, token: token).utf8))
        case ("GET", "/file"):
            return file(request.query["path"] ?? "")
        case ("POST", "/accept"), ("POST", "/reject"):
            guard request.headers["x-unfold-token"] == token else { return .text(403, "not from this review page") }
            guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
                let items = body["items"] as? [String], !items.isEmpty
            else { return .json(400, ["error": "the body must be {\"items\": [ids]}, with at least one id"]) }
            return decide(items, accept: request.path == "/accept")
        default:
            return .text(404, "not found")
        }
    }

    private func decide(_ ids: [String], accept: Bool) -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        do {
            let items = try acceptance.select(exactly: ids)
            if accept { try acceptance.accept(items) }
            return .json(200, ["items": items.map(\.id)])
        } catch let error as ReferenceStore.StaleError {
            return .json(409, ["error": error.description])
        } catch {
            return .json(400, ["error": "\(error)"])
        }
    }

    /// A picture the report names (relative to its folder; a merged report's
    /// point into the shards' folders); nothing else.
    private func file(_ relative: String) -> HTTPResponse {
        guard artifacts.contains(relative), let data = FileManager.default.contents(atPath: acceptance.folder + "/" + relative) else {
            return .text(404, "not found")
        }
        let type = relative.hasSuffix(".png") ? "image/png" : relative.hasSuffix(".json") ? "application/json" : "application/octet-stream"
        return HTTPResponse(status: 200, type: type, body: [UInt8](data))
    }
}

struct HTTPRequest {
    var method: String
    var path: String
    /// The query's parameters, percent-decoded.
    var query: [String: String] = [:]
    /// Names in lower case.
    var headers: [String: String]
    var body: [UInt8]
}

struct HTTPResponse {
    var status: Int
    var type: String
    var body: [UInt8]

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, type: "application/json", body: [UInt8](data))
    }
}

/// A small HTTP/1.1 server on 127.0.0.1: one request per connection, each
/// connection on its own thread, requests up to 1 MiB. Enough for a page
/// that one person uses; not a web server.
struct LoopbackServer {
    let socket: Int32
    let port: UInt16

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(port: UInt16) throws(Failure) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1 only
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason); choose another --port")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            _ = $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Answers requests until the process ends, at most 32 connections at once.
    func serve(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> Never {
        signal(SIGPIPE, SIG_IGN)  // a browser that hangs up must not end the server
        let slots = DispatchSemaphore(value: 32)
        while true {
            slots.wait()
            let client = accept(socket, nil, nil)
            guard client >= 0 else {
                slots.signal()
                usleep(10_000)  // out of descriptors, say: do not spin
                continue
            }
            // A connection that stalls, sending or reading, is dropped.
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            Thread.detachNewThread {
                defer {
                    close(client)
                    slots.signal()
                }
                let response = Self.read(client).map(handler) ?? .text(400, "bad request")
                Self.write(response, to: client)
            }
        }
    }

    /// One request, or nil for a malformed one (a bad or repeated
    /// Content-Length), one over 1 MiB, or one that takes more than 10
    /// seconds to arrive.
    static func read(_ fd: Int32) -> HTTPRequest? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        let limit = 1 << 20
        let deadline = ContinuousClock.now + .seconds(10)
        var headerEnd: Int?
        var needed = Int.max
        while data.count < needed {
            guard ContinuousClock.now < deadline else { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0, data.count + n <= limit else { return nil }
            data += buffer[..<n]
            if headerEnd == nil, let end = data.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headerEnd = end
                let lengths = String(decoding: data[..<end], as: UTF8.self).split(separator: "\r\n").compactMap { line -> Substring? in
                    guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "content-length" else { return nil }
                    return line[line.index(after: colon)...]
                }
                guard lengths.count <= 1 else { return nil }
                var length = 0
                if let value = lengths.first {
                    guard let n = Int(value.trimmingCharacters(in: .whitespaces)), n >= 0, n <= limit else { return nil }
                    length = n
                }
                needed = end + length
            }
        }
        guard let end = headerEnd else { return nil }
        let lines = String(decoding: data[..<end], as: UTF8.self).split(separator: "\r\n")
        let first = lines.first?.split(separator: " ") ?? []
        guard first.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = first[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        for pair in target.dropFirst().first?.split(separator: "&") ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts[0].removingPercentEncoding, let value = parts.dropFirst().first.map(String.init)?.removingPercentEncoding
            else { continue }
            query[key] = value
        }
        return HTTPRequest(method: String(first[0]), path: String(target[0]), query: query, headers: headers, body: Array(data[end ..< needed]))
    }

    static func write(_ response: HTTPResponse, to fd: Int32) {
        let reason = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 409: "Conflict"][response.status] ?? "Status"
        let head =
            "HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: \(response.type)\r\nContent-Length: \(response.body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + response.body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            sent += n
        }
    }
}
