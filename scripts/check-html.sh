#!/usr/bin/env bash
# Checks the live tree (`--outputs html`) in headless Chromium: Debian's
# chromium, driven by Playwright for Python, with axe-core from PyPI's
# axe-playwright-python, in the review page's venv (.build/review-venv).
#   scripts/check-html.sh [UNFOLD_BINARY] [--keep DIR]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
[ $# -gt 0 ] && shift
. scripts/browser-venv.sh
pip_install axe_playwright_python axe-playwright-python==0.1.8
"$VENV/bin/python" scripts/check-html.py "$UNFOLD" "$@"
