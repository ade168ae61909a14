import Foundation
import OutlineAppearance
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldPNG
import UnfoldReferences
import UnfoldReport
import UnfoldTestSupport

@testable import UnfoldSnapshot

/// A pull request that changes a picture and forges what Unfold reads
/// about it: the verdict still comes from decoding the file git shows.
@Suite struct ForgedVerdictTests {
    /// `tiny` recorded with the title "Beta"; the pull request draws "Bete".
    func recorded() throws -> Sandbox {
        let box = Sandbox()
        _ = try SnapshotRunner.check(scenario(), options: box.options(.missing))
        return box
    }

    /// The picture `name` that `title` draws, recorded in a scratch sandbox.
    func rendering(_ name: String, title: String) throws -> [UInt8] {
        let scratch = Sandbox()
        _ = try SnapshotRunner.check(scenario(title: title), options: scratch.options(.all))
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.store.directory + "/" + name)))
    }

    func writeIndex(_ box: Sandbox, _ entries: [String: String]) throws {
        let lines = entries.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": {\($0.value)}" }
        let text = "{\"references\": {" + lines.joined(separator: ", ") + "}}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: box.store.directory + "/index.json"))
    }

    /// Puts `bytes` in place of `state-01.png`, with an honest stamp (one
    /// that vouches for the new file's bytes) where the file ends as a PNG
    /// does, so that only its pixels can fail it.
    func replaceState01(_ box: Sandbox, with bytes: [UInt8], vouched: Bool = true) throws {
        try Data(PNGStamp.stamped(bytes, name: "state-01.png")).write(to: URL(fileURLWithPath: box.store.directory + "/state-01.png"))
        #expect(try box.store.contents().verified("state-01.png") == vouched)
    }

    @Test func whatTheIndexClaimsIsNeverTrusted() throws {
        let box = try recorded()
        // The index claims, for every picture, the bytes and the pixels of the new rendering.
        let stored = try box.store.contents()
        var entries: [String: String] = [:]
        for (name, hash) in stored.hashes {
            var fields = "\"bytes\": \"\(hash)\""
            if name.hasSuffix(".png") { fields += ", \"pixels\": \"\(ReferenceIndex.hash(try rendering(name, title: "Bete")))\"" }
            entries[name] = fields
        }
        try writeIndex(box, entries)
        let run = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        let failed = run.cases.filter { $0.status == .failed }.map(\.reference)
        #expect(failed.contains("state-01.png") && failed.contains("strip.png"))
        #expect(run.cases.first { $0.reference == "state-01.png" }?.artifacts.diff != nil)
    }

    /// The attack on a hash: the reference's last pixels chosen so that a
    /// hash of them would equal the new rendering's. The verdict compares
    /// every pixel, so whatever the last pixels are, a changed picture fails.
    @Test func aReferenceWithChosenLastPixelsFails() throws {
        let box = try recorded()
        let path = box.store.directory + "/state-01.png"
        let old = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var forged = old
        forged.copy(try RGBAImage(width: 8, height: 1, fill: Color(r: 1, g: 2, b: 3, a: 255)), x: old.width - 8, y: old.height - 1)
        let bytes = try PNG.encode(forged)
        try replaceState01(box, with: bytes)
        // The same scenario: only the chosen pixels differ from what is drawn.
        let run = try SnapshotRunner.check(scenario(), options: box.options(.never))
        let state = try #require(run.cases.first { $0.reference == "state-01.png" })
        #expect(state.status == .failed)
        #expect(state.message.contains("8 different pixels"), "\(state.message)")
        #expect(run.cases.filter { $0.reference != "state-01.png" }.allSatisfy { $0.status == .passed })
    }

    /// A pull request commits a small file of one colour that claims millions
    /// of pixels (a "PNG bomb"): it is refused from its header, by what the
    /// scenario draws, before anything of it is decoded.
    @Test func aReferenceFarLargerThanTheScenarioDrawsIsNotDecoded() throws {
        let box = try recorded()
        let bomb = try PNG.encode(try RGBAImage(width: 3000, height: 3000, fill: Color(r: 0, g: 0, b: 0, a: 255)))
        #expect(bomb.count < 200_000)
        try replaceState01(box, with: bomb)
        let run = try SnapshotRunner.check(scenario(), options: box.options(.never))
        let state = try #require(run.cases.first { $0.reference == "state-01.png" })
        #expect(state.status == .failed && state.message.hasPrefix("the reference state-01.png is 3000x3000 pixels, far more than the 200x160"))
    }

    /// The renderer's question, answered pixel by pixel: one changed byte of
    /// a picture, even in a translucent pixel, is a different picture.
    @Test func aPictureIsUnchangedOnlyWhenEveryPixelIs() throws {
        var drawn = try Pixmap(width: 4, height: 3, fill: .white)
        drawn.fill(PixelRect(x0: 1, y0: 1, x1: 2, y1: 2), color: Color(r: 200, g: 40, b: 40, a: 128))
        let image = drawn.straight
        #expect(drawn.hasPixels(of: image))
        var bytes = image.bytes
        bytes[bytes.count - 2] ^= 1
        #expect(!drawn.hasPixels(of: try RGBAImage(width: 4, height: 3, bytes: bytes)))
        #expect(!drawn.hasPixels(of: try RGBAImage(width: 3, height: 4, bytes: image.bytes)))
    }

    @Test func anAnimatedReferenceWhoseDefaultImageIsTheNewPictureFails() throws {
        let box = try recorded()
        let path = box.store.directory + "/state-01.png"
        // The default image is the new rendering; a browser would show the animation frame (the old picture).
        let old = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let forged =
            PNGChunks.inserting([PNGChunks.chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0])], afterIHDR: try rendering("state-01.png", title: "Bete"))
            + PNGChunks.chunk("fcTL", Array(repeating: 0, count: 26)) + PNGChunks.chunk("fdAT", [0, 0, 0, 1] + PNGChunks.imageData(old))
        try replaceState01(box, with: forged, vouched: false)
        let run = try SnapshotRunner.check(scenario(title: "Bete"), options: box.options(.never))
        let state = try #require(run.cases.first { $0.reference == "state-01.png" })
        #expect(state.status == .failed)
        #expect(state.message.contains("animated PNG (acTL)") && state.message.contains("re-record"))
    }
}

