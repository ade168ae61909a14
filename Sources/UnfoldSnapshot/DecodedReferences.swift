import Dispatch
import Foundation
import UnfoldCanvas

/// What this machine reads in each stored picture of a scenario, decoded
/// from the file itself: its pixels' hash, or why the file cannot be a
/// reference. A verdict rests on this and on nothing the repository states
/// about its files (`index.json` is as much input as the pictures are).
///
/// Pictures decode on all cores. O(bytes + pixels of the set).
struct DecodedReferences: Sendable {
    /// Reference name → `pixelHash` of the decoded file, for every picture that is a `TrustedPNG`.
    private(set) var pixels: [String: String] = [:]
    /// Reference name → why the file cannot be a reference (not a PNG as Unfold writes it, too large).
    private(set) var refused: [String: String] = [:]

    /// Decodes the pictures of `contents` that are among `produced`, the
    /// pictures the scenario draws by name (a stale entry of the index is
    /// never decoded: an index may list many).
    init(_ contents: ReferenceStore.Contents, produced: [String: ReferenceKind]) {
        let names = contents.files.keys.sorted().filter { produced[$0]?.isPicture ?? false }
        let results = Results(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let name = names[i]
            guard let kind = produced[name], let bytes = contents.files[name] else { return }
            results.set(i, Result { () throws(ReferenceKind.Invalid) in try kind.decode(bytes).pixelHash })
        }
        for (i, name) in names.enumerated() {
            switch results.get(i) {
            case .success(let hash): pixels[name] = hash
            case .failure(let error): refused[name] = error.description
            case nil: refused[name] = "it could not be read"
            }
        }
    }
}

/// One result per picture, each set by its own thread.
private final class Results: @unchecked Sendable {
    private var values: [Result<String, ReferenceKind.Invalid>?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: Result<String, ReferenceKind.Invalid>) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
    func get(_ i: Int) -> Result<String, ReferenceKind.Invalid>? {
        lock.lock()
        defer { lock.unlock() }
        return values[i]
    }
}
