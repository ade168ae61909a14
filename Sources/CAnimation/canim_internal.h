/*
 * canim_internal.h: shared by the CAnimation sources. Not public API.
 *
 * canim.c checks every argument and the writer's state, keeps the frame
 * count and the time so far, and calls the format's functions (canim__ops)
 * only with valid arguments; canim_gif.c and canim_webp.c each provide one.
 */
#ifndef CANIM_INTERNAL_H
#define CANIM_INTERNAL_H

#include "canimation.h"

/* Writes a message into err (if any); returns code. */
int canim__fail(char *err, size_t errlen, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A growable byte buffer. A failed growth sets `failed` and keeps it set. */
typedef struct {
    uint8_t *data;
    size_t len, cap;
    int failed;
} canim__buf;

/* Appends n bytes; 0, or CANIM_E_NOMEM (and b->failed). */
int canim__put(canim__buf *b, const void *p, size_t n);

/* canim_quant.c (its contracts are at its top): a palette for more than 255
   colours, and pixels mapped to it with error diffusion. `key` is scratch. */
typedef struct {
    uint32_t rgb, n, key;
} canim__colour;

size_t canim__palette(canim__colour *c, size_t n, size_t max, uint32_t *palette);
void canim__dither(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h,
                   const uint32_t *palette, size_t np, uint32_t *out, size_t out_stride,
                   int *rows);

/* canim_lzw.c: the bytes a GIF image's data takes (LZW codes in sub-blocks,
   with its code-size byte and terminator) for n palette indices. `t` is
   scratch. */
typedef struct {
    uint32_t keys[8192];
    uint16_t codes[8192];
} canim__lzw;

size_t canim__lzw_size(const uint8_t *pixels, size_t n, int min_code_size, canim__lzw *t);

struct canim_writer {
    const struct canim__ops *ops;
    uint32_t width, height, loops;
    int matted;            /* canim_set_matte was called: */
    uint32_t matte;        /* its 0xRRGGBB */
    uint32_t frames;       /* frames added */
    uint64_t total_ms;     /* duration of the frames added (<= INT32_MAX) */
    int state;             /* CANIM__OPEN, CANIM__FINISHED, CANIM__FAILED */
    void *impl;            /* the format's state; NULL once released */
};

enum { CANIM__OPEN, CANIM__FINISHED, CANIM__FAILED };

typedef struct canim__ops {
    const char *name;
    /* Sets w->impl. */
    int (*begin)(canim_writer *w, char *err, size_t errlen);
    /* A valid frame; w->total_ms is the time before it. */
    int (*add)(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t ms, char *err,
               size_t errlen);
    /* At least one frame; *out and *out_len are zeroed by the caller. */
    int (*finish)(canim_writer *w, uint8_t **out, size_t *out_len, char *err, size_t errlen);
    size_t (*bytes)(const canim_writer *w);
    /* Frees w->impl (not NULL) and sets it to NULL. */
    void (*release)(canim_writer *w);
} canim__ops;

extern const canim__ops canim__gif_ops;
extern const canim__ops canim__webp_ops;

#endif /* CANIM_INTERNAL_H */
