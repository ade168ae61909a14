/*
 * cpng_apng_format.c: the one colour type an animated PNG stores all its
 * frames in, chosen from the colours of the frames so far, narrowest first:
 *
 *   GREY     every pixel opaque and grey: one byte, ordered, so filters work
 *   PALETTE  at most 256 colours (in order of first appearance): one byte
 *   RGB      every pixel opaque: three bytes
 *   RGBA     otherwise
 *
 * A frame blended OVER (cpng_apng.c) leaves the pixels that do not change
 * transparent, so once a frame is, the format needs a transparent value too:
 * the palette entry (0,0,0,0), RGBA's alpha 0, or for RGB a key (tRNS) that
 * no pixel of any frame uses, the first unused colour in RGB order. GREY has
 * none: Pillow, for one, pastes a grey key instead of blending it. The
 * colours only ever grow, so the format only widens (or, for a key that a
 * new frame uses, takes the next free key); the writer then re-encodes its
 * frames (cpng__format_unpack, then pack).
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>

#define RGB_WORDS ((1u << 24) / 64)

int cpng__colours_init(cpng__colours *c, uint32_t width) {
    memset(c, 0, sizeof *c);
    c->opaque = c->grey = c->paletted = 1;
    cpng__palette_init(&c->pal);
    c->rgb = calloc(RGB_WORDS, sizeof *c->rgb);
    c->row = malloc(width);
    return c->rgb && c->row ? CPNG_OK : CPNG_E_NOMEM;
}

void cpng__colours_free(cpng__colours *c) {
    free(c->rgb);
    free(c->row);
    memset(c, 0, sizeof *c);
}

void cpng__colours_add(cpng__colours *c, const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h) {
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        if (y && memcmp(row, row - stride, (size_t)w * 4) == 0) continue;
        if (c->paletted && !cpng__palette_row(&c->pal, row, NULL, NULL, w, c->row)) c->paletted = 0;
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *p = row + 4 * (size_t)x;
            if (x && memcmp(p, p - 4, 4) == 0) continue;
            uint32_t rgb = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            c->rgb[rgb >> 6] |= 1ull << (rgb & 63);
            if (p[3] != 255) c->opaque = 0;
            if (p[0] != p[1] || p[1] != p[2]) c->grey = 0;
        }
    }
    c->grey &= c->opaque;
}

static int rgb_used(const cpng__colours *c, uint32_t v) { return (int)(c->rgb[v >> 6] >> (v & 63) & 1); }

/* A colour no pixel uses, searched from an odd purple that drawings seldom
   use (searching from black would take a near-black that later antialiased
   frames may use, and every later use costs re-encoding the frames so far);
   0 when every colour is used. */
static int free_key(const cpng__colours *c, uint32_t *key) {
    const uint32_t start = 0x9D0BA7u >> 6;
    for (uint32_t k = 0; k < RGB_WORDS; k++) {
        uint32_t i = (start + k) % RGB_WORDS;
        if (~c->rgb[i]) return *key = i * 64 + (uint32_t)__builtin_ctzll(~c->rgb[i]), 1;
    }
    return 0;
}

/* The palette index of (0,0,0,0), or the index it gets when added; -1 when
   the palette is full without it. */
static int transparent_index(const cpng__colours *c) {
    static const uint8_t clear[4] = { 0, 0, 0, 0 };
    int i = cpng__palette_find(&c->pal, clear);
    return i >= 0 ? i : c->pal.count < 256 ? c->pal.count : -1;
}

int cpng__format_holds(const cpng__colours *c, cpng__format f) {
    switch (f.kind) {
    case CPNG__GREY: return c->grey;
    case CPNG__PALETTE: return c->paletted;
    case CPNG__RGB: return c->opaque && !(f.keyed && rgb_used(c, f.key));
    case CPNG__RGBA: return 1;
    }
    return 0;
}

