/* Whole-picture loops: opacity, straight alpha, thumbnails; see unfold_pixels.h. */
#include "unfold_pixels.h"

int unfold_is_opaque(const uint8_t *rgba, size_t count) {
    /* AND whole pixels as words (the alpha byte's place in a word depends on
       the byte order, so the mask is built from bytes), a block at a time. */
    const union { uint8_t bytes[4]; uint32_t word; } alpha = { { 0, 0, 0, 0xFF } };
    const uint32_t *words = (const uint32_t *)rgba;
    size_t i = 0;
    while (i < count) {
        size_t end = count - i > 4096 ? i + 4096 : count;
        uint32_t all = 0xFFFFFFFFu;
        for (; i < end; i++) all &= words[i];
        if ((all & alpha.word) != alpha.word) return 0;
    }
    return 1;
}

void unfold_unpremultiply(uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = rgba + 4 * i;
        unsigned a = p[3];
        if (a == 255) continue;
        for (int c = 0; c < 3; c++) {
            unsigned v = a == 0 ? 0 : (p[c] * 255u + a / 2) / a;
            p[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

void unfold_downscale(const uint8_t *src, size_t width, size_t height, size_t factor,
                      uint8_t *out, size_t out_width, size_t out_height) {
    for (size_t y = 0; y < out_height; y++) {
        size_t sy0 = y * factor, sy1 = sy0 + factor < height ? sy0 + factor : height;
        for (size_t x = 0; x < out_width; x++) {
            size_t sx0 = x * factor, sx1 = sx0 + factor < width ? sx0 + factor : width;
            size_t sum[4] = { 0, 0, 0, 0 };
            for (size_t sy = sy0; sy < sy1; sy++) {
                const uint8_t *p = src + (sy * width + sx0) * 4;
                for (size_t sx = sx0; sx < sx1; sx++, p += 4) {
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                    sum[3] += p[3];
                }
            }
            size_t n = (sy1 - sy0) * (sx1 - sx0);
            uint8_t *o = out + (y * out_width + x) * 4;
            for (int c = 0; c < 4; c++) o[c] = (uint8_t)((sum[c] + n / 2) / n);
        }
    }
}
