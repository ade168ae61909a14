"""Opens the animations canim-check wrote with Pillow and compares them with
its manifest (see main.c): format, size, frame count, loop count, and per
frame the duration and the pixels.

    python3 check.py MANIFEST

Pixels, per manifest line: "exact" GIF frames must decode to the input, a
pixel of alpha < 128 as alpha 0 and any other as its RGB with alpha 255;
"lossy" ones (more than 255 colours, on a palette of their own with
dithering) the same, except that an opaque pixel may differ from the input:
by at most MAX_ERROR in each channel, and by at most MAX_MEAN_ERROR on
average over the frame's opaque pixels and channels. WebP frames must decode to the input exactly, a
pixel of alpha 0 as (0, 0, 0, 0). A WebP of one frame may be a still image
(libwebp writes one when smaller); its duration and loop are not checked.
"""
import sys

from PIL import Image

MAX_ERROR = 48
MAX_MEAN_ERROR = 6


def pixels_ok(kind, got, want):
    bad = 0
    error, channels, worst = 0, 0, 0
    for i in range(0, len(want), 4):
        w, g = want[i : i + 4], got[i : i + 4]
        if kind == "webp":
            ok = g == (b"\0\0\0\0" if w[3] == 0 else w)
        elif w[3] < 128:
            ok = g[3] == 0
        elif kind == "exact":
            ok = g == w[:3] + b"\xff"
        else:
            e = [abs(g[c] - w[c]) for c in range(3)]
            error, channels, worst = error + sum(e), channels + 3, max(worst, *e)
            ok = g[3] == 255 and max(e) <= MAX_ERROR
        if not ok:
            bad += 1
            if bad <= 3:
                print(f"    pixel {i // 4}: got {tuple(g)}, want {tuple(w)} ({kind})")
    if channels:
        print(f"    lossy: mean error {error / channels:.2f}, largest {worst}")
        if error > MAX_MEAN_ERROR * channels:
            bad += 1
            print(f"    mean error {error / channels:.2f} > {MAX_MEAN_ERROR}")
    return bad == 0


def check(path, fmt, width, height, loop, frames):
    errors = []
    im = Image.open(path)
    data = open(path, "rb").read()
    still = fmt == "webp" and not (data[12:16] == b"VP8X" and data[20] & 2)
    if im.format != fmt.upper():
        errors.append(f"format {im.format}")
    if im.size != (width, height):
        errors.append(f"size {im.size}")
    n = getattr(im, "n_frames", 1)
    if n != len(frames):
        errors.append(f"n_frames {n}, want {len(frames)}")
    if not still and im.info.get("loop", "none") != (loop if loop == "none" else int(loop)):
        errors.append(f"loop {im.info.get('loop', 'none')}, want {loop}")
    for i, (ms, kind, raw) in enumerate(frames[:n]):
        im.seek(i)
        im.load()
        if not still and im.info.get("duration") != ms:
            errors.append(f"frame {i}: duration {im.info.get('duration')}, want {ms}")
        want = open(raw, "rb").read()
        if not pixels_ok("webp" if fmt == "webp" else kind, im.convert("RGBA").tobytes(), want):
            errors.append(f"frame {i}: pixels differ from {raw}")
    status = "ok" if not errors else "FAIL " + "; ".join(errors)
    print(f"  Pillow {path}: {n} frames{' (still)' if still else ''}, loop {im.info.get('loop', 'none')}: {status}")
    return not errors


def main():
    lines = [l.split() for l in open(sys.argv[1]) if l.strip()]
    ok, files = True, 0
    i = 0
    while i < len(lines):
        _, path, fmt, w, h, loop, n = lines[i]
        frames = [(int(l[1]), l[2], l[3]) for l in lines[i + 1 : i + 1 + int(n)]]
        ok &= check(path, fmt, int(w), int(h), loop, frames)
        files += 1
        i += 1 + int(n)
    print(f"Pillow: {files} files checked{'' if ok else ', FAILURES'}")
    sys.exit(0 if ok else 1)


main()
