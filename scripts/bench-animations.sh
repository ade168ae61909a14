#!/usr/bin/env bash
# Renders every Example's animation as an animated PNG and a GIF, has apngopt
# and gifsicle -O3 (Debian's apngopt and gifsicle packages) optimise those
# files in the same run, and prints two tables: Unfold's bytes against
# theirs, and the CPU seconds each took (the APNG against drawing the frames
# as PNGs, the GIF against gifsicle -O3), per Example and in total. Each
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

def render(example, outputs, folder):
    return cpu([unfold, "render", example, "--outputs", outputs, "--jobs", "1", "--out", folder])

examples = sorted(glob.glob("Examples/*.yaml"))
render(examples[0], "frames,animation,gif", os.path.join(out, "warm-up"))
rows, times = [], []
for example in examples:
    name = os.path.basename(example)[:-5]
    apng, gif = os.path.join(out, "apng", name), os.path.join(out, "gif", name)
    t = {"frames": render(example, "frames", os.path.join(out, "frames", name)),
         "apng": render(example, "animation", apng), "gif": render(example, "gif", gif), "apngopt": 0.0, "gifsicle": 0.0}
    for scenario in sorted(os.listdir(apng)):
        a, g = os.path.join(apng, scenario), os.path.join(gif, scenario)
        t["apngopt"] += cpu(["apngopt", "animation.png", "apngopt.png"], cwd=a)
        t["gifsicle"] += cpu(["gifsicle", "-O3", "animation.gif", "-o", "gifsicle.gif"], cwd=g)
        size = lambda folder, f: os.path.getsize(os.path.join(folder, f))
        rows.append((scenario, size(a, "animation.png"), size(a, "apngopt.png"), size(g, "animation.gif"), size(g, "gifsicle.gif")))
    times.append((name, t))

print("Bytes:\n")
print("| Example | Unfold APNG | apngopt | ratio | Unfold GIF | gifsicle -O3 | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, apng, apngopt, gif, gifsicle in rows + [("total", *(sum(r[k] for r in rows) for k in range(1, 5)))]:
    print(f"| {name} | {apng:,} | {apngopt:,} | {apng / apngopt:.3f} | {gif:,} | {gifsicle:,} | {gif / gifsicle:.3f} |")
worst = lambda k, j: max(r[k] / r[j] for r in rows)
print(f"\nlargest ratio: APNG {worst(1, 2):.3f}, GIF {worst(3, 4):.3f}")

print(f"\nCPU seconds, the least of {runs} runs, one worker (`--jobs 1`); the APNG against drawing the frames, the GIF against gifsicle -O3 optimising it:\n")
print("| Example | frames | APNG | ratio | GIF | gifsicle -O3 | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|")
total = {k: sum(t[k] for _, t in times) for k in times[0][1]}
for name, t in times + [("total", total)]:
    print(f"| {name} | {t['frames']:.2f} | {t['apng']:.2f} | {t['apng'] / t['frames']:.1f} | "
          f"{t['gif']:.2f} | {t['gifsicle']:.2f} | {t['gif'] / max(t['gifsicle'], 0.01):.1f} |")
PYEOF
