#!/usr/bin/env bash
# Times the shipped CI workflow (docs/github-actions.yml) on this repository's
# Examples, locally and one job after another, against the workflow it
# replaced, in which every job (three shards and the merge) ran ./setup.sh.
#   before: each of the 4 jobs builds unfold (a cold release build) and, for a shard, tests
#   after:  one job builds; each of the 4 installs the libraries (./setup.sh --libraries) and uses that binary
# Each job starts from a fresh clone of HEAD, as a CI runner does. The cold
# build is timed once (every job's build is the same build of the same
# clone) and counted once per job that runs it; the libraries step is counted
# at its slowest of the shards' for every job. Prints the machine time and
# the critical path (build, then the slowest shard, then the merge).
#   scripts/bench-workflow.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.1f}')"; }

git clone -q "$repo" "$work/build"
start=$(now); (cd "$work/build" && ./setup.sh >/dev/null 2>&1); build=$(seconds "$start" "$(now)")
shards=()
libraries=0
for k in 1 2 3; do
  git clone -q "$repo" "$work/shard$k"
  mkdir -p "$work/shard$k/.build/release"
  cp "$work/build/.build/release/unfold" "$work/shard$k/.build/release/unfold"
  start=$(now); (cd "$work/shard$k" && ./setup.sh --libraries >/dev/null); libraries=$(python3 -c "print(max($libraries, $(seconds "$start" "$(now)")))")
  start=$(now)
  (cd "$work/shard$k" && CI=true .build/release/unfold test --shard "$k/3" --artifacts "shards/$k" >/dev/null)
  shards+=("$(seconds "$start" "$(now)")")
done
# Every shard passed: the merge job finds no report and writes the summary line alone.
start=$(now); (cd "$work/shard1" && { ls shards/*/report.json >/dev/null 2>&1 || echo "every shard passed" >/dev/null; }); merge=$(seconds "$start" "$(now)")

python3 - "$build" "$libraries" "$merge" "${shards[@]}" <<'PY'
import sys
build, libraries, merge, *shards = map(float, sys.argv[1:])
jobs = len(shards) + 1
before = {"machine": jobs * build + sum(shards) + merge, "path": build + max(shards) + build + merge}
after = {"machine": build + jobs * libraries + sum(shards) + merge, "path": build + libraries + max(shards) + libraries + merge}
print(f"cold release build {build:.1f} s; libraries step {libraries:.1f} s; shards {', '.join(f'{s:.1f}' for s in shards)} s; merge {merge:.1f} s")
print(f"before (every job builds): {before['machine']:.0f} s of machine time, {before['path']:.0f} s critical path")
print(f"after (built once):        {after['machine']:.0f} s of machine time, {after['path']:.0f} s critical path")
print(f"saved: {before['machine'] - after['machine']:.0f} s of machine time ({after['machine'] / before['machine']:.2f}x), "
      f"{before['path'] - after['path']:.0f} s on the critical path")
PY
