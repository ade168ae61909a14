/*
 * cpng_palette.c: finds whether an image has at most 256 colours and maps it
 * to palette indices. Rows equal to the row above (most rows of an outline
 * frame) copy the indices above; runs of one colour reuse the last lookup.
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS 1024   /* open addressing, load <= 1/4 */

int cpng__palette(const uint8_t *rgba, uint32_t w, uint32_t h, size_t stride,
                  uint8_t **indices, uint8_t palette[256 * 4], int *count) {
    uint32_t keys[SLOTS];
    int16_t vals[SLOTS];
    memset(vals, -1, sizeof vals);
    uint8_t *out = malloc((size_t)w * h);
    if (!out) return CPNG_E_NOMEM;
    int n = 0;
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        uint8_t *o = out + (size_t)y * w;
        if (y > 0 && memcmp(row, row - stride, (size_t)w * 4) == 0) {
            memcpy(o, o - w, w);
            continue;
        }
        uint32_t last = 0;
        int last_index = -1;
        for (uint32_t x = 0; x < w; x++) {
            uint32_t v;
            memcpy(&v, row + 4 * (size_t)x, 4);
            if (v == last && last_index >= 0) { o[x] = (uint8_t)last_index; continue; }
            uint32_t slot = (v * 2654435761u) >> 22;   /* top 10 bits */
            while (vals[slot] >= 0 && keys[slot] != v) slot = (slot + 1) & (SLOTS - 1);
            if (vals[slot] < 0) {
                if (n == 256) { free(out); return 0; }
                keys[slot] = v;
                vals[slot] = (int16_t)n;
                memcpy(palette + 4 * n, &v, 4);
                n++;
            }
            last = v;
            last_index = vals[slot];
            o[x] = (uint8_t)last_index;
        }
    }
    *indices = out;
    *count = n;
    return 1;
}
