#!/usr/bin/env bash
# Coverage-guided fuzzing of the CPNG decoders with libFuzzer (fuzz_png.c).
#
#   Tools/fuzz/png.sh [SECONDS]      build, then fuzz for SECONDS (default 60), niced
#   Tools/fuzz/png.sh --regressions  build, then replay Tools/fuzz/regressions/png/* (seconds; for CI)
#
# The corpus lives in $OUT/corpus (default OUT=/tmp/cpng-fuzz), seeded from
# Snapshots/**/*.png, docs/*.png, tiny generated PNGs of every colour type,
# bit depth, interlacing and tRNS, and "RCP" recipes (gen_seeds.c, fuzz_png.c). A crash or disagreement
# leaves $OUT/crash-* (or leak-*, timeout-*): fix it, then copy the input into
# regressions/png/. Env: FUZZ_CC (default clang, the Swift toolchain's),
# JOBS (parallel fuzzing jobs, default 1).
set -euo pipefail
cd "$(dirname "$0")"
HERE=$(pwd)
ROOT=../..
SRC=$ROOT/Sources/CPNG
OUT=${OUT:-/tmp/cpng-fuzz}
FUZZ_CC=${FUZZ_CC:-clang}
mkdir -p "$OUT/corpus" "$OUT/seeds"

CFLAGS="-std=c11 -g -O1 -Wall -Wextra -Werror -I$SRC/include -I$SRC $(pkg-config --cflags libpng zlib)"
LIBS="$(pkg-config --libs libpng zlib) -ldeflate -lpthread"
echo "== build $OUT/fuzz_png ($FUZZ_CC -fsanitize=fuzzer,address,undefined)"
$FUZZ_CC $CFLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  fuzz_png.c $SRC/*.c $LIBS -o "$OUT/fuzz_png" 2> >(grep -v "Cannot export local symbol" >&2)

if [ "${1:-}" = --regressions ]; then
  shopt -s nullglob
  files=(regressions/png/*)
  echo "== replaying ${#files[@]} regression inputs"
  if [ ${#files[@]} -gt 0 ]; then
    ASAN_OPTIONS=detect_leaks=1 "$OUT/fuzz_png" -rss_limit_mb=2048 -timeout=20 "${files[@]}" 2>&1 | tail -n 3
  fi
  echo "== regressions passed"
  exit 0
fi

SECONDS_TO_RUN=${1:-60}
gcc -std=c11 -O1 -Wall -Wextra $(pkg-config --cflags libpng) gen_seeds.c $(pkg-config --libs libpng zlib) -o "$OUT/gen_seeds"
"$OUT/gen_seeds" "$OUT/seeds"
find "$ROOT/Snapshots" -name '*.png' -size -64k -exec cp {} "$OUT/seeds/" \; 2>/dev/null || true
cp "$ROOT"/docs/*.png "$OUT/seeds/" 2>/dev/null || true
[ -d regressions/png ] && cp regressions/png/* "$OUT/seeds/" 2>/dev/null || true

echo "== fuzzing for $SECONDS_TO_RUN s (corpus $OUT/corpus, seeds $OUT/seeds, log $OUT/last-run.log)"
cd "$OUT"
JOBS=${JOBS:-1}
PAR=()
[ "$JOBS" -gt 1 ] && PAR=(-jobs="$JOBS" -workers="$JOBS")   # then each job logs to $OUT/fuzz-N.log
start=$(date +%s)
status=0
ASAN_OPTIONS=detect_leaks=1 nice -n 19 ./fuzz_png corpus seeds \
  -dict="$HERE/png.dict" -max_len=65536 -rss_limit_mb=2048 -timeout=20 -max_total_time="$SECONDS_TO_RUN" \
  -print_final_stats=1 "${PAR[@]}" > "$OUT/last-run.log" 2>&1 || status=$?
grep -E "INITED|DONE|ERROR|SUMMARY|png_oracle|stat::|Test unit written" "$OUT/last-run.log" | tail -n 20
grep -E "^#[0-9]+" "$OUT/last-run.log" | tail -n 1
echo "== $(( $(date +%s) - start )) s, exit status $status"
exit $status
