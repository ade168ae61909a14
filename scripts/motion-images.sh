#!/usr/bin/env bash
# Renders the README's before/after of issue 20 (docs/motion-*.png): a middle
# frame of collapsing a folder with `slide` and of collapsing one near the end
# of the list with `fade` (docs/motion/slide.yaml, fade.yaml), each with the
# renderer before the fix and with this one.
#   scripts/motion-images.sh BEFORE_BINARY [AFTER_BINARY]   (default .build/release/unfold)
# BEFORE_BINARY: an unfold of renderer 3, e.g. built from the commit before
# "Transition: rows that appear or disappear move as one block".
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: scripts/motion-images.sh BEFORE_BINARY [AFTER_BINARY]}
after=${2:-.build/release/unfold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for when in before after; do
  U=$before
  [ "$when" = after ] && U=$after
  "$U" render docs/motion/slide.yaml docs/motion/fade.yaml --out "$tmp/$when" --outputs frames
  cp "$tmp/$when/slide/step-01/frame-03.png" "docs/motion-slide-$when.png"
  cp "$tmp/$when/fade/step-01/frame-04.png" "docs/motion-fade-$when.png"
done
echo "docs/: motion-slide-{before,after}.png, motion-fade-{before,after}.png"
