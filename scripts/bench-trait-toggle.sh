#!/usr/bin/env bash
# What turning the SnapshotTesting trait on, and off again, costs a debug
# build of the strategy's target (`UnfoldSnapshotTesting`) that was built
# without it: SwiftPM passes a package's enabled traits to every target of
# the package as compilation conditions, so a toggle recompiles each of
# Unfold's modules. Prints each build's time and the modules it compiled.
# Run from anywhere: scripts/bench-trait-toggle.sh (about 10 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d /tmp/unfold-trait.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

build() {
    local label=$1
    shift
    local start=$SECONDS
    swift build --scratch-path "$scratch/build" --target UnfoldSnapshotTesting "$@" > "$scratch/log" 2>&1 || {
        cat "$scratch/log"
        exit 1
    }
    local modules ours
    modules=$( (grep -oE 'Compiling [A-Za-z_]+ ' "$scratch/log" || true) | sort -u | wc -l)
    ours=$( (grep -oE 'Compiling (Unfold|Outline|Scenario|CUnfold)[A-Za-z_]* ' "$scratch/log" || true) | sort -u | wc -l)
    printf '%-26s %4d s, %2d modules compiled (%d of them Unfold'"'"'s)\n' "$label" $((SECONDS - start)) "$modules" "$ours"
}

build "cold, trait off:"
build "again, trait off:"
build "trait turned on:" --traits SnapshotTesting
build "again, trait on:" --traits SnapshotTesting
build "trait turned off:"
