#!/usr/bin/env bash
# Times Unfold's image diff against the peers in one run, on the peers' pair
# (phone vs phone-b, drawn by Pillow: ../shared/bench-peers/diff_peers.py):
# pixelmatch v7.2.0 itself under node (on raw RGBA, as a peer of comparing
# decoded buffers), pixelmatch in Python, Pillow, numpy, and ImageMagick's and
# `unfold diff`'s whole processes (alternating runs, the static binary that
# setup.sh builds), then `unfold-bench diff` (decode, compare).
# Env: N (runs, default 11), VENV (the peers' venv, default /tmp/peers/venv),
# OUT (the peers' PNGs, default /tmp/peers/out; run ../shared/bench-peers/run_all.sh
# first to make them), PIXELMATCH (default ../shared/peers/pixelmatch-v7.2.0).
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=${PEERS:-../shared/bench-peers}
PIXELMATCH=${PIXELMATCH:-../shared/peers/pixelmatch-v7.2.0}
OUT=${OUT:-/tmp/peers/out}
VENV=${VENV:-/tmp/peers/venv}
N=${N:-11}
A="$OUT/pillow-phone.png" B="$OUT/pillow-phone-b.png"
[ -f "$A" ] && [ -f "$B" ] || { echo "missing $A or $B: run $PEERS/run_all.sh first" >&2; exit 2; }
swift build -c release --static-swift-stdlib --product unfold >/dev/null
swift build -c release --product unfold-bench >/dev/null
peers=$("$VENV/bin/python" "$PEERS/diff_peers.py" "$A" "$B" "$N")
size=$("$VENV/bin/python" - "$A" "$B" "$OUT" <<'PYEOF'
import sys
from PIL import Image
for name, path in (("a", sys.argv[1]), ("b", sys.argv[2])):
    image = Image.open(path).convert("RGBA")
    open(f"{sys.argv[3]}/{name}.rgba", "wb").write(image.tobytes())
print(image.width, image.height)
PYEOF
)
node_peer=$(node "$PIXELMATCH/bench.mjs" "$OUT/a.rgba" "$OUT/b.rgba" $size "$N")
ours=$(.build/release/unfold-bench diff "$A" "$B" --runs "$N" --json)
"$VENV/bin/python" - "$A" "$B" "$N" <<PYEOF
import json, statistics, subprocess, sys, time
a, b, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
peers = {p["peer"]: p for p in (json.loads(l) for l in """$peers""".splitlines() if l.strip())}
node = json.loads("""$node_peer""")
ours = json.loads("""$ours""")
def run(cmd):
    t0 = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0
unfold = [".build/release/unfold", "diff", a, b]
magick = ["compare", "-metric", "AE", a, b, "null:"]
ratios, tu, tm = [], [], []
run(unfold); run(magick)  # warm the page cache
for _ in range(n):  # alternate, so that both see the same machine
    u, m = run(unfold), run(magick)
    tu.append(u); tm.append(m); ratios.append(u / m)
whole, im = statistics.median(tu) * 1e3, statistics.median(tm) * 1e3
print("| what | ms | result |")
print("|---|---:|---|")
print(f"| pixelmatch {node['version']} under node, compare only | {node['compare_ms']:.2f} | {node['mismatch']} |")
for name, p in peers.items():
    print(f"| {name} | {p['ms']:.1f} | {p['result']} |")
print(f"| unfold: decode both PNGs | {ours['decode_ms']:.1f} | |")
print(f"| unfold: compare (pixelmatch's algorithm, threshold 0.1) | {ours['compare_ms']:.2f} | {ours['different']} different, {ours['anti_aliased']} anti-aliased |")
print(f"| unfold diff, whole process (median of {n} alternating runs) | {whole:.1f} | |")
print(f"| ImageMagick compare, whole process (same runs) | {im:.1f} | |")
print()
print(f"compare: unfold / pixelmatch under node = {ours['compare_ms'] / node['compare_ms']:.3f} (target <= 0.25)")
print(f"whole process: unfold diff / ImageMagick compare = median {statistics.median(ratios):.3f}, "
      f"range {min(ratios):.3f}-{max(ratios):.3f} over {n} pairs (target <= 0.1)")
PYEOF
