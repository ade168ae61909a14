#!/usr/bin/env bash
# Renders the pictures of the README and docs/pictures.md into docs/ with unfold itself.
#   scripts/docs-images.sh [UNFOLD_BINARY]   (default .build/release/unfold)
# Animated PNGs are published once, so they are made with --effort max.
set -euo pipefail
cd "$(dirname "$0")/.."
U=${1:-.build/release/unfold}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$U" render Examples/regions.yaml Examples/settings.yaml --out "$tmp/a" --outputs states,strip
"$U" render Examples/regions.yaml --out "$tmp/b" --scale 1 --outputs animation --effort max
cp "$tmp/a/regions/state-00.png" docs/regions-collapsed.png
cp "$tmp/a/regions/state-05.png" docs/regions-expanded.png
cp "$tmp/a/regions/strip.png" docs/regions-strip.png
cp "$tmp/b/regions/animation.png" docs/regions-animation.png
cp "$tmp/a/settings/state-05.png" docs/settings-dark.png
# Row states: the tasks after the drop place is shown (step 5).
"$U" render Examples/tasks.yaml --out "$tmp/c" --outputs states
cp "$tmp/c/tasks/state-05.png" docs/tasks.png
# The presets, each in light and dark: docs/preset-<preset>-<theme>.png (the state after selecting a row).
for preset in ios macos explorer plain starlight; do
  "$U" render Examples/presets.yaml --out "$tmp/$preset" --preset "$preset" --theme light,dark --outputs states
  for theme in light dark; do cp "$tmp/$preset/presets-$theme/state-01.png" "docs/preset-$preset-$theme.png"; done
done
# Text in every script: each example after its selection step.
"$U" render Examples/arabic.yaml Examples/hebrew.yaml Examples/hindi.yaml Examples/thai.yaml Examples/emoji.yaml --out "$tmp/d" --outputs states
cp "$tmp/d/arabic/state-02.png" docs/script-arabic.png
for name in hebrew hindi thai emoji; do cp "$tmp/d/$name/state-02.png" "docs/script-$name.png"; done
# As narrow as its content, with padding and no background, in light and dark for a <picture>.
"$U" render Examples/files.yaml --out "$tmp/e" --outputs states --width fit --padding 8 --transparent --theme light,dark
for theme in light dark; do cp "$tmp/e/files-$theme/state-01.png" "docs/files-fit-$theme.png"; done
# A Starlight docs page's <FileTree>: annotations dimmer with their bold run, two highlighted entries.
"$U" render Examples/starlight.yaml --out "$tmp/f" --outputs states
cp "$tmp/f/starlight/state-00.png" docs/starlight.png
# The same state as PNG and as SVG (both themes in one file), and the animation as an SVG.
"$U" render Examples/files.yaml --out "$tmp/g" --outputs states,svg,animation
cp "$tmp/g/files/state-01.png" docs/svg-files-state.png
cp "$tmp/g/files/state-01.svg" docs/svg-files-state.svg
cp "$tmp/g/files/animation.svg" docs/svg-files-animation.svg
# Trees from docs pages, as they come out: a Starlight page's <FileTree> as one fully open still (light and
# dark, for a <picture>), and a page whose tree is `tree` output in a code block, as the default animation.
"$U" render --from Examples/trees/starlight.mdx --still --scale 1 --theme light,dark --out "$tmp/h" 2>/dev/null
for theme in light dark; do cp "$tmp/h/starlight-$theme/state-00.png" "docs/page-starlight-$theme.png"; done
"$U" render --from Examples/trees/installation.md --scale 1 --effort max --out "$tmp/i" 2>/dev/null
cp "$tmp/i/installation/animation.png" docs/page-tree-animation.png
echo "docs/: page-*.png, svg-files-*, starlight.png, files-fit-*.png, regions-*.png, settings-dark.png, preset-*.png, tasks.png, script-*.png"
