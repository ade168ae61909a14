#!/usr/bin/env bash
# Runs the peer renderers (../shared/bench-peers/run_all.sh: Skia, Cairo, Pillow,
# headless Chromium) and `unfold-bench render` on the same specs in one run,
# and prints a table with our figures against the fastest and smallest peer.
# Env: N (peer runs, default 5), RUNS (ours, default 15), SKIP_PEERS=1 to reuse
# the peers' last results in $OUT/results.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=${PEERS:-../shared/bench-peers}
OUT=${OUT:-/tmp/peers/out}
export OUT
if [ "${SKIP_PEERS:-0}" != 1 ]; then
  N=${N:-5} "$PEERS/run_all.sh" >/tmp/unfold-peers.log 2>&1 || { tail -20 /tmp/unfold-peers.log; exit 1; }
fi
swift build -c release --product unfold-bench >/dev/null
ours=$(.build/release/unfold-bench render "$PEERS"/specs/{phone,cjk,long}.json --runs "${RUNS:-15}" --json)
python3 - "$OUT/results.jsonl" <<PYEOF
import json, sys
peers = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ours = [json.loads(l) for l in """$ours""".splitlines() if l.strip()]
name = lambda s: s.split("/")[-1].removesuffix(".json")
print("| spec | unfold draw ms | fastest peer draw | unfold draw+encode ms | fastest peer draw+encode | unfold PNG bytes | smallest peer PNG |")
print("|---|---:|---:|---:|---:|---:|---:|")
for o in ours:
    ps = [p for p in peers if name(p["spec"]) == o["spec"]]
    if not ps:
        print(f"| {o['spec']} | {o['draw_ms']} | (no peer) | {o['draw_encode_ms']} | | {o['png_bytes']} | |"); continue
    d = min(ps, key=lambda p: p["draw_ms"]); e = min(ps, key=lambda p: p["draw_encode_ms"]); b = min(ps, key=lambda p: p["png_bytes"])
    print(f"| {o['spec']} | {o['draw_ms']:.2f} | {d['draw_ms']:.2f} ({d['peer']}) = {o['draw_ms']/d['draw_ms']:.2f}x "
          f"| {o['draw_encode_ms']:.2f} | {e['draw_encode_ms']:.1f} ({e['peer']}) = {o['draw_encode_ms']/e['draw_encode_ms']:.2f}x "
          f"| {o['png_bytes']} | {b['png_bytes']} ({b['peer']}) = {o['png_bytes']/b['png_bytes']:.2f}x |")
PYEOF
