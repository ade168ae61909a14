#!/usr/bin/env python3
"""Writes, or checks, the symbol graph that gives the `Unfold` product's DocC
archive a page for every public type: the public symbols of the modules that
`Sources/Unfold/Unfold.swift` re-exports (`@_exported import`), as one module
named Unfold, in `Sources/Unfold/Unfold.docc/Unfold.symbols.json`. DocC reads
symbol graphs from a catalog, so `swift package generate-documentation
--target Unfold` documents the re-exported API, which the symbol graph it
extracts for the umbrella module does not hold.

    scripts/api-graph.py SYMBOLGRAPH-FOLDER           # exit 1 when the committed file is not current
    scripts/api-graph.py SYMBOLGRAPH-FOLDER --write   # write it
    scripts/api-graph.py --pages DOCCARCHIVE          # exit 1 unless every type in it has a page

The folder is what `swift package dump-symbol-graph --minimum-access-level
public --skip-synthesized-members` writes (scripts/check-docs.sh makes it).
What would change with every edit (source locations, comment ranges, the
compiler's version) is left out, so the file changes only with the API and
its documentation; one symbol per line, so that its diffs read.
"""
import json
import os
import re
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
UMBRELLA = os.path.join(ROOT, "Sources/Unfold/Unfold.swift")
OUTPUT = os.path.join(ROOT, "Sources/Unfold/Unfold.docc/Unfold.symbols.json")


def reexported():
    text = open(UMBRELLA, encoding="utf-8").read()
    return re.findall(r"^@_exported import (\w+)$", text, re.M)


def merged(folder):
    header, symbols, relationships = None, [], []
    for module in reexported():
        graph = json.load(open(os.path.join(folder, module + ".symbols.json"), encoding="utf-8"))
        if header is None:
            header = {"metadata": {"formatVersion": graph["metadata"]["formatVersion"], "generator": "scripts/api-graph.py"},
                      "module": graph["module"]}
        for symbol in graph["symbols"]:
            symbol.pop("location", None)
            comment = symbol.get("docComment")
            if comment:
                comment.pop("uri", None)
                comment.pop("module", None)
                for line in comment.get("lines", []):
                    line.pop("range", None)
            symbols.append(symbol)
        relationships += graph["relationships"]
    header["module"]["name"] = "Unfold"
    symbols.sort(key=lambda s: s["identifier"]["precise"])
    relationships.sort(key=lambda r: (r["source"], r["kind"], r["target"]))

    def line(value):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    text = "{\n" + ",\n".join(f"{line(k)}:{line(v)}" for k, v in sorted(header.items())) + ",\n"
    text += '"symbols":[\n' + ",\n".join(line(s) for s in symbols) + "\n],\n"
    text += '"relationships":[\n' + ",\n".join(line(r) for r in relationships) + "\n]\n}\n"
    return text


def missing_pages(archive):
    """The types (nested ones too) of the committed graph that the archive has no page for."""
    graph = json.load(open(OUTPUT, encoding="utf-8"))
    kinds = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"}
    pages = os.path.join(archive, "data/documentation/unfold")

    def has_page(components):
        # A name that is also a property's is told apart by DocC: `canvas-swift.struct`.
        folders = [pages]
        for i, part in enumerate(p.lower() for p in components):
            last = i == len(components) - 1
            found = []
            for folder in folders:
                for name in os.listdir(folder) if os.path.isdir(folder) else []:
                    stem = name[:-5] if last and name.endswith(".json") else name if not last else None
                    if stem is not None and (stem == part or stem.startswith(part + "-swift.")):
                        found.append(os.path.join(folder, name))
            folders = found
        return bool(folders)

    return sorted(".".join(s["pathComponents"]) for s in graph["symbols"] if s["kind"]["identifier"] in kinds and not has_page(s["pathComponents"]))


def main(argv):
    if len(argv) == 3 and argv[1] == "--pages":
        missing = missing_pages(argv[2])
        for name in missing:
            print(f"no page for {name} in {argv[2]}", file=sys.stderr)
        return 1 if missing else 0
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    if len(args) != 1 or flags - {"--write"}:
        print(__doc__, file=sys.stderr)
        return 2
    text = merged(args[0])
    if "--write" in flags:
        with open(OUTPUT + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(OUTPUT + ".tmp", OUTPUT)
        print(f"wrote {os.path.relpath(OUTPUT, ROOT)} ({text.count(chr(10))} lines)")
        return 0
    current = open(OUTPUT, encoding="utf-8").read() if os.path.exists(OUTPUT) else ""
    if current != text:
        print(f"{os.path.relpath(OUTPUT, ROOT)} is not current: run scripts/check-docs.sh --write-api and commit it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
