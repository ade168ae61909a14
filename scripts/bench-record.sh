#!/usr/bin/env bash
# What recording costs against checking: `unfold test --record all` and
# `unfold test --record never` on a copy of the Examples and their
# references (the checkout is not touched), release build, one warm-up run
# each, then ROUNDS runs each, alternated (scripts/record-vs-check.py);
# prints the medians and the ratio.
#   scripts/bench-record.sh [UNFOLD]   (default .build/release/unfold)
# Env: ROUNDS (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=$(realpath "${1:-.build/release/unfold}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Examples Snapshots "$work/"
cd "$work"
python3 "$OLDPWD/scripts/record-vs-check.py" "unfold test on the Examples" "--record never (every reference checked)" \
  "--record all (every reference written)" -- "$UNFOLD" test --record "{mode}" --artifacts "$work/artifacts"
