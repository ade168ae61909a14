/*
 * png_make.h: test PNGs written with libpng's write API into memory, with
 * the pixels every decoder must give for them worked out independently
 * (the rule of cpng.h). Used by Tools/cpng-check/main.c and gen_seeds.c.
 */
#ifndef PNG_MAKE_H
#define PNG_MAKE_H

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* One encoding: colour type, bit depth, Adam7 or not, tRNS or not, and which
   colour-space chunks to add. */
enum { PM_GAMA = 1, PM_SRGB = 2, PM_CHRM = 4, PM_ICCP = 8 };
typedef struct {
    int ct, depth, interlace, trns, chunks;
} pm_enc;

static inline int pm_channels(int ct) { return ct == 2 ? 3 : ct == 4 ? 2 : ct == 6 ? 4 : 1; }

/* Every legal (colour type, depth) pair, in order. */
static const int pm_kinds[][2] = { { 0, 1 }, { 0, 2 }, { 0, 4 }, { 0, 8 }, { 0, 16 }, { 2, 8 }, { 2, 16 }, { 3, 1 },
                                   { 3, 2 }, { 3, 4 }, { 3, 8 }, { 4, 8 }, { 4, 16 }, { 6, 8 }, { 6, 16 } };
#define PM_KINDS ((int)(sizeof pm_kinds / sizeof *pm_kinds))

/* A picture in one encoding: samples (w * h * channels, each < 2^depth),
   palette and tRNS, and the straight RGBA the decoders must return. */
typedef struct {
    uint32_t w, h;
    pm_enc e;
    uint16_t *samples;
    png_color pal[256];
    int npal;
    uint8_t alphas[256];
    int nalpha;
    png_color_16 key;
    uint8_t *expect;   /* w * h * 4 */
} pm_picture;

static inline uint32_t pm_rnd(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

/* The 8-bit value of a sample (cpng.h: v * 255 / max, 16-bit rounded). */
static inline uint8_t pm_to8(uint32_t v, int depth) {
    if (depth == 16) return (uint8_t)((v * 255u + 32767u) / 65535u);
    return (uint8_t)(v * 255u / ((1u << depth) - 1));
}

/* Fills a random picture for encoding e (a quarter of the pixels on the
   colour key when e.trns, and some that miss it by one in a low bit). */
static inline void pm_fill(pm_picture *m, uint32_t w, uint32_t h, pm_enc e, uint64_t *rng) {
    memset(m, 0, sizeof *m);
    m->w = w;
    m->h = h;
    m->e = e;
    int ch = pm_channels(e.ct);
    uint32_t max = e.depth == 16 ? 65535u : (1u << e.depth) - 1;
    m->samples = malloc((size_t)w * h * ch * sizeof *m->samples);
    m->expect = malloc((size_t)w * h * 4);
    if (e.ct == 3) {
        m->npal = (int)max + 1 < 256 ? (int)max + 1 : 200;   /* 8-bit: some indices past the PLTE */
        for (int i = 0; i < m->npal; i++) {
            m->pal[i].red = (png_byte)pm_rnd(rng);
            m->pal[i].green = (png_byte)pm_rnd(rng);
            m->pal[i].blue = (png_byte)pm_rnd(rng);
        }
        if (e.trns) {
            m->nalpha = m->npal > 1 ? m->npal - 1 : 1;   /* the last entry has no alpha: opaque */
            for (int i = 0; i < m->nalpha; i++) m->alphas[i] = i % 3 ? (uint8_t)pm_rnd(rng) : (i % 2 ? 0 : 255);
        }
    }
    uint16_t keyv[3] = { (uint16_t)(pm_rnd(rng) & max), (uint16_t)(pm_rnd(rng) & max), (uint16_t)(pm_rnd(rng) & max) };
    if (e.trns && e.ct == 0) m->key.gray = keyv[0];
    if (e.trns && e.ct == 2) { m->key.red = keyv[0]; m->key.green = keyv[1]; m->key.blue = keyv[2]; }
    for (size_t i = 0; i < (size_t)w * h; i++) {
        uint16_t *s = m->samples + i * ch;
        uint8_t *x = m->expect + i * 4;
        uint32_t r = pm_rnd(rng);
        for (int k = 0; k < ch; k++) s[k] = (uint16_t)(pm_rnd(rng) & max);
        if (e.ct == 3) s[0] = (uint16_t)(s[0] % (e.depth == 8 ? 256 : m->npal));
        if (e.trns && (e.ct == 0 || e.ct == 2)) {
            if (r % 4 == 0) memcpy(s, keyv, ch * sizeof *s);                        /* on the key */
            else if (r % 4 == 1) { memcpy(s, keyv, ch * sizeof *s); s[ch - 1] ^= 1; }   /* one bit off */
        }
        switch (e.ct) {
        case 3:
            if (s[0] < m->npal) {
                x[0] = m->pal[s[0]].red; x[1] = m->pal[s[0]].green; x[2] = m->pal[s[0]].blue;
            } else {
                x[0] = x[1] = x[2] = 0;
            }
            x[3] = s[0] < m->nalpha ? m->alphas[s[0]] : 255;
            break;
        case 0: case 4:
            x[0] = x[1] = x[2] = pm_to8(s[0], e.depth);
            x[3] = e.ct == 4 ? pm_to8(s[1], e.depth) : (e.trns && s[0] == keyv[0]) ? 0 : 255;
            break;
        default:
            for (int k = 0; k < 3; k++) x[k] = pm_to8(s[k], e.depth);
            x[3] = e.ct == 6 ? pm_to8(s[3], e.depth)
                   : (e.trns && s[0] == keyv[0] && s[1] == keyv[1] && s[2] == keyv[2]) ? 0 : 255;
        }
    }
}

static inline void pm_free(pm_picture *m) {
    free(m->samples);
    free(m->expect);
    m->samples = NULL;
    m->expect = NULL;
}

typedef struct {
    uint8_t *data;
    size_t len, cap;
} pm_buf;

static inline void pm_put(pm_buf *b, const void *d, size_t n) {
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 256;
        b->data = realloc(b->data, b->cap);
    }
    memcpy(b->data + b->len, d, n);
    b->len += n;
}

