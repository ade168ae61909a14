#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the scenario parser and playback.
#
#   Tools/fuzz-scenario/run.sh [SECONDS]    # build with -sanitize=fuzzer,address and fuzz (default 1800 s)
#   Tools/fuzz-scenario/run.sh --replay     # replay the committed inputs with a normal build (CI)
#
# The corpus starts from Examples/ and the committed inputs in inputs/; new
# crashing or hanging inputs go to inputs/ (commit them: they become tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=Tools/fuzz-scenario
if [ "${1:-}" = --replay ]; then
  # A debug build of the package has it already (CI's does); else build it.
  bin=$(swift build --show-bin-path)/unfold-fuzz
  [ -x "$bin" ] || swift build --product unfold-fuzz >/dev/null
  exec "$bin" "$here"/inputs/*
fi
seconds=${1:-1800}
# SwiftPM compiles the modules with coverage and ASan; its link step cannot
# take libFuzzer's main (it names the executable's own), so the objects are
# linked here with swiftc: those SwiftPM's own link names, and no stale one
# of a source file since moved or removed.
swift build -c release --product unfold-fuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >/dev/null 2>&1 || true
objects=$(swift build -c release --scratch-path .build-fuzz --show-bin-path)
bin=$objects/unfold-fuzz-libfuzzer
swiftc -sanitize=fuzzer,address -o "$bin" \
  $(cat "$objects/unfold-fuzz.product/Objects.LinkFileList") -lyaml
corpus=${CORPUS:-/tmp/unfold-fuzz-scenario}
mkdir -p "$corpus"
cp Examples/*.yaml "$here"/inputs/* "$corpus"/ 2>/dev/null || true
cd "$here/inputs"
"$bin" "$corpus" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=2048 -timeout=10 \
  -dict=../yaml.dict -print_final_stats=1 2>&1 | tee /tmp/unfold-fuzz-scenario.log | grep -E "^#[0-9]+[[:space:]]+(pulse|DONE)|stat::|ERROR|SUMMARY" || true
