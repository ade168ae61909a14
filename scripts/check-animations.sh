#!/usr/bin/env bash
# Checks unfold's animated PNG, GIF and WebP with Pillow (scripts/check-animations.py),
# and bounds the GIF's colour error against the APNG (scripts/gif-colour-error.py: mean
# <= 1.5 and 99th percentile <= 12 per channel, 0-255), in a venv made in .build/pillow-venv.
#   scripts/check-animations.sh [UNFOLD_BINARY]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/pillow-venv
if ! "$VENV/bin/python" -c "import PIL" 2>/dev/null; then
  echo "== making $VENV with Pillow"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q pillow==13.0.0  # its wheel bundles FreeType 2.14.3 and HarfBuzz 14.5.0
fi
"$VENV/bin/python" scripts/check-animations.py "${1:-.build/release/unfold}"
"$VENV/bin/python" scripts/gif-colour-error.py "${1:-.build/release/unfold}" --max-mean 1.5 --max-p99 12
