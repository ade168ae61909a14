#!/usr/bin/env bash
# Renders docs/pictures.md's motion frames (docs/motion-slide.png,
# docs/motion-fade.png): a middle frame of collapsing a folder with `slide`
# and of collapsing one near the end of the list with `fade`
# (docs/motion/slide.yaml, fade.yaml).
#   scripts/motion-images.sh [UNFOLD]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
unfold=${1:-.build/release/unfold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$unfold" render docs/motion/slide.yaml docs/motion/fade.yaml --out "$tmp" --outputs frames
cp "$tmp/slide/step-01/frame-03.png" docs/motion-slide.png
cp "$tmp/fade/step-01/frame-04.png" docs/motion-fade.png
echo "docs/: motion-slide.png, motion-fade.png"
