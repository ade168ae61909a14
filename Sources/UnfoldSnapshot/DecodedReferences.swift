import Foundation
import UnfoldCanvas

/// The stored pictures of a scenario as this machine reads them: each
/// decoded from the file itself, when first needed, and compared pixel by
/// pixel with what was drawn. A verdict rests on this and on nothing the
/// repository states about its files (`index.json` is as much input as the
/// pictures are), and on no hash: a pull request chooses a reference's
/// pixels, so only all of them can say that nothing changed.
///
/// Shared by the render's workers, which ask about the pictures they drew
/// (`isUnchanged`), and the runner, which asks why a file cannot be compared
/// (`refusal`). A picture's pixels are dropped once compared, so memory stays
/// O(workers × picture). Each reference is decoded at most once.
final class DecodedReferences: @unchecked Sendable {
    /// What is known of a reference once it was read.
    private enum Reading {
        /// A picture Unfold can compare (`TrustedPNG`).
        case readable
        /// Why the file cannot be a reference (not a PNG as Unfold writes it, too large).
        case refused(String)
    }

    private let contents: ReferenceStore.Contents
    private let produced: [String: ReferenceKind]
    private let lock = NSLock()
    private var readings: [String: Reading] = [:]

    /// The pictures of `contents` that are among `produced`, the pictures the
    /// scenario draws by name (a stale entry of the index is never decoded:
    /// an index may list many).
    init(_ contents: ReferenceStore.Contents, produced: [String: ReferenceKind]) {
        self.contents = contents
        self.produced = produced
    }

    /// Whether `pixels`, drawn as the picture `name`, are exactly the stored
    /// reference's pixels. Decodes the reference. O(pixels).
    func isUnchanged(_ name: String, _ pixels: Pixmap) -> Bool {
        guard let image = decode(name) else { return false }
        return pixels.hasPixels(of: image)
    }

    /// Why the stored picture `name` cannot be compared; nil when it can (or
    /// when it is no picture of the scenario's). Decodes it the first time. O(pixels).
    func refusal(_ name: String) -> String? {
        lock.lock()
        let known = readings[name]
        lock.unlock()
        if known == nil { _ = decode(name) }
        lock.lock()
        defer { lock.unlock() }
        if case .refused(let reason) = readings[name] { return reason }
        return nil
    }

    /// The reference's pixels, decoded under its kind's limits; nil when it
    /// is no stored picture of the scenario's, or cannot be read (the reason
    /// is kept for `refusal`).
    private func decode(_ name: String) -> RGBAImage? {
        guard let kind = produced[name], kind.isPicture, let bytes = contents.files[name] else { return nil }
        let reading: Reading, image: RGBAImage?
        do {
            image = try kind.decode(bytes)
            reading = .readable
        } catch {
            image = nil
            reading = .refused(error.description)
        }
        lock.lock()
        readings[name] = reading
        lock.unlock()
        return image
    }
}
