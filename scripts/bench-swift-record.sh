#!/usr/bin/env bash
# What recording costs against checking in Swift tests: Examples/Consumer's
# snapshot tests (a copy, outside the checkout, depending on it by path),
# built once in release, then `swift test --skip-build` with UNFOLD_RECORD=never
# (every reference checked) and UNFOLD_RECORD=all (every reference written;
# such a run reports what it recorded as failures, so its exit status is
# ignored), one warm-up run each, then ROUNDS runs each, alternated; prints
# the medians and the ratio.
#   scripts/bench-swift-record.sh
# Env: ROUNDS (default 5).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$repo/Examples/Consumer" "$work/Consumer"
rm -rf "$work/Consumer/.build"
sed -i "s|path: \"../..\"|path: \"$repo\"|" "$work/Consumer/Package.swift"
cd "$work/Consumer"
swift build -c release --build-tests >/dev/null 2>&1
python3 "$repo"/scripts/record-vs-check.py "swift test of Examples/Consumer, release" \
  "UNFOLD_RECORD=never (every reference checked)" "UNFOLD_RECORD=all (every reference written)" -- \
  env UNFOLD_RECORD="{mode}" swift test -c release --skip-build
