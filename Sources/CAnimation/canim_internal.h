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

/* canim_lzw.c: a GIF image's LZW data for n palette indices, with codes of
   at least `min_code_size` + 1 bits. Returns its bytes (without the code
   size byte and the sub-block lengths: canim__lzw_stored adds them), and
   writes them to `out` unless it is NULL (room: canim__lzw_bound(n)). A
   full table goes on being used until `clearing` says: at least `after`
   codes later, once its codes average fewer than below / 256 pixels (and
   at most 3800 codes later, which every decoder takes). Counting stops
   once the bytes pass `limit` (SIZE_MAX when writing), returning more than
   it. O(n); `t` is scratch, and says whether the call's table filled up
   (in what was counted, when the count stopped at `limit`): when it did
   not, every clearing gives the same data. */
typedef struct {
    uint32_t keys[8192];
    uint16_t codes[8192];
    /* Codes that are runs of one pixel: their length (0: not a run), their
       pixel, the run one longer, and each pixel's longest run. */
    uint16_t run_length[4096], longer_run[4096], longest_run[256];
    uint8_t run_pixel[4096];
    int filled;
} canim__lzw_table;

typedef struct {
    uint32_t after, below;
} canim__clearing;

/* giflib's rule: a full table is cleared at once. */
#define CANIM__CLEAR_AT_ONCE ((canim__clearing){ 0, UINT32_MAX })
#define canim__lzw_bound(n) (2 * (size_t)(n) + 16)

size_t canim__lzw(const uint8_t *pixels, size_t n, int min_code_size, canim__clearing clearing, size_t limit,
                  canim__lzw_table *t, uint8_t *out);

/* The bytes LZW data of `bytes` bytes takes in a GIF: its code size byte,
   its sub-blocks of at most 255 bytes after their lengths, the empty one. */
size_t canim__lzw_stored(size_t bytes);

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
