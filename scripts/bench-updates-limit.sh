#!/usr/bin/env bash
# What `updates.json` costs at the limit of rows one playback records
# (`Limits.recordedRows`): ROWS open rows and STEPS `select:` steps on a small
# canvas, rendered with `--outputs updates` by the release build; prints the
# file's size, the row entries it records, and the wall time and peak memory
# (/usr/bin/time). With ROWS × (STEPS + 1) over the limit, the run is refused
# before any work.
#   scripts/bench-updates-limit.sh [UNFOLD_BINARY]   Env: ROWS (1000), STEPS (999)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
ROWS=${ROWS:-1000}
STEPS=${STEPS:-999}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/wide.yaml" "$ROWS" "$STEPS" <<'PY'
import sys
path, rows, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
lines = ["name: wide", "canvas: {width: 200, height: 200, scale: 1}", "tree:"]
lines += [f"  - {{id: n{i}, title: Row {i}}}" for i in range(rows)]
lines += ["steps:"] + [f"  - select: n{(s * 7) % rows}" for s in range(steps)]
open(path, "w").write("\n".join(lines) + "\n")
PY
echo "scenario: $(wc -c < "$work/wide.yaml") bytes, $ROWS rows, $STEPS steps: $((ROWS * (STEPS + 1))) row entries"
/usr/bin/time -f "done in %e s, peak %M KB" "$UNFOLD" render "$work/wide.yaml" --outputs updates --out "$work/out" 2>&1 | grep -v "^  hint" | sed 's|^.*wide.yaml:[0-9:]* ||' | tail -3 || true
[ -f "$work/out/wide/updates.json" ] && echo "updates.json: $(wc -c < "$work/out/wide/updates.json") bytes" || true
