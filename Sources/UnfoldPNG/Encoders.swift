import UnfoldCanvas

/// A still picture's file format: pixels in, the file's bytes out. A render's
/// still outputs are built on one, so that a new format is one conformance.
package protocol StillEncoder {
    /// The file name's extension, without the dot, such as `png`.
    static var fileExtension: String { get }
    /// The file's bytes for `pixmap`. O(pixels).
    static func encode(_ pixmap: Pixmap) throws -> [UInt8]
}

/// An animation's file format, written frame by frame in the order the frames
/// show, so that no more than the encoder's own state is held at once.
package protocol AnimationEncoder: AnyObject {
    /// The file name's extension, without the dot, such as `gif`.
    var fileExtension: String { get }
    /// Adds a frame shown for `milliseconds`. O(pixels).
    func add(_ pixmap: Pixmap, milliseconds: Int) throws
    /// The bytes the encoder holds, for a render's memory limit.
    var heldBytes: Int { get }
    /// The file's bytes; the encoder takes no frame after this.
    func finish() throws -> [UInt8]
}

extension PNG: StillEncoder {
    /// `png`.
    package static var fileExtension: String { "png" }

    /// The picture as a PNG encoded on the calling thread.
    package static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        try encode(pixmap, threads: 1)
    }
}

extension PNG.Animation: AnimationEncoder {
    /// `png`: an animated PNG shows its first frame where animation is not supported.
    package var fileExtension: String { "png" }
}

extension AnimatedImage: AnimationEncoder {
    /// `gif` or `webp`.
    package var fileExtension: String { format.rawValue }
}
