/*
 * cpng_fast.h: a fast PNG decoder for the common case, with libdeflate.
 *
 * Same result codes and the same decoding rule and tolerance as cpng_decode
 * (see cpng.h): for any file both accept, the pixels are identical. Kinds of
 * PNG these functions do not take (16-bit or 1/2/4-bit samples, Adam7
 * interlacing, a tRNS colour key) give CPNG_E_UNSUPPORTED (negative, with a
 * message), and cpng_decode reads them.
 */
#ifndef CPNG_FAST_H
#define CPNG_FAST_H

#include <stddef.h>
#include <stdint.h>
#include "cpng.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Reads the size of a PNG from its IHDR without decoding it, so that the
 * caller can allocate the pixels for cpng_decode_fast. Returns CPNG_OK,
 * CPNG_E_ARG when `width` or `height` is NULL, or CPNG_E_FORMAT for data that
 * does not start like a PNG (nothing else is checked: the size may be 0).
 */
int cpng_peek(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height);

/**
 * Decodes a non-interlaced 8-bit grey, grey+alpha, RGB, RGBA or palette PNG
 * (what Unfold and most tools write; no tRNS colour key) into `dst`, which
 * holds exactly width * height * 4 bytes (`dstlen`, from cpng_peek): RGBA,
 * rows top to bottom. Chunk CRCs are checked, all IDAT data is inflated at
 * once with libdeflate, rows are unfiltered one at a time.
 *
 * Memory: for one to three channels the filtered image data,
 * (width * channels + 1) * height bytes, which is at most dstlen, is inflated
 * into the last bytes of `dst` itself; output row y, (y + 1) * width * 4 bytes
 * from the start, ends at or before filtered row y + 1 (since
 * width * channels + 1 <= width * 4), and each filtered row is copied out
 * before its output row is written, so nothing is overwritten before it is
 * read and no other large buffer is needed. RGBA data gets its own buffer.
 * Nothing outside data[0..len) and dst[0..dstlen) is read or written.
 *
 * With `premultiply`, colour channels come out multiplied by alpha
 * ((c * a + 127) / 255), as Unfold's pixmaps hold them.
 *
 * Returns CPNG_OK; CPNG_E_ARG (NULL `dst` or a `dstlen` that is not
 * width * height * 4; NULL `data` with `len` > 0); CPNG_E_FORMAT or
 * CPNG_E_TOO_BIG for a corrupt or too large file; CPNG_E_UNSUPPORTED for the
 * kinds above; `warnings` as in cpng.h (may be NULL). On failure `dst` may
 * have been written to.
 */
int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     uint8_t *dst, size_t dstlen, uint32_t *warnings, char *err, size_t errlen);

/**
 * A decoded image kept as unfiltered packed rows (for comparing two images
 * without expanding them): `height` rows `pitch` bytes apart, each a filter
 * byte and then width * channels bytes (the buffer has one more byte after the
 * last row). Made by cpng_decode_rows, freed with cpng_rows_free.
 */
typedef struct {
    uint32_t width, height;
    int channels;             /* 1 (grey or palette index), 2, 3 or 4 */
    int paletted;
    uint8_t table[256 * 4];   /* the palette as straight RGBA */
    uint8_t *rows;
    size_t pitch;
} cpng_rows;

/**
 * Decodes the same kinds of PNG as cpng_decode_fast into unfiltered rows.
 * Returns as cpng_decode_fast (CPNG_E_ARG for a NULL `out`); on failure
 * `*out` is zeroed.
 */
int cpng_decode_rows(const uint8_t *data, size_t len, uint32_t max_pixels, cpng_rows *out,
                     uint32_t *warnings, char *err, size_t errlen);

/**
 * The first and last rows whose bytes differ (-1 when none). Returns 1 when
 * it compared; 0, comparing nothing, when the two images differ in size or
 * format (or palette), so that equal bytes would not mean equal pixels;
 * CPNG_E_ARG when a pointer is NULL.
 */
int cpng_rows_first_difference(const cpng_rows *a, const cpng_rows *b, int64_t *first, int64_t *last);

/**
 * Expands rows [y0, y1) into RGBA at dst ((y1 - y0) * width * 4 bytes),
 * straight or premultiplied as cpng_decode_fast. Returns CPNG_OK, or
 * CPNG_E_ARG (writing nothing) when a pointer is NULL, `r` holds no rows, or
 * y0 > y1 or y1 > height.
 */
int cpng_rows_expand(const cpng_rows *r, uint32_t y0, uint32_t y1, int premultiply, uint8_t *dst);

/** Frees the rows (NULL or already freed is fine). */
void cpng_rows_free(cpng_rows *r);

#ifdef __cplusplus
}
#endif

#endif
