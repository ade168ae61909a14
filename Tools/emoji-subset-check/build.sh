#!/usr/bin/env bash
# Builds check.c and runs it on the original Symbola_hint.ttf (fonts-symbola
# 2.60-1.1, downloaded with apt and checked against its SHA-256, as
# scripts/subset-emoji-font.sh does) and Fonts/SymbolaEmoji.ttf:
#
#   Tools/emoji-subset-check/build.sh                        # about 20 s
#   SYMBOLA_TTF=/path/to/Symbola_hint.ttf Tools/emoji-subset-check/build.sh
#   Tools/emoji-subset-check/build.sh ORIGINAL.ttf SUBSET.ttf
#
# Needs gcc (or $CC), pkg-config, libfreetype-dev and libharfbuzz-dev (the
# results in Fonts/README.md are from FreeType 2.12.1 and HarfBuzz 6.0.0,
# Debian 12's). Exits non-zero if any kept code point draws or shapes
# differently. Env: CC (default gcc), OUT (build dir, default /tmp/emoji-subset-check).
set -euo pipefail
cd "$(dirname "$0")/../.."
CC=${CC:-gcc}
OUT=${OUT:-/tmp/emoji-subset-check}
SOURCE_SHA256=af8bd8cc9c808272034651cb5ebf6c38370ae536fe631eb89462f127f11e793f
mkdir -p "$OUT"
"$CC" -std=c11 -O2 -Wall -Wextra -Werror Tools/emoji-subset-check/check.c \
  $(pkg-config --cflags --libs freetype2 harfbuzz) -o "$OUT/check"

if [ $# -eq 2 ]; then
  exec "$OUT/check" "$1" "$2"
fi
original=${SYMBOLA_TTF:-}
if [ -z "$original" ]; then
  original=$OUT/root/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf
  if [ ! -f "$original" ]; then
    # apt runs as root here: let its _apt user write the download too.
    mkdir -p "$OUT/deb" && chmod 777 "$OUT/deb"
    (cd "$OUT/deb" && apt-get download -q fonts-symbola=2.60-1.1)
    dpkg-deb -x "$OUT/deb/fonts-symbola_2.60-1.1_all.deb" "$OUT/root"
  fi
fi
echo "$SOURCE_SHA256  $original" | sha256sum --check --quiet
exec "$OUT/check" "$original" Fonts/SymbolaEmoji.ttf
