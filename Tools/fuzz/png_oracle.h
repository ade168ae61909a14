/*
 * png_oracle.h: runs one input through every CPNG decoder entry point and
 * checks that they agree (included by fuzz_png.c and Tools/cpng-check/main.c).
 *
 *   cpng_decode, cpng_decode_fast (straight and premultiplied),
 *   cpng_decode_rows + cpng_rows_expand (whole, part, premultiplied)
 *   + cpng_rows_first_difference, and a re-encode (cpng_encode) of what
 *   decoded, decoded again by cpng_decode and cpng_decode_fast.
 *
 * png_oracle() returns 0 when everything agrees, else 1 with a description in
 * `why`. Needs cpng.h, cpng_fast.h, <stdio.h>, <stdlib.h>, <string.h>.
 */
#ifndef PNG_ORACLE_H
#define PNG_ORACLE_H

#include "cpng.h"
#include "cpng_fast.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int oracle_fail(char *why, size_t whylen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whylen, fmt, ap);
    va_end(ap);
    return 1;
}

/* A failed call must return a negative code with a message. */
static inline int oracle_bad_error(int code, const char *err) {
    return code >= 0 || !err[0] || code < CPNG_E_UNSUPPORTED;
}

static inline void oracle_premultiply(const uint8_t *s, uint8_t *d, size_t pixels) {
    for (size_t i = 0; i < pixels; i++, s += 4, d += 4) {
        for (int c = 0; c < 3; c++) d[c] = s[3] == 255 ? s[c] : (uint8_t)((s[c] * s[3] + 127) / 255);
        d[3] = s[3];
    }
}

/* The re-encode checks of a decoded image (straight RGBA, w x h). */
static inline int oracle_reencode(const uint8_t *px, uint32_t w, uint32_t h, char *why, size_t whylen) {
    char err[256] = "";
    cpng_buffer b;
    int r = cpng_encode(px, w, h, (size_t)w * 4, 1, &b, err, sizeof err);
    if (r != CPNG_OK) return oracle_fail(why, whylen, "re-encode of %ux%u failed: %d %s", w, h, r, err);
    int bad = 0;
    cpng_image im;
    uint32_t warn = 99;
    r = cpng_decode(b.data, b.len, w * h, &im, &warn, err, sizeof err);
    if (r != CPNG_OK || warn != 0 || im.width != w || im.height != h ||
        memcmp(im.pixels, px, (size_t)w * h * 4) != 0)
        bad = oracle_fail(why, whylen, "re-encoded image decodes differently (cpng_decode %d, warnings %u): %s",
                          r, warn, err);
    cpng_free(im.pixels);
    uint8_t *dst = malloc((size_t)w * h * 4);
    r = cpng_decode_fast(b.data, b.len, w * h, 0, dst, (size_t)w * h * 4, &warn, err, sizeof err);
    if (!bad && (r != CPNG_OK || memcmp(dst, px, (size_t)w * h * 4) != 0))
        bad = oracle_fail(why, whylen, "re-encoded image: cpng_decode_fast %d differs: %s", r, err);
    free(dst);
    cpng_free(b.data);
    return bad;
}

