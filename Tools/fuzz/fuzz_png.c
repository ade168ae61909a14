/*
 * fuzz_png.c: libFuzzer harness for the CPNG decoders (see png.sh).
 *
 * Each input goes through every entry point, cross-checked by png_oracle()
 * (a disagreement aborts). Then, since mutations almost always break a
 * chunk's CRC and the decoders stop there, the same input with every whole
 * chunk's CRC recomputed goes through them again, so that mutated image
 * data, palettes and headers reach inflate, unfiltering and libpng.
 *
 * An input that starts with "RCP" is a recipe instead: the next bytes choose
 * a colour type and bit depth, interlacing, tRNS, colour-space chunks and a
 * size up to 64 x 64, the rest seeds the pixels; the picture is written with
 * libpng (png_make.h) and every decoder must give exactly the pixels the
 * rule of cpng.h says.
 */
#include "png_make.h"
#include "png_oracle.h"

#include <zlib.h>

#define FUZZ_MAX_PIXELS (1u << 20)
#define FUZZ_REENCODE_MAX (1u << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *d, size_t n, const char *what) {
    char why[512];
    if (png_oracle(d, n, FUZZ_MAX_PIXELS, FUZZ_REENCODE_MAX, why, sizeof why)) {
        fprintf(stderr, "png_oracle (%s): %s\n", what, why);
        abort();
    }
}

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void recipe(const uint8_t *data, size_t size) {
    uint8_t b[6] = { 0 };
    memcpy(b, data + 3, size - 3 < 6 ? size - 3 : 6);
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    for (size_t i = 9; i < size; i++) rng = (rng ^ data[i]) * 0x100000001B3ull;
    if (!rng) rng = 1;
    int k = b[0] % PM_KINDS, ct = pm_kinds[k][0];
    pm_enc e = { ct, pm_kinds[k][1], b[1] & 1, (b[1] >> 1) & 1, (b[1] >> 2) & 15 };
    if (ct == 4 || ct == 6) e.trns = 0;
    pm_picture m;
    pm_fill(&m, 1 + b[2] % 64, 1 + b[3] % 64, e, &rng);
    uint8_t *f;
    size_t n = pm_write(&m, &f);
    if (!n) {
        fprintf(stderr, "recipe: libpng could not write it\n");
        abort();
    }
    check(f, n, "recipe");
    cpng_image im;
    char err[256];
    uint32_t warn;
    int r = cpng_decode(f, n, FUZZ_MAX_PIXELS, &im, &warn, err, sizeof err);
    if (r != CPNG_OK || warn || memcmp(im.pixels, m.expect, (size_t)m.w * m.h * 4) != 0) {
        fprintf(stderr, "recipe ct %d depth %d interlace %d trns %d chunks %d %ux%u: cpng_decode %d warnings %u '%s' %s\n",
                e.ct, e.depth, e.interlace, e.trns, e.chunks, m.w, m.h, r, warn, err, r ? "" : "other pixels");
        abort();
    }
    cpng_free(im.pixels);
    free(f);
    pm_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size >= 3 && !memcmp(data, "RCP", 3)) {
        recipe(data, size);
        return 0;
    }
    check(data, size, "as is");
    if (size < 8 + 12) return 0;
    uint8_t *fixed = malloc(size);
    memcpy(fixed, data, size);
    int changed = 0;
    for (size_t off = 8; off + 12 <= size && get32(fixed + off) <= size - off - 12;) {
        uint32_t n = get32(fixed + off), crc = (uint32_t)crc32(0, fixed + off + 4, 4 + n);
        if (get32(fixed + off + 8 + n) != crc) {
            for (int k = 0; k < 4; k++) fixed[off + 8 + n + k] = (uint8_t)(crc >> (24 - 8 * k));
            changed = 1;
        }
        off += 12 + (size_t)n;
    }
    if (changed) check(fixed, size, "with the CRCs fixed");
    free(fixed);
    return 0;
}