/// The one PNG profile Unfold trusts: what it writes, and nothing a browser
/// would show otherwise than Unfold decodes it.
@Suite struct TrustedPNGTests {
    let largest = (width: 4096, pixels: 1 << 22)

    /// A 3×1 palette picture of three colours, as Unfold writes it.
    func threeColours() throws -> [UInt8] {
        var image = try RGBAImage(width: 3, height: 1, fill: Color(r: 255, g: 0, b: 0, a: 255))
        image.copy(try RGBAImage(width: 1, height: 1, fill: Color(r: 0, g: 255, b: 0, a: 255)), x: 1, y: 0)
        image.copy(try RGBAImage(width: 1, height: 1, fill: Color(r: 0, g: 0, b: 255, a: 255)), x: 2, y: 0)
        return try PNG.encode(image)
    }

    func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try TrustedPNG.decode(bytes, largest: largest)
            return nil
        } catch { return error.message }
    }

    @Test func whatUnfoldWritesIsTrusted() throws {
        #expect(refusal(try threeColours()) == nil)
        #expect(refusal(try PNG.encode(try RGBAImage(width: 40, height: 30, fill: Color(r: 1, g: 2, b: 3, a: 128)))) == nil)
    }

    /// The stamp a stored reference carries: trusted and ignored by the
    /// decoder, and it vouches for every byte before it and no other file.
    @Test func aStampVouchesForEveryByteBeforeIt() throws {
        let plain = try threeColours()
        let stamped = PNGStamp.stamped(plain, name: "state-00.png")
        #expect(refusal(stamped) == nil && PNGStamp.stamped(stamped, name: "state-00.png") == stamped)
        // Bound to its name: another reference's stamp is not this one's.
        #expect(!PNGStamp.isStamped(stamped, name: "state-01.png") && PNGStamp.isStamped(PNGStamp.stamped(stamped, name: "state-01.png"), name: "state-01.png"))
        #expect(try TrustedPNG.decode(stamped, largest: largest) == TrustedPNG.decode(plain, largest: largest))
        #expect(PNGStamp.isStamped(stamped, name: "state-00.png") && !PNGStamp.isStamped(plain, name: "state-00.png") && PNGStamp.isStamped(stamped, from: plain))
        #expect(!PNGStamp.isStamped(stamped, from: try PNG.encode(try RGBAImage(width: 3, height: 1, fill: Color(r: 9, g: 9, b: 9, a: 255)))))
        // Every byte before the stamp, and the stamp's own CRC.
        for at in [8, 20, 33, plain.count - 13, stamped.count - 13] {
            var edited = stamped
            edited[at] ^= 1
            #expect(!PNGStamp.isStamped(edited, name: "state-00.png"), "byte \(at)")
        }
        // Anywhere but just before the end, it is a chunk Unfold never writes there.
        let chunk = Array(stamped[(plain.count - 12) ..< (stamped.count - 12)])
        #expect(refusal(PNGChunks.inserting([chunk], afterIHDR: plain))?.contains("unFS stamp is misplaced") == true)
    }

    /// The rows a swift-snapshot-testing picture carries: read back as
    /// written, trusted before the stamp, refused before the image data.
    @Test func rowsKeptInAPictureAreReadBackAndPlacedAfterTheImage() throws {
        let plain = try threeColours()
        let rows = Array("[{\"step\": \"initial\"}]\n".utf8)
        let carrying = PNGRows.adding(rows, to: plain)
        #expect(PNGRows.read(carrying) == rows && PNGRows.read(plain) == nil)
        #expect(
            refusal(carrying) == nil && refusal(PNGStamp.stamped(carrying, name: "strip.png")) == nil
                && PNGStamp.isStamped(PNGStamp.stamped(carrying, name: "strip.png"), name: "strip.png"))
        #expect(try TrustedPNG.decode(carrying, largest: largest) == TrustedPNG.decode(plain, largest: largest))
        let chunk = Array(carrying[(plain.count - 12) ..< (carrying.count - 12)])
        #expect(refusal(PNGChunks.inserting([chunk], afterIHDR: plain))?.contains("unRW rows are misplaced") == true)
        #expect(PNGRows.adding(Array(repeating: 32, count: PNGRows.limit + 1), to: plain) == plain)
    }

    @Test func animationColourManagementAndOtherChunksAreRefused() throws {
        let file = try threeColours()
        let cases: [(String, [UInt8])] = [
            ("animated PNG (acTL)", PNGChunks.inserting([PNGChunks.chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0])], afterIHDR: file)),
            ("colour management (gAMA)", PNGChunks.inserting([PNGChunks.chunk("gAMA", [0, 0, 0xB1, 0x8F])], afterIHDR: file)),
            ("colour management (iCCP)", PNGChunks.inserting([PNGChunks.chunk("iCCP", Array("p\0\0x".utf8))], afterIHDR: file)),
            ("a tEXt chunk", PNGChunks.inserting([PNGChunks.chunk("tEXt", Array("a\0b".utf8))], afterIHDR: file)),
            ("bytes after its end", file + [0]),
            ("no end (IEND)", PNGChunks.withoutEnd(file)),
            ("after its end", file + PNGChunks.chunk("fdAT", [0, 0, 0, 1])),
        ]
        for (expected, bytes) in cases {
            let message = refusal(bytes)
            #expect(message?.contains(expected) == true, "\(expected): \(message ?? "accepted")")
        }
    }

    @Test func aPaletteIndexPastThePaletteIsRefused() throws {
        // The same pixels with a palette of two entries: the third colour's index is past it.
        let file = try threeColours()
        let plte = try #require((8 ..< file.count - 4).first { String(decoding: file[$0 ..< $0 + 4], as: UTF8.self) == "PLTE" })
        let start = plte - 4, length = Int(file[start + 3])
        #expect(length == 9)
        let shorter = Array(file[..<start]) + PNGChunks.chunk("PLTE", Array(file[plte + 4 ..< plte + 10])) + Array(file[(start + 12 + length)...])
        #expect(refusal(shorter)?.contains("palette index (2) is past the palette") == true, "\(refusal(shorter) ?? "accepted")")
        // Unfold's general decoder reads it (as opaque black), as it reads any PNG.
        #expect((try? PNG.decode(shorter)) != nil)
    }

    @Test func aPictureLargerThanAnyUnfoldDrawsIsRefusedFromItsHeader() throws {
        var file = try threeColours()
        // A header that claims 60000x60000 over three pixels' data.
        file.replaceSubrange(16 ..< 24, with: PNGChunks.bigEndian(60000) + PNGChunks.bigEndian(60000))
        file.replaceSubrange(29 ..< 33, with: PNGChunks.bigEndian(PNGChunks.crc32(Array(file[12 ..< 29]))))
        #expect(refusal(file)?.contains("60000x60000 pixels, larger than any picture Unfold draws") == true)
    }
}
