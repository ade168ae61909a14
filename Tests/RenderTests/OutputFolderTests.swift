import Foundation
import OutlineAppearance
import ScenarioFormat
import Testing

@testable import UnfoldRender

/// A small scenario named `name` with `steps` steps (expand and collapse in turn).
func stepsScenario(_ steps: Int, name: String = "folder") throws -> Scenario {
    let list = (0 ..< steps).map { $0 % 2 == 0 ? "{ expand: a }" : "{ collapse: a }" }.joined(separator: ", ")
    return try Scenario.parse(
        """
        name: \(name)
        canvas: { width: 120, height: 60, scale: 1 }
        tree: [ { id: a, title: Alpha, children: [ { title: Beta } ] } ]
        steps: [ \(list) ]
        animation: { frames: 2 }
        """, file: "\(name).yaml")
}

/// Every file under `path`, relative to it (folders not listed), sorted.
func filesOnDisk(_ path: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
    var files: [String] = []
    while let next = walker.nextObject() as? String {
        var isDir: ObjCBool = false
        // The list of what a render wrote is the render's own, not one of its outputs.
        if FileManager.default.fileExists(atPath: path + "/" + next, isDirectory: &isDir), !isDir.boolValue, next != ScenarioFolder.manifest {
            files.append(next)
        }
    }
    return files.sorted()
}

/// A fresh folder under the temporary folder, removed with the value.
final class TemporaryFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-out-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct OutputFolderTests {
    func options(_ outputs: Set<RenderOptions.Output> = Set(RenderOptions.Output.allCases)) -> RenderOptions {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = outputs
        options.workers = 2
        return options
    }

