"""Opens the animations canim-check wrote with Pillow and compares them with
its manifest (see main.c): format, size, frame count, loop count, and per
frame the duration and the pixels.

    python3 check.py MANIFEST

Pixels, per manifest line: "exact" GIF frames must decode to the input, a
pixel of alpha < 128 as alpha 0 and any other as its RGB with alpha 255;
"lossy" ones (more than 255 colours) the same, except that an opaque pixel
is a colour of the fixed palette (the 6x6x6 cube and the greys k * 255 / 40)
within 44 of the input in each channel (the nearest palette colour can be
that far: 25.5 * sqrt(3)). WebP frames must decode to the input exactly, a
pixel of alpha 0 as (0, 0, 0, 0). A WebP of one frame may be a still image
(libwebp writes one when smaller); its duration and loop are not checked.
"""
import sys

from PIL import Image

CUBE = [0, 51, 102, 153, 204, 255]
PALETTE = {(r, g, b) for r in CUBE for g in CUBE for b in CUBE}
PALETTE |= {((k * 255 + 20) // 40,) * 3 for k in range(41)}
assert len(PALETTE) == 251


def pixels_ok(kind, got, want):
    bad = 0
    for i in range(0, len(want), 4):
        w, g = want[i : i + 4], got[i : i + 4]
        if kind == "webp":
            ok = g == (b"\0\0\0\0" if w[3] == 0 else w)
        elif w[3] < 128:
            ok = g[3] == 0
        elif kind == "exact":
            ok = g == w[:3] + b"\xff"
        else:
            ok = g[3] == 255 and tuple(g[:3]) in PALETTE and all(abs(g[c] - w[c]) <= 44 for c in range(3))
        if not ok:
            bad += 1
            if bad <= 3:
                print(f"    pixel {i // 4}: got {tuple(g)}, want {tuple(w)} ({kind})")
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
