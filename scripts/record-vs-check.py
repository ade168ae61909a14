"""Times a command with MODE `never` and `all`: one warm-up run each, then
ROUNDS runs each, alternated; prints the medians as a table, with their
ratio. The figures of bench-record.sh and bench-swift-record.sh.
  python3 scripts/record-vs-check.py TITLE NEVER_LABEL ALL_LABEL -- COMMAND...
COMMAND runs in the current folder, with {mode} replaced by the mode; its
exit status is ignored (a recording run may report what it wrote as
failures). Env: ROUNDS (default 5)."""
import os
import statistics
import subprocess
import sys
import time

separator = sys.argv.index("--")
title, never_label, all_label = sys.argv[1:separator]
command = sys.argv[separator + 1:]
rounds = int(os.environ.get("ROUNDS", "5"))


def run(mode):
    """Milliseconds of one run of the command with `mode`."""
    start = time.monotonic_ns()
    subprocess.run([part.replace("{mode}", mode) for part in command],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.monotonic_ns() - start) / 1e6


run("never")
run("all")
runs = {"never": [], "all": []}
for _ in range(rounds):
    for mode in ("never", "all"):
        runs[mode].append(run(mode))
never, every = statistics.median(runs["never"]), statistics.median(runs["all"])
print(f"| {title} (median of {rounds}) | ms |")
print("|---|---:|")
print(f"| {never_label} | {never:.0f} |")
print(f"| {all_label} | {every:.0f} |")
print(f"| all / never | {every / never:.2f} |")
