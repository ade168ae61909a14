/*
 * canim_quant.c: the GIF writer's colours for a rectangle of more than 255
 * colours: a palette by median cut, and the pixels mapped to it with
 * Floyd-Steinberg error diffusion.
 *
 * Contract (canim__palette): in, `c[0..n)` lists colours (0xRRGGBB, the
 * high byte 0) each with its pixel count (n >= 1, counts >= 1, duplicates
 * allowed); the function reorders and rewrites `c` (it is scratch), writes
 * at most `max` (1..256) colours to `palette` and returns how many. When the
 * list holds at most `max` distinct colours, the palette is exactly those
 * colours. The result depends only on the multiset of (colour, count): the
 * list is first sorted by colour with duplicates merged, every choice has
 * a fixed tie-break, and all arithmetic is on integers (no floating point,
 * no hashing, no recursion; the only library call is qsort, with a total
 * order, whose result is therefore unique).
 *
 * Median cut: start with one box holding every colour; while there are
 * fewer than `max` boxes, take the box with the largest squared error
 * (sum over its pixels of the squared distance to its mean; ties: the
 * earliest box) and split it along its channel of largest squared error
 * (ties: R, G, B) at the weighted median, the colours sorted by that
 * channel (ties: by colour). A box of one colour has no error and is never
 * split. Each box gives its pixels' mean colour, rounded.
 *
 * Contract (canim__dither): maps `h` rows of `w` RGBA pixels (`rgba`,
 * `stride` bytes apart) to the palette: writes `out` (rows `out_stride`
 * values apart) with 0 for a pixel of alpha < 128 and 0xFF000000 | RGB of a
 * palette colour otherwise. Each opaque pixel takes the palette colour
 * nearest (squared RGB distance; ties: the lower index) to its colour plus
 * the error carried to it (kept in sixteenths, rounded half away from zero),
 * clamped to 0..255; its error (wanted - got, per channel) goes 7/16 right,
 * 3/16 down-left, 5/16 down, 1/16 down-right, to opaque pixels of the
 * rectangle only, left to right and top to bottom. `rows` is scratch of at
 * least 6 * (w + 2) ints; `out` may be the writer's canvas (it must not
 * overlap `rgba`).
 *
 * Pointers: neither function keeps one; each reads and writes its arguments
 * during the call only, on the caller's thread (no global state).
 */
#include "canim_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int channel(uint32_t rgb, int ch) { return (int)(rgb >> (16 - 8 * ch) & 255); }

/* qsort's order: by key, a total order on distinct colours (see sort_by). */
static int by_key(const void *a, const void *b) {
    uint32_t x = ((const canim__colour *)a)->key, y = ((const canim__colour *)b)->key;
    return (x > y) - (x < y);
}

/* Sorts by channel ch, then by colour (ch < 0: by colour only). */
static void sort_by(canim__colour *c, size_t n, int ch) {
    for (size_t i = 0; i < n; i++)
        c[i].key = ch < 0 ? c[i].rgb : (uint32_t)channel(c[i].rgb, ch) << 24 | c[i].rgb;
    qsort(c, n, sizeof *c, by_key);
}

typedef struct {
    size_t lo, hi;        /* its colours: c[lo..hi) */
    uint64_t count;       /* pixels */
    uint64_t sum[3];      /* per channel, over its pixels */
    uint64_t error[3];    /* squared error per channel, from the rounded mean */
} box;

/* Fills in a box's count, sums and errors from c[lo..hi). */
static void measure(box *b, const canim__colour *c) {
    b->count = 0;
    memset(b->sum, 0, sizeof b->sum);
    memset(b->error, 0, sizeof b->error);
    for (size_t i = b->lo; i < b->hi; i++) {
        b->count += c[i].n;
        for (int ch = 0; ch < 3; ch++) b->sum[ch] += (uint64_t)c[i].n * (uint64_t)channel(c[i].rgb, ch);
    }
    for (int ch = 0; ch < 3; ch++) {
        int64_t mean = (int64_t)((b->sum[ch] + b->count / 2) / b->count);
        for (size_t i = b->lo; i < b->hi; i++) {
            int64_t d = channel(c[i].rgb, ch) - mean;
            b->error[ch] += (uint64_t)c[i].n * (uint64_t)(d * d);
        }
    }
}

