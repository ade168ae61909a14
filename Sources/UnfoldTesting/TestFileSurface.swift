// What `import UnfoldTesting` gives a test file besides the assertions: what
// they take and what builds an outline — the engine (`Outline`,
// `OutlineNode`), the look (`Appearance`, `Color`), scenarios and their steps,
// record modes and diff options. Rendering, PNG data, fonts, comparisons and
// reports stay behind `import Unfold`, so that a test file does not see
// hundreds of names it never asked for.
//
// Whole modules, never single declarations: a scoped re-export
// (`@_exported import struct …`) would shadow a name that the test file also
// imports from another module (SwiftUI's `Color`), where a whole module's
// names only compete with it.
@_exported import OutlineAppearance
@_exported import OutlineEngine
@_exported import ScenarioFormat
@_exported import UnfoldDiff
@_exported import UnfoldSnapshot
