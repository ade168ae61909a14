#!/usr/bin/env bash
# Snapshot tests as a user runs them: a temporary package (outside the repo)
# that depends on this checkout by path, with a Swift Testing target of 8
# snapshot tests of the Examples (`Scenario.load(path:)`, then
# `checkOutlineSnapshot(_:snapshots:record:)` of UnfoldTesting, into a
# temporary folder). It records the references once, then times
# `swift test --skip-build` in release and in debug, each with Swift
# Testing's default parallelism and with `--no-parallel`, ROUNDS times after
# one warm-up run each, and prints the medians and the ratios:
# parallel / serial (in release) and debug / release.
#   scripts/bench-snapshot-tests.sh [REV]   REV: also a checkout of that revision
#                                           (a git worktree in .build/bench-REV), alternated with this one
# Env: ROUNDS (default 5); SCENARIOS (default: the 8 heaviest Examples);
#      BUILD_LOCK (default /tmp/unfold-swift-build.lock: builds and timed runs
#      hold it, so that no other Swift build runs meanwhile; needs flock).
# Figures: "test run" is the time Swift Testing reports for the run (the
# renders and comparisons); "swift test" is the whole command's wall time,
# which adds SwiftPM's start (the same in every mode).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
REV=${1:-}
ROUNDS=${ROUNDS:-5}
SCENARIOS=${SCENARIOS:-"regions settings catalog tasks arabic presets hebrew hindi"}
BUILD_LOCK=${BUILD_LOCK:-/tmp/unfold-swift-build.lock}
locked() { if command -v flock >/dev/null; then flock "$BUILD_LOCK" "$@"; else "$@"; fi; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# make_package NAME CHECKOUT: the consumer package of CHECKOUT in $tmp/NAME.
make_package() {
  local dir=$tmp/$1 checkout=$2
  mkdir -p "$dir/Tests/SnapshotBenchTests"
  cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SnapshotBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Unfold", path: "$checkout")],
    targets: [
        .testTarget(name: "SnapshotBenchTests", dependencies: [.product(name: "UnfoldTesting", package: "Unfold")])
    ]
)
EOF
  {
    cat <<EOF
import Foundation
import Testing
import UnfoldTesting

/// Records every reference when BENCH_RECORD is set; else a missing or different one fails.
func check(_ name: String) throws {
    let environment = ProcessInfo.processInfo.environment
    let scenario = try Scenario.load(path: "$checkout/Examples/\(name).yaml")
    let recording = environment["BENCH_RECORD"] != nil
    let check = checkOutlineSnapshot(scenario, snapshots: "$dir/snapshots", record: recording ? .all : .never)
    #expect(recording || !check.failed, "\(check.messages)")
}
EOF
    for s in $SCENARIOS; do
      echo ""
      echo "@Test func $(echo "$s" | tr -c 'a-zA-Z0-9\n' '_')() throws { try check(\"$s\") }"
    done
  } >"$dir/Tests/SnapshotBenchTests/SnapshotBenchTests.swift"
  (cd "$dir" && locked swift build -c release --build-tests >/dev/null && locked swift build --build-tests >/dev/null)
  (cd "$dir" && BENCH_RECORD=1 locked swift test -c release --skip-build >/dev/null 2>&1) || true
}

checkouts=(current)
make_package current "$repo"
if [ -n "$REV" ]; then
  base=.build/bench-$REV
  [ -d "$base" ] || git worktree add --detach "$base" "$REV" >/dev/null
  make_package "$REV" "$repo/$base"
  checkouts=("$REV" current)
fi

# run NAME CONFIG MODE OUT: one `swift test` run; appends "NAME CONFIG MODE test_ms wall_ms" to OUT.
run() {
  local name=$1 config=$2 mode=$3 start end out
  local args=(-c "$config" --skip-build)
  [ "$mode" = serial ] && args+=(--no-parallel)
  start=$(date +%s%N)
  if ! out=$(cd "$tmp/$name" && swift test "${args[@]}" 2>&1); then
    echo "$out" | tail -20 >&2
    echo "error: the snapshot tests of $name failed ($config, $mode)" >&2
    exit 1
  fi
  end=$(date +%s%N)
  local seconds
  seconds=$(echo "$out" | sed -n 's/.*Test run with [0-9]* tests\{0,1\} .*passed after \([0-9.]*\) seconds.*/\1/p' | tail -1)
  echo "$name $config $mode $(python3 -c "print(round(${seconds:-0} * 1000))") $(((end - start) / 1000000))" >>"$4"
}

# One configuration at a time: the first `swift test` after a package switches
# between release and debug takes longer (about 0.1 s), and that run is a warm-up.
measure() {
  for config in release debug; do
    for name in "${checkouts[@]}"; do
      for mode in parallel serial; do run "$name" "$config" "$mode" /dev/null; done
    done
    for _ in $(seq "$ROUNDS"); do
      for name in "${checkouts[@]}"; do
        for mode in parallel serial; do run "$name" "$config" "$mode" "$tmp/times"; done
      done
    done
  done
}
# Timed runs hold the build lock too, so that no build on the machine runs meanwhile.
export -f run measure
export tmp ROUNDS
locked bash -c "checkouts=(${checkouts[*]}); measure"

python3 - "$tmp/times" "$ROUNDS" "$SCENARIOS" "${checkouts[@]}" <<'PYEOF'
import statistics, sys
path, rounds, scenarios, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
rows = [line.split() for line in open(path)]
def med(name, config, mode, column):
    return statistics.median(int(r[column]) for r in rows if r[:3] == [name, config, mode])
print(f"8 snapshot tests ({scenarios}); medians of {rounds} runs, ms")
print()
for column, label in [(3, "test run"), (4, "swift test")]:
    print(f"| {label} | release parallel | release serial | parallel / serial | debug parallel | debug serial | debug / release (parallel) | debug / release (serial) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        rp, rs = med(name, "release", "parallel", column), med(name, "release", "serial", column)
        dp, ds = med(name, "debug", "parallel", column), med(name, "debug", "serial", column)
        print(f"| {name} | {rp:.0f} | {rs:.0f} | {rp / rs:.2f} | {dp:.0f} | {ds:.0f} | {dp / rp:.2f} | {ds / rs:.2f} |")
    print()
PYEOF
