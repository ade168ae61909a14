#!/usr/bin/env bash
# Times Unfold's image diff against the peers in one run, on the peers' pair
# (phone vs phone-b, drawn by Pillow: ../shared/bench-peers/diff_peers.py):
# pixelmatch, Pillow, numpy and ImageMagick's whole `compare` process, then
# `unfold-bench diff` (decode, compare) and the whole `unfold diff` process.
# Env: N (runs, default 11), VENV (the peers' venv, default /tmp/peers/venv),
# OUT (the peers' PNGs, default /tmp/peers/out; run scripts/bench-render.sh or
# ../shared/bench-peers/run_all.sh first to make them).
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=${PEERS:-../shared/bench-peers}
OUT=${OUT:-/tmp/peers/out}
VENV=${VENV:-/tmp/peers/venv}
N=${N:-11}
A="$OUT/pillow-phone.png" B="$OUT/pillow-phone-b.png"
[ -f "$A" ] && [ -f "$B" ] || { echo "missing $A or $B: run $PEERS/run_all.sh first" >&2; exit 2; }
swift build -c release --static-swift-stdlib --product unfold >/dev/null
swift build -c release --product unfold-bench >/dev/null
peers=$("$VENV/bin/python" "$PEERS/diff_peers.py" "$A" "$B" "$N")
ours=$(.build/release/unfold-bench diff "$A" "$B" --runs "$N" --json)
"$VENV/bin/python" - "$A" "$B" "$N" <<PYEOF
import json, statistics, subprocess, sys, time
a, b, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
peers = {p["peer"]: p for p in (json.loads(l) for l in """$peers""".splitlines() if l.strip())}
ours = json.loads("""$ours""")
def process(cmd):
    ts = []
    for _ in range(n + 1):
        t0 = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); ts.append(time.perf_counter() - t0)
    return statistics.median(ts[1:]) * 1e3
whole = process([".build/release/unfold", "diff", a, b])
magick = process(["compare", "-metric", "AE", a, b, "null:"])
numpy = peers["numpy (RGBA as uint32) !="]["ms"]
print("| what | ms | result |")
print("|---|---:|---|")
for name, p in peers.items():
    print(f"| {name} | {p['ms']:.1f} | {p['result']} |")
print(f"| unfold: decode both PNGs | {ours['decode_ms']:.1f} | |")
print(f"| unfold: compare (threshold 0.1, anti-aliasing detection) | {ours['compare_ms']:.2f} | {ours['different']} different, {ours['anti_aliased']} anti-aliased |")
print(f"| unfold diff, whole process | {whole:.1f} | |")
print(f"| ImageMagick compare, whole process (same run) | {magick:.1f} | |")
print()
print(f"whole process: unfold diff / ImageMagick compare = {whole / magick:.3f} (target <= 0.1)")
print(f"comparison: unfold compare / numpy != = {ours['compare_ms'] / numpy:.2f} (target <= 2)")
PYEOF
