/* Source-over of a colour through coverage; see unfold_pixels.h. */
#include "unfold_pixels.h"

/* An opaque colour through coverage is a plain interpolation, done two
   channels at a time in one 32-bit word (red and blue, green and alpha)
   with no division: (source * c + destination * (256 - c)) / 256. */
static void blend_opaque(uint32_t *row, const uint8_t *coverage, size_t count, uint32_t source) {
    uint32_t s_rb = source & 0x00FF00FFu, s_ga = (source >> 8) & 0x00FF00FFu;
    for (size_t x = 0; x < count; x++) {
        uint32_t cov = coverage[x];
        if (cov == 0) continue;
        if (cov == 255) {
            row[x] = source;
            continue;
        }
        uint32_t c = cov + (cov >> 7); /* 1...254 -> 1...255 */
        uint32_t d = row[x];
        uint32_t rb = ((s_rb * c + (d & 0x00FF00FFu) * (256 - c)) >> 8) & 0x00FF00FFu;
        uint32_t ga = ((s_ga * c + ((d >> 8) & 0x00FF00FFu) * (256 - c)) >> 8) & 0x00FF00FFu;
        row[x] = rb | ga << 8;
    }
}

/* One channel of a translucent colour over the destination's; inlined even
   without optimisation (a debug build), where a call per channel would cost more than the channel. */
static inline __attribute__((always_inline)) uint32_t mix(int s, int c, uint32_t d, int shift, int inv) {
    int dc = (int)(d >> shift & 0xFF);
    return (uint32_t)(((s * c + 128) >> 8) + (dc * inv + 127) / 255) << shift;
}

void unfold_blend_row(uint32_t *row, const uint8_t *coverage, size_t count, uint32_t source) {
    if (source >> 24 == 0xFF) {
        blend_opaque(row, coverage, count, source);
        return;
    }
    int sa = (int)(source >> 24);
    int sr = (int)(source & 0xFF), sg = (int)(source >> 8 & 0xFF), sb = (int)(source >> 16 & 0xFF);
    for (size_t x = 0; x < count; x++) {
        int cov = coverage[x];
        if (cov == 0) continue;
        int c = cov + (cov >> 7); /* 0...256 */
        int a = (sa * c + 128) >> 8;
        int inv = 255 - a;
        uint32_t d = row[x];
        int da = (int)(d >> 24);
        row[x] = mix(sr, c, d, 0, inv) | mix(sg, c, d, 8, inv) | mix(sb, c, d, 16, inv) |
                 (uint32_t)(a + (da * inv + 127) / 255) << 24;
    }
}
