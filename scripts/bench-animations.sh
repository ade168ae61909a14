#!/usr/bin/env bash
# Renders every Example's animation as an animated PNG and a GIF, has apngopt
# and gifsicle -O3 (Debian's apngopt and gifsicle packages) optimise those
# files in the same run, and prints a table: Unfold's bytes against theirs,
# per Example and in total, and the seconds each took.
# Usage: scripts/bench-animations.sh [UNFOLD]   (default: a release build of unfold)
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
python3 - "$UNFOLD" "$OUT" <<'PYEOF'
import glob, os, subprocess, sys, time

unfold, out = sys.argv[1], sys.argv[2]

def timed(cmd, cwd=None):
    start = time.monotonic()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.monotonic() - start

examples = sorted(glob.glob("Examples/*.yaml"))
timed([unfold, "render", examples[0], "--outputs", "animation,gif", "--out", os.path.join(out, "warm-up")])
rows, seconds = [], {"unfold": 0.0, "apngopt": 0.0, "gifsicle": 0.0}
for example in examples:
    name = os.path.basename(example)[:-5]
    seconds["unfold"] += timed([unfold, "render", example, "--outputs", "animation,gif", "--out", os.path.join(out, name)])
    for folder in sorted(glob.glob(os.path.join(out, name, "*", ""))):
        seconds["apngopt"] += timed(["apngopt", "animation.png", "apngopt.png"], cwd=folder)
        seconds["gifsicle"] += timed(["gifsicle", "-O3", "animation.gif", "-o", "gifsicle.gif"], cwd=folder)
        size = lambda f: os.path.getsize(os.path.join(folder, f))
        rows.append((os.path.basename(folder.rstrip("/")), size("animation.png"), size("apngopt.png"),
                     size("animation.gif"), size("gifsicle.gif")))

print("| Example | Unfold APNG | apngopt | ratio | Unfold GIF | gifsicle -O3 | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, apng, apngopt, gif, gifsicle in rows + [("total", *(sum(r[k] for r in rows) for k in range(1, 5)))]:
    print(f"| {name} | {apng:,} | {apngopt:,} | {apng / apngopt:.3f} | {gif:,} | {gifsicle:,} | {gif / gifsicle:.3f} |")
worst = lambda k, j: max(r[k] / r[j] for r in rows)
print(f"\nlargest ratio: APNG {worst(1, 2):.3f}, GIF {worst(3, 4):.3f}")
print(f"seconds: unfold render (APNG and GIF) {seconds['unfold']:.1f}, "
      f"apngopt {seconds['apngopt']:.1f}, gifsicle -O3 {seconds['gifsicle']:.1f}")
PYEOF
