import Foundation

/// The names of the files a render writes into a scenario's folder, in one
/// place: the outputs write them, and references, reports and the review
/// page read them.
package enum FileNames {
    /// `state-NN.<ext>`: the state after step NN (00: the initial state).
    package static func state(_ index: Int, _ fileExtension: String) -> String { String(format: "state-%02d.", index) + fileExtension }
    /// `step-NN/frame-MM.<ext>`: frame MM of step NN's transition.
    package static func frame(step: Int, index: Int, _ fileExtension: String) -> String {
        frameStem(step: step, index: index) + "." + fileExtension
    }
    /// `step-NN/frame-MM`: a frame's name without extension, as failures of a strip's frames are named.
    package static func frameStem(step: Int, index: Int) -> String { String(format: "step-%02d/frame-%02d", step, index) }
    /// `strip/step-NN-frame-MM.png`: the pictures of one frame of a strip that failed, in a report.
    package static func stripFrame(step: Int, index: Int) -> String { String(format: "strip/step-%02d-frame-%02d.png", step, index) }
    /// The state a `state-NN.<ext>` file shows (NN), nil for any other name.
    package static func stateIndex(_ name: String) -> Int? {
        guard name.hasPrefix("state-"), let dot = name.lastIndex(of: "."), dot > name.index(name.startIndex, offsetBy: 6) else { return nil }
        let digits = name[name.index(name.startIndex, offsetBy: 6) ..< dot]
        guard digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
    /// The strip of every frame.
    package static let strip = "strip.png"
    /// The batch updates of every step.
    package static let updates = "updates.json"
    /// The live tree (`--outputs html`).
    package static let html = "outline.html"
}
