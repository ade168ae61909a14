/*
 * unfold_pixels.h: the pixel loops of UnfoldCanvas, in C.
 *
 * Why C: these loops touch every pixel of every frame. Swift compiles them
 * well with optimisation, but a debug build (-Onone, what `swift test` builds
 * by default) keeps every bounds check, retain and generic call in them and
 * ran a render about 12 times slower than release; C without optimisation is
 * still a plain loop. Each function computes exactly what the Swift code
 * before it did, bit for bit, so pictures do not change.
 *
 * Pixels are 8-bit RGBA in memory order (R at the lowest address), four
 * bytes each, rows packed with no padding unless a stride is given. Pointers
 * are only read or written during the call; no function keeps one, allocates
 * or fails. Sizes are the caller's to check: every pointer must cover what
 * its count says.
 */
#ifndef UNFOLD_PIXELS_H
#define UNFOLD_PIXELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ContentHash's word step (UnfoldCanvas/ContentHash.swift): mixes `words`
 * 8-byte little-endian words read from `bytes` (any alignment) into the two
 * lanes state[0] (a) and state[1] (b), in order. O(words).
 */
void unfold_hash_words(uint64_t state[2], const uint8_t *bytes, size_t words);

/*
 * Source-over of one premultiplied colour `source` (a word in memory order)
 * through `count` coverage values (0...255) onto `count` premultiplied pixels
 * starting at `row`. Coverage 0 leaves a pixel; 255 with an opaque colour
 * replaces it. O(count).
 */
void unfold_blend_row(uint32_t *row, const uint8_t *coverage, size_t count, uint32_t source);

/* Whether all `count` pixels of `rgba` (4-byte aligned) have alpha 255. O(count). */
int unfold_is_opaque(const uint8_t *rgba, size_t count);

/*
 * Premultiplied to straight alpha, in place, over `count` pixels: opaque
 * pixels stay, alpha 0 becomes 0,0,0,0, others get the nearest straight
 * colour (c * 255 + a / 2) / a, at most 255. O(count).
 */
void unfold_unpremultiply(uint8_t *rgba, size_t count);

/*
 * A thumbnail: `out` (out_width x out_height pixels) gets, per pixel, the
 * rounded mean of each channel over a factor x factor block of `src`
 * (width x height pixels), blocks clipped to the image. The caller chooses
 * out_width = max(1, width / factor) and out_height = max(1, height / factor),
 * so that every block has at least one pixel. O(width x height).
 */
void unfold_downscale(const uint8_t *src, size_t width, size_t height, size_t factor,
                      uint8_t *out, size_t out_width, size_t out_height);

#ifdef __cplusplus
}
#endif

#endif
