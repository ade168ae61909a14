#!/usr/bin/env bash
# What a deflate level costs and saves on an animated PNG's frames: renders
# Examples (default regions, settings and arabic) with --effort max, takes
# the filtered rows of each of its frames (the rectangles that changed, in
# its colour type), compresses them all at every level of libdeflate (1-12)
# and of zlib (1-9), and prints the bytes and the CPU seconds of each level
# beside apngopt's whole file. This is why the default APNG compresses once
# at a middle level: its bytes cannot come within a few percent of apngopt's
# at the cost of drawing the frames.
# Needs libdeflate-dev, zlib1g-dev and apngopt.
#   scripts/apng-levels.sh [UNFOLD] [EXAMPLE...]   (default: .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
UNFOLD=${1:-.build/release/unfold}
[ $# -gt 0 ] && shift
if [ $# -gt 0 ]; then EXAMPLES=("$@"); else EXAMPLES=(regions settings arabic); fi
command -v apngopt >/dev/null || { echo "needs apngopt: apt-get install -y apngopt" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
cat >"$OUT/levels.c" <<'CEOF'
/* levels FILE: FILE holds frames as a 4-byte little-endian length and that
   many bytes; prints "codec level bytes seconds" for every level. */
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    unsigned char *d = malloc((size_t)n), *out = malloc((size_t)n * 2 + 4096);
    if (!d || !out || fread(d, 1, (size_t)n, f) != (size_t)n) return 2;
    fclose(f);
    for (int level = 1; level <= 12; level++) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        double t = cpu();
        size_t total = 0;
        for (long p = 0; p < n;) {
            uint32_t len;
            memcpy(&len, d + p, 4);
            total += libdeflate_zlib_compress(c, d + p + 4, len, out, (size_t)n * 2 + 4096);
            p += 4 + (long)len;
        }
        printf("libdeflate %d %zu %.3f\n", level, total, cpu() - t);
        libdeflate_free_compressor(c);
    }
    for (int level = 1; level <= 9; level++) {
        double t = cpu();
        size_t total = 0;
        for (long p = 0; p < n;) {
            uint32_t len;
            memcpy(&len, d + p, 4);
            uLongf size = (uLongf)n * 2 + 4096;
            compress2(out, &size, d + p + 4, len, level);
            total += size;
            p += 4 + (long)len;
        }
        printf("zlib %d %zu %.3f\n", level, total, cpu() - t);
    }
    return 0;
}
CEOF
cc -O2 -o "$OUT/levels" "$OUT/levels.c" -ldeflate -lz
for example in "${EXAMPLES[@]}"; do
  "$UNFOLD" render "Examples/$example.yaml" --outputs animation --effort max --jobs 1 --out "$OUT/$example" >/dev/null
done
python3 - "$OUT" "${EXAMPLES[@]}" <<'PYEOF'
import glob, os, struct, subprocess, sys, zlib

out, examples = sys.argv[1], sys.argv[2:]

def frames(path):
    """Each frame's zlib stream (IDAT, then each fdAT's data) decompressed: its filtered rows."""
    data, at, streams = open(path, "rb").read(), 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"fcTL":
            streams.append(b"")
        elif kind == b"IDAT":
            streams[-1] += body
        elif kind == b"fdAT":
            streams[-1] += body[4:]
        at += 12 + length
    return [zlib.decompress(s) for s in streams]

table = {}
for name in examples:
    folder = glob.glob(os.path.join(out, name, "*"))[0]
    apng = os.path.join(folder, "animation.png")
    raw = os.path.join(out, name + ".raw")
    with open(raw, "wb") as f:
        for rows in frames(apng):
            f.write(struct.pack("<I", len(rows)) + rows)
    subprocess.run(["apngopt", "animation.png", "apngopt.png"], cwd=folder, check=True, capture_output=True)
    table[name] = {"apngopt": os.path.getsize(os.path.join(folder, "apngopt.png"))}
    for line in subprocess.run([os.path.join(out, "levels"), raw], check=True, capture_output=True, text=True).stdout.splitlines():
        codec, level, size, seconds = line.split()
        table[name][f"{codec} {level}"] = (int(size), float(seconds))

print("Every frame of the --effort max APNG compressed at each level: the frames' bytes (without the")
print("file's chunks) against apngopt's whole file, and the CPU seconds, one thread:\n")
print("| level | " + " | ".join(f"{n} bytes | ratio | s" for n in examples) + " |")
print("|---|" + "---:|---:|---:|" * len(examples))
for key in [k for k in table[examples[0]] if k != "apngopt"]:
    cells = []
    for n in examples:
        size, seconds = table[n][key]
        cells.append(f"{size:,} | {size / table[n]['apngopt']:.3f} | {seconds:.3f}")
    print(f"| {key} | " + " | ".join(cells) + " |")
print("| apngopt | " + " | ".join(f"{table[n]['apngopt']:,} | 1.000 | " for n in examples) + " |")
PYEOF
