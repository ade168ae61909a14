#!/usr/bin/env bash
# What refusing a YAML alias bomb costs: a scenario of LEVELS nested lists,
# each naming the one before twice through an alias (about 90 bytes a level,
# 2^LEVELS nodes), rendered by the release build; prints the file's size, the
# error's first line, and the wall time and peak memory (/usr/bin/time).
#   scripts/bench-alias-bomb.sh [UNFOLD_BINARY]   Env: LEVELS (default 24)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
LEVELS=${LEVELS:-24}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/bomb.yaml" "$LEVELS" <<'PY'
import sys
path, levels = sys.argv[1], int(sys.argv[2])
text = "name: bomb\ntree:\n  - title: l0\n    children: &l0 [ {title: a}, {title: b} ]\n"
for k in range(1, levels):
    text += f"  - title: l{k}\n    children: &l{k} [ {{title: a, children: *l{k-1}}}, {{title: b, children: *l{k-1}}} ]\n"
open(path, "w").write(text)
PY
echo "file: $(wc -c < "$work/bomb.yaml") bytes, naming about 2^$((LEVELS + 1)) nodes"
/usr/bin/time -f "refused in %e s, peak %M KB" "$UNFOLD" render "$work/bomb.yaml" --out "$work/out" 2>&1 | grep -v "^  hint" | sed 's|^.*bomb.yaml:[0-9:]* ||' || true