static uint64_t total_error(const box *b) { return b->error[0] + b->error[1] + b->error[2]; }

size_t canim__palette(canim__colour *c, size_t n, size_t max, uint32_t *palette) {
    sort_by(c, n, -1);
    size_t k = 0; /* merge duplicates */
    for (size_t i = 0; i < n; i++) {
        if (k && c[k - 1].rgb == c[i].rgb)
            c[k - 1].n += c[i].n;
        else
            c[k++] = c[i];
    }
    n = k;
    box boxes[256];
    size_t nb = 1;
    boxes[0] = (box){ .lo = 0, .hi = n };
    measure(&boxes[0], c);
    while (nb < max) {
        size_t best = 0;
        for (size_t i = 1; i < nb; i++)
            if (total_error(&boxes[i]) > total_error(&boxes[best])) best = i;
        box *b = &boxes[best];
        if (total_error(b) == 0) break; /* every box is one colour */
        int ch = 0;
        for (int i = 1; i < 3; i++)
            if (b->error[i] > b->error[ch]) ch = i;
        sort_by(c + b->lo, b->hi - b->lo, ch);
        /* the first split point with at least half the pixels before it,
           leaving at least one colour on each side */
        size_t at = b->lo + 1;
        uint64_t before = c[b->lo].n;
        while (at < b->hi - 1 && before * 2 < b->count) before += c[at++].n;
        boxes[nb] = (box){ .lo = at, .hi = b->hi };
        b->hi = at;
        measure(b, c);
        measure(&boxes[nb], c);
        nb++;
    }
    for (size_t i = 0; i < nb; i++) {
        const box *b = &boxes[i];
        uint32_t rgb = 0;
        for (int ch = 0; ch < 3; ch++) rgb = rgb << 8 | (uint32_t)((b->sum[ch] + b->count / 2) / b->count);
        palette[i] = rgb;
    }
    return nb;
}

/* Rounds e / 16 to the nearest, halves away from zero, the same on every compiler. */
static int sixteenths(int e) { return e >= 0 ? (e + 8) / 16 : -((-e + 8) / 16); }

static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

/* The palette sorted by green, then by index (a counting sort), so that
   the nearest colour is searched outward from the wanted green, and a
   search stops once the green alone is farther than the best so far. */
typedef struct {
    uint8_t index[256];   /* palette indices in that order */
    int green[256];       /* their greens */
    size_t from[257];     /* the first position of each green, and np */
    size_t np;
} nearest_search;

static void sort_by_green(const int pc[][3], size_t np, nearest_search *s) {
    size_t count[257] = { 0 };
    for (size_t i = 0; i < np; i++) count[pc[i][1] + 1]++;
    for (int g = 0; g < 256; g++) count[g + 1] += count[g];
    memcpy(s->from, count, sizeof s->from);
    for (size_t i = 0; i < np; i++) {
        size_t at = count[pc[i][1]]++;
        s->index[at] = (uint8_t)i;
        s->green[at] = pc[i][1];
    }
    s->np = np;
}

/* Takes the colour at position `at` of the search as the best if it is
   nearer (ties: the lower index); 0 when its green alone is farther than
   the best, and so is every colour beyond it. */
static int consider(const nearest_search *s, const int pc[][3], const int want[3], size_t at, size_t *best,
                    int *best_d) {
    int t = s->green[at] - want[1], d = t * t;
    if (d > *best_d) return 0;
    const size_t i = s->index[at];
    t = want[0] - pc[i][0], d += t * t;
    t = want[2] - pc[i][2], d += t * t;
    if (d < *best_d || (d == *best_d && i < *best)) *best_d = d, *best = i;
    return 1;
}

