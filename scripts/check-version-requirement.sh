#!/usr/bin/env bash
# Checks that Unfold can be depended on by version, two levels down, as a
# team's packages do: a local clone of this checkout tagged 0.0.1; a library
# package "Lib" that depends on it with `from: "0.0.1"` (OutlineEngine in its
# target, UnfoldTesting in its tests), itself tagged 1.0.0; and an app
# package that depends on Lib with `from: "1.0.0"`. SwiftPM refuses a package
# that a version requirement reaches when it depends on a branch or revision
# ("depends on an unstable-version package"); this resolves the whole graph.
#   scripts/check-version-requirement.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/unfold"
git -C "$work/unfold" tag 0.0.1
mkdir -p "$work/Lib/Sources/Lib" "$work/Lib/Tests/LibTests" "$work/App/Sources/App"
cat >"$work/Lib/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "Lib",
    products: [.library(name: "Lib", targets: ["Lib"])],
    dependencies: [.package(url: "file://$work/unfold", from: "0.0.1")],
    targets: [
        .target(name: "Lib", dependencies: [.product(name: "OutlineEngine", package: "unfold")]),
        .testTarget(name: "LibTests", dependencies: ["Lib", .product(name: "UnfoldTesting", package: "unfold")]),
    ]
)
SWIFT
echo 'import OutlineEngine
public func rows() throws -> Int { try Outline([NodeSpec(title: "A")]).rowCount }' >"$work/Lib/Sources/Lib/Lib.swift"
echo 'import Lib
import Testing
@Test func one() throws { #expect(try rows() == 1) }' >"$work/Lib/Tests/LibTests/LibTests.swift"
(cd "$work/Lib" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm lib && git tag 1.0.0)
cat >"$work/App/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(url: "file://$work/Lib", from: "1.0.0")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "Lib", package: "Lib")])]
)
SWIFT
echo 'import Lib
print(try rows())' >"$work/App/Sources/App/main.swift"
(cd "$work/App" && swift package resolve >/dev/null) || { echo "error: a package that depends on Unfold by version does not resolve" >&2; exit 1; }
echo "version requirement: an app -> Lib (from: 1.0.0) -> unfold (from: 0.0.1) resolves"
