/*
 * cpng-check: standalone checks for Sources/CPNG (built and run by build.sh).
 *
 *   cpng-check [all|roundtrip|threads|formats|corrupt|corrupt-quick|apng] [TMPDIR]
 *
 * Exits non-zero if any check fails. The APNG check runs $PYTHON (default
 * python3) with Pillow, and `pngcheck` when it is installed.
 */
#include "cpng.h"
#include "cpng_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int failures, checks;
#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
        }                                                                       \
    } while (0)

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static const char *tmpdir = "/tmp";

/* ---------- helpers ---------- */

typedef struct {
    uint8_t *px;
    uint32_t w, h;
    size_t stride;
} img;

enum { K_RANDOM, K_FLAT, K_GRADIENT, K_UI, K_RUNS, K_KINDS };

/* kind, translucent or not; stride gets `pad` extra bytes per row. */
static img make(uint32_t w, uint32_t h, int kind, int alpha, size_t pad) {
    img m = { NULL, w, h, (size_t)w * 4 + pad };
    m.px = malloc(m.stride * h);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = m.px + y * m.stride + 4 * x;
            uint32_t r = rnd();
            switch (kind) {
            case K_RANDOM: p[0] = r; p[1] = r >> 8; p[2] = r >> 16; p[3] = r >> 24; break;
            case K_FLAT: p[0] = 200; p[1] = 30; p[2] = 90; p[3] = 128; break;
            case K_GRADIENT: p[0] = x * 255 / w; p[1] = y * 255 / h; p[2] = (x + y) & 255; p[3] = (x * 7) & 255; break;
            case K_RUNS: p[0] = r; p[1] = r >> 8; p[2] = r >> 16; p[3] = 200 + r % 56; break;
            default: /* UI-like: white, grey lines, dark blobs */
                p[0] = p[1] = p[2] = 255; p[3] = 255;
                if (y % 40 == 39) p[0] = p[1] = p[2] = 221;
                else if (x % 60 == 30) p[0] = p[1] = p[2] = 200;
                else if ((x / 9 + y / 13) % 5 == 0 && r % 3) p[0] = p[1] = p[2] = r % 256;
                p[3] = 255 - (r & 1) * 100;
            }
            if (!alpha) p[3] = 255;
        }
    if (kind == K_RUNS) /* runs of repeated rows (1 to 150 long) between random rows */
        for (uint32_t y = 1; y < h;) {
            uint32_t k = 1 + rnd() % 150;
            for (; k && y < h; k--, y++) memcpy(m.px + y * m.stride, m.px + (y - 1) * m.stride, (size_t)w * 4);
            y++;
        }
    for (uint32_t y = 0; y < h; y++) memset(m.px + y * m.stride + (size_t)w * 4, 0xAB, pad);
    return m;
}

