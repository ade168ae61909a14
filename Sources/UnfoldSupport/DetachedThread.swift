#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread that runs one task and is never joined, made so that the caller
/// learns whether it exists: a thread the system could not make (too many
/// threads, no memory) must not leave its caller waiting for work that will
/// never be done.
package enum DetachedThread {
    /// A way to start a thread: `start`, or a test's stand-in.
    package typealias Starter = @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Bool

    /// Runs `body` on a new thread called `name` (as much of it as fits in
    /// 15 bytes, as debuggers and `perf` show it). Returns false, having run nothing,
    /// when the system makes no thread: the caller then does the work itself.
    package static let start: Starter = { name, body in
        let context = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        // The context is retained until the thread takes it (or, if none was made, released here).
        let made = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard made == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
        return true
    }

    /// What a thread runs: its name, then its body.
    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        func run() {
            var short = ""  // whole characters, at most 15 bytes: Linux refuses a longer name
            for character in name {
                guard short.utf8.count + character.utf8.count <= 15 else { break }
                short.append(character)
            }
            #if canImport(Glibc)
            _ = setThreadName(pthread_self(), short)
            #else
            _ = pthread_setname_np(short)
            #endif
            body()
        }
    }
}

#if canImport(Glibc)
/// glibc's `pthread_setname_np`, which the Glibc module does not export (a GNU extension).
@_silgen_name("pthread_setname_np") private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
#endif
