#!/usr/bin/env bash
# Checks that unfold's pictures do not depend on the FreeType version: renders
# the Examples with the system's FreeType (Debian 12: 2.12.1) and again with
# the FreeType 2.14 that Pillow's wheels bundle (put first with
# LD_LIBRARY_PATH), and compares every file byte for byte.
#   scripts/check-freetype-versions.sh [UNFOLD_BINARY]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
U=$(realpath "${1:-.build/release/unfold}")
VENV=.build/pillow-venv
if ! "$VENV/bin/python" -c "import PIL" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q pillow
fi
libs=$("$VENV/bin/python" -c "import PIL, os; print(os.path.realpath(os.path.join(os.path.dirname(PIL.__file__), '..', 'pillow.libs')))")
bundled=$(ls "$libs"/libfreetype-*.so.6* | head -1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/lib"
ln -s "$bundled" "$tmp/lib/libfreetype.so.6"
# The FreeType each run loads, as the dynamic loader reports it.
loaded() { LD_DEBUG=libs "$@" "$U" --help 2>&1 | grep -o 'calling init: [^ ]*libfreetype[^ ]*' | head -1 | sed 's/calling init: //'; }
system=$(loaded env)
other=$(loaded env LD_LIBRARY_PATH="$tmp/lib:$libs")
echo "system FreeType:  $(realpath "$system")"
echo "bundled FreeType: $(realpath "$other")"
[ "$(realpath "$system")" != "$(realpath "$other")" ] || { echo "error: both runs load the same FreeType" >&2; exit 1; }
"$U" render Examples --out "$tmp/system" --outputs states,frames,strip,animation,updates > /dev/null
LD_LIBRARY_PATH="$tmp/lib:$libs" "$U" render Examples --out "$tmp/bundled" --outputs states,frames,strip,animation,updates > /dev/null
files=$(find "$tmp/system" -type f | wc -l)
if diff -rq "$tmp/system" "$tmp/bundled"; then
  echo "freetype: $files files byte-identical with both FreeType versions"
else
  echo "error: the pictures depend on the FreeType version" >&2
  exit 1
fi
