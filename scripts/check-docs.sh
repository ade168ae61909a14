#!/usr/bin/env bash
# Fails when a public declaration of Unfold's libraries has no documentation
# comment: extracts the symbol graphs of every library module at public
# access (with the SnapshotTesting trait, so that UnfoldSnapshotTesting's
# strategy is included) and lists, with scripts/check-docs.py, each public
# declaration without one as `file:line: kind name`. The rule (what counts,
# what is documented) is written at the top of check-docs.py.
#
#     scripts/check-docs.sh            # the undocumented declarations; exit 1 if any
#     scripts/check-docs.sh --all      # every public declaration, `!` before the undocumented
#     scripts/check-docs.sh --summary  # only the counts per module
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(swift package --traits SnapshotTesting dump-symbol-graph --minimum-access-level public --skip-synthesized-members 2>&1) || {
  printf '%s\n' "$log" >&2
  exit 2
}
folder=$(printf '%s\n' "$log" | sed -n 's/^Files written to //p' | tail -1)
[ -d "$folder" ] || { printf '%s\n' "$log" >&2; echo "error: dump-symbol-graph wrote no symbol graphs" >&2; exit 2; }
python3 scripts/check-docs.py "$folder" "$@"
