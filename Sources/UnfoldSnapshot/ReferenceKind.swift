import Foundation
import OutlineAppearance
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldRender
import UnfoldSupport

/// What a reference is, and so how it is named, stored, compared and shown:
/// a state picture (`state-03.png`), the animation strip (`strip.png`,
/// compared frame by frame) or the batch updates (`updates.json`).
///
/// Everything that reaches the store goes through `stored(_:)`: a picture
/// is decoded under the limits of what Unfold can draw and encoded anew, and
/// `updates.json` is parsed and written anew, so that bytes from a report or
/// a pull request are never stored as they came.
package struct ReferenceKind: Sendable {
    /// What the kind is called in messages.
    package let label: String
    /// The media type the review page serves it as.
    package let mediaType: String
    /// Whether a reference name is of this kind.
    let matches: @Sendable (String) -> Bool
    /// The largest picture of this kind (nil for text): wider, or with more
    /// pixels, than Unfold ever draws is refused before it is decoded.
    let largest: (width: Int, pixels: Int)?
    /// Whether a difference is told frame by frame.
    let hasFrames: Bool
    /// Whether references of this kind are pictures (else text).
    var isPicture: Bool { largest != nil }

    /// A state: a picture no larger than the largest canvas.
    package static let state = ReferenceKind(
        label: "picture", mediaType: "image/png", matches: isStateName,
        largest: (Int(Limits.canvasWidth.upperBound) * Limits.scale.upperBound, Pixmap.maxPixels), hasFrames: false)
    /// The strip: a picture of every frame, each step a row.
    package static let strip = ReferenceKind(
        label: "strip", mediaType: "image/png", matches: { $0 == "strip.png" }, largest: StripGeometry.largest, hasFrames: true)
    /// The batch updates and rows of every step.
    package static let updates = ReferenceKind(
        label: "updates", mediaType: "application/json", matches: { $0 == "updates.json" }, largest: nil, hasFrames: false)

    /// Every kind.
    package static let all = [state, strip, updates]

    /// The kind of the reference `name`; nil when it is no reference's name. O(1).
    package static func of(_ name: String) -> ReferenceKind? { all.first { $0.matches(name) } }

    /// `state-` and at least two digits, `.png`.
    private static func isStateName(_ name: String) -> Bool {
        guard name.hasPrefix("state-"), name.hasSuffix(".png") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return (2 ... 6).contains(digits.count) && digits.allSatisfy { (48 ... 57).contains($0) }
    }

    /// Bytes that cannot be stored as a reference of this kind.
    package struct Invalid: DescribedError {
        /// Why, as a sentence's end.
        package var description: String
    }

    /// Bytes of this kind as Unfold stores them: a picture checked as a
    /// `TrustedPNG` within `largest`, decoded and encoded anew with the most
    /// compression, with its pixel hash; updates parsed and written anew.
    /// O(pixels) or O(bytes).
    package func stored(_ bytes: [UInt8]) throws(Invalid) -> NewReference {
        guard largest != nil else {
            do { return NewReference(bytes: Array(try UpdatesRecord(json: bytes).json().utf8)) } catch { throw Invalid(description: "\(error)") }
        }
        do { return try StoredPicture.reference(image: try decode(bytes)) } catch let error as Invalid { throw error } catch {
            throw Invalid(description: "\(error)")
        }
    }

    /// A picture of this kind, decoded only if it is a PNG as Unfold writes
    /// it (`TrustedPNG`) and its header is within `largest`. O(bytes + pixels).
    func decode(_ bytes: [UInt8]) throws(Invalid) -> RGBAImage {
        guard let largest else { throw Invalid(description: "it is not a picture") }
        do { return try TrustedPNG.decode(bytes, largest: largest) } catch { throw Invalid(description: error.message) }
    }
}

/// How pictures are stored as references: with the encoder every picture
/// Unfold writes uses (the same pixels always give the same bytes, so a
/// picture recorded by a render and one accepted from a report are the same
/// file), on every core.
enum StoredPicture {
    static func reference(image: RGBAImage) throws(PNGError) -> NewReference {
        NewReference(bytes: try PNG.encode(image, threads: ProcessInfo.processInfo.activeProcessorCount))
    }
}
