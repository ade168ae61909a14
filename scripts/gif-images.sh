#!/usr/bin/env bash
# Renders docs/pictures.md's GIF frame (docs/gif-frame-apng.png, docs/gif-frame.png):
# frame 6 of `Examples/presets.yaml --preset macos` (a collapse under way:
# fading rows, the selection, folder and file icons), cropped to its upper
# left and enlarged 2x without smoothing, from the APNG (the true colours)
# and from the GIF (each frame's own palette, dithered).
#   scripts/gif-images.sh [UNFOLD]   (default .build/release/unfold)
# Needs Pillow: PYTHON (default .build/pillow-venv/bin/python, which
# scripts/check-animations.sh makes).
set -euo pipefail
cd "$(dirname "$0")/.."
unfold=${1:-.build/release/unfold}
python=${PYTHON:-.build/pillow-venv/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$unfold" render Examples/presets.yaml --preset macos --outputs animation,gif --out "$tmp" >/dev/null
"$python" - "$tmp" <<'PY'
import sys
from PIL import Image
tmp = sys.argv[1]
def frame(path, k):
    image = Image.open(path)
    image.seek(k)
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image.convert("RGBA")).convert("RGB")
for name, path in (("gif-frame-apng", "presets/animation.png"), ("gif-frame", "presets/animation.gif")):
    picture = frame(f"{tmp}/{path}", 6).crop((0, 0, 300, 200))
    picture.resize((600, 400), Image.NEAREST).save(f"docs/{name}.png", optimize=True)
PY
echo "docs/: gif-frame-apng.png, gif-frame.png"
