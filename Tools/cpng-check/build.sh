#!/usr/bin/env bash
# Builds Sources/CPNG standalone with gcc and runs its checks:
#   1. every check (main.c) in an -O2 build;
#   2. every check again under AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. multi-band round trips (threads 1, 2, 5) under ThreadSanitizer;
#   4. the corrupt-input checks under valgrind, if installed;
#   5. the fuzzer's regression inputs (Tools/fuzz/regressions/png) on every
#      decoder entry point, in the ASan + UBSan build.
# Exits non-zero on the first failure.
#
#   Tools/cpng-check/build.sh                 # the checks (about 85 s on 2 cores)
#   Tools/cpng-check/build.sh ci              # steps 1, 2 and 5 only (about 60 s; CI on every push)
#   Tools/cpng-check/build.sh bench FILE.png  # also the benchmark (needs libdeflate-dev libisal-dev)
#
# Env: CC (default gcc), TSAN_CC (default gcc), OUT (build dir, default /tmp/cpng-check), PYTHON (a
# python3 with Pillow; if the default has none, a venv with Pillow is made in $OUT).
set -euo pipefail
cd "$(dirname "$0")"
SRC=../../Sources/CPNG
CC=${CC:-gcc}
OUT=${OUT:-/tmp/cpng-check}
mkdir -p "$OUT"
CFLAGS="-std=c11 -gdwarf-4 -Wall -Wextra -Werror -I$SRC/include -I$SRC $(pkg-config --cflags libpng zlib)"
LIBS="$(pkg-config --libs libpng zlib) -lpthread"
# other files of the target may use libdeflate (Package.swift links it for CPNG)
if grep -q "libdeflate.h" $SRC/*.c; then LIBS="$LIBS -ldeflate"; fi

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c "import PIL" 2>/dev/null; then
  if [ ! -x "$OUT/venv/bin/python" ] || ! "$OUT/venv/bin/python" -c "import PIL" 2>/dev/null; then
    echo "== making a venv with Pillow in $OUT/venv"
    python3 -m venv "$OUT/venv" && "$OUT/venv/bin/pip" install -q pillow
  fi
  PYTHON="$OUT/venv/bin/python"
fi
export PYTHON

MODE=${1:-}
step_start=$(date +%s)
took() { local now; now=$(date +%s); echo "   ($((now - step_start)) s)"; step_start=$now; }

echo "== build ($CC -O2)"
$CC $CFLAGS -O2 main.c $SRC/*.c $LIBS -o "$OUT/cpng-check"
echo "== checks"
"$OUT/cpng-check" all "$OUT"
took

echo "== checks under ASan + UBSan"
$CC $CFLAGS -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  main.c $SRC/*.c $LIBS -o "$OUT/cpng-check-asan"
ASAN_OPTIONS=detect_leaks=1 "$OUT/cpng-check-asan" all "$OUT"
took

echo "== fuzzer regression inputs under ASan + UBSan"
shopt -s nullglob
regressions=(../fuzz/regressions/png/*)
ASAN_OPTIONS=detect_leaks=1 "$OUT/cpng-check-asan" files "${regressions[@]}"
took

if [ "$MODE" = ci ]; then
  echo "== all CPNG checks passed (ci mode: TSan and valgrind skipped)"
  exit 0
fi

echo "== multi-band round trips under TSan"
# gcc's TSan: the Swift toolchain's clang links a TSan runtime that needs libdispatch
${TSAN_CC:-gcc} $CFLAGS -O1 -fsanitize=thread main.c $SRC/*.c $LIBS -o "$OUT/cpng-check-tsan"
TSAN_OPTIONS=halt_on_error=1 "$OUT/cpng-check-tsan" threads "$OUT"
took

if command -v valgrind >/dev/null; then
  echo "== corrupt input under valgrind"
  valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
    "$OUT/cpng-check" corrupt "$OUT"
  took
else
  echo "== valgrind not installed: skipped"
fi

if [ "$MODE" = bench ]; then
  shift
  echo "== benchmark"
  $CC $CFLAGS -O2 bench.c $SRC/*.c $LIBS -ldeflate -lisal -o "$OUT/cpng-bench"
  "$OUT/cpng-bench" "$@"
fi
echo "== all CPNG checks passed"
