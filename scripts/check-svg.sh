#!/usr/bin/env bash
# Checks unfold's SVG output with independent renderers (scripts/check-svg.py):
# librsvg's rsvg-convert (Debian's librsvg2-bin), resvg (PyPI resvg-cli, a
# native binary in the venv) and headless Chromium (Debian's chromium, driven
# by Playwright for Python), against unfold's own PNGs with `unfold diff`.
# First the harness's self-test on hand-made SVGs (right ones pass, wrong
# ones fail), then every scenario of Examples/.
#   scripts/check-svg.sh [UNFOLD_BINARY]   (default .build/release/unfold)
# Extra arguments after the binary go to check-svg.py (--keep DIR, --only a,b,
# --no-size-limit).
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
[ $# -gt 0 ] && shift
if [ ! -x "$UNFOLD" ]; then
  echo "check-svg: $UNFOLD is not an executable (build it: swift build -c release)" >&2
  exit 2
fi
. scripts/browser-venv.sh
apt_install rsvg-convert librsvg2-bin
# resvg goes beside Playwright in the venv.
if [ "$("$VENV/bin/resvg" --version 2>/dev/null)" != 0.44.0 ]; then
  echo "== installing resvg 0.44.0 (PyPI resvg-cli) into $VENV"
  "$VENV/bin/pip" install -q resvg-cli==0.44.0
fi
echo "rsvg-convert: $(rsvg-convert --version)"
echo "resvg: $("$VENV/bin/resvg" --version)"
echo "chromium: $(chromium --version 2>/dev/null)"
RESVG="$VENV/bin/resvg" "$VENV/bin/python" scripts/check-svg.py --self-test "$UNFOLD"
RESVG="$VENV/bin/resvg" "$VENV/bin/python" scripts/check-svg.py "$UNFOLD" "$@"
