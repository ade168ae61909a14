/* pixelmatch v7.2.0's comparison; see unfold_pixelmatch.h. */
#include "unfold_pixelmatch.h"

#include <math.h>
#include <string.h>

/* pixelmatch's numbers come from separate multiplies and adds: no fused
   multiply-add, which would round differently (on arm64, say). */
#pragma STDC FP_CONTRACT OFF

/* Inlined even without optimisation (a debug build), where a call per pixel would cost more than the pixel. */
#define HELPER static inline __attribute__((always_inline))

/* One band's words, as pixelmatch reads an image. */
typedef struct {
    const uint32_t *words;
    size_t width, height, origin_y;
    int checkerboard;
} image;

/* pixelmatch's backdrop for the pixel at index i of the band: white, or its
   checkerboard, keyed on the byte offset k = 4i in the whole image (k is
   even, so red is always 48). */
HELPER void backdrop(const image *im, size_t i, int bg[3]) {
    if (!im->checkerboard) {
        bg[0] = bg[1] = bg[2] = 255;
        return;
    }
    double k = (double)((im->origin_y * im->width + i) * 4);
    bg[0] = 48;
    bg[1] = 48 + 159 * ((int64_t)(k / 1.618033988749895) & 1);
    bg[2] = 48 + 159 * ((int64_t)(k / 2.618033988749895) & 1);
}

/* Channel differences of p and q, blended over the backdrop of pixel i when either is translucent. */
HELPER void difference(const image *im, uint32_t p, uint32_t q, size_t i, double d[3]) {
    int r1 = (int)(p & 0xFF), g1 = (int)(p >> 8 & 0xFF), b1 = (int)(p >> 16 & 0xFF), a1 = (int)(p >> 24);
    int r2 = (int)(q & 0xFF), g2 = (int)(q >> 8 & 0xFF), b2 = (int)(q >> 16 & 0xFF), a2 = (int)(q >> 24);
    if (a1 == 255 && a2 == 255) {
        d[0] = (double)(r1 - r2);
        d[1] = (double)(g1 - g2);
        d[2] = (double)(b1 - b2);
        return;
    }
    int bg[3];
    backdrop(im, i, bg);
    int da = a1 - a2;
    d[0] = (double)(r1 * a1 - r2 * a2 - bg[0] * da) / 255;
    d[1] = (double)(g1 * a1 - g2 * a2 - bg[1] * da) / 255;
    d[2] = (double)(b1 * a1 - b2 * a2 - bg[2] * da) / 255;
}

/* The YIQ distance of two different pixels at index i, negative when the second is darker. */
HELPER double color_delta(const image *im, uint32_t p, uint32_t q, size_t i) {
    double d[3];
    difference(im, p, q, i, d);
    double y = d[0] * 0.29889531 + d[1] * 0.58662247 + d[2] * 0.11448223;
    double iq = d[0] * 0.59597799 - d[1] * 0.27417610 - d[2] * 0.32180189;
    double qq = d[0] * 0.21147017 - d[1] * 0.52261711 + d[2] * 0.31114694;
    double delta = 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * qq * qq;
    return y > 0 ? -delta : delta;
}

/* The brightness difference of two pixels, the centre one being at index i. */
HELPER double brightness_delta(const image *im, uint32_t p, uint32_t q, size_t i) {
    if (p == q) return 0;
    double d[3];
    difference(im, p, q, i, d);
    return d[0] * 0.29889531 + d[1] * 0.58662247 + d[2] * 0.11448223;
}

/* The neighbourhood of (x, y), clipped to the band, and whether (x, y) is on its edge. */
typedef struct { size_t xs, xe, ys, ye; int edge; } around;

HELPER around neighbours(const image *im, size_t x, size_t y) {
    around n = { x > 0 ? x - 1 : 0, x + 1 < im->width ? x + 1 : im->width - 1,
                 y > 0 ? y - 1 : 0, y + 1 < im->height ? y + 1 : im->height - 1, 0 };
    n.edge = x == n.xs || x == n.xe || y == n.ys || y == n.ye;
    return n;
}

/* Whether a pixel has three or more neighbours of exactly its colour. */
static int has_many_siblings(const image *im, size_t x, size_t y) {
    around n = neighbours(im, x, y);
    uint32_t center = im->words[y * im->width + x];
    int zeroes = n.edge;
    for (size_t nx = n.xs; nx <= n.xe; nx++)
        for (size_t ny = n.ys; ny <= n.ye; ny++) {
            if (nx == x && ny == y) continue;
            if (im->words[ny * im->width + nx] == center && ++zeroes > 2) return 1;
        }
    return 0;
}

