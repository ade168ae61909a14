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

#ifdef __cplusplus
}
#endif

#endif
