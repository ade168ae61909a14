/*
 * cpng_apng.c: animated PNG writer (acTL / fcTL / fdAT, APNG 1.0).
 *
 * Frame 0 is the default image (IDAT) and covers the canvas. Every later
 * frame is the bounding box of the pixels that differ from the frame before,
 * with dispose_op NONE and blend_op SOURCE: the box replaces those pixels and
 * the rest of the canvas stays as it was. An unchanged frame is a 1x1 box at
 * (0, 0), so the frame count always equals the frames added. Chunks are
 * compressed as they come, so the writer holds only the previous frame and
 * the compressed data; acTL needs the frame count, so the file is assembled
 * in cpng_apng_finish.
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>

struct cpng_apng {
    uint32_t w, h, plays, frames, seq;
    int ch, threads, flags, failed;
    uint8_t *prev;        /* previous frame, w * h * 4, tightly packed */
    cpng__buf body;       /* fcTL + IDAT/fdAT chunks so far */
};

cpng_apng *cpng_apng_begin(uint32_t width, uint32_t height, uint32_t num_plays,
                           int flags, int threads, char *err, size_t errlen) {
    if (cpng__check_size(width, height, (size_t)width * 4, err, errlen)) return NULL;
    if ((uint64_t)width * height * 4 > SIZE_MAX) {
        cpng__fail(err, errlen, CPNG_E_TOO_BIG, "APNG canvas %ux%u is too large", width, height);
        return NULL;
    }
    cpng_apng *a = calloc(1, sizeof *a);
    if (a) a->prev = malloc((size_t)width * height * 4);
    if (!a || !a->prev) {
        free(a);
        cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory for a %ux%u APNG", width, height);
        return NULL;
    }
    a->w = width;
    a->h = height;
    a->plays = num_plays;
    a->flags = flags;
    a->threads = threads;
    return a;
}

static int px_eq(const uint8_t *a, const uint8_t *b) { return memcmp(a, b, 4) == 0; }

/* Bounding box of the pixels of `cur` that differ from a->prev; 0 if none. */
static int changed_box(const cpng_apng *a, const uint8_t *cur, size_t stride,
                       uint32_t *bx, uint32_t *by, uint32_t *bw, uint32_t *bh) {
    size_t row = (size_t)a->w * 4;
    uint32_t top = 0, bottom = a->h;
#define CUR(y) (cur + (size_t)(y) * stride)
#define PREV(y) (a->prev + (size_t)(y) * row)
    while (top < a->h && memcmp(CUR(top), PREV(top), row) == 0) top++;
    if (top == a->h) return 0;
    while (memcmp(CUR(bottom - 1), PREV(bottom - 1), row) == 0) bottom--;
    uint32_t left = a->w, right = 0; /* [left, right) */
    for (uint32_t y = top; y < bottom; y++) {
        const uint8_t *c = CUR(y), *p = PREV(y);
        uint32_t x = 0;
        while (x < left && px_eq(c + 4 * (size_t)x, p + 4 * (size_t)x)) x++;
        if (x < left) left = x;
        x = a->w;
        while (x > right && px_eq(c + 4 * (size_t)(x - 1), p + 4 * (size_t)(x - 1))) x--;
        if (x > right) right = x;
    }
#undef CUR
#undef PREV
    *bx = left;
    *by = top;
    *bw = right - left;
    *bh = bottom - top;
    return 1;
}

