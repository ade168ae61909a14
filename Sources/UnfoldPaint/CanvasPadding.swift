import UnfoldCanvas

extension OutlinePainter {
    /// `canvas.padding` in device pixels.
    package var paddingPixels: Int { Int((appearance.canvas.padding * scale).rounded()) }

    /// The pixel size of a picture whose canvas is `height` points tall: the
    /// canvas with `canvas.padding` on every side.
    package func pictureSize(height: Double) -> (width: Int, height: Int) {
        let canvas = pixelSize(height: height), margin = paddingPixels
        return (canvas.width + 2 * margin, canvas.height + 2 * margin)
    }

    /// The picture of a drawn canvas: the canvas inside `canvas.padding` of
    /// the background on every side (the canvas itself without padding).
    package func padded(_ canvas: Pixmap) throws -> Pixmap {
        let margin = paddingPixels
        guard margin > 0 else { return canvas }
        var picture = try Pixmap(width: canvas.width + 2 * margin, height: canvas.height + 2 * margin, fill: palette.background)
        picture.copy(canvas, x: margin, y: margin)
        return picture
    }
}
