import Foundation
import UnfoldCanvas
import UnfoldPNG

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
package final class DecodedReferences: @unchecked Sendable {
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
    package init(_ contents: ReferenceStore.Contents, produced: [String: ReferenceKind]) {
        self.contents = contents
        self.produced = produced
    }

    /// Whether `pixels`, drawn as the picture `name`, are exactly the stored
    /// reference's pixels. Decodes the reference. O(pixels).
    package func isUnchanged(_ name: String, _ pixels: Pixmap) -> Bool {
        // A reference of another size cannot hold these pixels: its header says so without decoding it.
        guard let bytes = contents.files[name], let header = try? TrustedPNG.check(bytes), header.width == pixels.width,
            header.height == pixels.height, let image = decode(name)
        else { return false }
        return pixels.hasPixels(of: image)
    }

    /// Why the stored picture `name` is not decoded to be compared with the
    /// picture `drawn` (PNG bytes): its header claims far more pixels (more
    /// than `slack` times, plus a megapixel) than the scenario draws now. A
    /// verdict decodes at most about what the scenario draws, whatever a file
    /// says of itself. Nil when it may be decoded. O(chunks).
    package func oversized(_ name: String, than drawn: [UInt8]) -> String? {
        guard let bytes = contents.files[name], let stored = try? TrustedPNG.check(bytes), let now = try? TrustedPNG.check(drawn) else { return nil }
        guard Self.farLarger(stored, than: now) else { return nil }
        return "the reference \(name) is \(stored.width)x\(stored.height) pixels, far more than the \(now.width)x\(now.height) "
            + "the scenario draws now, and is not decoded; if the new picture is right, re-record it with `unfold test --record failed`"
    }

    /// How many times the pixels of what is drawn a reference may claim and still be decoded.
    package static let slack = 16

    /// Whether a header's size claims more than `slack` times the pixels of
    /// `other`, plus a megapixel. Headers are input: the products saturate
    /// instead of overflowing. O(1).
    package static func farLarger(_ size: (width: Int, height: Int, paletteEntries: Int), than other: (width: Int, height: Int, paletteEntries: Int)) -> Bool {
        func product(_ a: Int, _ b: Int) -> Int {
            let (p, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : p
        }
        let allowed = product(slack, product(other.width, other.height)).addingReportingOverflow(1 << 20)
        return product(size.width, size.height) > (allowed.overflow ? .max : allowed.partialValue)
    }

    /// Why the stored picture `name` cannot be compared; nil when it can (or
    /// when it is no picture of the scenario's). Decodes it the first time. O(pixels).
    package func refusal(_ name: String) -> String? {
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
