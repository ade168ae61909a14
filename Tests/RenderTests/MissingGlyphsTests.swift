import Foundation
import ScenarioFormat
import Synchronization
import Testing
import UnfoldRender

/// A character no bundled font has is told, with the row it is in, before
/// the pictures are drawn: never silent boxes.
@Suite struct MissingGlyphsTests {
    private func warnings(_ yaml: String) throws -> [String] {
        let said = Mutex<[String]>([])
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = [.states]
        options.warn = { message in said.withLock { $0.append(message) } }
        _ = try ScenarioRenderer.render(try Scenario.parse(yaml, file: "t.yaml"), options: options)
        return said.withLock { $0 }
    }

    @Test func aCharacterNoFontHasIsNamedWithItsRow() throws {
        // U+10348 (Gothic HWAIR) is in no bundled font.
        let said = try warnings("name: t\ntree: [ {title: plain}, {title: \"astro \u{10348}\"}, {title: \"again \u{10348}\"} ]\n")
        #expect(
            said == [
                "t: warning: no font has \u{10348} (U+10348), first in the row 'astro \u{10348}'; they draw as hollow boxes: name a font that has them with `fonts:` in a scenario file"
            ])
    }

    @Test func textEveryFontCoversSaysNothing() throws {
        #expect(try warnings("name: t\ntree: [ {title: \"Ünïcode 中文 العربية 🙂\", subtitle: \"a\\tb\"} ]\n").isEmpty)
    }
}
