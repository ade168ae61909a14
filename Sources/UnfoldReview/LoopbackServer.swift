import Dispatch
import Foundation
import Synchronization
import UnfoldSupport

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (no other machine can reach it) for
/// a page that one person uses, such as `unfold review`'s: one request per
/// connection, up to `Limits.requestBytes` each.
///
/// Slow or idle clients cannot keep it from answering: one thread reads and
/// writes every connection without blocking (`poll`), each connection has a
/// deadline for its whole request and one for its whole answer, and when
/// `Limits.connections` are open the oldest one whose request is still
/// incomplete is dropped for a new one. A complete request is answered on a
/// worker thread, so a slow answer delays no other connection.
package final class LoopbackServer: Sendable {
    /// How much one client may take.
    package struct Limits: Sendable {
        /// The most bytes of one request, head and body.
        package var requestBytes = 1 << 20
        /// How long a client may take to send its whole request, from when it connected.
        package var requestTime: Duration = .seconds(5)
        /// How long a client may take to read its whole answer.
        package var responseTime: Duration = .seconds(30)
        /// The most connections open at once.
        package var connections = 256

        /// The defaults: 1 MiB, 5 s, 30 s, 256 connections.
        package init() {}
    }

    /// Why the server cannot listen.
    package struct Failure: DescribedError {
        /// What went wrong and what to do, as a sentence.
        package var description: String
    }

    /// The port it listens on (the one asked for, or the free one it got for 0).
    package let port: UInt16
    /// What one client may take.
    package let limits: Limits
    private let listener: Int32
    /// A pipe that wakes the loop when an answer is ready or `stop` is called.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let shared = Mutex(Shared())

    /// What the workers hand to the loop.
    private struct Shared {
        var answers: [(connection: Int, bytes: [UInt8])] = []
        var stopped = false
    }

    /// Listens on 127.0.0.1:`port` (0: any free port).
    package init(port: UInt16 = 0, limits: Limits = Limits()) throws(Failure) {
        let fd = socket(AF_INET, Self.streamType, 0)
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
        var pipeEnds: [Int32] = [-1, -1]
        guard bound == 0, listen(fd, SOMAXCONN) == 0, Self.makeNonBlocking(fd), pipe(&pipeEnds) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason); choose another --port")
        }
        _ = Self.makeNonBlocking(pipeEnds[0])
        _ = Self.makeNonBlocking(pipeEnds[1])
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            _ = $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        self.port = UInt16(bigEndian: address.sin_port)
        self.limits = limits
    }

    deinit {
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif

    /// Makes `fd` non-blocking and closed on exec.
    private static func makeNonBlocking(_ fd: Int32) -> Bool {
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 && fcntl(fd, F_SETFD, FD_CLOEXEC) == 0
    }

    /// Stops `serve`: it closes every connection and returns. A stopped server does not serve again.
    package func stop() {
        shared.withLock { $0.stopped = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // a full pipe wakes the loop as well
    }

    /// One client's connection, as the loop sees it.
    private struct Connection {
        enum Phase {
            /// Its request is arriving.
            case reading(HTTPRequest.Reader)
            /// A worker is answering it.
            case answering
            /// Its answer is leaving; `sent` bytes are gone.
            case writing([UInt8], sent: Int)
        }

        let fd: Int32
        var phase: Phase
        /// When it is dropped, unless it is being answered.
        var deadline: ContinuousClock.Instant?
    }

    /// Answers requests with `handler` (called on worker threads, any number
    /// at once) until `stop`. Each loop is O(connections).
    package func serve(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        signal(SIGPIPE, SIG_IGN)  // a client that hangs up must not end the server
        var open: [Int: Connection] = [:]  // by a number that grows with each connection: the oldest has the smallest
        var next = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        var listenerPaused: ContinuousClock.Instant?
        defer { for c in open.values { close(c.fd) } }
        while true {
            let (answers, stopped) = shared.withLock { s in
                defer { s.answers = [] }
                return (s.answers, s.stopped)
            }
            if stopped { return }
            let now = ContinuousClock.now
            for answer in answers where open[answer.connection] != nil {
                open[answer.connection]?.phase = .writing(answer.bytes, sent: 0)
                open[answer.connection]?.deadline = now + limits.responseTime
            }
            for (id, c) in open where c.deadline.map({ $0 <= now }) ?? false {
                close(c.fd)
                open[id] = nil
            }
            if let paused = listenerPaused, paused <= now { listenerPaused = nil }

            var (polled, ids) = pollSet(open, listening: listenerPaused == nil)
            let soonest = (open.values.compactMap(\.deadline) + (listenerPaused.map { [$0] } ?? [])).min()
            let wait = soonest.map { Self.milliseconds(until: $0, from: now) } ?? 1000
            guard poll(&polled, nfds_t(polled.count), Int32(min(wait, 1000))) > 0 else { continue }

            if polled[0].revents != 0 { while read(wakeRead, &buffer, buffer.count) > 0 {} }
            let first = polled.count - ids.count
            for (k, id) in ids.enumerated() where polled[first + k].revents != 0 {
                guard var c = open[id] else { continue }
                let done: Bool
                switch c.phase {
                case .reading(var reader):
                    done = receive(&c, reader: &reader, buffer: &buffer, id: id, handler: handler)
                case .writing(let bytes, let sent):
                    done = transmit(&c, bytes: bytes, sent: sent)
                case .answering:
                    done = false
                }
                if done {
                    close(c.fd)
                    open[id] = nil
                } else {
                    open[id] = c
                }
            }
            if listenerPaused == nil, polled[1].revents != 0 {
                listenerPaused = admit(into: &open, next: &next)
            }
        }
    }

    /// What to wait for: the wake pipe, the listener (when `listening`), and
    /// each connection that reads or writes, with the connections' numbers
    /// in the order of their entries after the first two. O(connections).
    private func pollSet(_ open: [Int: Connection], listening: Bool) -> (polled: [pollfd], ids: [Int]) {
        var polled = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if listening { polled.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
        var ids: [Int] = []
        for (id, c) in open {
            switch c.phase {
            case .reading: polled.append(pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0))
            case .writing: polled.append(pollfd(fd: c.fd, events: Int16(POLLOUT), revents: 0))
            case .answering: continue
            }
            ids.append(id)
        }
        return (polled, ids)
    }

    /// Reads what `c` sent; hands a complete request to a worker, or turns a
    /// refused one into its answer. Whether `c` is done with (hung up, failed).
    private func receive(
        _ c: inout Connection, reader: inout HTTPRequest.Reader, buffer: inout [UInt8], id: Int,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) -> Bool {
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                c.phase = .reading(reader)
                return false
            }
            guard n > 0 else { return true }
            switch reader.append(buffer[..<n]) {
            case .incomplete:
                continue
            case .complete(let request):
                c.phase = .answering
                c.deadline = nil
                DispatchQueue.global().async { [self] in
                    let bytes = handler(request).bytes
                    shared.withLock { $0.answers.append((id, bytes)) }
                    wake()
                }
                return false
            case .refused(let response):
                c.phase = .writing(response.bytes, sent: 0)
                c.deadline = .now + limits.responseTime
                return transmit(&c, bytes: response.bytes, sent: 0)
            }
        }
    }

    /// Sends what the socket takes of `c`'s answer. Whether `c` is done with (all sent, or failed).
    private func transmit(_ c: inout Connection, bytes: [UInt8], sent: Int) -> Bool {
        var sent = sent
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                c.phase = .writing(bytes, sent: sent)
                return false
            }
            guard n > 0 else { return true }
            sent += n
        }
        return true
    }

    /// Accepts waiting clients (at most 64, so that the open ones are read in
    /// between), dropping the oldest incomplete connection when
    /// `limits.connections` are open. When out of descriptors, when to
    /// accept again. O(connections) per client when full.
    private func admit(into open: inout [Int: Connection], next: inout Int) -> ContinuousClock.Instant? {
        for _ in 0 ..< 64 {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                guard errno == EMFILE || errno == ENFILE else { return nil }
                // Out of descriptors: free one, or wait a moment rather than spin.
                guard dropOldestIncomplete(&open) else { return .now + .milliseconds(100) }
                continue
            }
            guard Self.makeNonBlocking(fd), open.count < limits.connections || dropOldestIncomplete(&open) else {
                close(fd)
                continue
            }
            open[next] = Connection(fd: fd, phase: .reading(HTTPRequest.Reader(limit: limits.requestBytes)), deadline: .now + limits.requestTime)
            next += 1
        }
        return nil
    }

    /// Closes the oldest connection whose request has not all arrived; false when there is none. O(connections).
    private func dropOldestIncomplete(_ open: inout [Int: Connection]) -> Bool {
        let oldest = open.filter {
            if case .reading = $0.value.phase { return true }
            return false
        }.keys.min()
        guard let oldest, let c = open[oldest] else { return false }
        close(c.fd)
        open[oldest] = nil
        return true
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int {
        let left = now.duration(to: deadline)
        guard left > .zero else { return 0 }
        return Int(left.components.seconds) * 1000 + Int(left.components.attoseconds / 1_000_000_000_000_000) + 1
    }
}
