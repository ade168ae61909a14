import Foundation
import OutlineAppearance
import OutlineLayout
import ScenarioFormat
import Testing
import UnfoldCanvas
import UnfoldComparison
import UnfoldPNG
import UnfoldPaint
import UnfoldRender
import UnfoldSupport

let fontFiles = try! FontSet.locate()

func loadExample(_ name: String) throws -> Scenario {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try Scenario.load(path: root.appendingPathComponent("Examples/\(name)").path)
}

func render(
    _ scenario: Scenario, workers: Int = 1, frames: Int? = nil,
    outputs: Set<RenderOptions.Output> = RenderOptions.Output.defaults
) throws -> [String: [UInt8]] {
    var options = RenderOptions(fonts: fontFiles)
    options.workers = workers
    options.frames = frames
    options.outputs = outputs
    let result = try ScenarioRenderer.render(scenario, options: options)
    return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.bytes) })
}

@Suite struct RenderTests {
    @Test func firstAndLastFramesEqualTheStatesAroundThem() throws {
        let scenario = try loadExample("regions.yaml")
        let files = try render(scenario, frames: 4, outputs: [.states, .frames])
        for step in 1 ... scenario.steps.count {
            let first = files[String(format: "step-%02d/frame-00.png", step)]
            let last = files[String(format: "step-%02d/frame-04.png", step)]
            #expect(first == files[String(format: "state-%02d.png", step - 1)], "step \(step) frame 0")
            #expect(last == files[String(format: "state-%02d.png", step)], "step \(step) last frame")
        }
        // And the frames in between are different pictures.
        #expect(files["step-01/frame-02.png"] != files["state-00.png"])
        #expect(files["step-01/frame-02.png"] != files["state-01.png"])
    }

    @Test func slideStyleAlsoStartsAndEndsOnTheStates() throws {
        var scenario = try loadExample("regions.yaml")
        scenario.animation.style = .slide
        let files = try render(scenario, frames: 3, outputs: [.states, .frames])
        #expect(files["step-05/frame-00.png"] == files["state-04.png"])
        #expect(files["step-05/frame-03.png"] == files["state-05.png"])
    }

    @Test func outputIsByteIdenticalWithOneWorkerOrSeveral() throws {
        let scenario = try loadExample("regions.yaml")
        let one = try render(scenario, workers: 1, frames: 2)
        let three = try render(scenario, workers: 3, frames: 2)
        #expect(one.keys.sorted() == three.keys.sorted())
        for (path, bytes) in one { #expect(three[path] == bytes, "\(path) differs") }
    }

    @Test func everyOutputIsThereAndReadable() throws {
        let scenario = try loadExample("regions.yaml")
        let files = try render(scenario, frames: 2)
        let steps = scenario.steps.count
        #expect(files.count == (steps + 1) + steps * 3 + 3)
        let state = try PNG.decode(files["state-00.png"]!)
        #expect(state.width == 390 * 2 && state.height > 400 * 2)
        let strip = try PNG.decode(files["strip.png"]!)
        #expect(strip.width > state.width / 4 * 3 && strip.height > state.height / 4 * steps)
        let animation = try PNG.decode(files["animation.png"]!)
        #expect(animation == state)  // the APNG's default image is the initial state
        #expect(String(decoding: files["updates.json"]!, as: UTF8.self).hasPrefix("[\n  {\"step\": \"initial\""))
    }

    @Test func maxEffortMakesASmallerAnimationThatStartsTheSame() throws {
        let scenario = try loadExample("files.yaml")
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.animation]
        let fast = try #require(try ScenarioRenderer.render(scenario, options: options).files.first?.bytes)
        options.effort = .max
        let max = try #require(try ScenarioRenderer.render(scenario, options: options).files.first?.bytes)
        #expect(max.count < fast.count * 95 / 100, "max \(max.count) B, fast \(fast.count) B")
        #expect(try PNG.decode(max) == PNG.decode(fast))
        let delays = frameDelays(fast)
        #expect(delays.count == 17 && frameDelays(max) == delays, "\(delays) and \(frameDelays(max))")
    }

