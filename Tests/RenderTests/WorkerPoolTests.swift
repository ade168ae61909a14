import Foundation
import ScenarioFormat
import Testing
import UnfoldCanvas

@testable import UnfoldRender

/// The process-wide worker pool that every render's pictures are drawn on.
@Suite struct WorkerPoolTests {
    /// Renders at once, more than the pool has threads, give the bytes of the same renders one after the other.
    @Test(.timeLimit(.minutes(2)))
    func concurrentRendersGiveTheBytesOfSerialOnes() async throws {
        let names = ["regions.yaml", "settings.yaml", "tasks.yaml", "arabic.yaml", "hindi.yaml", "own-font.yaml"]
        let scenarios = try names.map { try loadExample($0) }
        let serial = try scenarios.map { try render($0, workers: 2, frames: 2) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, [String: [UInt8]]).self) { group in
            for (n, scenario) in scenarios.enumerated() {
                group.addTask { (n, try render(scenario, workers: 1 + n % 3, frames: 2)) }
            }
            var results = [[String: [UInt8]]](repeating: [:], count: scenarios.count)
            for try await (n, files) in group { results[n] = files }
            return results
        }
        for (n, name) in names.enumerated() {
            #expect(concurrent[n].keys.sorted() == serial[n].keys.sorted(), "\(name)")
            for (path, bytes) in serial[n] { #expect(concurrent[n][path] == bytes, "\(name): \(path) differs") }
        }
    }

    /// A pool whose threads the system could not make runs each call's jobs on the calling thread.
    /// (The call runs on a thread of the test's, so that a pool that waited instead fails the test rather than hang it.)
    @Test func aPoolWithoutThreadsRunsTheJobsOnTheCaller() throws {
        let pool = WorkerPool(threads: 2, start: { _, _ in false })
        nonisolated(unsafe) var results: [Int] = []
        nonisolated(unsafe) var onCaller = true
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            Thread.current.threadDictionary["pool caller"] = true
            try? pool.run(
                count: 20, window: 3, job: { i in (i * i, Thread.current.threadDictionary["pool caller"] != nil) },
                consume: { _, v in
                    results.append(v.0)
                    onCaller = onCaller && v.1
                })
            done.signal()
        }
        caller.start()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(results == (0 ..< 20).map { $0 * $0 } && onCaller)
    }

    /// Results come in job order, whatever order the jobs finish in, from many calls at once.
    @Test(.timeLimit(.minutes(1)))
    func resultsComeInOrderFromManyCallsAtOnce() {
        let calls = 12
        let lock = NSLock()
        nonisolated(unsafe) var seen = [[Int]](repeating: [], count: calls)
        DispatchQueue.concurrentPerform(iterations: calls) { call in
            var mine: [Int] = []
            try? orderedParallel(
                count: 40, window: 1 + call % 4,
                job: { i in
                    usleep(UInt32((i * 7 + call) % 5) * 100)
                    return i * i
                },
                consume: { i, value in mine.append(value == i * i ? i : -1) })
            lock.withLock { seen[call] = mine }
        }
        for call in 0 ..< calls { #expect(seen[call] == Array(0 ..< 40), "call \(call)") }
    }

    struct JobFailed: Error, Equatable { var job: Int }

    /// A job's error stops its call and comes out of it; other calls go on.
    @Test(.timeLimit(.minutes(1)))
    func anErrorInOneJobSurfaces() throws {
        let started = Counter()
        var consumed: [Int] = []
        #expect(throws: JobFailed(job: 5)) {
            try orderedParallel(
                count: 1000, window: 2,
                job: { i in
                    started.add()
                    if i == 5 { throw JobFailed(job: 5) }
                    return i
                },
                consume: { i, _ in consumed.append(i) })
        }
        // Job 5 starts once 4 results are consumed (the window is 2); its error may come before the fifth.
        #expect(consumed == Array(0 ..< consumed.count) && consumed.count >= 4)
        #expect(started.value < 20, "jobs went on after the error")
        // The pool still works.
        var sum = 0
        try orderedParallel(count: 10, window: 3, job: { $0 }, consume: { _, v in sum += v })
        #expect(sum == 45)
    }

    /// An error from the consumer stops the call too, and no job runs after the call returns.
    @Test(.timeLimit(.minutes(1)))
    func anErrorInTheConsumerStopsTheJobs() {
        let running = Counter()
        #expect(throws: JobFailed(job: 3)) {
            try orderedParallel(
                count: 100, window: 4,
                job: { i in
                    running.add()
                    usleep(2000)
                    running.add(-1)
                    return i
                },
                consume: { i, _ in if i == 3 { throw JobFailed(job: 3) } })
        }
        #expect(running.value == 0)
    }

    /// Jobs that themselves run calls on the pool (and wait for them) finish,
    /// even with every pool thread inside such a job.
    @Test(.timeLimit(.minutes(1)))
    func nestedCallsDoNotDeadlock() throws {
        var totals: [Int] = []
        try orderedParallel(
            count: 16, window: 8,
            job: { outer in
                var total = 0
                try orderedParallel(count: 20, window: 4, job: { $0 + outer }, consume: { _, v in total += v })
                return total
            },
            consume: { _, total in totals.append(total) })
        #expect(totals == (0 ..< 16).map { 190 + 20 * $0 })
    }
}

/// A count shared by jobs on several threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ n: Int = 1) { lock.withLock { count += n } }
}
