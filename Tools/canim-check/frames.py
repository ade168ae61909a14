"""Writes the frames of an animation (APNG, GIF or WebP, as Pillow reads it) as a
raw frame file for canim-bench: "CANIMRAW", width, height, frame count, then per
frame its milliseconds and RGBA pixels (little-endian uint32s).

    python3 frames.py animation.png frames.bin [MAX_FRAMES]
"""
import struct
import sys

from PIL import Image

im = Image.open(sys.argv[1])
n = min(im.n_frames, int(sys.argv[3])) if len(sys.argv) > 3 else im.n_frames
with open(sys.argv[2], "wb") as out:
    out.write(b"CANIMRAW" + struct.pack("<III", im.width, im.height, n))
    for i in range(n):
        im.seek(i)
        out.write(struct.pack("<I", round(im.info.get("duration", 100))))
        out.write(im.convert("RGBA").tobytes())
print(f"{sys.argv[2]}: {n} frames of {im.width}x{im.height}")