static int same_pixels(const img *a, const cpng_image *b) {
    if (a->w != b->width || a->h != b->height) return 0;
    for (uint32_t y = 0; y < a->h; y++)
        if (memcmp(a->px + y * a->stride, b->pixels + y * b->stride, (size_t)a->w * 4)) return 0;
    return 1;
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Walks the chunks: signature, CRCs, IHDR first, IEND last; inflates the
   IDAT stream (checks the zlib header and Adler-32); counts APNG chunks and
   checks their sequence numbers. Returns 1 if all is well. */
typedef struct { int idat, fctl, fdat, actl_frames; uint8_t colour; } walk_info;
static int walk_png(const uint8_t *d, size_t n, walk_info *wi) {
    static const uint8_t sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memset(wi, 0, sizeof *wi);
    wi->actl_frames = -1;
    if (n < 8 || memcmp(d, sig, 8)) return 0;
    size_t off = 8;
    uint8_t *zs = NULL;
    size_t zl = 0;
    uint32_t seq = 0, w = 0, h = 0;
    int ok = 1, first = 1, ended = 0;
    while (ok && off + 12 <= n && !ended) {
        uint32_t len = be32(d + off);
        const uint8_t *type = d + off + 4, *data = d + off + 8;
        if (len > n - off - 12) { ok = 0; break; }
        uint32_t crc = (uint32_t)crc32(crc32(0, type, 4), data, len);
        if (crc != be32(data + len)) ok = 0;
        if (first && memcmp(type, "IHDR", 4)) ok = 0;
        if (!memcmp(type, "IHDR", 4)) { w = be32(data); h = be32(data + 4); wi->colour = data[9]; }
        first = 0;
        if (!memcmp(type, "IDAT", 4)) {
            wi->idat++;
            zs = realloc(zs, zl + len);
            memcpy(zs + zl, data, len);
            zl += len;
        }
        if (!memcmp(type, "acTL", 4)) wi->actl_frames = (int)be32(data);
        if (!memcmp(type, "fcTL", 4) || !memcmp(type, "fdAT", 4)) {
            if (be32(data) != seq++) ok = 0;
            if (type[0] == 'f' && type[1] == 'c') {
                wi->fctl++;
                uint32_t fw = be32(data + 4), fh = be32(data + 8), fx = be32(data + 12), fy = be32(data + 16);
                if (!fw || !fh || fx + fw > w || fy + fh > h) ok = 0;
            } else {
                wi->fdat++;
            }
        }
        if (!memcmp(type, "IEND", 4)) ended = 1;
        off += 12 + (size_t)len;
    }
    if (!ended || off != n) ok = 0;
    if (ok) { /* one valid zlib stream, ending exactly at the end of the IDATs */
        z_stream z;
        memset(&z, 0, sizeof z);
        inflateInit(&z);
        uint8_t buf[65536];
        z.next_in = zs;
        z.avail_in = (uInt)zl;
        int r;
        do {
            z.next_out = buf;
            z.avail_out = sizeof buf;
            r = inflate(&z, Z_NO_FLUSH);
        } while (r == Z_OK);
        if (r != Z_STREAM_END || z.avail_in != 0) ok = 0;
        inflateEnd(&z);
    }
    free(zs);
    return ok;
}

static int write_file(const char *path, const void *d, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    int ok = fwrite(d, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* Distinct RGBA values of an image, counting up to `limit`. */
static int distinct_colours(const img *m, int limit) {
    uint32_t seen[257];
    int n = 0;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            uint32_t v;
            memcpy(&v, m->px + (size_t)y * m->stride + 4 * (size_t)x, 4);
            int k = 0;
            while (k < n && seen[k] != v) k++;
            if (k == n) {
                if (n == limit) return n;
                seen[n++] = v;
            }
        }
    return n;
}

/* ---------- round trip ---------- */

static void roundtrip_one(const img *m, const cpng__opts *o, const char *what) {
    char err[256];
    cpng_buffer b1, b2, b3;
    int r1 = cpng__encode_opts(m->px, m->w, m->h, m->stride, 1, o, &b1, err, sizeof err);
    int r2 = cpng__encode_opts(m->px, m->w, m->h, m->stride, 2, o, &b2, err, sizeof err);
    int r3 = cpng__encode_opts(m->px, m->w, m->h, m->stride, 5, o, &b3, err, sizeof err);
    CHECK(r1 == 0 && r2 == 0 && r3 == 0, "%s %ux%u: encode failed: %s", what, m->w, m->h, err);
    if (r1 || r2 || r3) return;
    CHECK(b1.len == b2.len && !memcmp(b1.data, b2.data, b1.len) && b1.len == b3.len &&
              !memcmp(b1.data, b3.data, b1.len),
          "%s %ux%u: threads 1/2/5 give different bytes", what, m->w, m->h);
    walk_info wi;
    CHECK(walk_png(b1.data, b1.len, &wi), "%s %ux%u: bad chunk/CRC/zlib structure", what, m->w, m->h);
    int opaque = !cpng__has_alpha(m->px, m->w, m->h, m->stride);
    int few = distinct_colours(m, 257) <= 256;   /* then a lossless palette */
    CHECK(wi.colour == (few ? 3 : opaque ? 2 : 6), "%s %ux%u: colour type %d", what, m->w, m->h, wi.colour);
    cpng_image im;
    int rd = cpng_decode(b1.data, b1.len, 100000000, &im, NULL, err, sizeof err);
    CHECK(rd == 0, "%s %ux%u: decode failed: %s", what, m->w, m->h, err);
    if (rd == 0) {
        CHECK(same_pixels(m, &im), "%s %ux%u: pixels differ after round trip", what, m->w, m->h);
        cpng_free(im.pixels);
    }
    cpng_free(b1.data);
    cpng_free(b2.data);
    cpng_free(b3.data);
}

static void check_roundtrip(void) {
    static const uint32_t sizes[][2] = { { 1, 1 }, { 1, 9 }, { 9, 1 }, { 1, 3000 }, { 3000, 1 },
                                         { 13, 17 }, { 257, 131 }, { 1001, 301 }, { 5, 70001 } };
    /* option variants: many bands (with and without dictionaries, of odd
       sizes), run units crossing band edges, every filter on its own */
    cpng__opts small = cpng__default_opts, mid = cpng__default_opts, odd = cpng__default_opts;
    small.band_bytes = 4096;
    mid.band_bytes = 100000;
    mid.dict_bytes = 0;
    odd.band_bytes = 50000;
    odd.dict_bytes = 1000;
    odd.filters = CPNG__F_ALL;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int kind = 0; kind < K_KINDS; kind++)
            for (int alpha = 0; alpha < 2; alpha++) {
                img m = make(sizes[s][0], sizes[s][1], kind, alpha, (s & 1) ? 0 : 12);
                roundtrip_one(&m, NULL, "default");
                if ((uint64_t)m.w * m.h > 400000) { free(m.px); continue; }
                roundtrip_one(&m, &small, "small-bands");
                roundtrip_one(&m, &mid, "mid-bands-no-dict");
                roundtrip_one(&m, &odd, "odd-bands-all-filters");
                if ((uint64_t)m.w * m.h < 50000)
                    for (unsigned f = 1; f < 32; f <<= 1) {
                        cpng__opts one = small;
                        one.filters = f;
                        roundtrip_one(&m, &one, "one-filter");
                    }
                free(m.px);
            }
    /* bad arguments */
    char err[128];
    cpng_buffer b;
    uint8_t px[16] = { 0 };
    CHECK(cpng_encode(px, 0, 1, 4, 1, &b, err, sizeof err) == CPNG_E_ARG && !b.data, "w=0 accepted");
    CHECK(cpng_encode(px, 2, 2, 7, 1, &b, err, sizeof err) == CPNG_E_ARG, "short stride accepted");
    CHECK(cpng_encode(NULL, 1, 1, 4, 1, &b, err, sizeof err) == CPNG_E_ARG, "NULL pixels accepted");
    CHECK(cpng_encode(px, 0x80000000u, 1, (size_t)1 << 34, 1, &b, err, sizeof err) == CPNG_E_TOO_BIG,
          "width 2^31 accepted");
    printf("roundtrip: done\n");
}

/* Determinism of a reused z_stream: a segment compressed by a worker that
   compressed other data before must equal the same segment from a fresh one
   (the encoder relies on it: which worker takes which band is up to timing). */
static void check_reuse(void) {
    const cpng__codec *c = &cpng__zlib_codec;
    uint8_t *in = malloc(70000), *other = malloc(70000);
    for (int t = 0; t < 300; t++) {
        size_t n = 1 + rnd() % 70000, dl = rnd() % 2 ? rnd() % 32769 : 0;
        for (size_t i = 0; i < 70000; i++) {      /* short alphabets and runs: many equal matches */
            in[i] = (uint8_t)(rnd() % 3 == 0 ? rnd() % 4 : 0);
            other[i] = (uint8_t)rnd();
        }
        for (size_t i = n > 300 ? n - 300 : 0; i < n; i++) in[i] = in[i % 97]; /* repeats up to the end */
        void *fresh = NULL, *used = NULL;
        cpng__buf a = { 0 }, b = { 0 }, junk = { 0 };
        c->segment(c, &used, NULL, 0, other, 70000, &junk);
        c->segment(c, &used, in, 0, in + 100, 30000, &junk);
        int r1 = c->segment(c, &fresh, other, dl, in, n, &a);
        int r2 = c->segment(c, &used, other, dl, in, n, &b);
        CHECK(r1 == 0 && r2 == 0 && a.len == b.len && !memcmp(a.data, b.data, a.len),
              "reused z_stream gives other bytes (n=%zu dict=%zu)", n, dl);
        c->release(fresh);
        c->release(used);
        free(a.data);
        free(b.data);
        free(junk.data);
    }
    free(in);
    free(other);
}

/* A few multi-band images, for the thread sanitizer. */
static void check_threads(void) {
    cpng__opts small = cpng__default_opts;
    small.band_bytes = 8192;
    for (int kind = 0; kind < K_KINDS; kind++) {
        img m = make(301, 257, kind, kind & 1, 4);
        roundtrip_one(&m, NULL, "default");
        roundtrip_one(&m, &small, "small-bands");
        free(m.px);
    }
    printf("threads: done\n");
}

/* ---------- decoding every colour type / bit depth (written by libpng) ---------- */

/* Writes `rows` (already in the file's format) with the classic libpng API. */
static size_t write_classic(uint8_t **out, uint32_t w, uint32_t h, int depth, int ctype,
                            int interlace, uint8_t **rows, const png_color *pal, int npal,
                            const uint8_t *trns, int ntrns) {
    char path[512];
    snprintf(path, sizeof path, "%s/cpng-classic.png", tmpdir);
    FILE *f = fopen(path, "wb");
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(p);
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        fclose(f);
        return 0;
    }
    png_init_io(p, f);
    png_set_IHDR(p, info, w, h, depth, ctype, interlace, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (pal) png_set_PLTE(p, info, pal, npal);
    if (trns) png_set_tRNS(p, info, trns, ntrns, NULL);
    png_write_info(p, info);
    png_write_image(p, rows);
    png_write_end(p, info);
    png_destroy_write_struct(&p, &info);
    fclose(f);
    f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    *out = malloc(n);
    if (fread(*out, 1, n, f) != n) n = 0;
    fclose(f);
    return n;
}

static void put_sample(uint8_t *row, uint32_t i, int depth, uint32_t v) {
    if (depth == 16) { row[2 * i] = v >> 8; row[2 * i + 1] = v; return; }
    if (depth == 8) { row[i] = v; return; }
    int per = 8 / depth, shift = 8 - depth * (i % per + 1);
    row[i / per] |= (uint8_t)(v << shift);
}

static void check_formats(void) {
    const uint32_t w = 37, h = 11;
    struct { int ctype, depth, interlace; } cases[] = {
        { PNG_COLOR_TYPE_GRAY, 1, 0 }, { PNG_COLOR_TYPE_GRAY, 2, 0 }, { PNG_COLOR_TYPE_GRAY, 4, 1 },
        { PNG_COLOR_TYPE_GRAY, 8, 0 }, { PNG_COLOR_TYPE_GRAY, 16, 0 },
        { PNG_COLOR_TYPE_GRAY_ALPHA, 8, 0 }, { PNG_COLOR_TYPE_GRAY_ALPHA, 16, 1 }, { PNG_COLOR_TYPE_GRAY_ALPHA, 16, 0 }, { PNG_COLOR_TYPE_RGBA, 16, 1 }, { PNG_COLOR_TYPE_GRAY, 16, 1 },
        { PNG_COLOR_TYPE_RGB, 8, 1 }, { PNG_COLOR_TYPE_RGB, 16, 0 },
        { PNG_COLOR_TYPE_RGBA, 8, 1 }, { PNG_COLOR_TYPE_RGBA, 16, 0 },
        { PNG_COLOR_TYPE_PALETTE, 1, 0 }, { PNG_COLOR_TYPE_PALETTE, 2, 0 },
        { PNG_COLOR_TYPE_PALETTE, 4, 0 }, { PNG_COLOR_TYPE_PALETTE, 8, 1 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int ct = cases[c].ctype, d = cases[c].depth;
        int chans = ct == PNG_COLOR_TYPE_GRAY || ct == PNG_COLOR_TYPE_PALETTE ? 1
                    : ct == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : ct == PNG_COLOR_TYPE_RGB ? 3 : 4;
        uint32_t maxv = (1u << d) - 1;
        int npal = ct == PNG_COLOR_TYPE_PALETTE ? (int)maxv + 1 : 0;
        png_color pal[256];
        uint8_t trns[256];
        for (int i = 0; i < npal; i++) {
            pal[i].red = rnd(); pal[i].green = rnd(); pal[i].blue = rnd();
            trns[i] = i % 3 ? 255 : rnd();
        }
        uint8_t *expect = malloc((size_t)w * h * 4), **rows = malloc(h * sizeof *rows);
        for (uint32_t y = 0; y < h; y++) {
            rows[y] = calloc(w * chans * 2, 1);
            for (uint32_t x = 0; x < w; x++) {
                uint8_t *e = expect + ((size_t)y * w + x) * 4;
                uint32_t s[4];
                for (int k = 0; k < chans; k++) {
                    /* 16-bit samples are 8-bit values * 257, so they decode exactly */
                    s[k] = d == 16 ? (rnd() & 255) * 257u : rnd() & maxv;
                    if (ct == PNG_COLOR_TYPE_PALETTE) s[k] %= (uint32_t)npal;
                    put_sample(rows[y], x * chans + k, d, s[k]);
                }
                uint32_t div = d == 16 ? 257 : 1, scale = d < 8 ? 255 / maxv : 1;
                if (ct == PNG_COLOR_TYPE_PALETTE) {
                    e[0] = pal[s[0]].red; e[1] = pal[s[0]].green; e[2] = pal[s[0]].blue; e[3] = trns[s[0]];
                } else if (chans <= 2) {
                    e[0] = e[1] = e[2] = s[0] / div * scale;
                    e[3] = chans == 2 ? s[1] / div : 255;
                } else {
                    for (int k = 0; k < 3; k++) e[k] = s[k] / div;
                    e[3] = chans == 4 ? s[3] / div : 255;
                }
            }
        }
        uint8_t *file = NULL;
        size_t n = write_classic(&file, w, h, d, ct, cases[c].interlace ? PNG_INTERLACE_ADAM7 : 0,
                                 rows, npal ? pal : NULL, npal, npal ? trns : NULL, npal);
        CHECK(n > 0, "libpng could not write case %zu", c);
        cpng_image im;
        char err[256];
        int r = cpng_decode(file, n, 1000000, &im, NULL, err, sizeof err);
        CHECK(r == 0, "decode colour type %d depth %d: %s", ct, d, err);
        if (r == 0) {
            int bad = -1;
            for (size_t i = 0; i < (size_t)w * h * 4 && bad < 0; i++) {
                /* un-premultiplied translucent values can be off by one; opaque ones are exact */
                int a = expect[i | 3], diff = abs(im.pixels[i] - expect[i]);
                if (a == 0 ? (i & 3) == 3 && diff : a == 255 ? diff != 0 : diff > 1) bad = (int)i;
            }
            CHECK(bad < 0, "colour type %d depth %d interlace %d: pixel byte %d is %d, expected %d (alpha %d)",
                  ct, d, cases[c].interlace, bad, bad < 0 ? 0 : im.pixels[bad], bad < 0 ? 0 : expect[bad],
                  bad < 0 ? 0 : expect[bad | 3]);
            cpng_free(im.pixels);
        }
        for (uint32_t y = 0; y < h; y++) free(rows[y]);
        free(rows);
        free(expect);
        free(file);
    }
    printf("formats: done\n");
}

/* ---------- corrupt input ---------- */

static int decode_quiet(const uint8_t *d, size_t n, uint32_t maxpx) {
    cpng_image im;
    char err[256];
    int r = cpng_decode(d, n, maxpx, &im, NULL, err, sizeof err);
    if (r == 0) cpng_free(im.pixels);
    else if (!err[0]) r = 99; /* an error must come with a message */
    return r;
}

static void put_chunk(uint8_t **p, const char *type, const uint8_t *data, uint32_t len) {
    uint8_t *q = *p;
    q[0] = len >> 24; q[1] = len >> 16; q[2] = len >> 8; q[3] = len;
    memcpy(q + 4, type, 4);
    if (len) memcpy(q + 8, data, len);
    uint32_t c = (uint32_t)crc32(0, q + 4, 4 + len);
    q[8 + len] = c >> 24; q[9 + len] = c >> 16; q[10 + len] = c >> 8; q[11 + len] = c;
    *p = q + 12 + len;
}

/* Every truncation must fail; every bit flip (a sample of them if quick)
   must fail or succeed cleanly, and a flip in the signature or IHDR must fail. */
static void abuse(const uint8_t *d, size_t len, const char *what, int quick) {
    for (size_t n = 0; n < len; n++) {
        int r = decode_quiet(d, n, 1000000);
        CHECK(r < 0 && r != 99, "%s truncated to %zu of %zu bytes: got %d", what, n, len, r);
    }
    uint8_t *c = malloc(len);
    for (size_t i = 0; i < len; i += quick ? 7 : 1)
        for (int bit = 0; bit < 8; bit += quick ? 3 : 1) {
            memcpy(c, d, len);
            c[i] ^= (uint8_t)(1 << bit);
            int r = decode_quiet(c, len, 1000000);
            CHECK(r != 99, "%s flip at %zu: error without a message", what, i);
            if (i < 33) CHECK(r < 0, "%s: flip in signature/IHDR at %zu accepted", what, i);
        }
    free(c);
}

/* A 16-bit interlaced grey+alpha file from libpng: takes cpng_decode's classic-API path. */
static size_t classic_sample(uint8_t **out) {
    uint8_t *rows[9];
    for (int y = 0; y < 9; y++) {
        rows[y] = malloc(13 * 4);
        for (int i = 0; i < 13 * 4; i++) rows[y][i] = (uint8_t)rnd();
    }
    size_t n = write_classic(out, 13, 9, 16, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_INTERLACE_ADAM7, rows,
                             NULL, 0, NULL, 0);
    for (int y = 0; y < 9; y++) free(rows[y]);
    return n;
}

static void check_corrupt(int quick) {
    img m = make(61, 47, K_GRADIENT, 1, 0);
    cpng_buffer b;
    char err[256];
    CHECK(cpng_encode(m.px, m.w, m.h, m.stride, 2, &b, err, sizeof err) == 0, "encode: %s", err);
    abuse(b.data, b.len, "cpng file", quick);
    uint8_t *classic = NULL;
    size_t cn = classic_sample(&classic);
    CHECK(cn > 0 && decode_quiet(classic, cn, 1000) == 0, "16-bit interlaced sample");
    abuse(classic, cn, "16-bit interlaced file", quick);
    free(classic);
    /* random garbage: bare, behind a valid signature + IHDR, and also ending in an IEND
       (so that it gets past the IEND check into libpng) */
    uint8_t *c = malloc(4096 + 12);
    for (int t = 0; t < (quick ? 400 : 4000); t++) {
        size_t n = rnd() % 4096;
        for (size_t i = 0; i < n; i++) c[i] = (uint8_t)rnd();
        if (t & 1) memcpy(c, b.data, n < 33 ? n : 33);
        if (t & 2) {
            memcpy(c + n, b.data + b.len - 12, 12);
            n += 12;
        }
        CHECK(decode_quiet(c, n, 1000000) != 99, "garbage: error without a message");
    }
    /* IDAT data garbled, with the CRCs fixed so that libpng inflates and unfilters it */
    for (int t = 0; t < (quick ? 300 : 3000); t++) {
        memcpy(c, b.data, b.len);
        for (size_t off = 8; off + 12 <= b.len;) {
            uint32_t len = be32(c + off);
            if (!memcmp(c + off + 4, "IDAT", 4)) {
                for (uint32_t i = 0; i < len; i++)
                    if (rnd() % (1 + t % 64) == 0) c[off + 8 + i] = (uint8_t)rnd();
                uint32_t crc = (uint32_t)crc32(0, c + off + 4, 4 + len);
                for (int k = 0; k < 4; k++) c[off + 8 + len + k] = (uint8_t)(crc >> (24 - 8 * k));
            }
            off += 12 + (size_t)len;
        }
        CHECK(decode_quiet(c, b.len, 1000000) != 99, "garbled IDAT: error without a message");
    }
    free(c);
    CHECK(decode_quiet(NULL, 0, 100) == CPNG_E_FORMAT, "NULL input");
    CHECK(decode_quiet(b.data, 0, 100) == CPNG_E_FORMAT, "zero length");
    CHECK(decode_quiet(b.data, b.len, 61 * 47 - 1) == CPNG_E_TOO_BIG, "max_pixels not enforced");
    CHECK(decode_quiet(b.data, b.len, 61 * 47) == 0, "max_pixels off by one");

    /* huge IHDRs, with a tiny IDAT behind them */
    static const uint32_t huge[][2] = { { 100000, 100000 }, { 1000000, 1000000 }, { 0x7fffffff, 1 },
                                        { 1, 0x7fffffff }, { 0, 5 }, { 0xffffffffu, 0xffffffffu } };
    for (size_t k = 0; k < sizeof huge / sizeof *huge; k++) {
        uint8_t f[256], *p = f + 8, ihdr[13] = { 0 }, idat[16];
        memcpy(f, "\x89PNG\r\n\x1a\n", 8);
        for (int i = 0; i < 4; i++) {
            ihdr[i] = huge[k][0] >> (24 - 8 * i);
            ihdr[4 + i] = huge[k][1] >> (24 - 8 * i);
        }
        ihdr[8] = 8; ihdr[9] = 6;
        put_chunk(&p, "IHDR", ihdr, 13);
        uLongf zl = sizeof idat;
        uint8_t zero[4] = { 0 };
        compress(idat, &zl, zero, 4);
        put_chunk(&p, "IDAT", idat, (uint32_t)zl);
        put_chunk(&p, "IEND", NULL, 0);
        int r = decode_quiet(f, (size_t)(p - f), 50000000);
        CHECK(r == CPNG_E_TOO_BIG || r == CPNG_E_FORMAT, "huge IHDR %ux%u: got %d",
              huge[k][0], huge[k][1], r);
        if (k == 0) CHECK(r == CPNG_E_TOO_BIG, "100000x100000 should be TOO_BIG, got %d", r);
    }
    cpng_free(b.data);
    free(m.px);
    printf("corrupt: done\n");
}

/* ---------- APNG ---------- */

static int run(const char *cmd) {
    fflush(stdout);
    int r = system(cmd);
    return r == 0;
}

static void check_apng(void) {
    const uint32_t w = 83, h = 61;
    char err[256], path[512], cmd[2048];
    const char *py = getenv("PYTHON") ? getenv("PYTHON") : "python3";
    for (int alpha = 0; alpha < 2; alpha++) {
        enum { N = 5 };
        img f[N];
        f[0] = make(w, h, K_UI, alpha, 0);
        for (int i = 1; i < N; i++) {       /* each frame starts as a copy of the one before */
            f[i] = make(w, h, K_FLAT, 0, 0);
            memcpy(f[i].px, f[i - 1].px, f[i].stride * h);
        }
        for (uint32_t y = 10; y < 20; y++)   /* frame 1: a box changes */
            for (uint32_t x = 30; x < 45; x++) f[1].px[y * f[1].stride + 4 * x] ^= 0x55;
        /* frame 2: unchanged */
        f[3].px[0] = 1;                      /* frame 3: two far-apart pixels */
        f[3].px[(h - 1) * f[3].stride + 4 * (w - 1) + 1] = 7;
        for (uint32_t y = 0; y < h; y++)     /* frame 4: everything shifts */
            for (uint32_t x = 0; x < w; x++) f[4].px[y * f[4].stride + 4 * x + 2] += 3;

        cpng_buffer out[2];
        for (int t = 0; t < 2; t++) {        /* threads 1 and 3 */
            cpng_apng *a = cpng_apng_begin(w, h, 0, 0, t ? 3 : 1, err, sizeof err);
            CHECK(a != NULL, "apng begin: %s", err);
            for (int i = 0; i < N; i++)
                CHECK(cpng_apng_add_frame(a, f[i].px, f[i].stride, (uint16_t)(i + 1), 10, err, sizeof err) == 0,
                      "add frame %d: %s", i, err);
            CHECK(cpng_apng_finish(a, &out[t], err, sizeof err) == 0, "finish: %s", err);
        }
        CHECK(out[0].len == out[1].len && !memcmp(out[0].data, out[1].data, out[0].len),
              "APNG: threads 1/3 differ");
        walk_info wi;
        CHECK(walk_png(out[0].data, out[0].len, &wi), "APNG: bad structure");
        CHECK(wi.actl_frames == N && wi.fctl == N && wi.fdat >= N - 1 && wi.idat >= 1,
              "APNG: acTL %d fcTL %d fdAT %d IDAT %d", wi.actl_frames, wi.fctl, wi.fdat, wi.idat);
        CHECK(wi.colour == (alpha ? 6 : 2), "APNG colour type %d", wi.colour);
        printf("apng (%s): %zu bytes for %d frames of %ux%u\n", alpha ? "RGBA" : "RGB", out[0].len, N, w, h);

        snprintf(path, sizeof path, "%s/cpng-check-%d.png", tmpdir, alpha);
        CHECK(write_file(path, out[0].data, out[0].len), "write %s", path);
        for (int i = 0; i < N; i++) {
            char raw[600];
            snprintf(raw, sizeof raw, "%s/cpng-check-%d-%d.rgba", tmpdir, alpha, i);
            CHECK(write_file(raw, f[i].px, f[i].stride * h), "write %s", raw);
        }
        snprintf(cmd, sizeof cmd,
                 "%s -c \"import sys; from PIL import Image\n"
                 "im = Image.open('%s'); assert im.n_frames == %d, im.n_frames\n"
                 "for i in range(%d):\n"
                 "    im.seek(i); got = im.convert('RGBA').tobytes()\n"
                 "    want = open('%s/cpng-check-%d-%%d.rgba' %% i, 'rb').read()\n"
                 "    assert got == want, 'frame %%d differs' %% i\n"
                 "    assert im.info.get('duration') == (i + 1) * 100, im.info.get('duration')\n"
                 "print('  Pillow: n_frames', im.n_frames, 'and every frame match')\"",
                 py, path, N, N, tmpdir, alpha);
        CHECK(run(cmd), "Pillow check of %s failed", path);
        if (run("command -v pngcheck >/dev/null")) {
            snprintf(cmd, sizeof cmd, "pngcheck -q %s", path);
            CHECK(run(cmd), "pngcheck %s", path);
        }
        cpng_image im; /* libpng reads the default image: frame 0 */
        CHECK(cpng_decode(out[0].data, out[0].len, 1 << 20, &im, NULL, err, sizeof err) == 0 &&
                  same_pixels(&f[0], &im), "APNG default image: %s", err);
        cpng_free(im.pixels);
        for (int t = 0; t < 2; t++) cpng_free(out[t].data);
        for (int i = 0; i < N; i++) free(f[i].px);
    }
    /* an opaque first frame, then a translucent one: refused unless CPNG_APNG_ALPHA */
    img o = make(9, 9, K_FLAT, 0, 0), t = make(9, 9, K_FLAT, 1, 0);
    cpng_apng *a = cpng_apng_begin(9, 9, 1, 0, 1, err, sizeof err);
    CHECK(cpng_apng_add_frame(a, o.px, o.stride, 1, 1, err, sizeof err) == 0, "opaque frame");
    CHECK(cpng_apng_add_frame(a, t.px, t.stride, 1, 1, err, sizeof err) == CPNG_E_ARG, "alpha accepted");
    cpng_buffer b;
    CHECK(cpng_apng_finish(a, &b, err, sizeof err) != 0 && !b.data, "finish after failure");
    a = cpng_apng_begin(9, 9, 1, CPNG_APNG_ALPHA, 1, err, sizeof err);
    CHECK(cpng_apng_add_frame(a, o.px, o.stride, 1, 1, err, sizeof err) == 0, "opaque frame");
    CHECK(cpng_apng_add_frame(a, t.px, t.stride, 1, 1, err, sizeof err) == 0, "alpha frame: %s", err);
    CHECK(cpng_apng_finish(a, &b, err, sizeof err) == 0, "finish: %s", err);
    cpng_free(b.data);
    a = cpng_apng_begin(9, 9, 1, 0, 1, err, sizeof err);
    CHECK(cpng_apng_finish(a, &b, err, sizeof err) == CPNG_E_ARG, "0 frames accepted");
    CHECK(cpng_apng_begin(0, 9, 1, 0, 1, err, sizeof err) == NULL, "0 width accepted");
    free(o.px);
    free(t.px);
    printf("apng: done\n");
}

int main(int argc, char **argv) {
    const char *what = argc > 1 ? argv[1] : "all";
    if (argc > 2) tmpdir = argv[2];
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "roundtrip")) {
        check_roundtrip();
        check_reuse();
    }
    if (!strcmp(what, "threads")) check_threads();
    if (all || !strcmp(what, "formats")) check_formats();
    if (all || !strcmp(what, "corrupt")) check_corrupt(0);
    if (!strcmp(what, "corrupt-quick")) check_corrupt(1);
    if (all || !strcmp(what, "apng")) check_apng();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
