import Foundation

/// Runs `count` independent jobs on `workers` threads, each worker with its own
/// state (a typesetter, say), and returns the results in job order, so the
/// output does not depend on the number of workers or on scheduling.
func parallelMap<State, T>(count: Int, workers: Int, makeState: @Sendable () throws -> State,
                           _ job: @Sendable (inout State, Int) throws -> T) throws -> [T] {
    let workers = max(1, min(workers, count))
    var results = [Result<T, Error>?](repeating: nil, count: count)
    let next = Counter()
    results.withUnsafeMutableBufferPointer { slots in
        let slots = UncheckedBuffer(slots)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var state: State
            do { state = try makeState() } catch {
                while case let i = next.take(), i < count { slots.buffer[i] = .failure(error) }
                return
            }
            while case let i = next.take(), i < count {
                slots.buffer[i] = Result { try job(&state, i) }
            }
        }
    }
    return try results.map { try $0!.get() }
}

/// Each slot is written by exactly one worker (the one that took its index).
private struct UncheckedBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}

private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