/* The palette colour nearest to `want` (squared RGB distance; ties: the
   lower index), searched upward and downward from the wanted green. O(np),
   far fewer in practice. */
static size_t nearest(const nearest_search *s, const int pc[][3], const int want[3]) {
    size_t best = 0, start = s->from[want[1]];
    int best_d = INT_MAX;
    for (size_t at = start; at < s->np && consider(s, pc, want, at, &best, &best_d); at++) continue;
    for (size_t at = start; at-- > 0 && consider(s, pc, want, at, &best, &best_d);) continue;
    return best;
}

/* A small cache of nearest-colour answers: a colour's answer never changes
   within a call, so what it holds does not change the result. */
enum { CACHE = 4096 };

void canim__dither(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h,
                   const uint32_t *palette, size_t np, uint32_t *out, size_t out_stride,
                   int *rows) {
    uint32_t cache_key[CACHE]; /* 0x1000000 | rgb, or 0: empty */
    uint8_t cache_index[CACHE];
    memset(cache_key, 0, sizeof cache_key);
    int pc[256][3]; /* the palette's channels */
    for (size_t i = 0; i < np; i++)
        for (int ch = 0; ch < 3; ch++) pc[i][ch] = channel(palette[i], ch);
    nearest_search near;
    sort_by_green(pc, np, &near);
    /* errors in sixteenths: cur and next rows of 3 * (w + 2), x + 1 indexed */
    int *cur = rows, *next = rows + 3 * ((size_t)w + 2);
    memset(rows, 0, 6 * ((size_t)w + 2) * sizeof *rows);
    uint32_t exact = 0x1000000u; /* the last colour that was a palette colour itself (none yet) */
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint32_t *o = out + (size_t)y * out_stride;
        memset(next, 0, 3 * ((size_t)w + 2) * sizeof *next);
        for (uint32_t x = 0; x < w; x++, p += 4) {
            if (p[3] < 128) {
                o[x] = 0;
                continue;
            }
            int *e = cur + 3 * ((size_t)x + 1);
            /* No error carried to a palette colour: it is itself, and spreads none (a background's runs). */
            if (!(e[0] | e[1] | e[2]) && ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) == exact) {
                o[x] = 0xFF000000u | exact;
                continue;
            }
            int want[3];
            for (int ch = 0; ch < 3; ch++) want[ch] = clamp255(p[ch] + sixteenths(e[ch]));
            uint32_t rgb = (uint32_t)want[0] << 16 | (uint32_t)want[1] << 8 | (uint32_t)want[2];
            unsigned slot = (rgb * 0x9E3779B1u) >> 20;
            size_t best;
            if (cache_key[slot] == (0x1000000u | rgb)) {
                best = cache_index[slot];
            } else {
                best = nearest(&near, pc, want);
                cache_key[slot] = 0x1000000u | rgb;
                cache_index[slot] = (uint8_t)best;
            }
            o[x] = 0xFF000000u | palette[best];
            if (palette[best] == rgb) exact = rgb;
            const uint8_t *right = x + 1 < w ? p + 4 : NULL;
            const uint8_t *below = y + 1 < h ? p + stride : NULL;
            int *n = next + 3 * (size_t)x; /* the errors below: n[0..3) down-left, then down, down-right */
            for (int ch = 0; ch < 3; ch++) {
                int err = want[ch] - pc[best][ch];
                if (right && right[3] >= 128) e[3 + ch] += err * 7;
                if (below) {
                    if (x > 0 && below[-4 + 3] >= 128) n[ch] += err * 3;
                    if (below[3] >= 128) n[3 + ch] += err * 5;
                    if (x + 1 < w && below[4 + 3] >= 128) n[6 + ch] += err * 1;
                }
            }
        }
        int *t = cur;
        cur = next;
        next = t;
    }
}
