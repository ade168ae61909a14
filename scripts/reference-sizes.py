#!/usr/bin/env python3
"""Compares the references in Snapshots/ with those at a git revision: their
total size, and that every picture decodes to the same pixels.

    scripts/reference-sizes.py REV [UNFOLD_BINARY]

Pixels are compared with `unfold diff --threshold 0 --count-anti-aliasing`,
which counts every pixel whose colour differs at all."""
import json
import os
import subprocess
import sys
import tempfile

rev = sys.argv[1]
unfold = sys.argv[2] if len(sys.argv) > 2 else ".build/release/unfold"


def entries(index):
    refs = index.get("references", index)
    # Earlier layouts named each reference's file ("blob"); now the file is the reference's name.
    return {name: (e.get("blob", name) if isinstance(e, dict) else e) for name, e in refs.items()}


def blob_at(rev, path):
    return subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, check=True).stdout


total_before = total_after = 0
mismatches = 0
with tempfile.TemporaryDirectory() as tmp:
    for scenario in sorted(d for d in os.listdir("Snapshots") if os.path.isdir(f"Snapshots/{d}")):
        folder = f"Snapshots/{scenario}"
        now = entries(json.load(open(f"{folder}/index.json")))
        then = entries(json.loads(blob_at(rev, f"{folder}/index.json")))
        before = {blob: len(blob_at(rev, f"{folder}/{blob}")) for blob in set(then.values()) if blob.endswith(".png")}
        after = {blob: os.path.getsize(f"{folder}/{blob}") for blob in set(now.values()) if blob.endswith(".png")}
        total_before += sum(before.values())
        total_after += sum(after.values())
        for name in sorted(set(now) & set(then)):
            if not name.endswith(".png"):
                continue
            old = os.path.join(tmp, "old.png")
            with open(old, "wb") as f:
                f.write(blob_at(rev, f"{folder}/{then[name]}"))
            run = subprocess.run([unfold, "diff", old, f"{folder}/{now[name]}", "--threshold", "0", "--count-anti-aliasing"],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                mismatches += 1
                print(f"pixels differ: {scenario}/{name}: {run.stdout.strip()} {run.stderr.strip()}")
        print(f"{scenario}: {sum(before.values())} -> {sum(after.values())} bytes of pictures")
print(f"all: {total_before} -> {total_after} bytes ({100 * (total_after - total_before) / total_before:+.1f}%); "
      f"{'every picture decodes to the same pixels' if mismatches == 0 else f'{mismatches} pictures differ'}")
sys.exit(1 if mismatches else 0)