    /// Each frame's delay in an animated PNG, from its fcTL chunks: its numerator and denominator.
    private func frameDelays(_ png: [UInt8]) -> [[UInt8]] {
        var delays: [[UInt8]] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4 ..< at + 8].elementsEqual("fcTL".utf8) { delays.append(Array(png[at + 8 + 20 ..< at + 8 + 24])) }
            at += 12 + length
        }
        return delays
    }

    @Test func deepNestingKeepsTheTitleOnTheCanvas() throws {
        var yaml = "name: deep\ncanvas: {width: 320, height: fit, scale: 1}\ntree:\n"
        for depth in 0 ..< 40 {
            let pad = String(repeating: "  ", count: depth)
            yaml += "\(pad)- title: Level \(depth)\n\(pad)  expanded: true\n\(pad)  children:\n"
        }
        yaml += String(repeating: "  ", count: 40) + "- title: Leaf\n"
        let scenario = try Scenario.parse(yaml, file: "deep.yaml")
        let indentation = Indentation(style: scenario.style, width: 320)
        #expect(indentation.x(depth: 40) + Indentation.chevronBox + Indentation.minimumTitle <= 320)
        #expect(indentation.x(depth: 41) >= indentation.x(depth: 40))
        let files = try render(scenario, outputs: [.states])
        #expect(try PNG.decode(files["state-00.png"]!).height == 41 * 44)
    }

    @Test func darkThemeDiffersFromLight() throws {
        var scenario = try loadExample("regions.yaml")
        scenario.steps = []
        let light = try render(scenario, outputs: [.states])
        scenario.canvas.theme = .dark
        let dark = try render(scenario, outputs: [.states])
        let pixmap = try PNG.decode(dark["state-00.png"]!)
        #expect(light["state-00.png"] != dark["state-00.png"])
        #expect(pixmap.pixel(x: 2, y: pixmap.height - 2) == Color(hex: 0x1C1C1E))
    }
}

@Suite struct OwnFontTests {
    /// A scenario's own font draws its text: the pictures differ from the
    /// bundled fonts' and are the same on every render; its fingerprint differs too.
    @Test func aScenarioWithItsOwnFontRendersWithIt() throws {
        let own = try loadExample("own-font.yaml")
        var bundled = own
        bundled.fonts = []
        let a = try render(own, outputs: [.states]), b = try render(bundled, outputs: [.states])
        #expect(a["state-00.png"] != b["state-00.png"])
        #expect(try render(own, workers: 2, outputs: [.states]) == a)
        let options = RenderOptions(fonts: fontFiles)
        #expect(
            try ScenarioRenderer.fonts(for: own, options: options).fingerprint()
                != ScenarioRenderer.fonts(for: bundled, options: options).fingerprint())
    }
}

@Suite struct PNGTests {
    /// The strip's encoder: rows in bands give the bytes of the whole picture, as it turns from palette to RGB to RGBA midway.
    @Test func aStreamWritesTheBytesOfTheWholePicture() throws {
        var p = try Pixmap(width: 300, height: 700, fill: .white)
        p.fill(PixelRect(x0: 10, y0: 10, x1: 200, y1: 90), color: Color(r: 20, g: 90, b: 200))
        for y in 300 ..< 420 { p.fill(PixelRect(x0: 0, y0: y, x1: 300, y1: y + 1), color: Color(r: UInt8(y % 256), g: UInt8(y * 7 % 256), b: 9)) }
        p.fill(PixelRect(x0: 40, y0: 600, x1: 80, y1: 640), color: Color(r: 255, g: 0, b: 0, a: 100))
        for bands in [[700], [1, 299, 400], [350, 350], Array(repeating: 7, count: 100)] {
            let stream = try PNG.Stream(width: 300, height: 700)
            var top = 0
            for rows in bands {
                let band = try #require(try PNG.decode(PNG.encode(p)).cropped(PixelRect(x0: 0, y0: top, x1: 300, y1: top + rows)))
                try stream.add(band.premultiplied)
                top += rows
            }
            #expect(try stream.finish() == (try PNG.encode(p)))
        }
        let short = try PNG.Stream(width: 300, height: 700)
        try short.add(try Pixmap(width: 300, height: 10, fill: .white))
        #expect(throws: PNGError.self) { try short.finish() }
    }

