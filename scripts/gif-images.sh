#!/usr/bin/env bash
# Renders the README's before/after of a GIF frame (issue 20; docs/gif-frame-*.png):
# frame 6 of `Examples/presets.yaml --preset macos` (a collapse under way:
# fading rows, the selection, folder and file icons), cropped to its upper
# left and enlarged 2x without smoothing, from the APNG (the true colours),
# from the GIF of the fixed 251-colour palette without dithering, and from
# this one's GIF (each frame's own palette, dithered).
#   scripts/gif-images.sh BEFORE_BINARY [AFTER_BINARY]   (default .build/release/unfold)
# BEFORE_BINARY: unfold built with Sources/CAnimation as it was at 96d615f
# (before "GIF: a palette of each changed rectangle's own colours"), e.g. in a
# worktree of this commit: `git checkout 96d615f -- Sources/CAnimation`,
# remove Sources/CAnimation/canim_quant.c, `swift build -c release --product unfold`.
# Needs Pillow: PYTHON (default .build/pillow-venv/bin/python, which
# scripts/check-animations.sh makes).
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: scripts/gif-images.sh BEFORE_BINARY [AFTER_BINARY]}
after=${2:-.build/release/unfold}
python=${PYTHON:-.build/pillow-venv/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for when in before after; do
  U=$before
  [ "$when" = after ] && U=$after
  "$U" render Examples/presets.yaml --preset macos --outputs animation,gif --out "$tmp/$when" >/dev/null
done
cmp -s "$tmp/before/presets/animation.png" "$tmp/after/presets/animation.png" || {
  echo "gif-images: the two binaries draw different pixels (their APNGs differ): build BEFORE from this commit with the old Sources/CAnimation" >&2
  exit 1
}
"$python" - "$tmp" <<'PY'
import sys
from PIL import Image
tmp = sys.argv[1]
def frame(path, k):
    image = Image.open(path)
    image.seek(k)
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image.convert("RGBA")).convert("RGB")
for name, path in (("apng", "after/presets/animation.png"), ("before", "before/presets/animation.gif"),
                   ("after", "after/presets/animation.gif")):
    picture = frame(f"{tmp}/{path}", 6).crop((0, 0, 300, 200))
    picture.resize((600, 400), Image.NEAREST).save(f"docs/gif-frame-{name}.png", optimize=True)
PY
echo "docs/: gif-frame-apng.png, gif-frame-before.png, gif-frame-after.png"