/* `reencode_max`: re-encode decoded images of at most that many pixels. */
static inline int png_oracle(const uint8_t *d, size_t n, uint32_t maxpx, uint32_t reencode_max, char *why, size_t whylen) {
    char e1[256] = "", e2[256] = "", e3[256] = "";
    int bad = 0;
    why[0] = 0;

    /* 1. libpng */
    cpng_image im;
    uint32_t w1 = 99, w2 = 99, w3 = 99;
    int r1 = cpng_decode(d, n, maxpx, &im, &w1, e1, sizeof e1);
    if (r1 != CPNG_OK) {
        if (oracle_bad_error(r1, e1) || r1 == CPNG_E_UNSUPPORTED || im.pixels || w1 != 0)
            return oracle_fail(why, whylen, "cpng_decode failed badly: %d '%s' warnings %u", r1, e1, w1);
    } else if (!im.pixels || im.stride != (size_t)im.width * 4 || !im.width || !im.height) {
        return oracle_fail(why, whylen, "cpng_decode succeeded with a bad image");
    }

    /* 2. the fast decoder: a buffer of the size the header says (or a tiny one) */
    uint32_t W = 0, H = 0;
    int rp = cpng_peek(d, n, &W, &H);
    size_t dstlen = (rp == CPNG_OK && W && H && (uint64_t)W * H <= maxpx) ? (size_t)W * H * 4 : 4;
    uint8_t *fast = malloc(dstlen), *fastp = malloc(dstlen);
    int r2 = cpng_decode_fast(d, n, maxpx, 0, fast, dstlen, &w2, e2, sizeof e2);
    if (r2 != CPNG_OK && (oracle_bad_error(r2, e2) || w2 != 0))
        bad = oracle_fail(why, whylen, "cpng_decode_fast failed badly: %d '%s' warnings %u", r2, e2, w2);
    else if (r1 == CPNG_OK && rp != CPNG_OK)
        bad = oracle_fail(why, whylen, "cpng_decode read what cpng_peek refused");
    else if (r2 != CPNG_E_UNSUPPORTED && r2 != r1)
        bad = oracle_fail(why, whylen, "cpng_decode gives %d ('%s') but cpng_decode_fast %d ('%s')", r1, e1, r2, e2);
    else if (r2 == CPNG_OK && (im.width != W || im.height != H || memcmp(fast, im.pixels, dstlen) != 0))
        bad = oracle_fail(why, whylen, "cpng_decode and cpng_decode_fast give different pixels");
    else if (r2 == CPNG_OK && w1 != w2)
        bad = oracle_fail(why, whylen, "warnings differ: cpng_decode %u, cpng_decode_fast %u", w1, w2);
    if (!bad && r2 == CPNG_OK) {
        int rq = cpng_decode_fast(d, n, maxpx, 1, fastp, dstlen, NULL, e2, sizeof e2);
        oracle_premultiply(fast, fast, dstlen / 4);
        if (rq != CPNG_OK || memcmp(fast, fastp, dstlen) != 0)
            bad = oracle_fail(why, whylen, "premultiplied cpng_decode_fast differs (%d)", rq);
    }

    /* 3. packed rows */
    cpng_rows rows;
    int r3 = cpng_decode_rows(d, n, maxpx, &rows, &w3, e3, sizeof e3);
    if (!bad && r3 != CPNG_OK && (oracle_bad_error(r3, e3) || rows.rows || w3 != 0))
        bad = oracle_fail(why, whylen, "cpng_decode_rows failed badly: %d '%s'", r3, e3);
    else if (!bad && r3 != r2 && !(r2 == CPNG_E_ARG && dstlen == 4))
        bad = oracle_fail(why, whylen, "cpng_decode_fast gives %d ('%s') but cpng_decode_rows %d ('%s')", r2, e2, r3, e3);
    if (r3 == CPNG_OK) {
        uint32_t h = rows.height;
        size_t rowbytes = (size_t)rows.width * 4;
        uint8_t *x = malloc(rowbytes * h);
        int64_t first = 0, last = 0;
        if (!bad && (cpng_rows_expand(&rows, 0, h, 0, x) != CPNG_OK ||
                     (r1 == CPNG_OK && memcmp(x, im.pixels, rowbytes * h) != 0)))
            bad = oracle_fail(why, whylen, "cpng_rows_expand differs from cpng_decode");
        if (!bad && w3 != w1) bad = oracle_fail(why, whylen, "warnings differ: rows %u, cpng_decode %u", w3, w1);
        if (!bad && (cpng_rows_expand(&rows, 0, h, 1, x) != CPNG_OK || (r2 == CPNG_OK && memcmp(x, fastp, rowbytes * h) != 0)))
            bad = oracle_fail(why, whylen, "premultiplied cpng_rows_expand differs from cpng_decode_fast");
        uint32_t y0 = h / 3, y1 = h / 2 + 1;
        if (!bad && (cpng_rows_expand(&rows, y0, y1, 0, x) != CPNG_OK ||
                     (r1 == CPNG_OK && memcmp(x, im.pixels + rowbytes * y0, rowbytes * (y1 - y0)) != 0)))
            bad = oracle_fail(why, whylen, "cpng_rows_expand of rows %u..%u differs", y0, y1);
        if (!bad && (cpng_rows_expand(&rows, 1, 0, 0, x) != CPNG_E_ARG || cpng_rows_expand(&rows, 0, h + 1, 0, x) != CPNG_E_ARG ||
                     cpng_rows_expand(&rows, 0, h, 0, NULL) != CPNG_E_ARG))
            bad = oracle_fail(why, whylen, "cpng_rows_expand accepts bad arguments");
        if (!bad && (cpng_rows_first_difference(&rows, &rows, &first, &last) != 1 || first != -1 || last != -1))
            bad = oracle_fail(why, whylen, "cpng_rows_first_difference of an image with itself");
        if (!bad && h > 1) {   /* one changed byte in a middle row */
            cpng_rows other = rows;
            other.rows = malloc(rows.pitch * h + 1);
            memcpy(other.rows, rows.rows, rows.pitch * h + 1);
            uint32_t y = h / 2;
            other.rows[(size_t)y * rows.pitch + 1 + (size_t)(rows.pitch - 2) / 2] ^= 1;
            if (cpng_rows_first_difference(&rows, &other, &first, &last) != 1 || first != y || last != y)
                bad = oracle_fail(why, whylen, "cpng_rows_first_difference misses row %u", y);
            other.height--;
            if (!bad && cpng_rows_first_difference(&rows, &other, &first, &last) != 0)
                bad = oracle_fail(why, whylen, "cpng_rows_first_difference compares different sizes");
            cpng_rows_free(&other);
        }
        free(x);
        cpng_rows_free(&rows);
    }

    /* 4. re-encode what decoded */
    if (!bad && r1 == CPNG_OK && (uint64_t)im.width * im.height <= reencode_max)
        bad = oracle_reencode(im.pixels, im.width, im.height, why, whylen);
    free(fast);
    free(fastp);
    cpng_free(im.pixels);
    return bad;
}

#endif
