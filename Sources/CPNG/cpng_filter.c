/*
 * cpng_filter.c: PNG row filters (PNG spec section 9) and the per-row choice.
 *
 * Every encoder-side filter reads only unfiltered bytes, so each loop below
 * is data-parallel and the compiler vectorises it. Each one also returns the
 * row's cost: the sum of |b| with b read as a signed byte (libpng's
 * "minimum sum of absolute differences" heuristic).
 *
 * And the inverse, for the decoders and for the stream encoder, which reads
 * its own output back when it has to change the colour type.
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>

/* |v| for v read as a signed byte, in byte arithmetic so the loops vectorise wide;
   inlined even without optimisation (a debug build), where a call per byte cost more than the byte */
static inline __attribute__((always_inline)) uint8_t cost(uint8_t v) {
    uint8_t m = (uint8_t)-v;
    return v < m ? v : m;
}

static uint32_t row_cost(const uint8_t *restrict o, size_t n) {
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++) s += cost(o[i]);
    return s;
}

static uint32_t f_none(const uint8_t *restrict r, const uint8_t *restrict p, size_t n, size_t bpp,
                       uint8_t *restrict o) {
    (void)p; (void)bpp;
    memcpy(o, r, n);
    return row_cost(o, n);
}

static uint32_t f_sub(const uint8_t *restrict r, const uint8_t *restrict p, size_t n, size_t bpp,
                      uint8_t *restrict o) {
    (void)p;
    for (size_t i = 0; i < bpp; i++) o[i] = r[i];
    for (size_t i = bpp; i < n; i++) o[i] = (uint8_t)(r[i] - r[i - bpp]);
    return row_cost(o, n);
}

static uint32_t f_up(const uint8_t *restrict r, const uint8_t *restrict p, size_t n, size_t bpp,
                     uint8_t *restrict o) {
    (void)bpp;
    for (size_t i = 0; i < n; i++) o[i] = (uint8_t)(r[i] - p[i]);
    return row_cost(o, n);
}

static uint32_t f_avg(const uint8_t *restrict r, const uint8_t *restrict p, size_t n, size_t bpp,
                      uint8_t *restrict o) {
    for (size_t i = 0; i < bpp; i++) o[i] = (uint8_t)(r[i] - (p[i] >> 1));
    for (size_t i = bpp; i < n; i++) o[i] = (uint8_t)(r[i] - ((r[i - bpp] + p[i]) >> 1));
    return row_cost(o, n);
}

static uint32_t f_paeth(const uint8_t *restrict r, const uint8_t *restrict p, size_t n, size_t bpp,
                        uint8_t *restrict o) {
    for (size_t i = 0; i < bpp; i++) o[i] = (uint8_t)(r[i] - p[i]);
    for (size_t i = bpp; i < n; i++) { /* 16-bit lanes: |a + b - 2c| needs 10 bits */
        int16_t a = r[i - bpp], b = p[i], c = p[i - bpp];
        int16_t pa = (int16_t)(b - c), pb = (int16_t)(a - c), pc = (int16_t)(pa + pb);
        pa = pa < 0 ? (int16_t)-pa : pa;
        pb = pb < 0 ? (int16_t)-pb : pb;
        pc = pc < 0 ? (int16_t)-pc : pc;
        int16_t pred = (pa <= pb && pa <= pc) ? a : pb <= pc ? b : c;
        o[i] = (uint8_t)(r[i] - pred);
    }
    return row_cost(o, n);
}

typedef uint32_t (*filter_fn)(const uint8_t *restrict, const uint8_t *restrict, size_t, size_t,
                              uint8_t *restrict);
static const filter_fn filters_by_type[5] = { f_none, f_sub, f_up, f_avg, f_paeth };

void cpng__filter_row(unsigned filters, const uint8_t *cur, const uint8_t *prev, size_t n,
                      int bpp, int same, uint8_t *out, uint8_t *scratch) {
    filters &= CPNG__F_ALL;
    if (filters == 0) filters = CPNG__F_NONE;
    if (same && (filters & CPNG__F_UP)) {        /* row repeats: Up gives all zeros */
        out[0] = 2;
        memset(out + 1, 0, n);
        return;
    }
    if ((filters & (filters - 1)) == 0) {         /* one filter for every row */
        int t = __builtin_ctz(filters);
        out[0] = (uint8_t)t;
        filters_by_type[t](cur, prev, n, (size_t)bpp, out + 1);
        return;
    }
    uint32_t best = UINT32_MAX;
    int best_t = 0;
    for (int t = 0; t < 5; t++) {
        if (!(filters & (1u << t))) continue;
        uint32_t s = filters_by_type[t](cur, prev, n, (size_t)bpp, scratch + (size_t)t * n);
        if (s < best) { best = s; best_t = t; }
    }
    out[0] = (uint8_t)best_t;
    memcpy(out + 1, scratch + (size_t)best_t * n, n);
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

int cpng__unfilter_row(uint8_t type, uint8_t *row, const uint8_t *prev, size_t n, size_t bpp) {
    size_t i;
    switch (type) {
    case 0: return 0;
    case 1: for (i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]); return 0;
    case 2: if (prev) for (i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + prev[i]); return 0;
    case 3:
        for (i = 0; i < n; i++) {
            int left = i >= bpp ? row[i - bpp] : 0, up = prev ? prev[i] : 0;
            row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
        }
        return 0;
    case 4:
        for (i = 0; i < n; i++) {
            int left = i >= bpp ? row[i - bpp] : 0, up = prev ? prev[i] : 0;
            int ul = (prev && i >= bpp) ? prev[i - bpp] : 0;
            row[i] = (uint8_t)(row[i] + paeth(left, up, ul));
        }
        return 0;
    default: return -1;
    }
}