    @Test func theSmallestEncodingHasTheSamePixelsInFewerBytes() throws {
        let png = try #require(try render(loadExample("settings.yaml"), outputs: [.states])["state-01.png"])
        let image = try PNG.decode(png)
        let smallest = try PNG.encodeSmallest(image)
        #expect(try PNG.decode(smallest) == image)
        #expect(smallest.count < png.count)
        var t = try Pixmap(width: 30, height: 20)
        t.fill(PixelRect(x0: 1, y0: 1, x1: 13, y1: 13), color: Color(r: 255, g: 0, b: 0, a: 128))
        #expect(try PNG.decode(PNG.encodeSmallest(t.straight)) == t.straight)
    }

    @Test func roundTripsOpaqueAndTranslucentPixmaps() throws {
        var p = try Pixmap(width: 7, height: 5, fill: .white)
        p.fill(.polygon([Point(0, 0), Point(7, 1), Point(2, 5)]), color: Color(r: 200, g: 30, b: 60))
        #expect(try PNG.decode(PNG.encode(p)).premultiplied == p)
        var t = try Pixmap(width: 3, height: 3)
        t.fill(PixelRect(x0: 1, y0: 1, x1: 3, y1: 3), color: Color(r: 255, g: 0, b: 0, a: 128))
        #expect(try PNG.decode(PNG.encode(t)).premultiplied == t)
    }

    @Test func corruptAndTruncatedFilesAreErrorsNotCrashes() throws {
        var p = try Pixmap(width: 40, height: 40, fill: .white)
        p.fill(.rect(x: 5, y: 5, width: 20, height: 9), color: .black)
        let bytes = try PNG.encode(p)
        // Cut before the end of the image data: an error. Cut inside the IEND
        // chunk (the last 12 bytes): read as complete, as libpng does, with a warning.
        for length in stride(from: 0, to: bytes.count - 12, by: 7) {
            #expect(throws: PNGError.self) { try PNG.decode(Array(bytes.prefix(length))) }
        }
        let whole = try PNG.decode(bytes)
        for length in bytes.count - 12 ..< bytes.count {
            let (image, warnings) = try PNG.read(Array(bytes.prefix(length)))
            #expect(image == whole && warnings == .noEnd)
        }
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0xFF
        #expect(throws: PNGError.self) { try PNG.decode(flipped) }
        #expect(throws: PNGError.self) { try PNG.decode(Array("not a png".utf8)) }
    }

    @Test func encodingIsTheSameWithOneThreadOrTwo() throws {
        var p = try Pixmap(width: 300, height: 700, fill: .white)
        for i in 0 ..< 60 { p.fill(.rect(x: Double(i * 5), y: Double(i * 11), width: 40, height: 3.5), color: .black) }
        #expect(try PNG.encode(p, threads: 1) == PNG.encode(p, threads: 2))
    }
}

