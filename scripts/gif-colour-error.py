#!/usr/bin/env python3
"""Measures how far unfold's GIF colours are from the APNG's: renders
Examples with `--outputs animation,gif`, reads both with Pillow, composes
every frame over white and compares each GIF frame with its APNG frame (the
APNG's equal neighbours merged, as the GIF merges them). Prints, per
Example and over all, the mean and the 99th percentile of the per-channel
error (|GIF - APNG| of R, G and B, 0-255) over every pixel of every frame
("all"), and over the pixels not of the frame's background (its most common
colour in the APNG; "fg": rows, text, icons, where errors show), and the
two file sizes; exits 1 if any Example's figures, either way, exceed the
bounds.

    scripts/gif-colour-error.py [UNFOLD_BINARY] [--max-mean M] [--max-p99 P]
    (default .build/release/unfold, no bounds; needs Pillow:
     .build/pillow-venv/bin/python, which scripts/check-animations.sh makes)

The Examples: `presets` in the `macos` look (icons, a selection, fades), light
and dark, and `regions` and `files` as written. scripts/check-animations.sh
runs it with --max-mean 1.5 --max-p99 12."""
import argparse
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops

EXAMPLES = [("presets", ["--preset", "macos"]), ("presets", ["--preset", "macos", "--theme", "dark"]),
            ("regions", []), ("files", [])]


def frames(path):
    """Each frame as Pillow composes it, over white, in RGB."""
    image = Image.open(path)
    out = []
    for k in range(getattr(image, "n_frames", 1)):
        image.seek(k)
        white = Image.new("RGBA", image.size, (255, 255, 255, 255))
        out.append(Image.alpha_composite(white, image.convert("RGBA")).convert("RGB"))
    return out


def merged(pixels):
    """The frames with equal neighbours merged."""
    out = []
    for p in pixels:
        if not out or out[-1].tobytes() != p.tobytes():
            out.append(p)
    return out


def add_errors(histogram, apng, gif, mask=None):
    """Adds the per-channel errors of one frame (where mask is non-zero)."""
    h = ImageChops.difference(apng, gif).histogram(mask)  # 3 x 256 bins: R, G, B
    for e in range(256):
        histogram[e] += h[e] + h[256 + e] + h[512 + e]


def foreground(frame):
    """A mask of the pixels not of the frame's most common colour."""
    background = max(frame.getcolors(frame.width * frame.height))[1]
    plain = Image.new("RGB", frame.size, background)
    return ImageChops.difference(frame, plain).convert("L").point(lambda v: 255 if v else 0)


def summary(histogram):
    """(mean, 99th percentile) of a histogram of errors 0..255."""
    n = sum(histogram)
    mean = sum(e * c for e, c in enumerate(histogram)) / n
    seen = 0
    for e, c in enumerate(histogram):
        seen += c
        if seen >= 0.99 * n:
            return mean, e
    return mean, 255


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("unfold", nargs="?", default=".build/release/unfold")
    parser.add_argument("--max-mean", type=float)
    parser.add_argument("--max-p99", type=float)
    args = parser.parse_args()
    total, total_fg = [0] * 256, [0] * 256
    bad = []

    def bound(what, mean, p99):
        if args.max_mean is not None and mean > args.max_mean:
            bad.append(f"{what}: mean {mean:.2f} > {args.max_mean}")
        if args.max_p99 is not None and p99 > args.max_p99:
            bad.append(f"{what}: p99 {p99} > {args.max_p99}")

    with tempfile.TemporaryDirectory() as tmp:
        for k, (name, options) in enumerate(EXAMPLES):
            out = os.path.join(tmp, str(k), name)
            subprocess.run([args.unfold, "render", f"Examples/{name}.yaml", "--out", os.path.join(tmp, str(k)),
                            "--outputs", "animation,gif", "-j", "1", *options], check=True, capture_output=True)
            apng = merged(frames(os.path.join(out, "animation.png")))
            gif = frames(os.path.join(out, "animation.gif"))
            if len(apng) != len(gif):
                print(f"FAIL {name}: {len(gif)} GIF frames, not {len(apng)}")
                return 1
            histogram, histogram_fg = [0] * 256, [0] * 256
            for a, g in zip(apng, gif):
                add_errors(histogram, a, g)
                add_errors(histogram_fg, a, g, foreground(a))
            total = [t + h for t, h in zip(total, histogram)]
            total_fg = [t + h for t, h in zip(total_fg, histogram_fg)]
            mean, p99 = summary(histogram)
            mean_fg, p99_fg = summary(histogram_fg)
            label = name + (" " + " ".join(options) if options else "")
            bound(label, mean, p99)
            bound(label + " (fg)", mean_fg, p99_fg)
            png, gif_bytes = (os.path.getsize(os.path.join(out, f"animation.{ext}")) for ext in ["png", "gif"])
            print(f"{label}: {len(apng)} frames, "
                  f"error all: mean {mean:.2f}, p99 {p99}; fg: mean {mean_fg:.2f}, p99 {p99_fg}; "
                  f"APNG {png:,} B, GIF {gif_bytes:,} B")
    (mean, p99), (mean_fg, p99_fg) = summary(total), summary(total_fg)
    print(f"GIF colour error over the Examples: all: mean {mean:.2f}, p99 {p99}; fg: mean {mean_fg:.2f}, p99 {p99_fg}")
    if bad:
        print("FAIL GIF colour error: " + "; ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
