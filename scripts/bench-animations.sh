#!/usr/bin/env bash
# Renders every Example's animation as an animated PNG (with the default
# --effort fast and with --effort max) and a GIF, has apngopt and gifsicle
# -O3 (Debian's apngopt and gifsicle packages) optimise the max APNG and the
# GIF in the same run, and prints two tables: Unfold's bytes against theirs,
# and the CPU seconds each took (the APNGs against drawing the frames as
# PNGs, the GIF against gifsicle -O3), per Example and in total. Each
# time is the least of RUNS runs (default 3), Unfold's and the peers' alike,
# so that a busy moment of the machine does not count.
# Usage: [RUNS=n] scripts/bench-animations.sh [UNFOLD]   (default: a release build of unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in apngopt gifsicle; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y apngopt gifsicle" >&2; exit 1; }
done
UNFOLD=${1:-}
if [ -z "$UNFOLD" ]; then
  swift build -c release --product unfold >/dev/null
  UNFOLD=.build/release/unfold
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 - "$UNFOLD" "$OUT" "${RUNS:-3}" <<'PYEOF'
import glob, os, resource, subprocess, sys

unfold, out, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])

def cpu(cmd, cwd=None):
    """The least CPU seconds (user and system) that `cmd` took in `runs` runs."""
    least = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        least = min(least, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return least

def render(example, outputs, folder, *more):
    return cpu([unfold, "render", example, "--outputs", outputs, "--jobs", "1", "--out", folder, *more])

examples = sorted(glob.glob("Examples/*.yaml"))
render(examples[0], "frames,animation,gif", os.path.join(out, "warm-up"))
rows, times = [], []
for example in examples:
    name = os.path.basename(example)[:-5]
    fast, most = os.path.join(out, "apng", name), os.path.join(out, "apng-max", name)
    gif = os.path.join(out, "gif", name)
    t = {"frames": render(example, "frames", os.path.join(out, "frames", name)),
         "fast": render(example, "animation", fast), "max": render(example, "animation", most, "--effort", "max"),
         "gif": render(example, "gif", gif), "apngopt": 0.0, "gifsicle": 0.0}
    for scenario in sorted(os.listdir(most)):
        f, a, g = os.path.join(fast, scenario), os.path.join(most, scenario), os.path.join(gif, scenario)
        t["apngopt"] += cpu(["apngopt", "animation.png", "apngopt.png"], cwd=a)
        t["gifsicle"] += cpu(["gifsicle", "-O3", "animation.gif", "-o", "gifsicle.gif"], cwd=g)
        size = lambda folder, file: os.path.getsize(os.path.join(folder, file))
        rows.append((scenario, size(f, "animation.png"), size(a, "animation.png"), size(a, "apngopt.png"),
                     size(g, "animation.gif"), size(g, "gifsicle.gif")))
    times.append((name, t))

print("Bytes (the ratios against apngopt and gifsicle -O3):\n")
print("| Example | APNG | ratio | APNG --effort max | ratio | apngopt | GIF | ratio | gifsicle -O3 |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for name, fast, most, apngopt, gif, gifsicle in rows + [("total", *(sum(r[k] for r in rows) for k in range(1, 6)))]:
    print(f"| {name} | {fast:,} | {fast / apngopt:.3f} | {most:,} | {most / apngopt:.3f} | {apngopt:,} | "
          f"{gif:,} | {gif / gifsicle:.3f} | {gifsicle:,} |")
worst = lambda k, j: max(r[k] / r[j] for r in rows)
print(f"\nlargest ratio: APNG {worst(1, 3):.3f}, APNG --effort max {worst(2, 3):.3f}, GIF {worst(4, 5):.3f}")

print(f"\nCPU seconds, the least of {runs} runs, one worker (`--jobs 1`); the APNGs against drawing the frames, the GIF against gifsicle -O3 optimising it:\n")
print("| Example | frames | APNG | ratio | APNG --effort max | ratio | GIF | gifsicle -O3 | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
total = {k: sum(t[k] for _, t in times) for k in times[0][1]}
for name, t in times + [("total", total)]:
    print(f"| {name} | {t['frames']:.2f} | {t['fast']:.2f} | {t['fast'] / t['frames']:.1f} | {t['max']:.2f} | "
          f"{t['max'] / t['frames']:.1f} | {t['gif']:.2f} | {t['gifsicle']:.2f} | {t['gif'] / max(t['gifsicle'], 0.01):.1f} |")
PYEOF
