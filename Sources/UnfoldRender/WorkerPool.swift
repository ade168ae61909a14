import Foundation
import UnfoldSupport

/// Runs jobs 0 ..< `count` on the process's `WorkerPool` and hands the
/// results to `consume` in job order on the calling thread. At most `window`
/// jobs of this call are started and not yet consumed: the pool works ahead
/// of the consumer by that much and no more, so memory stays
/// O(window × result) however many jobs there are, and the output does not
/// depend on the window, on the pool's size or on scheduling. The first
/// error (from a job or from `consume`) stops the call and is rethrown once
/// the jobs already running have finished: no job of the call runs after it returns.
func orderedParallel<T>(
    count: Int, window: Int, job: @escaping @Sendable (Int) throws -> T, consume: (Int, T) throws -> Void
) throws {
    guard count > 0 else { return }
    try WorkerPool.shared.run(count: count, window: max(1, min(window, count)), job: job, consume: consume)
}

/// A fixed set of threads, one per core, that lives as long as the process
/// and runs the jobs of every render: concurrent renders (parallel snapshot
/// tests, say) share the cores instead of each starting threads of its own,
/// and what a job warms up (`Typesetter.withCached`) stays warm for the next.
///
/// A thread takes the next job of the oldest call that may start one (see
/// `orderedParallel`'s window), so renders finish in the order they began
/// instead of all late together; finding it is O(calls open). A call made
/// from a pool thread (a job that renders) runs its next job itself when no
/// thread has taken it, instead of waiting, so that nested calls cannot
/// deadlock; so does every call when the system made none of the pool's threads.
final class WorkerPool: @unchecked Sendable {
    /// The pool every render uses, with a thread per core.
    static let shared = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Guards `open` and every field of every batch but its job.
    private let condition = NSCondition()
    /// Calls that have jobs not yet started, oldest first.
    private var open: [any PoolBatch] = []
    /// Marks the pool's threads in their thread dictionaries.
    private static let marker = "org.unfold.worker-pool"

    /// How many of the pool's threads started: with none, each call runs its jobs on its own thread.
    private var startedThreads = 0

    /// Starts `threads` threads (at least one, with `start`: the system's,
    /// or a test's), which live as long as the process.
    init(threads: Int, start: DetachedThread.Starter = DetachedThread.start) {
        for n in 0 ..< max(1, threads) {
            let started = start("unfold pool \(n)") { [self] in
                Thread.current.threadDictionary[Self.marker] = true
                work()
            }
            if started { startedThreads += 1 }
        }
    }

    /// What a pool thread does: run jobs, and wait when no call may start one.
    private func work() {
        condition.lock()
        while true {
            guard let batch = open.first(where: \.mayStart) else {
                condition.wait()
                continue
            }
            let i = start(batch)
            condition.unlock()
            batch.perform(i, condition: condition)
            condition.lock()
        }
    }

    /// Marks the batch's next job as started and returns it; under the lock.
    private func start(_ batch: any PoolBatch) -> Int {
        let i = batch.started
        batch.started += 1
        batch.running += 1
        if batch.started == batch.count { open.removeAll { $0 === batch } }
        return i
    }

    /// `orderedParallel` on this pool; `window` is in 1 ... `count`.
    func run<T>(count: Int, window: Int, job: @escaping @Sendable (Int) throws -> T, consume: (Int, T) throws -> Void) throws {
        let batch = Batch(count: count, window: window, job: job)
        condition.lock()
        // A pool thread, or any thread of a pool without threads, runs a job itself rather than wait for one that no thread takes.
        let helps = startedThreads == 0 || Thread.current.threadDictionary[Self.marker] != nil
        open.append(batch)
        condition.broadcast()
        condition.unlock()
        do {
            for i in 0 ..< count {
                try consume(i, try result(i, of: batch, runningItIfUntaken: helps))
            }
        } catch {
            finish(batch, error: error)
            throw error
        }
        finish(batch, error: nil)
    }

    /// Job `i`'s result, once it is in; the first error of the batch instead.
    private func result<T>(_ i: Int, of batch: Batch<T>, runningItIfUntaken helps: Bool) throws -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let error = batch.error { throw error }
            if let value = batch.ready.removeValue(forKey: i) {
                batch.consumed = i + 1
                condition.broadcast()  // the window moved on: a thread may start another job
                return value
            }
            if helps, batch.started == i, batch.mayStart {
                _ = start(batch)
                condition.unlock()
                batch.perform(i, condition: condition)
                condition.lock()
                continue
            }
            condition.wait()
        }
    }

    /// Stops the batch's jobs from starting and waits for those running.
    private func finish(_ batch: any PoolBatch, error: Error?) {
        condition.lock()
        defer { condition.unlock() }
        if batch.error == nil { batch.error = error }
        open.removeAll { $0 === batch }
        while batch.running > 0 { condition.wait() }
    }
}

/// A call's jobs as the pool's threads see them. Every member is used under
/// the pool's lock, but `perform`, which takes it to store its outcome.
private protocol PoolBatch: AnyObject {
    var count: Int { get }
    var started: Int { get set }
    var running: Int { get set }
    var error: Error? { get set }
    /// Whether the next job may start: none failed, and it is inside the window.
    var mayStart: Bool { get }
    /// Runs job `i` without the lock, then stores its result or error under it.
    func perform(_ i: Int, condition: NSCondition)
}

/// One `WorkerPool.run` call: its jobs, and the results that wait for the consumer.
private final class Batch<T>: PoolBatch {
    let count: Int
    let window: Int
    let job: @Sendable (Int) throws -> T
    /// Jobs 0 ..< started have started; 0 ..< consumed have been consumed.
    var started = 0
    var consumed = 0
    var running = 0
    var error: Error?
    /// Results of jobs that finished and wait for their turn: at most `window`.
    var ready: [Int: T] = [:]

    init(count: Int, window: Int, job: @escaping @Sendable (Int) throws -> T) {
        self.count = count
        self.window = window
        self.job = job
    }

    var mayStart: Bool { error == nil && started < count && started < consumed + window }

    func perform(_ i: Int, condition: NSCondition) {
        let outcome = Result { try job(i) }
        condition.lock()
        defer { condition.unlock() }
        switch outcome {
        case let .success(value): ready[i] = value
        case let .failure(failure): if error == nil { error = failure }
        }
        running -= 1
        condition.broadcast()
    }
}