/// Recomputes the CRC of every chunk whose length fits in the data.
func fixCRCs(_ bytes: inout [UInt8]) {
    var table = [UInt32](repeating: 0, count: 256)
    for n in 0 ..< 256 {
        var c = UInt32(n)
        for _ in 0 ..< 8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        table[n] = c
    }
    var pos = 8
    while pos + 12 <= bytes.count {
        let length = Int(bytes[pos]) << 24 | Int(bytes[pos + 1]) << 16 | Int(bytes[pos + 2]) << 8 | Int(bytes[pos + 3])
        guard length >= 0, pos + 12 + length <= bytes.count else { return }
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes[pos + 4 ..< pos + 8 + length] { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        c ^= 0xFFFF_FFFF
        for k in 0 ..< 4 { bytes[pos + 8 + length + k] = UInt8(c >> (24 - 8 * UInt32(k)) & 0xFF) }
        pos += 12 + length
    }
}

/// Mutated PNG files (both decoders) must give an error or a picture, never a crash.
@Suite struct PNGFuzzTests {
    @Test func mutatedFilesDecodeOrFailCleanly() throws {
        var p = try Pixmap(width: 37, height: 23, fill: .white)
        p.fill(.polygon([Point(2, 3), Point(35, 9), Point(9, 21)]), color: Color(r: 200, g: 30, b: 60))
        var q = p
        q.fill(PixelRect(x0: 0, y0: 0, x1: 5, y1: 5), color: Color(r: 0, g: 0, b: 255, a: 100))
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var decodedCount = 0
        for original in [try PNG.encode(p), try PNG.encode(q)] {
            // UNFOLD_FUZZ_ITERATIONS runs longer (e.g. under --sanitize=address).
            let iterations = ProcessInfo.processInfo.environment["UNFOLD_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 1000
            for _ in 0 ..< iterations {
                var bytes = original
                for _ in 0 ..< 1 + next(4) {
                    let i = 8 + next(bytes.count - 8)  // keep the signature, so the decoders get past it
                    bytes[i] = UInt8(next(256))
                }
                // Half the time, make the chunk CRCs right again, so that the
                // mutation reaches inflate, unfiltering and the palette.
                if next(2) == 0 { fixCRCs(&bytes) }
                if let decoded = try? PNG.decode(bytes) {
                    #expect(decoded.width > 0 && decoded.height > 0)
                    decodedCount += 1
                }
                // The packed-rows path and the file comparison read the same bytes their own way.
                if let rows = try? PNG.Rows(bytes), let other = try? PNG.Rows(original), rows.height > 0 {
                    _ = rows.differingRows(other)
                    _ = try? rows.image(rows: 0 ..< rows.height)
                }
                _ = try? Comparison(expected: original, actual: bytes)
            }
        }
        #expect(decodedCount > 0)  // some mutations (in pixel data) still decode
    }
}

/// Work that grows with the tree where it should grow with the screen, or
/// quadratic lookups, turn this into minutes; done right it takes seconds.
@Suite struct LargeTreeTests {
    @Test(.timeLimit(.minutes(1)))
    func aHundredThousandNodesWithHandlersAndDetailRows() throws {
        var json = #"{"name": "large", "canvas": {"width": 390, "height": 844, "scale": 1}, "tree": ["#
        for group in 0 ..< 1000 {
            json += group == 0 ? "" : ","
            json += #"{"id": "g\#(group)", "title": "Group \#(group)", "expanded": true, "detail": true, "on": {"tap": "toggleDetail"}, "children": ["#
            json += (0 ..< 99).map { #"{"id": "n\#($0)", "title": "Node \#($0)", "detail": true, "on": {"tap": "select"}}"# }
                .joined(separator: ",")
            json += "]}"
        }
        json += #"], "steps": [{"collapse": "g0"}, {"expand": "g0"}], "animation": {"frames": 3}}"#
        let scenario = try Scenario.parse(json, file: "large.json")
        #expect(scenario.nodes.count == 100_000 && scenario.initialDetails.count == 100_000)
        let files = try render(scenario, workers: 2, outputs: [.states, .frames])
        #expect(files.count == 3 + 2 * 4)
        #expect(try PNG.decode(files["state-01.png"]!).height == 844)
    }
}

/// Numbers from Swift code meet the same limits as numbers from files.
@Suite struct LimitTests {
    @Test func valuesBuiltInCodeAreCheckedBeforeAnyWork() throws {
        var scenario = try loadExample("regions.yaml")
        scenario.animation.frames = 0
        #expect(throws: RenderError.self) { try render(scenario) }
        scenario.animation.frames = 3
        scenario.canvas.width = 1e9
        #expect(throws: RenderError.self) { try render(scenario) }
        scenario.canvas.width = 390
        scenario.style.fontSize = .infinity
        #expect(throws: RenderError.self) { try render(scenario) }
        scenario.style.fontSize = 17
        var options = RenderOptions()
        options.thumbnail = 10_000
        #expect(throws: RenderError.self) { try ScenarioRenderer.render(scenario, options: options) }
    }

    @Test func longTextsAndTooManyStepsInAFileSayWhere() throws {
        let long = String(repeating: "x", count: Limits.textLength + 1)
        #expect(throws: ScenarioError.self) { try Scenario.parse("name: t\ntree: [ {title: \(long)} ]\n", file: "t.yaml") }
        do {
            _ = try Scenario.parse(
                "name: t\ntree: [ {title: a} ]\n\nsteps: [" + String(repeating: "{expand: a},", count: Limits.steps + 1) + "]\n",
                file: "t.yaml")
            Issue.record("accepted too many steps")
        } catch {
            #expect(error.line == 4 && error.message.contains("the limit is \(Limits.steps)"))
        }
    }
}

/// A render of one tall picture draws it in bands on the spare workers; the
/// pixels are those of drawing it whole.
@Test func aTallSinglePictureDrawnInBandsIsTheSamePicture() throws {
    let rows = (1 ... 80).map { "  - { id: r\($0), title: \"Row \($0) with a title long enough to be cut\", subtitle: \"and a subtitle\" }" }
    let scenario = try Scenario.parse(
        "name: tall\ncanvas: { width: 320, height: fit, scale: 2 }\ntree:\n" + rows.joined(separator: "\n"), file: "tall.yaml")
    let whole = try render(scenario, workers: 1, outputs: [.states])
    let banded = try render(scenario, workers: 4, outputs: [.states])
    #expect(whole["state-00.png"] != nil)
    #expect(whole == banded)
}

@Suite struct StripSizeTests {
    /// Ten lines that ask for a strip past any Unfold writes are refused
    /// from the geometry, before a single picture is drawn.
    @Test func aStripTooLargeIsRefusedBeforeAnythingIsDrawn() throws {
        let steps = (0 ..< 10).map { $0 % 2 == 0 ? "{expand: a}" : "{collapse: a}" }.joined(separator: ", ")
        let scenario = try Scenario.parse(
            """
            name: huge
            canvas: { width: 400, height: 800, scale: 1 }
            animation: { frames: 120 }
            tree: [ { id: a, title: A, children: [ { title: B } ] } ]
            steps: [ \(steps) ]
            """, file: "huge.yaml")
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.states, .strip]
        let drawn = Counter()
        #expect {
            try ScenarioRenderer.render(scenario, options: options) { _ in drawn.add() }
        } throws: { "\($0)".contains("larger than any strip Unfold writes") }
        #expect(drawn.value == 0)
    }
}

@Suite struct FontsFromCodeTests {
    /// A font set from code draws the titles of its weight, as `fonts:` in a file does.
    @Test func aFontSetFromCodeDrawsTheTitles() throws {
        var scenario = try Scenario.parse(
            "name: fonts\ncanvas: { width: 200, height: 60, scale: 1 }\ntree: [ { title: Serif or not } ]\n", file: "fonts.yaml")
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.states]
        let plain = try ScenarioRenderer.render(scenario, options: options).files[0].bytes
        let serif = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/fonts/DejaVuSerif.ttf").path
        scenario.fonts = [Scenario.FontFile(path: serif)]
        let drawn = try ScenarioRenderer.render(scenario, options: options).files[0].bytes
        #expect(drawn != plain)
    }
}
