#!/usr/bin/env bash
# What verifying every reference costs: `unfold test --record never` on the
# Examples (an unchanged suite: every picture passes) with this checkout's
# build and with REV's, each in its own checkout with its own references.
# Builds REV's unfold (release) in a git worktree, then alternates the two
# ROUNDS times after one warm-up run each, and prints the medians and ratio.
#   scripts/bench-test-run.sh [REV]   (default be18b70: before references were verified)
# Env: ROUNDS (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:-be18b70}
ROUNDS=${ROUNDS:-7}
base=.build/bench-$REV
if [ ! -d "$base" ]; then
  git worktree add --detach "$base" "$REV" >/dev/null
fi
(cd "$base" && swift build -c release --product unfold >/dev/null)
swift build -c release --product unfold >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {  # run NAME DIR: milliseconds of one `unfold test` in DIR
  local start end
  start=$(date +%s%N)
  (cd "$2" && .build/release/unfold test --record never --artifacts "$tmp/$1" >/dev/null)
  end=$(date +%s%N)
  echo "$1 $(((end - start) / 1000000))"
}

run "$REV" "$base" >/dev/null
run current . >/dev/null
for _ in $(seq "$ROUNDS"); do
  run "$REV" "$base" >>"$tmp/times"
  run current . >>"$tmp/times"
done
python3 - "$tmp/times" "$REV" <<'PYEOF'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    name, ms = line.split()
    times.setdefault(name, []).append(int(ms))
rev = sys.argv[2]
a, b = statistics.median(times[rev]), statistics.median(times["current"])
print(f"| unfold test --record never, Examples (median of {len(times[rev])}) | {rev} ms | current ms | current / {rev} |")
print("|---|---:|---:|---:|")
print(f"| whole process | {a:.0f} | {b:.0f} | {b / a:.3f} |")
PYEOF