int cpng_apng_add_frame(cpng_apng *a, const uint8_t *rgba, size_t stride,
                        uint16_t delay_num, uint16_t delay_den, char *err, size_t errlen) {
    if (!a || !rgba) return cpng__fail(err, errlen, CPNG_E_ARG, "writer or pixels are NULL");
    if (a->failed) return cpng__fail(err, errlen, CPNG_E_ARG, "APNG writer failed earlier");
    a->failed = 1; /* until this frame is in */
    int r = cpng__check_size(a->w, a->h, stride, err, errlen);
    if (r) return r;

    uint32_t x = 0, y = 0, bw = a->w, bh = a->h;
    if (a->frames == 0) {
        a->ch = (a->flags & CPNG_APNG_ALPHA) || cpng__has_alpha(rgba, a->w, a->h, stride) ? 4 : 3;
    } else if (!changed_box(a, rgba, stride, &x, &y, &bw, &bh)) {
        bw = bh = 1; /* unchanged: repaint one pixel with itself */
    }
    const uint8_t *box = rgba + (size_t)y * stride + (size_t)x * 4;
    if (a->frames > 0 && a->ch == 3 && cpng__has_alpha(box, bw, bh, stride))
        return cpng__fail(err, errlen, CPNG_E_ARG,
                          "frame %u has alpha < 255 but frame 0 was opaque; "
                          "begin the APNG with CPNG_APNG_ALPHA", a->frames);

    uint8_t fctl[26];
    cpng__be32(fctl, a->seq++);
    cpng__be32(fctl + 4, bw);
    cpng__be32(fctl + 8, bh);
    cpng__be32(fctl + 12, x);
    cpng__be32(fctl + 16, y);
    fctl[20] = (uint8_t)(delay_num >> 8);
    fctl[21] = (uint8_t)delay_num;
    fctl[22] = (uint8_t)(delay_den >> 8);
    fctl[23] = (uint8_t)delay_den;
    fctl[24] = 0; /* dispose_op NONE */
    fctl[25] = 0; /* blend_op SOURCE */

    cpng__buf z = { 0 };
    r = cpng__compress_image(box, stride, bw, bh, a->ch, a->threads, NULL, &z, err, errlen);
    if (r == CPNG_OK &&
        (cpng__chunk(&a->body, "fcTL", fctl, sizeof fctl) ||
         cpng__data_chunks(&a->body, a->frames ? "fdAT" : "IDAT", &z, a->frames ? &a->seq : NULL)))
        r = cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    free(z.data);
    if (r) return r;
    for (uint32_t k = 0; k < bh; k++)
        memcpy(a->prev + ((size_t)(y + k) * a->w + x) * 4, box + (size_t)k * stride, (size_t)bw * 4);
    a->frames++;
    a->failed = 0;
    return CPNG_OK;
}

int cpng_apng_finish(cpng_apng *a, cpng_buffer *out, char *err, size_t errlen) {
    int r = CPNG_OK;
    if (out) {
        out->data = NULL;
        out->len = 0;
    }
    if (!a || !out) r = cpng__fail(err, errlen, CPNG_E_ARG, "writer or out is NULL");
    else if (a->failed) r = cpng__fail(err, errlen, CPNG_E_ARG, "APNG writer failed earlier");
    else if (a->frames == 0) r = cpng__fail(err, errlen, CPNG_E_ARG, "APNG has no frames");
    if (r) {
        cpng_apng_free(a);
        return r;
    }
    cpng__buf png = { 0 };
    uint8_t actl[8];
    cpng__be32(actl, a->frames);
    cpng__be32(actl + 4, a->plays);
    if (cpng__reserve(&png, a->body.len + 128) || cpng__head(&png, a->w, a->h, a->ch) ||
        cpng__chunk(&png, "acTL", actl, 8) || cpng__put(&png, a->body.data, a->body.len) ||
        cpng__chunk(&png, "IEND", NULL, 0)) {
        free(png.data);
        cpng_apng_free(a);
        return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    }
    cpng_apng_free(a);
    out->data = png.data;
    out->len = png.len;
    return CPNG_OK;
}

void cpng_apng_free(cpng_apng *a) {
    if (!a) return;
    free(a->prev);
    free(a->body.data);
    free(a);
}

size_t cpng_apng_bytes(const cpng_apng *w) { return w ? w->body.len : 0; }