    /// A shorter render into the same folder leaves no file of the longer
    /// one, and the files it reports are the files on disk; other scenarios'
    /// folders and files beside them stay.
    @Test func aRenderReplacesTheFolderWhole() throws {
        let out = try TemporaryFolder()
        let other = try ScenarioRenderer.render(try stepsScenario(1, name: "other"), options: options([.states]), writingTo: out.path)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out.path + "/notes.txt"))
        let long = try ScenarioRenderer.render(try stepsScenario(4), options: options(), writingTo: out.path)
        #expect(filesOnDisk(out.path + "/folder") == long.map(\.path).sorted())
        #expect(filesOnDisk(out.path + "/folder").contains("state-04.png"))
        let short = try ScenarioRenderer.render(try stepsScenario(3), options: options(), writingTo: out.path)
        let onDisk = filesOnDisk(out.path + "/folder")
        #expect(onDisk == short.map(\.path).sorted())
        #expect(!onDisk.contains("state-04.png") && !onDisk.contains { $0.hasPrefix("step-04/") })
        #expect(onDisk.contains("animation.gif") && onDisk.contains("animation.webp"))
        // Fewer outputs: the animations of the earlier run go too.
        let states = try ScenarioRenderer.render(try stepsScenario(3), options: options([.states]), writingTo: out.path)
        #expect(filesOnDisk(out.path + "/folder") == states.map(\.path).sorted())
        #expect(filesOnDisk(out.path + "/other") == other.map(\.path).sorted())
        #expect(try String(contentsOfFile: out.path + "/notes.txt", encoding: .utf8) == "mine")
        // No folder of the render is left beside the scenario's.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["folder", "notes.txt", "other"])
    }

    /// A link someone put inside the old folder is no render's: the render
    /// stops, naming it, and follows it nowhere; what it points at stays.
    @Test func removingTheOldFolderDoesNotFollowLinksInIt() throws {
        let out = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: out.path + "/keep", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out.path + "/keep/state-00.png"))
        _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path + "/out")
        for (link, target) in [("step-01", "/keep"), ("strip.png", "/keep/state-00.png")] {
            #expect(symlink(out.path + target, out.path + "/out/folder/" + link) == 0)
            #expect(throws: RenderError.self) {
                try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path + "/out")
            }
            #expect(unlink(out.path + "/out/folder/" + link) == 0)
        }
        _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path + "/out")
        #expect(filesOnDisk(out.path + "/out/folder") == ["state-00.png", "state-01.png"])
        #expect(filesOnDisk(out.path + "/keep") == ["state-00.png"])
        #expect(try String(contentsOfFile: out.path + "/keep/state-00.png", encoding: .utf8) == "keep")
    }

    /// `write(_:to:)` replaces the folder the same way.
    @Test func writingAResultReplacesTheFolderWhole() throws {
        let out = try TemporaryFolder()
        try ScenarioRenderer.write(try ScenarioRenderer.render(try stepsScenario(4), options: options()), to: out.path)
        let short = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states, .strip]))
        try ScenarioRenderer.write(short, to: out.path)
        #expect(filesOnDisk(out.path + "/folder") == short.files.map(\.path).sorted())
    }

    /// A render that fails, before or after writing files, leaves the old
    /// folder as it was and nothing beside it.
    @Test func aFailedRenderLeavesTheOldFolder() throws {
        let out = try TemporaryFolder()
        let before = try ScenarioRenderer.render(try stepsScenario(2), options: options(), writingTo: out.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out.path + "/folder/state-02.png"))
        var bad = options()
        bad.workers = 0
        #expect(throws: RenderError.self) { try ScenarioRenderer.render(try stepsScenario(1), options: bad, writingTo: out.path) }
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try ScenarioFolder.replace(in: out.path, name: "folder") { staging in
                try Data("half".utf8).write(to: URL(fileURLWithPath: staging + "/state-00.png"))
                throw Interrupted()
            }
        }
        #expect(filesOnDisk(out.path + "/folder") == before.map(\.path).sorted())
        #expect(try Data(contentsOf: URL(fileURLWithPath: out.path + "/folder/state-02.png")) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["folder"])
    }

    /// Where the file system cannot exchange two folders, the old one is
    /// moved aside, the new one moved in, and the old one removed.
    @Test func withoutAnExchangeTheOldFolderIsMovedAside() throws {
        let out = try TemporaryFolder()
        _ = try ScenarioRenderer.render(try stepsScenario(3), options: options([.states]), writingTo: out.path)
        var exchanges = 0
        try ScenarioFolder.replace(
            in: out.path, name: "folder",
            exchange: { _, _ in
                exchanges += 1
                errno = ENOSYS
                return -1
            },
            build: { staging in try Data("new".utf8).write(to: URL(fileURLWithPath: staging + "/state-00.png")) })
        #expect(exchanges == 1)
        #expect(filesOnDisk(out.path + "/folder") == ["state-00.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["folder"])
        // Any other failure of the exchange leaves the old folder.
        #expect(throws: RenderError.self) {
            try ScenarioFolder.replace(
                in: out.path, name: "folder",
                exchange: { _, _ in
                    errno = EIO
                    return -1
                },
                build: { staging in try Data("newer".utf8).write(to: URL(fileURLWithPath: staging + "/state-01.png")) })
        }
        #expect(filesOnDisk(out.path + "/folder") == ["state-00.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["folder"])
    }

    /// What a killed render left beside the folder goes with the next
    /// render of that scenario; a folder moved aside and not replaced is
    /// put back first. Folders of live renders and of other scenarios stay.
    @Test func theNextRenderSweepsWhatAKilledOneLeft() throws {
        let out = try TemporaryFolder()
        let fm = FileManager.default
        for left in [".folder.partial-999999999-abc", ".folder.partial-999999999-def.old", ".folder.partial-\(getpid())-ghi", ".other.partial-999999999-x"] {
            try fm.createDirectory(atPath: out.path + "/" + left, withIntermediateDirectories: true)
        }
        try Data("old".utf8).write(to: URL(fileURLWithPath: out.path + "/.folder.partial-999999999-def.old/state-07.png"))
        ScenarioFolder.sweep(out.path, name: "folder")
        #expect(filesOnDisk(out.path + "/folder") == ["state-07.png"])
        #expect(
            try fm.contentsOfDirectory(atPath: out.path).sorted() == [".folder.partial-\(getpid())-ghi", ".other.partial-999999999-x", "folder"])
        _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path)
        #expect(filesOnDisk(out.path + "/folder") == ["state-00.png", "state-01.png"])
    }

    /// A scenario folder that is a symbolic link or a file is refused, and
    /// what it points at is left alone.
    @Test func aLinkOrAFileInThePlaceOfTheFolderIsRefused() throws {
        let out = try TemporaryFolder()
        let elsewhere = out.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: elsewhere + "/state-09.png"))
        try FileManager.default.createDirectory(atPath: out.path + "/out", withIntermediateDirectories: true)
        #expect(symlink(elsewhere, out.path + "/out/folder") == 0)
        let error = #expect(throws: RenderError.self) {
            try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path + "/out")
        }
        #expect(error?.description.contains("is a symbolic link") == true)
        #expect(filesOnDisk(elsewhere) == ["state-09.png"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path + "/out/folder") == elsewhere)
        try Data("file".utf8).write(to: URL(fileURLWithPath: out.path + "/out/plain"))
        let file = #expect(throws: RenderError.self) {
            try ScenarioRenderer.render(try stepsScenario(1, name: "plain"), options: options([.states]), writingTo: out.path + "/out")
        }
        #expect(file?.description.contains("is not a folder") == true)
        #expect(try String(contentsOfFile: out.path + "/out/plain", encoding: .utf8) == "file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path + "/out").sorted() == ["folder", "plain"])
    }

    /// `apng` names the animated PNG; an unknown name lists the choices.
    @Test func outputListsAcceptAliases() throws {
        #expect(try RenderOptions.Output.parseList("states,apng") == [.states, .animation])
        #expect(try RenderOptions.Output.parseList("animation, gif,") == [.animation, .gif])
        let error = #expect(throws: RenderError.self) { try RenderOptions.Output.parseList("states,movie") }
        #expect(error?.description == "unknown output 'movie'; choose from states,frames,strip,animation,gif,webp,svg,svg-animation,updates,html (apng is animation)")
    }

    /// `frameDelay` and `hold` set the animation's timing as the scenario's own would.
    @Test func frameDelayAndHoldOverrideTheScenario() throws {
        var options = options([.animation])
        options.frameDelay = 120
        options.hold = 2000
        let overridden = try ScenarioRenderer.render(try stepsScenario(2), options: options).files
        var scenario = try stepsScenario(2)
        scenario.animation.frameDelay = 120
        scenario.animation.hold = 2000
        let own = try ScenarioRenderer.render(scenario, options: self.options([.animation])).files
        let plain = try ScenarioRenderer.render(try stepsScenario(2), options: self.options([.animation])).files
        #expect(overridden.map(\.bytes) == own.map(\.bytes))
        #expect(overridden.map(\.bytes) != plain.map(\.bytes))
        options.frameDelay = 0
        #expect(throws: RenderError.self) { try ScenarioRenderer.render(try stepsScenario(2), options: options) }
    }

    /// The version `unfold --version` prints names the renderer's.
    @Test func theVersionNamesTheRenderer() {
        #expect(ScenarioRenderer.versionDescription == "\(ScenarioRenderer.unfoldVersion) (renderer \(ScenarioRenderer.version))")
        #expect(ScenarioRenderer.versionDescription(commit: "ab12") == ScenarioRenderer.versionDescription + ", built from commit ab12")
        #expect(ScenarioRenderer.versionDescription(commit: nil).hasSuffix("built from outside a git checkout (no commit)"))
    }
}

