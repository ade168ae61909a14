#!/usr/bin/env bash
# Tests `unfold review` in headless Chromium: Debian's chromium, driven by
# Playwright for Python (installed from PyPI into a venv in .build/review-venv).
#   scripts/check-review.sh [UNFOLD_BINARY]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
if ! command -v chromium >/dev/null; then
  echo "== installing chromium"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get install -y -q chromium >/dev/null || { $sudo apt-get update -q && $sudo apt-get install -y -q chromium; }
fi
VENV=.build/review-venv
if ! "$VENV/bin/python" -c "import playwright" 2>/dev/null; then
  echo "== making $VENV with Playwright"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q playwright==1.65.2
fi
"$VENV/bin/python" Tests/review/test_review.py "$UNFOLD"
