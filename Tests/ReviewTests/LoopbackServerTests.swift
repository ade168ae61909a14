import Foundation
import Synchronization
import Testing
import UnfoldAcceptance
import UnfoldReferences
import UnfoldReport
import UnfoldReview
import UnfoldSnapshot

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A client of a `LoopbackServer` in the test: plain sockets.
enum Client {
    struct Failure: Error {}

    /// A connection to 127.0.0.1:`port`.
    static func open(_ port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else {
            close(fd)
            throw Failure()
        }
        return fd
    }

    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Everything the server sends until it hangs up, or until `seconds` pass without a byte.
    static func receive(_ fd: Int32, seconds: Int) -> String {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return String(decoding: out, as: UTF8.self) }
            out += buffer[..<n]
        }
    }

    /// Sends `request` on a new connection and returns the answer.
    static func exchange(_ port: UInt16, _ request: String, seconds: Int = 3) throws -> String {
        let fd = try open(port)
        defer { close(fd) }
        write(fd, request)
        return receive(fd, seconds: seconds)
    }
}

/// A server answering "answered" to everything, on a thread of its own until `stop`.
func answeringServer(_ limits: LoopbackServer.Limits = .init()) throws -> LoopbackServer {
    let server = try LoopbackServer(limits: limits)
    Thread.detachNewThread { server.serve { request in .text(200, "answered " + request.path) } }
    return server
}

@Suite struct LoopbackServerTests {
    @Test func idleAndSlowClientsDoNotDelayANormalRequest() throws {
        let server = try answeringServer()
        defer { server.stop() }
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for count in [40, 300] {
            for i in 0 ..< count {
                let fd = try Client.open(server.port)
                // Half send nothing, half the start of a head that never ends.
                if i.isMultiple(of: 2) { Client.write(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1") }
                idle.append(fd)
            }
            let start = ContinuousClock.now
            let answer = try Client.exchange(server.port, "GET /normal HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n") && answer.hasSuffix("\r\n\r\nanswered /normal\n"), "\(answer)")
            #expect(start.duration(to: .now) < .seconds(3), "after \(idle.count) idle connections")
        }
    }

    @Test func aClientThatTakesTooLongIsDropped() throws {
        var limits = LoopbackServer.Limits()
        limits.requestTime = .milliseconds(200)
        let server = try answeringServer(limits)
        defer { server.stop() }
        let fd = try Client.open(server.port)
        defer { close(fd) }
        let start = ContinuousClock.now
        Client.write(fd, "GET / HTTP/1.1\r\n")
        #expect(Client.receive(fd, seconds: 3) == "")
        #expect(start.duration(to: .now) < .seconds(2))
    }

    @Test func badRequestsAreAnsweredAndTheServerGoesOn() throws {
        let server = try answeringServer()
        defer { server.stop() }
        let oversized = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(2 << 20)\r\n\r\n"
        #expect(try Client.exchange(server.port, oversized).hasPrefix("HTTP/1.1 413 "))
        #expect(try Client.exchange(server.port, "POST / HTTP/1.1\r\nContent-Length:\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        let answer = try Client.exchange(server.port, "POST /body HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody")
        #expect(answer.hasPrefix("HTTP/1.1 200 ") && answer.contains("\r\nX-Frame-Options: DENY\r\n") && answer.hasSuffix("answered /body\n"))
    }

    @Test func manyClientsAtOnceAreAllAnswered() throws {
        let server = try answeringServer()
        defer { server.stop() }
        let answered = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 50) { i in
            if let answer = try? Client.exchange(server.port, "GET /\(i) HTTP/1.1\r\n\r\n"), answer.hasSuffix("answered /\(i)\n") {
                answered.withLock { $0 += 1 }
            }
        }
        #expect(answered.withLock { $0 } == 50)
    }
}
