#!/usr/bin/env bash
# Builds and tests Examples/Consumer, a package that uses Unfold as a user
# does (by path, products only), then checks that its executable renders the
# same bytes when copied alone to another folder with the checkout's Fonts/
# out of reach: the fonts travel inside the binary.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Consumer"
swift build --build-tests
swift test
if grep -q '"swift-snapshot-testing"\|"swift-syntax"' Package.resolved; then
  echo "error: a package that uses only Unfold and UnfoldTesting resolved swift-snapshot-testing or swift-syntax" >&2
  exit 1
fi
grep -A6 '"yams"' Package.resolved | grep -q '"version" : "5.0.1"' || { echo "error: the consumer did not resolve Yams 5.0.1" >&2; exit 1; }
bin=$(swift build --show-bin-path)/render-settings
work=$(mktemp -d)
cp ../regions.yaml "$work/regions.yaml"
"$bin" "$work/regions.yaml" "$work/here"
mkdir "$work/alone"
cp "$bin" "$work/alone/render-settings"
fonts=../../Fonts
mv "$fonts" "$fonts.away"
trap 'mv "$fonts.away" "$fonts"' EXIT
(cd "$work/alone" && ./render-settings "$work/regions.yaml" "$work/there")
diff -r "$work/here" "$work/there"
echo "consumer: built, tested, and the copied executable wrote $(find "$work/there" -type f | wc -l) identical files without Fonts/"
rm -rf "$work"
