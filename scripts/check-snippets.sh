#!/usr/bin/env bash
# Checks the picture snippets of every docs site (--site) in headless
# Chromium (scripts/check-snippets.py): Debian's chromium, Playwright for
# Python, and the sites' own markup processors from PyPI (Python-Markdown,
# as MkDocs uses; docutils, as Sphinx uses), in the browser checks' venv.
#   scripts/check-snippets.sh [UNFOLD_BINARY] [--keep DIR]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
[ $# -gt 0 ] && shift
. scripts/browser-venv.sh
pip_install markdown markdown==3.11.3
pip_install docutils docutils==0.23
"$VENV/bin/python" scripts/check-snippets.py "$UNFOLD" "$@"
