"""Prints the medians of `never` and `all` runs (lines `MODE MILLISECONDS`
in TIMES) as a table, with their ratio: the figures of bench-record.sh and
bench-swift-record.sh.
  python3 scripts/record-vs-check.py TIMES TITLE NEVER_LABEL ALL_LABEL"""
import statistics
import sys

times, title, never_label, all_label = sys.argv[1:5]
runs = {}
for line in open(times):
    mode, ms = line.split()
    runs.setdefault(mode, []).append(int(ms))
never, every = statistics.median(runs["never"]), statistics.median(runs["all"])
print(f"| {title} (median of {len(runs['never'])}) | ms |")
print("|---|---:|")
print(f"| {never_label} | {never:.0f} |")
print(f"| {all_label} | {every:.0f} |")
print(f"| all / never | {every / never:.2f} |")
