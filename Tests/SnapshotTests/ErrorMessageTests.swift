import Foundation
import OutlineEngine
import ScenarioFormat
import Testing
import UnfoldAcceptance
import UnfoldCanvas
import UnfoldComparison
import UnfoldPNG
import UnfoldReferences
import UnfoldRender
import UnfoldReport
import UnfoldSnapshot
import UnfoldTestSupport

/// Every error a user can catch says what went wrong in `localizedDescription`,
/// which is what other runners and loggers print, with the same text as the
/// command line prints (`description`), never "The operation could not be completed".
@Suite struct ErrorMessageTests {
    /// The error's `localizedDescription`, after checking that it is its `description`.
    func localized(_ error: some Error & CustomStringConvertible) -> String {
        let text = (error as any Error).localizedDescription
        #expect(text == error.description)
        return text
    }

    @Test func aScenarioErrorNamesTheFileAndTheProblem() throws {
        let sandbox = Sandbox()
        let path = sandbox.path + "/regions.yaml"
        try "name: regions\ntree:\n  - title: A\n    chidren: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Scenario.load(path: path)
            Issue.record("a misspelt key loaded")
        } catch {
            #expect(localized(error) == "\(path):4:5: error: unknown key 'chidren' in a node\n  hint: did you mean 'children'?")
        }
        do {
            _ = try Scenario.load(path: sandbox.path + "/missing.yaml")
            Issue.record("a missing file loaded")
        } catch {
            #expect(localized(error).hasPrefix("\(sandbox.path)/missing.yaml: error: "))
        }
    }

    @Test func engineAndAppearanceErrors() throws {
        let outline = try Outline { OutlineNode("Guangdong", id: "gd") { OutlineNode("Guangzhou", id: "gz") } }
        do {
            _ = try outline.node(id: "gx")
            Issue.record("an unknown id was found")
        } catch {
            #expect(localized(error) == "no node has the id 'gx'; did you mean 'gd', 'gd/gz'?")
        }
        do {
            try Appearance(canvas: Scenario.Canvas(scale: 4)).checkLimits()
            Issue.record("scale 4 passed")
        } catch {
            #expect(localized(error) == "canvas.scale is 4; it must be in 1...3")
        }
    }

    @Test func renderingErrors() throws {
        var options = RenderOptions(fonts: fontFiles)
        options.workers = 0
        do {
            _ = try ScenarioRenderer.render(try scenario(), options: options)
            Issue.record("0 workers rendered")
        } catch let error as RenderError {
            #expect(localized(error) == "0 workers: use 1 to 256")
        }
        do {
            _ = try PNG.decode(Array("not a picture".utf8))
            Issue.record("text decoded as a PNG")
        } catch {
            #expect(!localized(error).isEmpty)
        }
        do {
            _ = try Comparison(expected: Array("not a picture".utf8), actual: [])
            Issue.record("text compared as a PNG")
        } catch {
            #expect(localized(error).hasPrefix("the expected image is not a readable PNG: "))
        }
        do {
            _ = try RGBAImage(width: 1 << 20, height: 1 << 20, fill: .white)
            Issue.record("a 2^40-pixel image was made")
        } catch {
            #expect(localized(error).hasPrefix("an image of 1048576x1048576 pixels is too large"))
        }
        do {
            _ = try FontSet.locate(environment: ["UNFOLD_FONTS": "/no/such/folder"])
            Issue.record("a folder without fonts was used")
        } catch {
            #expect(localized(error).hasPrefix("UNFOLD_FONTS is /no/such/folder, which has no OpenSans-Regular.ttf"))
        }
    }

    @Test func snapshotErrors() throws {
        do {
            _ = try RecordMode.resolve(environment: ["UNFOLD_RECORD": "sometimes"])
            Issue.record("an unknown record mode was used")
        } catch {
            #expect(localized(error) == "UNFOLD_RECORD is 'sometimes', which is not a record mode: use missing, all, failed or never")
        }
        let sandbox = Sandbox()
        var bad = try scenario()
        bad.name = "../escape"
        #expect(throws: InvalidName.self) { try SnapshotRunner.check(bad, options: sandbox.options(.missing)) }
        do {
            _ = try SnapshotRunner.check(bad, options: sandbox.options(.missing))
        } catch let error as InvalidName {
            #expect(localized(error).hasPrefix("'../escape' cannot name a scenario's references"))
        }
    }
}

/// An `updates.json` recorded by an earlier Unfold, whose rows are as it
/// recorded them, says so and how to re-record it, not that a renderer changed.
@Suite struct EarlierRecordTests {
    @Test func anEarlierRecordSaysToReRecordIt() throws {
        let box = Sandbox()
        _ = try SnapshotRunner.check(try scenario(), options: box.options(.missing))
        let earlier = """
            [
              {"step": "initial", "rowsBefore": 0, "rowsAfter": 1, "deleted": [], "inserted": [0], "changed": [],
               "rows": [ {"id": "a", "title": "Alpha", "depth": 0, "detail": false, "expanded": false} ]},
              {"step": "expand a", "rowsBefore": 1, "rowsAfter": 3, "deleted": [], "inserted": [1, 2], "changed": [0],
               "rows": [
                {"id": "a", "title": "Alpha", "depth": 0, "detail": false, "expanded": true},
                {"id": "a/b", "title": "Beta", "depth": 1, "detail": false, "expanded": null},
                {"id": "a/c", "title": "Gamma", "depth": 1, "detail": false, "expanded": null}
               ]}
            ]
            """
        let now = try #require(box.files()["tiny/updates.json"])
        let changes = try #require(RowChanges(expected: Array(earlier.utf8), actual: Array(now)))
        #expect(changes.recordedEarlier && changes.line(state: 0) == nil)
        #expect(FailureMessage.told("line 5 differs", of: FileNames.updates, changes: changes) == FailureMessage.earlierRecord)
        #expect(FailureMessage.told("differ: 3 pixels", of: "state-00.png", changes: changes) == FailureMessage.drawingChange + "; differ: 3 pixels")
    }
}

/// Quoted input that reorders text or breaks lines (a row named with a bidi
/// override) is shown as the terminal shows it in every report, so that a
/// reviewer reads the sentence in its order.
@Suite struct ReorderingInputTests {
    @Test func everyReportShowsBidiControlsAndLineSeparators() {
        var report = SnapshotReport()
        let message = "\"Read\u{202E}me.txt\" renamed \"Notes\u{2066}\u{2028}.md\" (docs/readme)"
        report.cases = [CaseResult(scenario: "docs", reference: "state-00.png", status: .failed, message: message)]
        // Markdown escapes the braces too: read as it renders.
        let markdown = report.markdown().replacingOccurrences(of: "\\{", with: "{").replacingOccurrences(of: "\\}", with: "}")
        for (format, text) in [("html", report.html(catalog: .standard)), ("junit", report.junit()), ("markdown", markdown)] {
            #expect(!text.unicodeScalars.contains { [0x202E, 0x2066, 0x2028].contains($0.value) }, "\(format)")
            #expect(text.contains("u{202E}") && text.contains("u{2066}") && text.contains("u{2028}"), "\(format)")
        }
    }
}
