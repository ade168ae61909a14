/*
 * cpng_palette.c: finds whether an image has at most 256 colours and maps it
 * to palette indices, row by row (the one-shot encoder maps a whole image,
 * the stream one row at a time as they arrive; both give the same palette).
 * Rows equal to the row above (most rows of an outline frame) copy the
 * indices above; runs of one colour reuse the last lookup.
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS 1024   /* open addressing, load <= 1/4 */

/* The slot of colour v: its own, or the empty one where it would go. */
static uint32_t slot_of(const cpng__palette *p, uint32_t v) {
    uint32_t slot = (v * 2654435761u) >> 22; /* top 10 bits */
    while (p->index[slot] >= 0 && p->keys[slot] != v) slot = (slot + 1) & (SLOTS - 1);
    return slot;
}

void cpng__palette_init(cpng__palette *p) {
    memset(p->index, -1, sizeof p->index);
    p->count = 0;
}

int cpng__palette_row(cpng__palette *p, const uint8_t *row, const uint8_t *above,
                      const uint8_t *above_out, uint32_t w, uint8_t *out) {
    if (above && above_out && memcmp(row, above, (size_t)w * 4) == 0) {
        memcpy(out, above_out, w);
        return 1;
    }
    uint32_t last = 0;
    int last_index = -1;
    for (uint32_t x = 0; x < w; x++) {
        uint32_t v;
        memcpy(&v, row + 4 * (size_t)x, 4);
        if (v == last && last_index >= 0) { out[x] = (uint8_t)last_index; continue; }
        uint32_t slot = slot_of(p, v);
        if (p->index[slot] < 0) {
            if (p->count == 256) return 0;
            p->keys[slot] = v;
            p->index[slot] = (int16_t)p->count;
            memcpy(p->rgba + 4 * p->count, &v, 4);
            p->count++;
        }
        last = v;
        last_index = p->index[slot];
        out[x] = (uint8_t)last_index;
    }
    return 1;
}

int cpng__palette_find(const cpng__palette *p, const uint8_t rgba[4]) {
    uint32_t v;
    memcpy(&v, rgba, 4);
    return p->index[slot_of(p, v)];
}

int cpng__palette_image(const uint8_t *rgba, uint32_t w, uint32_t h, size_t stride,
                        uint8_t **indices, cpng__palette *p) {
    uint8_t *out = malloc((size_t)w * h);
    if (!out) return CPNG_E_NOMEM;
    cpng__palette_init(p);
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        uint8_t *o = out + (size_t)y * w;
        if (!cpng__palette_row(p, row, y ? row - stride : NULL, y ? o - w : NULL, w, o)) {
            free(out);
            return 0;
        }
    }
    *indices = out;
    return 1;
}

int cpng__palette_has_alpha(const cpng__palette *p) {
    for (int i = 0; i < p->count; i++)
        if (p->rgba[4 * i + 3] != 255) return 1;
    return 0;
}
