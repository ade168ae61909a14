#!/usr/bin/env bash
# Text rendering speed against another revision, in one run: builds REV's
# unfold-bench and unfold (release) in a git worktree beside this checkout's,
# then alternates the two, ROUNDS times each:
#   - `unfold-bench render` on the peers' Latin (phone), CJK (cjk) and long
#     specs: a frame drawn again and again (warm caches: shaped lines, glyphs);
#   - `unfold render` of the Examples both revisions know (Latin and Chinese;
#     states, frames and strips; one worker): every title shaped once, from a
#     cold start, as a whole process.
# Prints the median of each figure for both builds and their ratio.
#   scripts/bench-text.sh [REV]   (default 34cbc23: the last revision before HarfBuzz)
# Env: ROUNDS (default 5), RUNS (timed draws per spec and round, default 15).
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:-34cbc23}
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-15}
PEERS=${PEERS:-../shared/bench-peers}
base=.build/bench-$REV
if [ ! -d "$base" ]; then
  git worktree add --detach "$base" "$REV" >/dev/null
fi
(cd "$base" && swift build -c release --product unfold-bench >/dev/null && swift build -c release --product unfold >/dev/null)
swift build -c release --product unfold-bench >/dev/null
swift build -c release --product unfold >/dev/null
specs=("$PEERS"/specs/{phone,cjk,long}.json)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {  # run NAME BUILD_DIR: one round of every figure, as JSON lines tagged with NAME
  local name=$1 dir=$2
  "$dir/.build/release/unfold-bench" render "${specs[@]}" --runs "$RUNS" --threads 1 --json | sed "s/^{/{\"build\": \"$name\", /"
  local start end
  start=$(date +%s%N)
  "$dir/.build/release/unfold" render Examples/{regions,settings,catalog,files,tasks,presets}.yaml --out "$tmp/$name" \
    --outputs states,frames,strip --jobs 1 >/dev/null
  end=$(date +%s%N)
  echo "{\"build\": \"$name\", \"spec\": \"Examples\", \"draw_ms\": $(((end - start) / 1000000))}"
}

for _ in $(seq "$ROUNDS"); do
  run "$REV" "$base" >>"$tmp/results.jsonl"
  run current . >>"$tmp/results.jsonl"
done

python3 - "$tmp/results.jsonl" "$REV" <<'PYEOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rev = sys.argv[2]
print(f"| figure (median of rounds) | {rev} ms | current ms | current / {rev} |")
print("|---|---:|---:|---:|")
for spec, label in [("phone", "phone (Latin), draw"), ("cjk", "cjk (Chinese), draw"), ("long", "long (Latin), draw"),
                    ("Examples", "unfold render of 6 Examples, 1 worker (whole process)")]:
    old = statistics.median(r["draw_ms"] for r in rows if r["spec"] == spec and r["build"] == rev)
    new = statistics.median(r["draw_ms"] for r in rows if r["spec"] == spec and r["build"] == "current")
    print(f"| {label} | {old:.2f} | {new:.2f} | {new / old:.3f} |")
PYEOF
