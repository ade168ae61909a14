#!/usr/bin/env bash
# Checks the live tree (`--outputs html`) in headless Chromium: Debian's
# chromium, driven by Playwright for Python, with axe-core from PyPI's
# axe-playwright-python, in the review page's venv (.build/review-venv).
#   scripts/check-html.sh [UNFOLD_BINARY] [--keep DIR]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
[ $# -gt 0 ] && shift
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
if ! "$VENV/bin/python" -c "import axe_playwright_python" 2>/dev/null; then
  echo "== installing axe-playwright-python into $VENV"
  "$VENV/bin/pip" install -q axe-playwright-python==0.1.8
fi
"$VENV/bin/python" scripts/check-html.py "$UNFOLD" "$@"
