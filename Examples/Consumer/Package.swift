// swift-tools-version: 6.1
import PackageDescription

// A package as a user of Unfold writes it: an app model with a settings
// outline, a project navigator's model (on the engine and the look alone),
// an executable that renders it to PNG, and snapshot tests in Swift Testing
// and XCTest. It depends on Unfold by path and imports only its
// products. Its executable also uses Yams (pinned to 5.0.1), which carries
// its own copy of libyaml, beside Unfold, which reads YAML with the system's.
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Unfold", path: "../.."),
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
    ],
    targets: [
        .target(name: "SettingsModel", dependencies: [.product(name: "Unfold", package: "Unfold")]),
        // A library that describes its rows with the engine and the look alone: no C library.
        .target(
            name: "NavigatorModel",
            dependencies: [.product(name: "OutlineEngine", package: "Unfold"), .product(name: "OutlineAppearance", package: "Unfold")]),
        // Names an app's test target also sees beside Unfold's (`Color`, `Outline`, `Row`, `Step`), as SwiftUI has some.
        .target(name: "StandInUI"),
        .executableTarget(
            name: "render-settings",
            dependencies: ["SettingsModel", .product(name: "Unfold", package: "Unfold"), .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "SettingsModelTests", dependencies: ["SettingsModel", "NavigatorModel", "StandInUI", .product(name: "UnfoldTesting", package: "Unfold")],
            exclude: ["__Snapshots__"]),
    ]
)