/// A transparent GIF's edges are blended over the page it is meant for: the
/// theme's background.
@Suite struct GIFMatteTests {
    @Test func aTransparentCanvasHasTheThemesBackgroundAsItsMatte() {
        var appearance = Appearance()
        #expect(appearance.matte == nil)
        appearance.canvas.background = .transparent
        #expect(appearance.matte == 0xFFFFFF)
        appearance.canvas.theme = .dark
        #expect(appearance.matte == 0x1C1C1E)
    }
}

/// `render --out DIR` replaces a scenario's folder only when a render
/// wrote what it holds: a file someone made there (a scenario's `name:`
/// chose a folder of the docs) stops the render, named, and stays.
@Suite struct RenderFolderOwnerTests {
    func options(_ outputs: Set<RenderOptions.Output>) -> RenderOptions {
        var options = RenderOptions(fonts: fontFiles)
        options.outputs = outputs
        return options
    }

    @Test func aFileARenderDidNotWriteStopsTheRender() throws {
        let out = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: out.path + "/folder", withIntermediateDirectories: true)
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: out.path + "/folder/logo.svg"))
        do {
            _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path)
            Issue.record("a render replaced a folder holding logo.svg")
        } catch {
            #expect("\(error)".contains("/folder/logo.svg was not written by unfold render"), "\(error)")
        }
        #expect(filesOnDisk(out.path + "/folder") == ["logo.svg"])
        // A folder of an earlier render without a list (named as renders name their files) is replaced; the new one has the usual mode.
        try FileManager.default.removeItem(atPath: out.path + "/folder/logo.svg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: out.path + "/folder/state-07.png"))
        _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path)
        #expect(filesOnDisk(out.path + "/folder") == ["state-00.png", "state-01.png"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: out.path + "/folder")[.posixPermissions] as? Int)
        #expect(mode == 0o777 & ~Int(ScenarioFolder.processUmask()), "\(String(mode, radix: 8))")
        // macOS's `.DS_Store`, in any folder of it, holds nothing anyone made.
        try FileManager.default.createDirectory(atPath: out.path + "/folder/step-01", withIntermediateDirectories: true)
        try Data("finder".utf8).write(to: URL(fileURLWithPath: out.path + "/folder/step-01/.DS_Store"))
        _ = try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path)
        // A file made after that render is not on its list.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out.path + "/folder/strip.png"))
        #expect(throws: RenderError.self) { try ScenarioRenderer.render(try stepsScenario(1), options: options([.states]), writingTo: out.path) }
    }
}
