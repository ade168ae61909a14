#!/usr/bin/env bash
# Tests `unfold review` in headless Chromium: Debian's chromium, driven by
# Playwright for Python (installed from PyPI into a venv in .build/review-venv).
#   scripts/check-review.sh [UNFOLD_BINARY]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
. scripts/browser-venv.sh
"$VENV/bin/python" Tests/review/test_review.py "$UNFOLD"
