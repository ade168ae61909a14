// swift-tools-version: 6.0
import PackageDescription

// Layers (DESIGN.md), each a target that knows only the ones before it:
// OutlineEngine ← ScenarioFormat ← (CLI, bench)
let package = Package(
    name: "Unfold",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "OutlineEngine", targets: ["OutlineEngine"]),
        .library(name: "ScenarioFormat", targets: ["ScenarioFormat"]),
        .library(name: "UnfoldTesting", targets: ["UnfoldTesting"]),
        .library(name: "UnfoldSnapshotTesting", targets: ["UnfoldSnapshotTesting"]),
        .executable(name: "unfold", targets: ["unfold"]),
        .executable(name: "unfold-bench", targets: ["unfold-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "OutlineEngine"),
        .target(name: "OutlineAppearance"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .target(name: "Canvas", dependencies: ["CFreeType"]),
        .target(name: "Paint", dependencies: ["Canvas", "OutlineLayout", "OutlineAppearance"]),
        .target(name: "CPNG",
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("pthread")]),
        .target(name: "PNGCodec", dependencies: ["Canvas", "CPNG"]),
        .target(name: "ImageDiff", dependencies: ["Canvas"]),
        .target(name: "UnfoldComparison", dependencies: ["ImageDiff", "PNGCodec", "Canvas"]),
        .target(name: "Snapshot", dependencies: ["Render", "ImageDiff", "UnfoldComparison", "PNGCodec", "ScenarioFormat", "Canvas"]),
        .target(name: "Render", dependencies: ["OutlineEngine", "ScenarioFormat", "OutlineLayout", "Canvas", "Paint", "PNGCodec"]),
        .target(name: "ScenarioFormat", dependencies: ["OutlineEngine", "OutlineAppearance", "Yams"]),
        .target(name: "OutlineLayout", dependencies: ["OutlineEngine", "OutlineAppearance"]),
        .target(name: "UnfoldTesting", dependencies: ["Snapshot", "Render", "ImageDiff", "ScenarioFormat", "OutlineEngine", "Canvas"]),
        .target(name: "UnfoldSnapshotTesting", dependencies: [
            "Render", "ImageDiff", "UnfoldComparison", "PNGCodec", "ScenarioFormat", "Canvas",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(name: "unfold", dependencies: [
            "OutlineEngine", "ScenarioFormat", "Canvas", "Render", "ImageDiff", "UnfoldComparison", "PNGCodec", "Snapshot",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "unfold-bench", dependencies: [
            "OutlineEngine", "ScenarioFormat", "OutlineLayout", "OutlineAppearance", "Canvas", "Paint", "PNGCodec", "ImageDiff", "Render",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "OutlineEngineTests", dependencies: ["OutlineEngine"]),
        .testTarget(name: "ScenarioFormatTests", dependencies: ["ScenarioFormat"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
        .testTarget(name: "OutlineLayoutTests", dependencies: ["OutlineLayout", "OutlineAppearance", "OutlineEngine"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "UnfoldComparison", "PNGCodec", "Canvas"]),
        .testTarget(name: "UnfoldTestingTests", dependencies: [
            "UnfoldTesting", "UnfoldSnapshotTesting", "ScenarioFormat", "OutlineEngine",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["helper.yaml", "__Snapshots__"]),
        .testTarget(name: "CLITests", dependencies: ["unfold"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "Render", "ScenarioFormat", "Canvas"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Paint", "PNGCodec", "OutlineLayout", "ScenarioFormat", "Canvas"]),
    ]
)
