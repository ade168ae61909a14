import OutlineLayout
import UnfoldCanvas
import UnfoldPaint

/// The painter's shapes recorded instead of rasterized: what SVG pictures
/// are made of. The painter draws the same shapes onto pixels.
extension OutlinePainter {
    /// The frame as vector shapes on a canvas `height` points tall (without
    /// the padding): the shapes `draw` rasterizes, for vector pictures.
    package func record(_ frame: FrameLayout, height: Double) -> VectorRecording {
        let size = pixelSize(height: height)
        let recording = VectorRecording(width: size.width, height: size.height)
        let surface = recording.surface
        surface.clear(surface.clip, to: palette.background)
        var drawnBottom = 0
        for box in frame.rows { draw(box, into: surface, bareFrom: &drawnBottom) }
        return recording
    }

    /// Some layers of one row, as vector shapes, drawn where `box` says on a
    /// canvas that reaches just below it (a row near the top, `box.y` a
    /// fraction of a pixel): what a vector animation defines once and moves.
    package func record(_ box: RowBox, layers: RowLayers) -> VectorRecording {
        let size = pixelSize(height: box.y + box.height + 1 / scale)
        let recording = VectorRecording(width: size.width, height: size.height)
        var drawnBottom = 0
        draw(box, into: recording.surface, bareFrom: &drawnBottom, layers: layers)
        return recording
    }
}
