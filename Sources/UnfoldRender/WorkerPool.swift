import Foundation

/// Runs jobs 0 ..< `count` on `workers` threads, each worker with its own
/// state (a typesetter, say), and hands the results to `consume` in job
/// order on the calling thread. At most `workers` finished results wait for
/// their turn: a worker that runs ahead waits, so memory stays
/// O(workers × result) however many jobs there are, and the output does not
/// depend on the number of workers or on scheduling. The first error (from a
/// job or from `consume`) stops the run and is rethrown.
func orderedParallel<State, T>(
    count: Int, workers: Int, makeState: @escaping @Sendable () throws -> State,
    job: @escaping @Sendable (inout State, Int) throws -> T,
    consume: (Int, T) throws -> Void
) throws {
    guard count > 0 else { return }
    let workers = max(1, min(workers, count))
    let queue = ReorderQueue<T>(capacity: workers)
    let group = DispatchGroup()
    for _ in 0 ..< workers {
        DispatchQueue.global().async(group: group) {
            var state: State
            do { state = try makeState() } catch { queue.fail(error); return }
            while let i = queue.take(below: count) {
                do { queue.put(i, try job(&state, i)) } catch { queue.fail(error); return }
            }
        }
    }
    defer { group.wait() }
    do {
        for i in 0 ..< count {
            let result = try queue.next(i)
            try consume(i, result)
        }
    } catch {
        queue.fail(error)
        throw error
    }
}

/// Job indices handed out in order, results taken back in order, with room
/// for `capacity` results that wait.
private final class ReorderQueue<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var issued = 0
    private var consumed = 0
    private var ready: [Int: T] = [:]
    private var error: Error?
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The next job, once it is at most `capacity` ahead of the consumer; nil when done or failed.
    func take(below count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while error == nil, issued < count, issued >= consumed + capacity { condition.wait() }
        guard error == nil, issued < count else { return nil }
        issued += 1
        return issued - 1
    }

    func put(_ i: Int, _ value: T) {
        condition.lock()
        ready[i] = value
        condition.broadcast()
        condition.unlock()
    }

    func fail(_ e: Error) {
        condition.lock()
        if error == nil { error = e }
        condition.broadcast()
        condition.unlock()
    }

    /// Result `i`, waiting for it.
    func next(_ i: Int) throws -> T {
        condition.lock()
        defer { condition.unlock() }
        while error == nil, ready[i] == nil { condition.wait() }
        if let error { throw error }
        guard let value = ready.removeValue(forKey: i) else { preconditionFailure("a result went missing") }
        consumed = i + 1
        condition.broadcast()
        return value
    }
}
