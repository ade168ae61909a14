#!/usr/bin/env python3
"""Fails when a function, initializer or computed property in Sources/ runs
over 60 lines, unless it is one of the tables below: a `switch` with a case
for each icon, path element, step kind or measurement, which reads best in
one place. A table that grows is fine; a new long function is split.

    scripts/check-function-length.py        # the long ones; exit 1 if any is not a table
"""
import glob
import re
import sys

LIMIT = 60
TABLES = {
    ("Sources/UnfoldPaint/IconGlyph.swift", "draw"),  # one case per icon shape
    ("Sources/UnfoldSVG/SVGMarkup.swift", "pathData"),  # one case per path element
    ("Sources/ScenarioFormat/ScenarioParser.swift", "readStep"),  # one case per step kind
    ("Sources/unfold-bench/EngineBench.swift", "measure"),  # one line per operation measured
}
DECLARATION = re.compile(
    r"\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|final|override|mutating"
    r"|nonisolated|convenience|required)\s+)*(func|init|var|subscript)\b\s*(\w*)")


def code(line):
    """The line without string literals and comments, for counting braces."""
    return re.sub(r"//.*", "", re.sub(r'"(?:\\.|[^"\\])*"', '""', line))


def long_functions(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        match = DECLARATION.match(lines[i])
        if match and (match.group(1) != "var" or lines[i].rstrip().endswith("{")):
            depth, opened, j = 0, False, i
            while j < len(lines) and (opened or j <= i + 8):
                for ch in code(lines[j]):
                    depth += ch == "{"
                    depth -= ch == "}"
                    opened = opened or ch == "{"
                if opened and depth <= 0:
                    break
                j += 1
            if opened:
                if j - i + 1 > LIMIT:
                    yield i + 1, match.group(2) or match.group(1), j - i + 1
                i = j + 1 if match.group(1) != "var" else i + 1
                continue
        i += 1


failed = False
for path in sorted(glob.glob("Sources/**/*.swift", recursive=True)):
    for line, name, length in long_functions(path):
        table = (path, name) in TABLES
        print(f"{path}:{line}: {name} is {length} lines" + (" (a table)" if table else f", over {LIMIT}: split it"))
        failed = failed or not table
sys.exit(1 if failed else 0)
