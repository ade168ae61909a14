/*
 * cpng_fast.h: a fast PNG decoder for the common case, with libdeflate.
 */
#ifndef CPNG_FAST_H
#define CPNG_FAST_H

#include <stddef.h>
#include <stdint.h>
#include "cpng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Returned by cpng_decode_fast for files it leaves to cpng_decode. */
enum { CPNG_UNSUPPORTED = 1 };

/**
 * Reads the size of a PNG from its IHDR without decoding it, so that the
 * caller can allocate the pixels for cpng_decode_fast. Returns CPNG_OK, or
 * CPNG_E_FORMAT for data that does not start like a PNG.
 */
int cpng_peek(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height);

/**
 * Decodes a non-interlaced 8-bit grey, grey+alpha, RGB, RGBA or palette PNG
 * (what Unfold and most tools write; no tRNS colour key) into `dst`, which
 * holds width * height * 4 bytes (`dstlen`, from cpng_peek): RGBA, rows top
 * to bottom. Chunk CRCs are checked, all IDAT data is inflated at once with
 * libdeflate (for up to three channels, into the tail of `dst` itself, so no
 * other large buffer is needed), rows are unfiltered in place. Ancillary
 * chunks (gAMA, iCCP, ...) are ignored: pixel values are returned as stored.
 * With `premultiply`, colour channels come out multiplied by alpha
 * ((c * a + 127) / 255), as Unfold's pixmaps hold them. Returns CPNG_OK, a
 * negative CPNG_E_* code for a corrupt or too large file, or CPNG_UNSUPPORTED
 * for any other kind of PNG, which cpng_decode reads.
 */
int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     uint8_t *dst, size_t dstlen, char *err, size_t errlen);

/**
 * A decoded image kept as unfiltered packed rows (for comparing two images
 * without expanding them): `height` rows `pitch` bytes apart, each a filter
 * byte and then width * channels bytes. Made by cpng_decode_rows, freed with
 * cpng_rows_free.
 */
typedef struct {
    uint32_t width, height;
    int channels;             /* 1 (grey or palette index), 2, 3 or 4 */
    int paletted;
    uint8_t table[256 * 4];   /* the palette as straight RGBA */
    uint8_t *rows;
    size_t pitch;
} cpng_rows;

/** Decodes the same kinds of PNG as cpng_decode_fast into unfiltered rows. */
int cpng_decode_rows(const uint8_t *data, size_t len, uint32_t max_pixels, cpng_rows *out, char *err, size_t errlen);

/**
 * The first and last rows whose bytes differ (-1 when none). Returns 0, and
 * compares nothing, when the two images differ in size or format (or palette),
 * so that equal bytes would not mean equal pixels.
 */
int cpng_rows_first_difference(const cpng_rows *a, const cpng_rows *b, int64_t *first, int64_t *last);

/** Expands rows [y0, y1) into RGBA at dst ((y1 - y0) * width * 4 bytes). */
void cpng_rows_expand(const cpng_rows *r, uint32_t y0, uint32_t y1, int premultiply, uint8_t *dst);

void cpng_rows_free(cpng_rows *r);

#ifdef __cplusplus
}
#endif

#endif
