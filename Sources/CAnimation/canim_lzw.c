/*
 * canim_lzw.c: a GIF image's LZW data, written or only counted, so that the
 * GIF writer can measure the ways to store a frame and write the smallest
 * (canim_gif.c).
 *
 * GIF's LZW: codes of `min_code_size + 1` bits to start (min_code_size is
 * at least 2), a clear code first, a code that grows by a bit when the
 * next free code needs it, up to 12 bits, the end code last. The codes are
 * packed into bytes, low bits first. When the table is full (codes up to
 * 4094 taken, as giflib stops), it goes on being used, its strings no
 * longer growing, until `clearing` says: at least `after` codes later, once
 * the average pixels per code (over the last codes, each weighing 1/16) is
 * below `below`/256, and at the latest FROZEN codes later. Then a clear
 * code and a new table follow. {0, UINT32_MAX} clears at once, as giflib
 * does; {0, 0} as late as it may. Going on suits a frame whose later rows
 * repeat its first; a new table, one whose content changes.
 *
 * O(n) for n pixels; the table is a 4096-entry open-addressed hash of
 * (prefix code, pixel) pairs, so the scratch is fixed. Strings that are
 * runs of one pixel are also chained by length, so that a run in the image
 * is matched without a lookup per pixel: the same codes, found faster.
 */
#include "canim_internal.h"

#include <string.h>

#define MAX_CODES 4096
#define SLOTS 8192 /* at most half full */
/* The most codes sent with a full table: stb_image (and libsixel) refuse a
   GIF once about 4096 codes follow a full table without a clear. */
#define FROZEN 3800

/* Codes packed into bytes: written to `out` when it is not NULL, counted always. */
typedef struct {
    uint8_t *out;
    size_t bytes;
    uint32_t acc, nacc;
} packer;

static void put(packer *p, uint32_t code, uint32_t width) {
    p->acc |= code << p->nacc;
    p->nacc += width;
    for (; p->nacc >= 8; p->nacc -= 8, p->acc >>= 8) {
        if (p->out) p->out[p->bytes] = (uint8_t)p->acc;
        p->bytes++;
    }
}

/* How many of the first `most` pixels of p are `px`: eight at a time. */
static size_t run_of(const uint8_t *p, size_t most, uint8_t px) {
    size_t k = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t all = 0x0101010101010101u * px;
    for (uint64_t v; k + 8 <= most; k += 8) {
        memcpy(&v, p + k, 8);
        if (v != all) return k + (size_t)(__builtin_ctzll(v ^ all) >> 3); /* the first byte that differs */
    }
#endif
    while (k < most && p[k] == px) k++;
    return k;
}

/* A new, empty table: each literal code is a run of one pixel, the
   longest run of its pixel. */
static void reset(canim__lzw_table *t, uint32_t clear) {
    memset(t->keys, 0xff, sizeof t->keys);
    for (uint32_t c = 0; c < clear; c++) t->run_length[c] = 1, t->run_pixel[c] = (uint8_t)c, t->longest_run[c] = (uint16_t)c;
}

size_t canim__lzw(const uint8_t *pixels, size_t n, int min_code_size, canim__clearing clearing, size_t limit,
                  canim__lzw_table *t, uint8_t *out) {
    if (min_code_size < 2) min_code_size = 2;
    const uint32_t clear = 1u << min_code_size, end = clear + 1, first_width = (uint32_t)min_code_size + 1;
    packer p = { out, 0, 0, 0 };
    uint32_t next = end + 1, width = first_width, full = 0, since = 0;
    int64_t rate = 0; /* pixels per code x 256, each code weighing 1/16 */
    reset(t, clear);
    t->filled = 0;
    put(&p, clear, width);
    if (n > 0) {
        uint32_t code = pixels[0], length = 1;
        for (size_t i = 1; i < n; i++) {
            /* A string of one pixel going on in that pixel follows the table's
               runs without looking each pixel up: to its longest run at once
               when the pixels go on that far, else one run longer per pixel. */
            if (t->run_length[code] && pixels[i] == t->run_pixel[code]) {
                const uint8_t px = pixels[i];
                const uint32_t top = t->longest_run[px], to_top = t->run_length[top] - t->run_length[code];
                const size_t j = i + run_of(pixels + i, n - i < to_top ? n - i : to_top, px);
                if (j - i == to_top) {
                    code = top;
                } else {
                    for (size_t k = i; k < j; k++) code = t->longer_run[code];
                }
                length += (uint32_t)(j - i);
                i = j;
                if (i == n) break;
            }
            uint32_t key = code << 8 | pixels[i], slot = (key * 2654435761u) >> 19;
            while (t->keys[slot] != UINT32_MAX && t->keys[slot] != key) slot = (slot + 1) & (SLOTS - 1);
            if (t->keys[slot] == key) {
                code = t->codes[slot];
                length++;
                continue;
            }
            put(&p, code, width);
            if (p.bytes > limit) return p.bytes; /* more than the caller has a use for */
            if (full) {
                since++;
                rate += ((int64_t)length * 256 - rate) / 16;
            } else if (next >= MAX_CODES - 1) {
                full = t->filled = 1;
                since = 0;
                rate = (int64_t)length * 256;
            } else {
                t->keys[slot] = key;
                t->codes[slot] = (uint16_t)next;
                /* The string one pixel longer is a run when it is one more of the run's pixel. */
                int run = t->run_length[code] && t->run_pixel[code] == pixels[i];
                t->run_length[next] = run ? (uint16_t)(t->run_length[code] + 1) : 0;
                if (run) t->run_pixel[next] = pixels[i], t->longer_run[code] = (uint16_t)next, t->longest_run[pixels[i]] = (uint16_t)next;
                next++;
                if (next > (1u << width) && width < 12) width++;
            }
            if (full && ((since >= clearing.after && rate < (int64_t)clearing.below) || since >= FROZEN)) full = 2;
            if (full == 2) { /* a clear code and a new table */
                put(&p, clear, width);
                reset(t, clear);
                next = end + 1;
                width = first_width;
                full = 0;
                since = 0;
            }
            code = pixels[i];
            length = 1;
        }
        put(&p, code, width);
        if (next >= (1u << width) && width < 12) width++; /* the end code may take a bit more, as in giflib */
    }
    put(&p, end, width);
    if (p.nacc) put(&p, 0, 8 - p.nacc);
    return p.bytes;
}

size_t canim__lzw_stored(size_t bytes) { return 1 + bytes + (bytes + 254) / 255 + 1; }
