import Foundation
import Testing

/// The size of a PNG file, from its header, and whether it has alpha: an
/// RGBA (or grey and alpha) colour type, or a palette with a `tRNS` chunk.
private func pngHeader(_ path: String) throws -> (width: Int, height: Int, alpha: Bool) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    try #require(bytes.count > 26)
    func int(_ at: Int) -> Int { bytes[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let tRNS = Data(bytes).range(of: Data("tRNS".utf8)) != nil
    return (int(16), int(20), bytes[25] == 6 || bytes[25] == 4 || (bytes[25] == 3 && tRNS))
}

/// `unfold render --width`, `--padding`, `--background`/`--transparent`, and
/// the warning about pictures too tall to be handy.
@Suite(.serialized) struct RenderCanvasTests {
    @Test func widthPaddingAndTransparencyApplyToScenariosAndTrees() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", small)
        let plain = try unfold(["render", file, "--out", s.path + "/plain", "--outputs", "states"])
        #expect(plain.status == 0)
        let before = try pngHeader(s.path + "/plain/cli/state-00.png")
        #expect(before.width == 200 && before.height == 120 && !before.alpha)
        let r = try unfold(["render", file, "--out", s.path + "/fit", "--outputs", "states", "--width", "fit", "--padding", "4", "--transparent"])
        #expect(r.status == 0 && r.err.isEmpty)
        let fit = try pngHeader(s.path + "/fit/cli/state-00.png")
        #expect(fit.width < 200 && fit.height == 128 && fit.alpha)
        let tree = s.write("tree.md", "- Alpha\n  - Beta\n")
        let from = try unfold(["render", "--from", tree, "--out", s.path + "/tree", "--outputs", "states", "--width", "120", "--background", "transparent"])
        #expect(from.status == 0)
        let picture = try pngHeader(s.path + "/tree/tree/state-00.png")
        #expect(picture.width == 240 && picture.alpha)
    }

    @Test func badValuesAreRefused() throws {
        let s = Scratch()
        let file = s.write("cli.yaml", small)
        let narrow = try unfold(["render", file, "--out", s.path, "--width", "8"])
        #expect(narrow.status == 2 && narrow.err.contains("--width must be fit or a number in 16...4096"))
        let padding = try unfold(["render", file, "--out", s.path, "--padding", "2000"])
        #expect(padding.status == 2 && padding.err.contains("--padding must be in 0...1000"))
        let both = try unfold(["render", file, "--out", s.path, "--transparent", "--background", "theme"])
        #expect(both.status == 2 && both.err.contains("contradict"))
    }

    @Test func aTallPictureIsWarnedAboutWithTheOptionsToUse() throws {
        let s = Scratch()
        let tree = s.write("tall.md", (1 ... 100).map { "- item\($0)\n" }.joined())
        let r = try unfold(["render", "--from", tree, "--out", s.path + "/o", "--outputs", "states"])
        #expect(r.status == 0)
        #expect(r.err.hasPrefix("tall: warning: the pictures are 780x8800 pixels, taller than 8000; "))
        #expect(r.err.contains("`--scale 1`") && r.err.split(separator: "\n").count == 1)
        let small = try unfold(["render", "--from", tree, "--out", s.path + "/o", "--outputs", "states", "--scale", "1"])
        #expect(small.status == 0 && small.err.isEmpty)
        let long = s.write("long.md", (1 ... 200).map { "- item\($0)\n" }.joined())
        let scaled = try unfold(["render", "--from", long, "--out", s.path + "/o", "--outputs", "states", "--scale", "1"])
        #expect(scaled.status == 0 && scaled.err.hasPrefix("long: warning: the pictures are 390x8800 pixels"))
        #expect(!scaled.err.contains("--scale 1") && scaled.err.contains("`--depth N`"), "at scale 1 the hint does not say --scale 1")
    }
}
