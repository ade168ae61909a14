import Foundation
import UnfoldSupport

/// The tokens of a source read on a thread of its own, a few chunks ahead
/// of the reader: for a large file, the syntax's parsing (libyaml's, or the
/// JSON reader's) and the building of the tree share the cores. The tokens,
/// their anchors, and the error where the text goes wrong come exactly as
/// the source gives them, only earlier; at most `most` chunks wait, so
/// memory stays bounded whatever the file's size.
///
/// The thread alone uses the source, from its start until it ends: at the
/// document's end, at an error (which its last chunk carries, after the
/// tokens before it), or once the reader lets go of this source.
struct ReadAheadTokens: DocumentTokenSource {
    /// Files from this size on are read ahead: below it, a thread costs
    /// more than it saves.
    static let fromBytes = 1 << 20

    private let channel: Channel
    /// Tells the thread to end when the reader lets go (a reader that stops
    /// early, at an error of its own, leaves the rest of the file unread).
    private let stopper: Stopper
    /// The chunk being given.
    private var chunk = Chunk()
    /// The anchor on the token just given, until `takeAnchor()`.
    private var anchor: String?

    /// Starts the thread that reads `source` (with `start`: the system's, or
    /// a test's); nil when no thread could be made, and the caller reads
    /// `source` itself.
    init?<Source: DocumentTokenSource & Sendable>(_ source: Source, start: DetachedThread.Starter = DetachedThread.start) {
        let channel = Channel()
        guard start("unfold read", { channel.produce(from: source) }) else { return nil }
        self.channel = channel
        stopper = Stopper(channel)
    }

    mutating func nextToken() throws(ScenarioError) -> DocumentToken? {
        while true {
            // A chunk's tokens come last first: each is moved out, not copied.
            if let token = chunk.tokens.popLast() {
                anchor = token.isAnchored ? chunk.anchors.popLast() : nil
                return token
            }
            if let failure = chunk.failure {
                chunk.failure = nil  // thrown once; then the end, as a source gives nothing after an error
                chunk.ended = true
                throw failure
            }
            if chunk.ended { return nil }
            chunk = channel.take()
        }
    }

    mutating func takeAnchor() -> String? {
        defer { anchor = nil }
        return anchor
    }

    /// Tokens, and the names of the anchors on those anchored
    /// (`isAnchored`), both in reverse order (the reader takes the last);
    /// the last chunk says that the document ended, or carries the error
    /// that ended it.
    struct Chunk: Sendable {
        var tokens: [DocumentToken] = []
        var anchors: [String] = []
        var ended = false
        var failure: ScenarioError?
    }

    static let tokensPerChunk = 4096
    static let most = 4

    /// The chunks made and not yet taken, between the thread and the reader.
    private final class Channel: @unchecked Sendable {
        /// Guards `ready` and `stopped`.
        private let condition = NSCondition()
        private var ready: [Chunk] = []
        private var stopped = false

        /// The next chunk, waiting for it. The thread always ends with a
        /// last chunk (ended or failed), so a reader that goes on to it
        /// never waits for ever; it does not call again after it.
        func take() -> Chunk {
            condition.lock()
            defer { condition.unlock() }
            while ready.isEmpty { condition.wait() }
            condition.broadcast()  // room for the thread
            return ready.removeFirst()
        }

        /// Tells the thread to end after the chunk it is making. Does not wait.
        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        /// The thread: chunks of tokens until the document ends, an error, or `stop()`.
        func produce<Source: DocumentTokenSource>(from source: Source) {
            var source = source
            while true {
                var chunk = Chunk()
                chunk.tokens.reserveCapacity(ReadAheadTokens.tokensPerChunk)
                do {
                    while chunk.tokens.count < ReadAheadTokens.tokensPerChunk {
                        guard var token = try source.nextToken() else {
                            chunk.ended = true
                            break
                        }
                        if token.isAnchored, let name = source.takeAnchor() { chunk.anchors.append(name) } else { token.isAnchored = false }
                        chunk.tokens.append(token)
                    }
                } catch {
                    chunk.failure = error
                }
                let last = chunk.ended || chunk.failure != nil
                chunk.tokens.reverse()
                chunk.anchors.reverse()
                condition.lock()
                while ready.count >= ReadAheadTokens.most && !stopped { condition.wait() }
                let done = stopped
                if !done { ready.append(chunk) }
                // Let go before the reader can take it: a reader that pops a token from a chunk
                // this thread still holds copies all its tokens.
                chunk = Chunk()
                condition.broadcast()
                condition.unlock()
                if last || done { return }
            }
        }
    }

    /// Stops the thread once the last copy of the reader's source is gone.
    private final class Stopper: Sendable {
        private let channel: Channel
        init(_ channel: Channel) { self.channel = channel }
        deinit { channel.stop() }
    }
}
