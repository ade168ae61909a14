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
 * Decodes a non-interlaced, 8-bit grey, grey+alpha, RGB or RGBA PNG without
 * palette or tRNS (what Unfold and most tools write) into straight RGBA:
 * chunk CRCs checked, all IDAT data inflated at once with libdeflate, rows
 * unfiltered in place. Ancillary chunks (gAMA, iCCP, ...) are ignored: pixel
 * values are returned as stored. With `premultiply`, colour channels come
 * out multiplied by alpha ((c * a + 127) / 255), as Unfold's pixmaps hold
 * them. Returns CPNG_OK, a negative CPNG_E_* code
 * for a corrupt or too large file, or CPNG_UNSUPPORTED for any other kind of
 * PNG, which cpng_decode reads. On failure `*out` is zeroed.
 */
int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     cpng_image *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
