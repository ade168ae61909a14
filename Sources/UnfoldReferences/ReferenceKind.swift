import Foundation
import OutlineAppearance
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldPNG
import UnfoldRender
import UnfoldSupport

/// One kind of reference, described once: which render output draws it, what
/// its files are named, how its bytes are stored, how a reference that
/// changed is compared, and how reports, the review page and accept treat it.
/// The runner, the store, the index, reports, accept, the review and undo
/// read everything about a reference from its kind, found in the run's
/// `ReferenceCatalog`.
///
/// A new kind of reference is one more value: give it an output, its names,
/// a way to store and a way to compare, and add it to the catalog the
/// snapshot options carry (`SnapshotOptions.catalog`).
///
/// Everything that reaches the store goes through `stored(_:)`: a picture
/// is decoded under the limits of what Unfold can draw and encoded anew, and
/// text is parsed and written anew, so that bytes from a report or a pull
/// request are never stored as they came.
package struct ReferenceKind: Sendable {
    /// What the kind is called in messages.
    package let label: String
    /// The media type reports and the review page serve it as.
    package let mediaType: String
    /// Its names as a person reads them (`state-NN.png`), for messages.
    package let pattern: String
    /// The render output whose files are references of this kind.
    package let output: RenderOptions.Output
    /// The reference names a scenario of this many steps produces (none: the
    /// output is not asked for).
    package let names: @Sendable (_ steps: Int) -> [String]
    /// Whether a reference name is of this kind: names from an index or a
    /// report are data, and only a kind's own names are ever used.
    package let matches: @Sendable (String) -> Bool
    /// The largest picture of this kind (nil for text): wider, or with more
    /// pixels, than Unfold ever draws is refused before it is decoded.
    package let largest: (width: Int, pixels: Int)?
    /// Whether a difference is told, and can be accepted, frame by frame.
    package let hasFrames: Bool
    /// Bytes as they are stored: checked, decoded or parsed, and written anew.
    let store: @Sendable (ReferenceKind, [UInt8]) throws(Invalid) -> NewReference
    /// How a reference whose bytes differ from the rendered file is judged:
    /// a verdict and, for a failure, the pictures that show it; nothing is written.
    package let compare: @Sendable (ReferenceComparison) throws -> ReferenceVerdict

    /// A kind from its parts (see the properties).
    package init(
        label: String, mediaType: String, pattern: String, output: RenderOptions.Output,
        names: @escaping @Sendable (_ steps: Int) -> [String], matches: @escaping @Sendable (String) -> Bool,
        largest: (width: Int, pixels: Int)?, hasFrames: Bool = false,
        store: @escaping @Sendable (ReferenceKind, [UInt8]) throws(Invalid) -> NewReference,
        compare: @escaping @Sendable (ReferenceComparison) throws -> ReferenceVerdict
    ) {
        self.label = label
        self.mediaType = mediaType
        self.pattern = pattern
        self.output = output
        self.names = names
        self.matches = matches
        self.largest = largest
        self.hasFrames = hasFrames
        self.store = store
        self.compare = compare
    }

    /// Whether references of this kind are pictures (else text).
    package var isPicture: Bool { largest != nil }

    /// A state: a picture no larger than the largest canvas.
    package static let state = ReferenceKind(
        label: "picture", mediaType: "image/png", pattern: "state-NN.png", output: .states, names: { steps in (0 ... steps).map { FileNames.state($0, "png") } },
        matches: isStateName, largest: (Int(Limits.canvasWidth.upperBound) * Limits.scale.upperBound, Pixmap.maxPixels),
        store: { kind, bytes throws(Invalid) in try kind.storedPicture(bytes) }, compare: { try $0.pictures() })
    /// The strip: a picture of every frame, each step a row. A scenario
    /// without steps has none (it would be the one state again).
    package static let strip = ReferenceKind(
        label: "strip", mediaType: "image/png", pattern: FileNames.strip, output: .strip, names: { $0 > 0 ? [FileNames.strip] : [] }, matches: { $0 == FileNames.strip },
        largest: StripGeometry.largest, hasFrames: true, store: { kind, bytes throws(Invalid) in try kind.storedPicture(bytes) },
        compare: { try $0.stripFrames() })
    /// The batch updates and rows of every step.
    package static let updates = ReferenceKind(
        label: "updates", mediaType: "application/json", pattern: FileNames.updates, output: .updates, names: { _ in [FileNames.updates] },
        matches: { $0 == FileNames.updates }, largest: nil,
        store: { _, bytes throws(Invalid) in
            do { return NewReference(bytes: Array(try UpdatesRecord(json: bytes).json().utf8)) } catch { throw Invalid(description: "\(error)") }
        },
        compare: { $0.lines() })

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

        /// The reason, as a sentence's end.
        package init(description: String) { self.description = description }
    }

    /// Bytes of this kind as Unfold stores them (see `store`). O(pixels) or O(bytes).
    package func stored(_ bytes: [UInt8]) throws(Invalid) -> NewReference { try store(self, bytes) }

    /// A picture of this kind, decoded only if it is a PNG as Unfold writes
    /// it (`TrustedPNG`) and its header is within `largest`. O(bytes + pixels).
    package func decode(_ bytes: [UInt8]) throws(Invalid) -> RGBAImage {
        guard let largest else { throw Invalid(description: "it is not a picture") }
        do { return try TrustedPNG.decode(bytes, largest: largest) } catch { throw Invalid(description: error.message) }
    }

    /// A picture checked as a `TrustedPNG` within `largest`, decoded and
    /// encoded anew (`StoredPicture`).
    private func storedPicture(_ bytes: [UInt8]) throws(Invalid) -> NewReference {
        do { return try StoredPicture.reference(image: try decode(bytes)) } catch let error as Invalid { throw error } catch {
            throw Invalid(description: "\(error)")
        }
    }
}

/// How pictures are stored as references: with the encoder every picture
/// Unfold writes uses (the same pixels always give the same bytes, so a
/// picture recorded by a render and one accepted from a report are the same
/// file), on every core. The store stamps it with its name when it writes
/// it (`PNGStamp`).
package enum StoredPicture {
    /// `image` encoded as a reference. O(pixels).
    package static func reference(image: RGBAImage) throws(PNGError) -> NewReference {
        NewReference(bytes: try PNG.encode(image, threads: ProcessInfo.processInfo.activeProcessorCount))
    }
}
