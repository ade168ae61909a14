#!/usr/bin/env bash
# Installs the C libraries Unfold links (only those missing), then builds it.
#   ./setup.sh              the libraries and the release build of unfold
#   ./setup.sh --libraries  the libraries alone (to run an unfold built elsewhere)
set -euo pipefail
cd "$(dirname "$0")"
need=()
for pkg in libpng-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libyaml-dev zlib1g-dev libdeflate-dev libgif-dev libwebp-dev pkg-config; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
[ "${1:-}" = "--libraries" ] && exit 0
swift build -c release --static-swift-stdlib --product unfold