int cpng__format_transparent(const cpng__colours *c, cpng__format *f) {
    if (f->kind == CPNG__RGBA || f->keyed) return 1;
    if (f->kind == CPNG__GREY) return 0;
    if (f->kind == CPNG__PALETTE) {
        int i = transparent_index(c);
        if (i < 0) return 0;
        f->key = (uint32_t)i;
        return f->keyed = 1;
    }
    return f->keyed = free_key(c, &f->key);
}

void cpng__format_commit(cpng__colours *c, cpng__format f) {
    static const uint8_t clear[4] = { 0, 0, 0, 0 };
    uint8_t index;
    if (f.kind == CPNG__PALETTE && f.keyed && (int)f.key == c->pal.count)
        cpng__palette_row(&c->pal, clear, NULL, NULL, 1, &index);
}

cpng__format cpng__format_for(const cpng__colours *c, int transparent) {
    static const cpng__kind kinds[] = { CPNG__GREY, CPNG__PALETTE, CPNG__RGB };
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        cpng__format f = { kinds[i], 0, 0 };
        if (cpng__format_holds(c, f) && (!transparent || cpng__format_transparent(c, &f))) return f;
    }
    cpng__format rgba = { CPNG__RGBA, 0, 0 };
    return rgba;
}

int cpng__format_colour_type(cpng__format f) {
    static const int types[] = { 0, 3, 2, 6 };
    return types[f.kind];
}

int cpng__format_channels(cpng__format f) {
    static const int channels[] = { 1, 1, 3, 4 };
    return channels[f.kind];
}

size_t cpng__format_pack_bytes(cpng__format f) { return f.kind == CPNG__GREY || f.kind == CPNG__PALETTE ? 1 : 4; }

void cpng__format_pack(const cpng__colours *c, cpng__format f, const uint8_t *rgba, size_t stride,
                       uint32_t w, uint32_t h, uint8_t *out) {
    size_t bytes = cpng__format_pack_bytes(f);
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        uint8_t *o = out + (size_t)y * w * bytes;
        if (f.kind == CPNG__RGBA) {
            memcpy(o, row, (size_t)w * 4);
            continue;
        }
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *p = row + 4 * (size_t)x;
            if (f.kind == CPNG__GREY) {
                o[x] = p[0];
            } else if (f.kind == CPNG__PALETTE) {
                int i = cpng__palette_find(&c->pal, p); /* (0,0,0,0) may be the key, not added yet */
                o[x] = (uint8_t)(i >= 0 ? (uint32_t)i : f.key);
            } else if (p[3] == 0) { /* in RGB only OVER frames hold transparent pixels */
                const uint8_t key[4] = { (uint8_t)(f.key >> 16), (uint8_t)(f.key >> 8), (uint8_t)f.key, 255 };
                memcpy(o + 4 * (size_t)x, key, 4);
            } else {
                memcpy(o + 4 * (size_t)x, p, 4);
            }
        }
    }
}

void cpng__format_unpack(const cpng__colours *c, cpng__format f, const uint8_t *packed, size_t stride,
                         uint32_t w, uint32_t h, uint8_t *rgba) {
    int ch = cpng__format_channels(f);
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = packed + (size_t)y * stride;
        uint8_t *o = rgba + (size_t)y * w * 4;
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *p = row + (size_t)x * (size_t)ch;
            uint8_t *q = o + 4 * (size_t)x;
            if (f.kind == CPNG__PALETTE) {
                memcpy(q, c->pal.rgba + 4 * (size_t)p[0], 4);
            } else if (f.kind == CPNG__RGBA) {
                memcpy(q, p, 4);
            } else {
                uint32_t v = ch == 1 ? p[0] : (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
                int clear = f.keyed && v == f.key;
                q[0] = clear ? 0 : p[0];
                q[1] = clear ? 0 : p[ch == 1 ? 0 : 1];
                q[2] = clear ? 0 : p[ch == 1 ? 0 : 2];
                q[3] = clear ? 0 : 255;
            }
        }
    }
}
