// swift-tools-version: 6.1
import PackageDescription

// Layers, one target each; a target depends only on targets of the lines above it:
//   OutlineEngine, OutlineAppearance           the outline and its look (and a pixel rectangle): no file, no drawing
//   UnfoldSupport                              escaping, atomic files, the folder exchange, contained reading, input errors
//   UnfoldTreeSources                          trees people keep (folders, Markdown pages, drawings, `tree -J`, OPML) read as outlines
//   ScenarioFormat (libyaml), OutlineLayout    scenario files; the geometry of rows and frames
//   UnfoldCanvas (FreeType, HarfBuzz, FriBidi) pixels and text
//   UnfoldPaint, UnfoldPNG, UnfoldSVG          a layout drawn; pictures encoded
//   UnfoldRender                               a scenario's pictures, planned and written
//   UnfoldDiff, UnfoldComparison               pixelmatch's comparison, of images and of files
//   UnfoldReferences                           the catalog of reference kinds, the store, undo records, comparisons
//   UnfoldReport                               results, failure pictures and ids, the report and its formats
//   UnfoldSnapshot                             options, record modes, the runner and the suite
//   UnfoldAcceptance, UnfoldReview             accept and the review's model; `unfold review`'s page and server (not in the product)
//   Unfold (re-exports) ← UnfoldTesting ← UnfoldSnapshotTesting; unfold (the command line)
// Internal modules carry an Unfold prefix so that they cannot clash with a user's own.
let package = Package(
    name: "Unfold",
    platforms: [.macOS(.v13)],
    products: [
        // Everything an app, a tool or a test needs: no test framework, no argument parser.
        .library(name: "Unfold", targets: ["Unfold"]),
        // The outline engine alone, with no dependencies.
        .library(name: "OutlineEngine", targets: ["OutlineEngine"]),
        // How rows look and move (styles, looks, kinds and their heights), as plain values with no dependencies.
        .library(name: "OutlineAppearance", targets: ["OutlineAppearance"]),
        .library(name: "UnfoldTesting", targets: ["UnfoldTesting"]),
        // A strategy for pointfreeco/swift-snapshot-testing; empty unless the trait is enabled.
        .library(name: "UnfoldSnapshotTesting", targets: ["UnfoldSnapshotTesting"]),
        .executable(name: "unfold", targets: ["unfold"]),
        .executable(name: "unfold-bench", targets: ["unfold-bench"]),
    ],
    traits: [
        .trait(
            name: "SnapshotTesting",
            description: "Builds UnfoldSnapshotTesting, the swift-snapshot-testing strategy (and resolves that package).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation`: the DocC catalogs of the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "OutlineEngine"),
        // Escaping for each place text is shown, atomic files, the folder exchange, contained reading, errors.
        .target(name: "UnfoldSupport", dependencies: ["OutlineAppearance", "CUnfoldFiles"]),
        .target(name: "OutlineAppearance"),
        .systemLibrary(name: "CUnfoldYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(name: "UnfoldTreeSources", dependencies: ["OutlineEngine", "OutlineAppearance", "UnfoldSupport"]),
        .target(name: "ScenarioFormat", dependencies: ["OutlineEngine", "OutlineAppearance", "UnfoldSupport", "UnfoldTreeSources", "CUnfoldYAML"]),
        .target(name: "OutlineLayout", dependencies: ["OutlineEngine", "OutlineAppearance"]),
        .systemLibrary(name: "CUnfoldFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CUnfoldHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CUnfoldFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        .target(name: "CUnfoldFonts", exclude: ["fonts"], cSettings: [.headerSearchPath("fonts")]),
        // Pixel loops in C, which a debug build still runs as plain loops.
        .target(name: "CUnfoldPixels", path: "Sources/CPixels"),
        .target(
            name: "UnfoldCanvas", dependencies: ["OutlineAppearance", "UnfoldSupport", "CUnfoldFreeType", "CUnfoldHarfBuzz", "CUnfoldFriBidi", "CUnfoldFonts", "CUnfoldPixels"]),
        .target(name: "UnfoldPaint", dependencies: ["UnfoldCanvas", "OutlineLayout", "OutlineAppearance"]),
        .target(
            name: "CUnfoldPNG", path: "Sources/CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("pthread")]),
        .target(
            name: "CUnfoldAnimation", path: "Sources/CAnimation",
            linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("webpmux"), .linkedLibrary("webp")]),
        .target(name: "UnfoldPNG", dependencies: ["UnfoldCanvas", "CUnfoldPNG", "CUnfoldAnimation"]),
        .target(name: "UnfoldSVG", dependencies: ["UnfoldSupport", "UnfoldCanvas", "UnfoldPaint", "OutlineLayout", "OutlineAppearance"]),
        .target(
            name: "UnfoldRender",
            dependencies: [
                "OutlineEngine", "OutlineAppearance", "ScenarioFormat", "OutlineLayout", "UnfoldCanvas", "UnfoldPaint", "UnfoldPNG",
                "UnfoldSVG", "UnfoldSupport",
            ]),
        .target(name: "UnfoldDiff", dependencies: ["OutlineAppearance", "UnfoldCanvas", "CUnfoldPixels"]),
        .target(name: "CUnfoldFiles"),
        .target(name: "UnfoldComparison", dependencies: ["UnfoldDiff", "UnfoldPNG", "UnfoldCanvas", "UnfoldSupport"]),
        .target(
            name: "UnfoldReferences",
            dependencies: ["UnfoldRender", "UnfoldComparison", "UnfoldDiff", "UnfoldPNG", "ScenarioFormat", "UnfoldCanvas", "OutlineAppearance", "UnfoldSupport"]),
        .target(
            name: "UnfoldReport",
            dependencies: ["UnfoldReferences", "UnfoldRender", "UnfoldDiff", "ScenarioFormat", "UnfoldCanvas", "OutlineAppearance", "UnfoldSupport"]),
        .target(
            name: "UnfoldSnapshot",
            dependencies: [
                "UnfoldReferences", "UnfoldReport", "UnfoldRender", "UnfoldDiff", "UnfoldPNG", "ScenarioFormat", "UnfoldCanvas", "UnfoldSupport",
            ]),
        // Accepting a report's pictures and the review's model: not part of the `Unfold` product.
        .target(
            name: "UnfoldAcceptance",
            dependencies: [
                "UnfoldReferences", "UnfoldReport", "UnfoldRender", "UnfoldComparison", "UnfoldDiff", "UnfoldPNG", "ScenarioFormat", "UnfoldCanvas",
                "OutlineAppearance", "UnfoldSupport",
            ]),
        // `unfold review`: the page and its loopback server; not part of the `Unfold` product.
        .target(name: "CUnfoldReviewPage", path: "Sources/CReviewPage", exclude: ["page"], cSettings: [.headerSearchPath("page")]),
        .target(name: "UnfoldReview", dependencies: ["UnfoldAcceptance", "UnfoldReport", "UnfoldReferences", "UnfoldSupport", "CUnfoldReviewPage"]),
        .target(
            name: "Unfold",
            dependencies: [
                "OutlineEngine", "OutlineAppearance", "ScenarioFormat", "UnfoldCanvas", "UnfoldPNG", "UnfoldRender",
                "UnfoldDiff", "UnfoldComparison", "UnfoldReport", "UnfoldSnapshot", "UnfoldSupport", "UnfoldTreeSources",
            ]),
        .target(name: "UnfoldTesting", dependencies: ["Unfold", "UnfoldReferences", "UnfoldReport", "UnfoldCanvas", "UnfoldSupport"]),
        .target(
            name: "UnfoldSnapshotTesting",
            dependencies: [
                "UnfoldTesting", "UnfoldSupport", "UnfoldCanvas", "UnfoldComparison", "UnfoldPNG", "UnfoldRender", "UnfoldReport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ]),
        .executableTarget(
            name: "unfold",
            dependencies: [
                "Unfold", "UnfoldReferences", "UnfoldAcceptance", "UnfoldReview", "UnfoldSupport", "OutlineAppearance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], plugins: ["BuildCommit"]),
        // `unfold --version` names the commit it was built from: the plugin runs the tool, which reads `.git`.
        .executableTarget(name: "unfold-build-commit"),
        .plugin(name: "BuildCommit", capability: .buildTool(), dependencies: ["unfold-build-commit"]),
        .executableTarget(name: "unfold-fuzz", dependencies: ["ScenarioFormat"]),
        .executableTarget(
            name: "unfold-bench",
            dependencies: [
                "Unfold", "OutlineLayout", "UnfoldPaint", "CUnfoldYAML", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Helpers that several test targets share.
        .target(
            name: "UnfoldTestSupport",
            dependencies: ["UnfoldSnapshot", "UnfoldReferences", "UnfoldReport", "UnfoldAcceptance", "UnfoldRender", "ScenarioFormat", "UnfoldCanvas"],
            path: "Tests/UnfoldTestSupport"),
        .testTarget(name: "OutlineEngineTests", dependencies: ["OutlineEngine"]),
        .testTarget(name: "UnfoldSupportTests", dependencies: ["UnfoldSupport"]),
        .testTarget(name: "ScenarioFormatTests", dependencies: ["ScenarioFormat", "UnfoldTreeSources", "UnfoldSupport"]),
        .testTarget(name: "CanvasTests", dependencies: ["UnfoldCanvas", "OutlineAppearance"]),
        .testTarget(name: "OutlineLayoutTests", dependencies: ["OutlineLayout", "OutlineAppearance", "OutlineEngine"]),
        .testTarget(
            name: "ImageDiffTests", dependencies: ["UnfoldDiff", "UnfoldComparison", "UnfoldPNG", "UnfoldCanvas", "OutlineAppearance"],
            exclude: ["pixelmatch-v7.2.0"]),
        .testTarget(
            name: "UnfoldTestingTests",
            dependencies: [
                "UnfoldTesting", "UnfoldSnapshotTesting", "UnfoldPNG",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ], exclude: ["helper.yaml", "__Snapshots__"]),
        .testTarget(
            name: "ReviewTests",
            dependencies: [
                "UnfoldReview", "UnfoldAcceptance", "UnfoldReport", "UnfoldReferences", "UnfoldSnapshot", "UnfoldRender", "ScenarioFormat", "UnfoldTestSupport",
            ]),
        .testTarget(name: "CLITests", dependencies: ["unfold", "UnfoldTestSupport"]),
        .testTarget(
            name: "SnapshotTests",
            dependencies: [
                "UnfoldSnapshot", "UnfoldReferences", "UnfoldReport", "UnfoldAcceptance", "UnfoldRender", "ScenarioFormat", "UnfoldCanvas",
                "OutlineEngine", "OutlineAppearance", "UnfoldPNG", "UnfoldComparison", "UnfoldDiff", "UnfoldSupport", "UnfoldTestSupport",
            ]),
        .testTarget(
            name: "RenderTests",
            dependencies: [
                "UnfoldRender", "UnfoldPaint", "UnfoldPNG", "UnfoldComparison", "UnfoldDiff", "OutlineLayout", "ScenarioFormat",
                "UnfoldCanvas", "UnfoldSVG", "OutlineAppearance", "UnfoldSupport",
            ]),
    ]
)

// A sanitizer run builds only what it tests: with UNFOLD_TEST_TARGETS set (test
// targets, comma-separated), the package declares those targets, the targets
// they depend on and no product, so that an instrumented build compiles no
// command line, review page or test it does not run (.ci/run sets it).
if let tested = Context.environment["UNFOLD_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var waiting = tested.split(separator: ",").map(String.init)
    while let name = waiting.popLast() {
        guard needed.insert(name).inserted, let target = byName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): waiting.append(name)
            case .productItem: break
            @unknown default: break
            }
        }
        waiting += target.plugins?.compactMap { if case .plugin(let name, nil) = $0 { name } else { nil } } ?? []
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll()
}
