import UnfoldCanvas
import UnfoldPNG

/// `animation.<ext>`: every frame of the plan's animation, in order, written
/// by an `AnimationEncoder` as the frames come (the pixels are drawn on the
/// workers; the encoder runs on the thread that writes files).
struct AnimationFile: OutputFormat {
    /// A new encoder for a render's frames (`pictureSize`), that plays
    /// `plays` times (0: for ever) and may finish on `threads` threads.
    let encoder: @Sendable (RenderContext) throws -> any AnimationEncoder

    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs { .animation }

    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? {
        if picture.uses.animationDelay != nil { _ = try picture.pixels() }
        return nil
    }

    func writer(for render: RenderContext) throws -> any OutputWriter {
        Writer(encoder: try encoder(render))
    }

    final class Writer: OutputWriter {
        let encoder: any AnimationEncoder

        init(encoder: any AnimationEncoder) { self.encoder = encoder }

        func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws {
            if let delay = picture.uses.animationDelay { try encoder.add(try picture.pixels(), milliseconds: delay) }
        }

        func finish(emit: (MadeFile) throws -> Void) throws {
            try emit(MadeFile(path: "animation." + encoder.fileExtension, bytes: try encoder.finish()))
        }

        var heldBytes: Int { encoder.heldBytes }
    }
}
