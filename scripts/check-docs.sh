#!/usr/bin/env bash
# Fails when a public declaration of Unfold's libraries has no documentation
# comment: extracts the symbol graphs of every library module at public
# access (with the SnapshotTesting trait, so that UnfoldSnapshotTesting's
# strategy is included) and lists, with scripts/check-docs.py, each public
# declaration without one as `file:line: kind name`. The rule (what counts,
# what is documented) is written at the top of check-docs.py.
#
# It then checks that the product's API graph (scripts/api-graph.py: the
# re-exported modules' symbols, which give the Unfold DocC archive its
# pages) is current.
#
#     scripts/check-docs.sh            # the undocumented declarations; exit 1 if any
#     scripts/check-docs.sh --all      # every public declaration, `!` before the undocumented
#     scripts/check-docs.sh --summary  # only the counts per module
#     scripts/check-docs.sh --write-api  # also write Sources/Unfold/Unfold.docc/Unfold.symbols.json
set -euo pipefail
cd "$(dirname "$0")/.."
folder="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$folder"  # no graph of an earlier run may stand in for one this run failed to write
status=0
log=$(swift package --traits SnapshotTesting dump-symbol-graph --minimum-access-level public --skip-synthesized-members 2>&1) || status=$?
# The test runner's modules (UnfoldPackageTests, UnfoldPackageDiscoveredTests)
# can be extracted only once the tests are built; they are not checked, so
# their failure is not one. Any other error is.
other=$(printf '%s\n' "$log" | grep '^error: ' | grep -v "symbol graph for 'UnfoldPackage\(Discovered\)\{0,1\}Tests'" || true)
if [ "$status" -ne 0 ] && [ -n "$other" ]; then
  printf '%s\n' "$log" >&2
  echo "error: dump-symbol-graph failed" >&2
  exit 2
fi
write_api=""
args=()
for a in "$@"; do if [ "$a" = --write-api ]; then write_api=--write; else args+=("$a"); fi; done
python3 scripts/check-docs.py "$folder" ${args[@]+"${args[@]}"}
python3 scripts/api-graph.py "$folder" $write_api
