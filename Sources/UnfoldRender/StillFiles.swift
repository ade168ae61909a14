import Foundation
import UnfoldPNG

/// Still pictures in one format: `state-NN.<ext>` for the state after step NN
/// (00: the initial state), or `step-NN/frame-MM.<ext>` for every frame of
/// every step's transition. Encoded on the workers; a still whose pixels the
/// caller holds already (`RenderOptions.isUnchanged`) is handed on unencoded.
struct StillFiles<Encoder: StillEncoder>: OutputFormat {
    /// Which pictures become files.
    enum Pictures {
        case states, frames
    }

    let pictures: Pictures

    /// The file names of a picture, from where it is used.
    func names(_ uses: RenderPlan.Uses) -> [String] {
        switch pictures {
        case .states: uses.state.map { [FileNames.state($0, Encoder.fileExtension)] } ?? []
        case .frames: uses.frameSlots.map { FileNames.frame(step: $0.step, index: $0.index, Encoder.fileExtension) }
        }
    }

    func needs(among outputs: Set<RenderOptions.Output>) -> RenderPlan.Needs {
        pictures == .states ? .states : .frames
    }

    func prepare(_ picture: DrawnPicture) throws -> (any Sendable)? {
        let names = names(picture.uses)
        guard !names.isEmpty else { return nil }
        let asState = pictures == .states
        if let isUnchanged = picture.settings.isUnchanged {
            let pixels = try picture.stillPixels(asState: asState)
            if names.allSatisfy({ isUnchanged($0, pixels) }) { return names.map { MadeFile(path: $0, content: .asHeld) } }
        }
        let bytes = try picture.encoded(as: Encoder.self, asState: asState)
        return names.map { MadeFile(path: $0, bytes: bytes) }
    }

    func writer(for render: RenderContext) throws -> any OutputWriter { PreparedFiles() }
}

/// Emits the files the workers prepared, in plan order.
final class PreparedFiles: OutputWriter {
    func take(_ picture: DrawnPicture, prepared: (any Sendable)?, emit: (MadeFile) throws -> Void) throws {
        for file in prepared as? [MadeFile] ?? [] { try emit(file) }
    }
}
