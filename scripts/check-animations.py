#!/usr/bin/env python3
"""Renders Examples as animated PNG, GIF and WebP and checks them with
Pillow: each opens with the size of the frames, one frame per change of the
picture (a frame equal to the one before it lengthens that one), the
durations and the loop count of the APNG, and the same bytes for 1 and 2
workers and on a second run. Prints the three sizes of each, and checks
that `--effort max` gives the same frames in a smaller APNG. Then the same
on no background (`--transparent`): transparent in every format.

    scripts/check-animations.py [UNFOLD_BINARY]   (needs Pillow; scripts/check-animations.sh makes a venv)"""
import hashlib
import os
import subprocess
import sys
import tempfile

from PIL import Image

unfold = sys.argv[1] if len(sys.argv) > 1 else ".build/release/unfold"
scenarios = ["regions", "files", "presets"]


def render(out, jobs):
    subprocess.run([unfold, "render", *[f"Examples/{s}.yaml" for s in scenarios], "--out", out,
                    "--outputs", "animation,gif,webp", "-j", str(jobs)], check=True, capture_output=True)


def frames(path):
    """Each frame's RGBA pixels and duration, as Pillow composes them."""
    image = Image.open(path)
    out = []
    for k in range(getattr(image, "n_frames", 1)):
        image.seek(k)
        out.append((image.convert("RGBA"), image.info.get("duration", 0)))
    return image, out


def changes(apng):
    """The APNG's frames with equal neighbours merged: (pixels, total duration)."""
    merged = []
    for pixels, duration in apng:
        if merged and merged[-1][0].tobytes() == pixels.tobytes():
            merged[-1] = (merged[-1][0], merged[-1][1] + duration)
        else:
            merged.append((pixels, duration))
    return merged


failures = 0
with tempfile.TemporaryDirectory() as tmp:
    runs = [(os.path.join(tmp, f"j{jobs}-{n}"), jobs) for jobs, n in [(1, 0), (2, 0), (2, 1)]]
    for out, jobs in runs:
        render(out, jobs)
    for s in scenarios:
        base = os.path.join(runs[0][0], s)
        for name in ["animation.png", "animation.gif", "animation.webp"]:
            digests = {hashlib.sha256(open(os.path.join(out, s, name), "rb").read()).hexdigest() for out, _ in runs}
            if len(digests) != 1:
                failures += 1
                print(f"FAIL {s}/{name}: the bytes differ between runs or worker counts")
        apng_image, apng = frames(os.path.join(base, "animation.png"))
        expected = changes(apng)
        sizes = {}
        for ext in ["png", "gif", "webp"]:
            path = os.path.join(base, f"animation.{ext}")
            sizes[ext] = os.path.getsize(path)
            image, got = frames(path)
            problems = []
            if image.size != apng_image.size:
                problems.append(f"size {image.size}, not {apng_image.size}")
            if ext != "png":
                if len(got) != len(expected):
                    problems.append(f"{len(got)} frames, not {len(expected)}")
                else:
                    for k, ((pixels, duration), (want, want_duration)) in enumerate(zip(got, expected)):
                        # GIF delays are centiseconds, rounded on the running total.
                        if abs(duration - want_duration) > (10 if ext == "gif" else 0):
                            problems.append(f"frame {k} lasts {duration} ms, not {want_duration}")
                            break
                        if ext == "webp" and pixels.tobytes() != want.tobytes():
                            problems.append(f"frame {k}'s pixels differ (WebP is lossless)")
                            break
                total, want_total = sum(d for _, d in got), sum(d for _, d in expected)
                if abs(total - want_total) > 10:
                    problems.append(f"lasts {total} ms, not {want_total}")
                if image.info.get("loop", 0) != apng_image.info.get("loop", 0):
                    problems.append(f"loop {image.info.get('loop')}, not {apng_image.info.get('loop')}")
            if problems:
                failures += 1
                print(f"FAIL {s}/animation.{ext}: " + "; ".join(problems))
        print(f"{s}: {len(apng)} frames, {len(expected)} changes, {apng_image.size[0]}x{apng_image.size[1]}: "
              f"APNG {sizes['png']:,} B, GIF {sizes['gif']:,} B, WebP {sizes['webp']:,} B")
    # `--effort max` searches for a smaller file of the same pictures, shown as long.
    most = os.path.join(tmp, "max")
    subprocess.run([unfold, "render", *[f"Examples/{s}.yaml" for s in scenarios], "--out", most,
                    "--outputs", "animation", "--effort", "max"], check=True, capture_output=True)
    for s in scenarios:
        fast_path, max_path = os.path.join(runs[0][0], s, "animation.png"), os.path.join(most, s, "animation.png")
        want, got = changes(frames(fast_path)[1]), changes(frames(max_path)[1])
        same = len(got) == len(want) and all(
            a.tobytes() == b.tobytes() and d == e for (a, d), (b, e) in zip(got, want))
        if not same:
            failures += 1
            print(f"FAIL {s}/animation.png with --effort max: its frames or durations are not the default's")
        if os.path.getsize(max_path) >= os.path.getsize(fast_path):
            failures += 1
            print(f"FAIL {s}/animation.png with --effort max: not smaller than the default's")
        print(f"{s}: --effort max APNG {os.path.getsize(max_path):,} B, the same {len(got)} changes")
# No background (`--transparent`, with `--width fit` and `--padding`): every format keeps it. The
# corners are transparent in every frame; a GIF pixel is transparent exactly where the APNG's is
# under half opaque; WebP is the APNG exactly.
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([unfold, "render", "Examples/files.yaml", "--out", tmp, "--outputs", "animation,gif,webp",
                    "--width", "fit", "--padding", "8", "--transparent"], check=True, capture_output=True)
    expected = changes(frames(os.path.join(tmp, "files", "animation.png"))[1])
    for ext in ["png", "gif", "webp"]:
        _, got = frames(os.path.join(tmp, "files", f"animation.{ext}"))
        problems = []
        for k, (pixels, _) in enumerate(got):
            w, h = pixels.size
            if any(pixels.getpixel(c)[3] != 0 for c in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]):
                problems.append(f"frame {k} has an opaque corner")
                break
        if ext != "png" and len(got) == len(expected):
            for k, ((pixels, _), (want, _)) in enumerate(zip(got, expected)):
                alpha, want_alpha = pixels.getchannel("A").tobytes(), want.getchannel("A").tobytes()
                if ext == "gif" and any((a == 255) != (b > 0) or a not in (0, 255) for a, b in zip(alpha, want_alpha)):
                    problems.append(f"frame {k}'s transparency is not the APNG's")
                    break
                if ext == "webp" and pixels.tobytes() != want.tobytes():
                    problems.append(f"frame {k}'s pixels differ (WebP is lossless)")
                    break
        elif ext != "png":
            problems.append(f"{len(got)} frames, not {len(expected)}")
        if problems:
            failures += 1
            print(f"FAIL files --transparent animation.{ext}: " + "; ".join(problems))
    print(f"files --width fit --padding 8 --transparent: {len(expected)} changes, transparent in APNG, GIF and WebP")
print("animations: " + ("all checks passed" if failures == 0 else f"{failures} failures"))
sys.exit(1 if failures else 0)
