/*
 * unfold_pixelmatch.h: pixelmatch v7.2.0's comparison of two images, the
 * pixel loop of UnfoldDiff's `compareRows`, in C (a debug build of the Swift
 * loop ran about 11 times slower than release on a frame that differs
 * everywhere; C without optimisation is still a plain loop).
 *
 * It computes what pixelmatch computes, number for number: the YIQ colour
 * distance (Kotsarenko & Ramos) in double precision, evaluated in
 * pixelmatch's order with no fused multiply-add, Vysniauskas' anti-aliasing
 * detector, translucent pixels blended over pixelmatch's checkerboard (or
 * white), and its diff image. UnfoldDiff's Swift code decides what the
 * counts mean (budgets, sizes, the summary).
 *
 * Pixels are straight RGBA words in memory order, read as little-endian
 * words (R in the low byte), as UnfoldDiff reads them. Pointers are only
 * used during the call; nothing is allocated, nothing fails.
 */
#ifndef UNFOLD_PIXELMATCH_H
#define UNFOLD_PIXELMATCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What to compare and how. */
typedef struct {
    /* Two bands of `width` x `height` words each: rows `origin_y` ... of the
       same two images, whose checkerboard and ignored regions they take. */
    const uint32_t *a;
    const uint32_t *b;
    size_t width, height, origin_y;
    /* The largest YIQ distance still equal: 35215 * threshold * threshold. */
    double max_delta;
    /* Count anti-aliased pixels as differences; blend translucent pixels over
       the checkerboard (else over white). */
    int count_anti_aliasing, checkerboard;
    /* `ignore_count` rectangles x0, y0, x1, y1 (half-open, image rows) not compared. */
    const int64_t *ignore;
    size_t ignore_count;
    /* The diff image, width x height words, or NULL for none: differences
       and anti-aliased pixels in their colours, the others in pixelmatch's
       grey; with `mask`, only the differences are written (over what `diff`
       held, transparency). */
    uint32_t *diff;
    int mask;
    double alpha; /* 0...1: how much of `a` shows, grey, under the diff */
    uint32_t aa_color, diff_color, darker_color;
} unfold_pixelmatch_input;

/* What the comparison found. */
typedef struct {
    /* Pixels over the threshold not anti-aliased (or all, with count_anti_aliasing),
       and those that look anti-aliased (not counted). */
    size_t different, anti_aliased;
    /* The counted pixels' bounding box in band rows, half-open; x1 == 0 when none. */
    size_t x0, y0, x1, y1;
    /* The largest |YIQ distance| of two pixels compared. */
    double worst;
} unfold_pixelmatch_result;

/* Compares the bands, O(width x height); rows equal byte for byte cost a memcmp. */
unfold_pixelmatch_result unfold_pixelmatch(const unfold_pixelmatch_input *in);

#ifdef __cplusplus
}
#endif

#endif