static inline void pm_write_fn(png_structp p, png_bytep d, size_t n) { pm_put(png_get_io_ptr(p), d, n); }
static inline void pm_flush_fn(png_structp p) { (void)p; }
static inline void pm_warn_fn(png_structp p, png_const_charp msg) { (void)p; (void)msg; }

/* Packs one row of samples for libpng (big-endian 16-bit, MSB-first bits). */
static inline void pm_pack(const pm_picture *m, uint32_t y, uint8_t *row) {
    int ch = pm_channels(m->e.ct), d = m->e.depth;
    size_t n = (size_t)m->w * ch;
    const uint16_t *s = m->samples + (size_t)y * n;
    memset(row, 0, (n * d + 7) / 8);
    for (size_t i = 0; i < n; i++) {
        if (d == 16) { row[2 * i] = (uint8_t)(s[i] >> 8); row[2 * i + 1] = (uint8_t)s[i]; }
        else if (d == 8) row[i] = (uint8_t)s[i];
        else row[i * d / 8] |= (uint8_t)(s[i] << (8 - d - (int)(i * d % 8)));
    }
}

static inline void pm_chunk(pm_buf *b, const char *type, const uint8_t *body, uint32_t n) {
    uint8_t h[8] = { (uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n };
    memcpy(h + 4, type, 4);
    pm_put(b, h, 8);
    if (n) pm_put(b, body, n);
    uint32_t c = (uint32_t)crc32(crc32(0, (const uint8_t *)type, 4), body, n);
    uint8_t t[4] = { (uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c };
    pm_put(b, t, 4);
}

/* Writes the picture with libpng (gAMA 1.0, sRGB, cHRM + gAMA 0.2 through
   its API; an iCCP chunk with a made-up profile spliced in after IHDR, as
   libpng validates profiles). Returns the length (0 on failure), *out malloc'd. */
static inline size_t pm_write(const pm_picture *m, uint8_t **out) {
    pm_buf b = { 0 };
    uint8_t *volatile row = malloc((size_t)m->w * 8 + 8);
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, pm_warn_fn);
    png_infop info = png_create_info_struct(p);
    *out = NULL;
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        free(row);
        free(b.data);
        return 0;
    }
    png_set_benign_errors(p, 1);
    png_set_write_fn(p, &b, pm_write_fn, pm_flush_fn);
    png_set_IHDR(p, info, m->w, m->h, m->e.depth, m->e.ct, m->e.interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (m->e.ct == 3) png_set_PLTE(p, info, m->pal, m->npal);
    if (m->e.trns && m->e.ct == 3) png_set_tRNS(p, info, m->alphas, m->nalpha, NULL);
    if (m->e.trns && (m->e.ct == 0 || m->e.ct == 2)) png_set_tRNS(p, info, NULL, 0, &m->key);
    if (m->e.chunks & PM_GAMA) png_set_gAMA_fixed(p, info, 100000);
    if (m->e.chunks & PM_SRGB) png_set_sRGB(p, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (m->e.chunks & PM_CHRM) {
        png_set_gAMA_fixed(p, info, 20000);
        png_set_cHRM_fixed(p, info, 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000);
    }
    png_write_info(p, info);
    int passes = png_set_interlace_handling(p);
    for (int pass = 0; pass < passes; pass++)
        for (uint32_t y = 0; y < m->h; y++) {
            pm_pack(m, y, row);
            png_write_row(p, row);
        }
    png_write_end(p, info);
    png_destroy_write_struct(&p, &info);
    free(row);
    if (m->e.chunks & PM_ICCP) {   /* signature + IHDR, iCCP, the rest */
        uint8_t profile[300], body[400];
        for (int i = 0; i < 300; i++) profile[i] = (uint8_t)(i * 7);
        memcpy(body, "made up\0\0", 9);
        uLongf zl = sizeof body - 9;
        compress(body + 9, &zl, profile, sizeof profile);
        pm_buf c = { 0 };
        pm_put(&c, b.data, 33);
        pm_chunk(&c, "iCCP", body, (uint32_t)(9 + zl));
        pm_put(&c, b.data + 33, b.len - 33);
        free(b.data);
        b = c;
    }
    *out = b.data;
    return b.len;
}

#endif

#ifndef PNG_MAKE_FROM_RGBA
#define PNG_MAKE_FROM_RGBA
/* The picture of straight RGBA `rgba` (w x h) in encoding ct 0, 2, 4 or 6 at
   depth 8 or 16 (16: v * 257, which decodes back to v); the caller knows the
   encoding can hold it (grey: R = G = B; no alpha channel: all opaque). */
static inline void pm_from_rgba(pm_picture *m, uint32_t w, uint32_t h, const uint8_t *rgba, int ct, int depth, int interlace) {
    memset(m, 0, sizeof *m);
    m->w = w;
    m->h = h;
    m->e.ct = ct;
    m->e.depth = depth;
    m->e.interlace = interlace;
    int ch = pm_channels(ct), mul = depth == 16 ? 257 : 1;
    m->samples = malloc((size_t)w * h * ch * sizeof *m->samples);
    m->expect = malloc((size_t)w * h * 4);
    memcpy(m->expect, rgba, (size_t)w * h * 4);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        const uint8_t *p = rgba + 4 * i;
        uint16_t *s = m->samples + i * ch;
        switch (ct) {
        case 0: s[0] = (uint16_t)(p[0] * mul); break;
        case 4: s[0] = (uint16_t)(p[0] * mul); s[1] = (uint16_t)(p[3] * mul); break;
        case 2: for (int k = 0; k < 3; k++) s[k] = (uint16_t)(p[k] * mul); break;
        default: for (int k = 0; k < 4; k++) s[k] = (uint16_t)(p[k] * mul);
        }
    }
}
#endif
