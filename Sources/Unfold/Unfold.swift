// The `Unfold` product: one import for an app, a tool or a test to load or
// build a scenario, drive the outline engine, render states, frames, strips
// and animated PNGs to pixels, PNG data or files, and compare images.
//
//     import Unfold
//     let scenario = try Scenario.load(path: "regions.yaml")
//     let result = try ScenarioRenderer.render(scenario, options: RenderOptions())
//     try ScenarioRenderer.write(result, to: "docs/images")
@_exported import OutlineAppearance
@_exported import OutlineEngine
@_exported import ScenarioFormat
@_exported import UnfoldCanvas
@_exported import UnfoldComparison
@_exported import UnfoldDiff
@_exported import UnfoldPNG
@_exported import UnfoldRender
@_exported import UnfoldReport
@_exported import UnfoldSnapshot
@_exported import UnfoldSupport
@_exported import UnfoldTreeSources