/* Whether the pixel at (x, y) looks like anti-aliasing: among its 8
   neighbours (visited column by column, the first strict extreme kept) it
   has both a darker and a brighter one and at most two equal to it, and the
   darkest or the brightest of them has three or more equal neighbours in
   both images. */
static int is_anti_aliased(const image *im, size_t x, size_t y, const image *other) {
    around n = neighbours(im, x, y);
    size_t i = y * im->width + x;
    uint32_t center = im->words[i];
    int zeroes = n.edge;
    double least = 0, most = 0;
    size_t dark_x = 0, dark_y = 0, bright_x = 0, bright_y = 0;
    for (size_t nx = n.xs; nx <= n.xe; nx++)
        for (size_t ny = n.ys; ny <= n.ye; ny++) {
            if (nx == x && ny == y) continue;
            double delta = brightness_delta(im, center, im->words[ny * im->width + nx], i);
            if (delta == 0) {
                if (++zeroes > 2) return 0;
            } else if (delta < least) {
                least = delta;
                dark_x = nx;
                dark_y = ny;
            } else if (delta > most) {
                most = delta;
                bright_x = nx;
                bright_y = ny;
            }
        }
    if (least == 0 || most == 0) return 0;
    return (has_many_siblings(im, dark_x, dark_y) && has_many_siblings(other, dark_x, dark_y)) ||
           (has_many_siblings(im, bright_x, bright_y) && has_many_siblings(other, bright_x, bright_y));
}

/* pixelmatch's backdrop pixel: the brightness of p faded towards white by
   alpha and by its own opacity, truncated as a byte store truncates. */
HELPER uint32_t gray_pixel(uint32_t p, double alpha) {
    double r = (double)(p & 0xFF), g = (double)(p >> 8 & 0xFF), b = (double)(p >> 16 & 0xFF), a = (double)(p >> 24);
    double value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * alpha * a / 255;
    uint32_t v = (uint32_t)value;
    return v | v << 8 | v << 16 | 0xFF000000u;
}

HELPER int ignored(const unfold_pixelmatch_input *in, size_t x, size_t y) {
    for (size_t k = 0; k < in->ignore_count; k++) {
        const int64_t *r = in->ignore + 4 * k;
        if ((int64_t)x >= r[0] && (int64_t)x < r[2] && (int64_t)y >= r[1] && (int64_t)y < r[3]) return 1;
    }
    return 0;
}

unfold_pixelmatch_result unfold_pixelmatch(const unfold_pixelmatch_input *in) {
    size_t width = in->width, height = in->height;
    image a = { in->a, width, height, in->origin_y, in->checkerboard };
    image b = { in->b, width, height, in->origin_y, in->checkerboard };
    unfold_pixelmatch_result out = { 0, 0, width, height, 0, 0, 0 };
    uint32_t *diff = in->diff;
    int draws_equal = diff != NULL && !in->mask;
    for (size_t y = 0; y < height; y++) {
        size_t row = y * width;
        /* Whole equal rows first: memcmp is far faster than a pixel loop. */
        if (memcmp(in->a + row, in->b + row, width * 4) == 0) {
            if (draws_equal)
                for (size_t i = row; i < row + width; i++) diff[i] = gray_pixel(in->a[i], in->alpha);
            continue;
        }
        for (size_t x = 0; x < width; x++) {
            size_t i = row + x;
            uint32_t p = in->a[i], q = in->b[i];
            double delta = 0;
            if (p != q && !ignored(in, x, y + in->origin_y)) {
                delta = color_delta(&a, p, q, i);
                if (fabs(delta) > out.worst) out.worst = fabs(delta);
            }
            if (!(fabs(delta) > in->max_delta)) {
                if (draws_equal) diff[i] = gray_pixel(p, in->alpha);
                continue;
            }
            if (!in->count_anti_aliasing && (is_anti_aliased(&a, x, y, &b) || is_anti_aliased(&b, x, y, &a))) {
                out.anti_aliased++;
                if (draws_equal) diff[i] = in->aa_color;
            } else {
                out.different++;
                if (x < out.x0) out.x0 = x;
                if (y < out.y0) out.y0 = y;
                if (x + 1 > out.x1) out.x1 = x + 1;
                if (y + 1 > out.y1) out.y1 = y + 1;
                if (diff) diff[i] = delta < 0 ? in->darker_color : in->diff_color;
            }
        }
    }
    return out;
}
