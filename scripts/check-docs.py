#!/usr/bin/env python3
"""Lists the public declarations of Unfold's library modules that have no
documentation comment, from the symbol graphs that
`swift package dump-symbol-graph --minimum-access-level public` writes, and
exits with 1 if there is any.

    scripts/check-docs.py SYMBOLGRAPH-FOLDER [--all] [--summary]

The rule:
- Every public or open declaration written in Sources/<module>/ counts: types,
  properties, methods, initializers, subscripts, operators, enum cases,
  typealiases, associated types, protocol requirements, members of
  extensions (also extensions of other modules' types).
- It is documented when it has a `///` (or `/** */`) comment of its own with
  some text.
- A declaration with no comment of its own that implements a requirement of a
  protocol (`description`, `errorDescription`, `==`, `hash(into:)`,
  `encode(to:)`, or a requirement of one of Unfold's own protocols) is
  documented when that requirement is: Quick Help and DocC show the
  requirement's documentation for it, and the symbol graph carries that text
  (from the requirement's module). An undocumented requirement documents
  nothing.
- Members that the compiler synthesizes or that come from a protocol's
  default implementation (`!=`, `Hashable` members, ...) are not declarations
  in Unfold's sources and are not counted.

--all lists every public declaration (documented or not); --summary prints
only the counts.
"""
import json
import os
import sys
from urllib.parse import unquote, urlparse

LIBRARY_MODULES = [
    "OutlineEngine", "OutlineAppearance", "UnfoldSupport", "UnfoldTreeSources", "ScenarioFormat", "OutlineLayout", "UnfoldCanvas", "UnfoldPaint",
    "UnfoldPNG", "UnfoldRender", "UnfoldDiff", "UnfoldComparison", "UnfoldReferences", "UnfoldReport", "UnfoldSnapshot", "Unfold", "UnfoldTesting",
    "UnfoldSnapshotTesting",
]


def doc_text(comment):
    return "".join(line.get("text", "") for line in (comment or {}).get("lines", [])).strip()


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    if len(args) != 1 or flags - {"--all", "--summary"}:
        print(__doc__, file=sys.stderr)
        return 2
    folder = args[0]
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
    declarations = {}  # precise identifier -> (path, line, kind, name, module, documented)
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".symbols.json"):
            continue
        module = file[: -len(".symbols.json")].split("@")[0]
        if module not in LIBRARY_MODULES:
            continue
        with open(os.path.join(folder, file), encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            location = symbol.get("location")
            if "::SYNTHESIZED::" in precise or not location:
                continue
            path = os.path.realpath(unquote(urlparse(location["uri"]).path))
            relative = os.path.relpath(path, root)
            if not relative.startswith(f"Sources/{module}/"):
                continue
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            documented = bool(doc_text(symbol.get("docComment")))
            name = ".".join(symbol["pathComponents"])
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            line = location["position"]["line"] + 1
            declarations[precise] = (relative, line, kind, name, module, documented)

    missing_graphs = [m for m in LIBRARY_MODULES if not os.path.exists(os.path.join(folder, f"{m}.symbols.json"))]
    if missing_graphs:
        print(f"error: no symbol graph for {', '.join(missing_graphs)} in {folder}", file=sys.stderr)
        return 2

    rows = sorted(declarations.values())
    missing = [r for r in rows if not r[5]]
    if "--summary" not in flags:
        for path, line, kind, name, module, documented in rows if "--all" in flags else missing:
            mark = "" if "--all" not in flags else ("  " if documented else "! ")
            print(f"{mark}{path}:{line}: {kind} {name}")
    per_module = {}
    for r in rows:
        total, undocumented = per_module.get(r[4], (0, 0))
        per_module[r[4]] = (total + 1, undocumented + (0 if r[5] else 1))
    print(f"{len(rows)} public declarations, {len(missing)} without documentation", file=sys.stderr)
    for module in LIBRARY_MODULES:
        if module in per_module:
            total, undocumented = per_module[module]
            print(f"  {module}: {total} public, {undocumented} undocumented", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
