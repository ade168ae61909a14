#!/usr/bin/env bash
# Builds Sources/CAnimation standalone with gcc and runs its checks (main.c, with
# check.py reading every file with Pillow):
#   1. every check in an -O2 build;
#   2. every check again under AddressSanitizer + UndefinedBehaviorSanitizer,
#      and the files of both builds compared byte for byte (the same frames
#      give the same bytes whatever the build).
# Exits non-zero on the first failure.
#
#   Tools/canim-check/build.sh                 # the checks (about 10 s)
#   Tools/canim-check/build.sh bench FRAMES    # then the benchmark on a frame file (frames.py
#                                              # makes one from an APNG; see RESULTS.md)
#
# Needs libgif-dev, libwebp-dev (libwebp, libwebpmux) and pkg-config; the benchmark also builds
# Sources/CPNG (libpng-dev, zlib1g-dev, libdeflate-dev) for APNG beside GIF and WebP.
# Env: CC (default gcc), OUT (build dir, default /tmp/canim-check), PYTHON (a python3 with
# Pillow; if the default has none, a venv with Pillow is made in $OUT).
set -euo pipefail
here=$PWD
cd "$(dirname "$0")"
SRC=../../Sources/CAnimation
CC=${CC:-gcc}
OUT=${OUT:-/tmp/canim-check}
mkdir -p "$OUT/o2" "$OUT/asan"
CFLAGS="-std=c11 -gdwarf-4 -Wall -Wextra -Werror -I$SRC/include -I$SRC $(pkg-config --cflags libwebp libwebpmux)"
LIBS="$(pkg-config --libs libwebp libwebpmux) -lgif"

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c "import PIL" 2>/dev/null; then
  if [ ! -x "$OUT/venv/bin/python" ] || ! "$OUT/venv/bin/python" -c "import PIL" 2>/dev/null; then
    echo "== making a venv with Pillow in $OUT/venv"
    python3 -m venv "$OUT/venv" && "$OUT/venv/bin/pip" install -q pillow
  fi
  PYTHON="$OUT/venv/bin/python"
fi
export PYTHON

step_start=$(date +%s)
took() { local now; now=$(date +%s); echo "   ($((now - step_start)) s)"; step_start=$now; }

echo "== build ($CC -O2)"
$CC $CFLAGS -O2 main.c $SRC/*.c $LIBS -o "$OUT/canim-check"
echo "== checks"
"$OUT/canim-check" all "$OUT/o2"
took

echo "== checks under ASan + UBSan"
$CC $CFLAGS -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  main.c $SRC/*.c $LIBS -o "$OUT/canim-check-asan"
ASAN_OPTIONS=detect_leaks=1 "$OUT/canim-check-asan" all "$OUT/asan"
took

echo "== the files of both builds, byte for byte"
n=0
for f in "$OUT"/o2/canim-*.gif "$OUT"/o2/canim-*.webp; do
  cmp "$f" "$OUT/asan/$(basename "$f")"
  n=$((n + 1))
done
echo "   $n files identical"

if [ "${1:-}" = bench ]; then
  shift
  CPNG=../../Sources/CPNG
  echo "== benchmark"
  # CPNG is built as Package.swift builds it: without this tool's -Werror
  $CC -std=c11 -O2 -I$SRC/include -I$CPNG/include -I$CPNG bench.c $SRC/*.c $CPNG/*.c \
    $(pkg-config --cflags --libs libpng zlib) $LIBS -ldeflate -lpthread -o "$OUT/canim-bench"
  frames=$1
  [[ $frames = /* ]] || frames=$here/$frames
  for f in apng gif webp; do "$OUT/canim-bench" "$frames" $f 3; done
fi
echo "== all CAnimation checks passed"
