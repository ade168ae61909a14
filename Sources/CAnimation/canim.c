/*
 * canim.c: the public API of canimation.h. Checks arguments and the writer's
 * state (open, finished, failed), keeps the frame count and the time so far,
 * and hands valid calls to the format's writer (canim_gif.c, canim_webp.c).
 */
#include "canim_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int canim__fail(char *err, size_t errlen, int code, const char *fmt, ...) {
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

int canim__put(canim__buf *b, const void *p, size_t n) {
    if (b->failed) return CANIM_E_NOMEM;
    if (n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) {
                b->failed = 1;
                return CANIM_E_NOMEM;
            }
            cap *= 2;
        }
        uint8_t *d = realloc(b->data, cap);
        if (!d) {
            b->failed = 1;
            return CANIM_E_NOMEM;
        }
        b->data = d;
        b->cap = cap;
    }
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
    return CANIM_OK;
}

canim_writer *canim_begin(canim_format format, uint32_t width, uint32_t height, uint32_t loops,
                          char *err, size_t errlen) {
    const canim__ops *ops = format == CANIM_GIF ? &canim__gif_ops
                          : format == CANIM_WEBP ? &canim__webp_ops : NULL;
    if (!ops) {
        canim__fail(err, errlen, CANIM_E_ARG, "unknown animation format %d", (int)format);
        return NULL;
    }
    if (width == 0 || height == 0 || width > CANIM_MAX_SIDE || height > CANIM_MAX_SIDE) {
        canim__fail(err, errlen, CANIM_E_ARG, "%s size %ux%u: each side must be 1..%d", ops->name,
                    width, height, CANIM_MAX_SIDE);
        return NULL;
    }
    if (loops > CANIM_MAX_LOOPS) {
        canim__fail(err, errlen, CANIM_E_ARG, "loop count %u: at most %d (0 = forever)", loops,
                    CANIM_MAX_LOOPS);
        return NULL;
    }
    canim_writer *w = calloc(1, sizeof *w);
    if (!w) {
        canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
        return NULL;
    }
    w->ops = ops;
    w->width = width;
    w->height = height;
    w->loops = loops;
    w->state = CANIM__OPEN;
    if (ops->begin(w, err, errlen) != CANIM_OK) {
        canim_free_writer(w);
        return NULL;
    }
    return w;
}

/* CANIM_OK if w can take a frame or finish, else CANIM_E_ARG with a message. */
static int check_open(const canim_writer *w, char *err, size_t errlen) {
    if (!w) return canim__fail(err, errlen, CANIM_E_ARG, "writer is NULL");
    if (w->state == CANIM__FINISHED)
        return canim__fail(err, errlen, CANIM_E_ARG, "%s writer is already finished", w->ops->name);
    if (w->state == CANIM__FAILED)
        return canim__fail(err, errlen, CANIM_E_ARG, "%s writer failed earlier", w->ops->name);
    return CANIM_OK;
}

int canim_set_matte(canim_writer *w, uint32_t rgb, char *err, size_t errlen) {
    if (!w || w->state != CANIM__OPEN || w->frames)
        return canim__fail(err, errlen, CANIM_E_ARG, "the matte is set before the first frame");
    w->matted = 1;
    w->matte = rgb & 0xFFFFFFu;
    return CANIM_OK;
}

int canim_add_frame(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t milliseconds,
                    char *err, size_t errlen) {
    int r = check_open(w, err, errlen);
    if (r) return r;
    if (!rgba) return canim__fail(err, errlen, CANIM_E_ARG, "pixels are NULL");
    if (stride < (size_t)w->width * 4)
        return canim__fail(err, errlen, CANIM_E_ARG, "stride %zu is less than width * 4 = %zu",
                           stride, (size_t)w->width * 4);
    if (milliseconds == 0 || milliseconds > CANIM_MAX_FRAME_MS)
        return canim__fail(err, errlen, CANIM_E_ARG, "frame duration %u ms: must be 1..%d",
                           milliseconds, CANIM_MAX_FRAME_MS);
    if (w->total_ms + milliseconds > INT32_MAX)
        return canim__fail(err, errlen, CANIM_E_TOO_BIG,
                           "the animation would last over 2^31 - 1 ms");
    r = w->ops->add(w, rgba, stride, milliseconds, err, errlen);
    if (r) {
        w->state = CANIM__FAILED;
        return r;
    }
    w->frames++;
    w->total_ms += milliseconds;
    return CANIM_OK;
}

int canim_finish(canim_writer *w, uint8_t **out, size_t *out_len, char *err, size_t errlen) {
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!out || !out_len) return canim__fail(err, errlen, CANIM_E_ARG, "out or out_len is NULL");
    int r = check_open(w, err, errlen);
    if (r) return r;
    if (w->frames == 0) return canim__fail(err, errlen, CANIM_E_ARG, "%s has no frames", w->ops->name);
    r = w->ops->finish(w, out, out_len, err, errlen);
    if (r) {
        free(*out);
        *out = NULL;
        *out_len = 0;
    }
    w->ops->release(w);
    w->state = CANIM__FINISHED;
    return r;
}

size_t canim_bytes(const canim_writer *w) {
    return w && w->impl ? sizeof *w + w->ops->bytes(w) : 0;
}

void canim_free_writer(canim_writer *w) {
    if (!w) return;
    if (w->impl) w->ops->release(w);
    free(w);
}

void canim_free(void *p) { free(p); }
