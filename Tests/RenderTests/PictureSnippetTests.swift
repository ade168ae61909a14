import Testing
import UnfoldRender

@Suite struct PictureSnippetTests {
    @Test func theAnimationIsPreferredAndPathsAreEscaped() throws {
        let html = try #require(
            PictureSnippet.html(light: "img/a\"b-light", dark: "img/<a>-dark", files: ["state-01.png", "animation.png"], alt: "R&D"))
        #expect(html.contains("srcset=\"img/&lt;a&gt;-dark/animation.png\""))
        #expect(html.contains("<img alt=\"R&amp;D\" src=\"img/a&quot;b-light/animation.png\">"))
        #expect(PictureSnippet.html(light: "l", dark: "d", files: ["state-01.png", "state-00.png"], alt: "x")?.contains("d/state-00.png") == true)
        #expect(PictureSnippet.html(light: "l", dark: "d", files: ["updates.json"], alt: "x") == nil)
    }
}
