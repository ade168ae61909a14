#!/usr/bin/env bash
# What recording costs against checking: `unfold test --record all` and
# `unfold test --record never` on a copy of the Examples and their
# references (the checkout is not touched), release build, one warm-up run
# each, then ROUNDS runs each, alternated; prints the medians and the ratio.
#   scripts/bench-record.sh [UNFOLD]   (default .build/release/unfold)
# Env: ROUNDS (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=$(realpath "${1:-.build/release/unfold}")
ROUNDS=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Examples Snapshots "$work/"
run() {  # run MODE: milliseconds of one `unfold test --record MODE`
  local start end
  start=$(date +%s%N)
  (cd "$work" && "$UNFOLD" test --record "$1" --artifacts "$work/artifacts" >/dev/null)
  end=$(date +%s%N)
  echo "$1 $(((end - start) / 1000000))"
}
run never >/dev/null
run all >/dev/null
for _ in $(seq "$ROUNDS"); do
  run never >>"$work/times"
  run all >>"$work/times"
done
python3 ./scripts/record-vs-check.py "$work/times" "unfold test on the Examples" "--record never (every reference checked)" "--record all (every reference written)"
