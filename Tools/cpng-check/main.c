/*
 * cpng-check: standalone checks for Sources/CPNG (built and run by build.sh).
 *
 *   cpng-check [all|roundtrip|stream|threads|formats|corrupt|corrupt-quick|tolerance|apng] [TMPDIR]
 *   cpng-check files FILE...   (every decoder entry point on each file, e.g.
 *                               Tools/fuzz/regressions/png/\*)
 *
 * Exits non-zero if any check fails. The APNG check runs $PYTHON (default
 * python3) with Pillow, and `pngcheck` when it is installed.
 */
#include "cpng.h"
#include "cpng_fast.h"
#include "cpng_internal.h"
#include "../fuzz/png_make.h"
#include "../fuzz/png_oracle.h"

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
typedef struct { int idat, fctl, fdat, actl_frames; uint8_t colour; unsigned ops; } walk_info; /* ops: bit dispose, bit 4 + blend */
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
                wi->ops |= 1u << data[24] | 1u << (4 + data[25]);
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
                roundtrip_one(&m, &cpng__smallest_opts, "smallest");
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
    CHECK(cpng_encode_smallest(px, 0, 1, 4, &b, err, sizeof err) == CPNG_E_ARG && !b.data, "smallest: w=0 accepted");
    CHECK(cpng_encode_smallest(px, 2, 2, 8, &b, err, sizeof err) == CPNG_OK && b.len > 0, "smallest: a 2x2 image failed");
    cpng_free(b.data);
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

/* ---------- streaming encode: the bytes of cpng_encode ---------- */

/* Streams m in calls of `chunk` rows (0: random sizes, with empty calls) into
   *out; the largest cpng_stream_bytes between calls in *peak. */
static int stream_image(const img *m, const cpng__opts *o, int threads, uint32_t chunk,
                        cpng_buffer *out, size_t *peak, char *err, size_t errlen) {
    cpng_stream *s = cpng__stream_begin_opts(m->w, m->h, threads, o, err, errlen);
    if (!s) return CPNG_E_NOMEM;
    int r = CPNG_OK;
    *peak = cpng_stream_bytes(s);
    for (uint32_t y = 0; r == CPNG_OK && y < m->h;) {
        uint32_t most = rnd() % 2 ? 5 : 700, k = chunk ? chunk : rnd() % 7 == 0 ? 0 : 1 + rnd() % most;
        if (k > m->h - y) k = m->h - y;
        r = cpng_stream_rows(s, m->px + (size_t)y * m->stride, m->stride, k, err, errlen);
        size_t bytes = cpng_stream_bytes(s);
        if (bytes > *peak) *peak = bytes;
        y += k;
    }
    if (r == CPNG_OK) r = cpng_stream_finish(s, out, err, errlen);
    cpng_stream_free(s);
    return r;
}

/* cpng__encode_opts's file for m, whose colour type must be `colour` (so that
   the case is the one it claims to be). */
static int reference(const img *m, const cpng__opts *o, int colour, cpng_buffer *ref, const char *what) {
    char err[256];
    int r = cpng__encode_opts(m->px, m->w, m->h, m->stride, 1, o, ref, err, sizeof err);
    CHECK(r == 0, "%s %ux%u: encode failed: %s", what, m->w, m->h, err);
    walk_info wi = { 0 };
    CHECK(r == 0 && walk_png(ref->data, ref->len, &wi) && wi.colour == colour,
          "%s %ux%u: colour type %d, the case wants %d", what, m->w, m->h, wi.colour, colour);
    return r == 0;
}

/* The stream must give the reference's bytes: threads 1, 2, 3 with calls of
   1 row, random sizes and all rows (`all`), or one of each (else). */
static void stream_same(const img *m, const cpng__opts *o, int colour, int all, const char *what) {
    cpng_buffer ref;
    if (!reference(m, o, colour, &ref, what)) return;
    for (int t = 1; t <= 3; t++)
        for (int c = 0; c < 3; c++) {
            if (!all && c != t - 1) continue;
            uint32_t chunk = c == 0 ? 1 : c == 1 ? 0 : m->h;
            char err[256] = "";
            cpng_buffer b = { 0 };
            size_t peak;
            int r = stream_image(m, o, t, chunk, &b, &peak, err, sizeof err);
            CHECK(r == 0 && b.len == ref.len && !memcmp(b.data, ref.data, ref.len),
                  "%s %ux%u: stream (threads %d, %s) gives %zu bytes, cpng_encode %zu: %d %s", what, m->w, m->h,
                  t, c == 0 ? "1 row per call" : c == 1 ? "random calls" : "one call", b.len, ref.len, r, err);
            cpng_free(b.data);
        }
    cpng_free(ref.data);
}

/* Colour i (< 1024) as opaque RGBA; distinct i give distinct colours. */
static void put_colour(uint8_t *p, uint32_t i) {
    p[0] = (uint8_t)i;
    p[1] = (uint8_t)((i >> 8) * 64 + 5);
    p[2] = (uint8_t)((i * 7) ^ 0x5a);
    p[3] = 255;
}

/* w x h pixels of colours [0, colours) from a pool of `pool` (<= 1024): the
   first pixels in scan order show colours 0, 1, 2, ... once each, the rest are
   runs of random colours, with runs of 1 to `maxrun` repeated rows. Colours
   that are 3 mod 8 are translucent when `trans`. */
static img colour_image(uint32_t w, uint32_t h, uint32_t colours, int trans, uint32_t maxrun) {
    img m = { malloc((size_t)w * 4 * h), w, h, (size_t)w * 4 };
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = m.px + (size_t)y * m.stride;
        if (y > 0 && (uint64_t)y * w >= colours && rnd() % 3 == 0) { /* a run of repeated rows */
            uint32_t k = 1 + rnd() % maxrun;
            for (; k && y < h; k--, y++) memcpy(m.px + (size_t)y * m.stride, row - m.stride, m.stride);
            y--;
            continue;
        }
        uint32_t c = rnd() % colours;
        for (uint32_t x = 0; x < w; x++) {
            uint64_t i = (uint64_t)y * w + x;
            if (rnd() % 16 == 0) c = rnd() % colours;
            uint32_t v = i < colours ? (uint32_t)i : c;
            put_colour(row + 4 * (size_t)x, v);
            if (trans && v % 8 == 3) row[4 * (size_t)x + 3] = (uint8_t)(v * 5);
        }
    }
    return m;
}

/* Pixel (x, y) becomes the opaque colour 256 + k: a new colour. */
static void new_colour(img *m, uint32_t x, uint32_t y, uint32_t k) {
    put_colour(m->px + (size_t)y * m->stride + 4 * (size_t)x, 256 + k);
}

/* Pixel (x, y) gets alpha 77. */
static void add_alpha(img *m, uint32_t x, uint32_t y) { m->px[(size_t)y * m->stride + 4 * (size_t)x + 3] = 77; }

/* Band height of a w-wide image as palette indices (channels 1) or RGB (3). */
static uint32_t band_rows(uint32_t w, uint32_t h, int channels, const cpng__opts *o) {
    cpng__bands b;
    cpng__bands_init(&b, w, h, channels, o);
    uint32_t rows = b.band_rows;
    cpng__bands_free(&b);
    return rows;
}

/* A codec that fails on its `fail_at`-th segment (counted from 0). */
static int fail_at, segments_seen, fail_code;
static int failing_segment(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                           const uint8_t *in, size_t inlen, cpng__buf *out) {
    if (segments_seen++ == fail_at) return fail_code;
    return cpng__zlib_codec.segment(c, state, dict, dictlen, in, inlen, out);
}

static void check_stream_errors(void) {
    char err[256];
    cpng_buffer b = { (uint8_t *)1, 1 };
    err[0] = 0;
    CHECK(!cpng_stream_begin(0, 5, 1, err, sizeof err) && strstr(err, "empty"), "stream of width 0: %s", err);
    CHECK(!cpng_stream_begin(5, 0, 1, err, sizeof err), "stream of height 0");
    CHECK(!cpng_stream_begin(0x80000000u, 1, 1, err, sizeof err) && strstr(err, "limit"), "width 2^31: %s", err);
    CHECK(cpng_stream_rows(NULL, (const uint8_t *)err, 4, 1, err, sizeof err) == CPNG_E_ARG, "rows: NULL stream");
    CHECK(cpng_stream_finish(NULL, &b, err, sizeof err) == CPNG_E_ARG && !b.data && !b.len, "finish: NULL stream");
    CHECK(cpng_stream_bytes(NULL) == 0, "bytes of NULL");
    cpng_stream_free(NULL);

    /* misuse between good calls: refused, and the file is still cpng_encode's */
    img m = colour_image(31, 40, 300, 1, 5);
    cpng_buffer ref;
    reference(&m, NULL, 6, &ref, "errors");
    cpng_stream *s = cpng_stream_begin(m.w, m.h, 2, err, sizeof err);
    CHECK(s && cpng_stream_bytes(s) > 0, "begin: %s", err);
    CHECK(cpng_stream_rows(s, m.px, m.stride, 10, err, sizeof err) == 0, "10 rows: %s", err);
    CHECK(cpng_stream_rows(s, NULL, m.stride, 1, err, sizeof err) == CPNG_E_ARG, "NULL rows accepted");
    CHECK(cpng_stream_rows(s, m.px, m.w * 4 - 1, 1, err, sizeof err) == CPNG_E_ARG && strstr(err, "stride"),
          "short stride: %s", err);
    CHECK(cpng_stream_rows(s, m.px, m.stride, 31, err, sizeof err) == CPNG_E_ARG && strstr(err, "pass the height"),
          "41 rows of 40 accepted: %s", err);
    CHECK(cpng_stream_finish(s, &b, err, sizeof err) == CPNG_E_ARG && strstr(err, "10 of 40") && !b.data,
          "finish after 10 rows: %s", err);
    CHECK(cpng_stream_finish(s, NULL, err, sizeof err) == CPNG_E_ARG, "finish: NULL out");
    CHECK(cpng_stream_rows(s, m.px + 10 * m.stride, m.stride, 0, err, sizeof err) == 0, "0 rows: %s", err);
    CHECK(cpng_stream_rows(s, m.px + 10 * m.stride, m.stride, 30, err, sizeof err) == 0, "30 rows: %s", err);
    CHECK(cpng_stream_rows(s, m.px, m.stride, 1, err, sizeof err) == CPNG_E_ARG, "a row after the last");
    CHECK(cpng_stream_finish(s, &b, err, sizeof err) == 0 && b.len == ref.len && !memcmp(b.data, ref.data, b.len),
          "file after refused calls differs: %s", err);
    cpng_free(b.data);
    CHECK(cpng_stream_bytes(s) < 10000, "a finished stream holds %zu bytes", cpng_stream_bytes(s));
    CHECK(cpng_stream_rows(s, m.px, m.stride, 1, err, sizeof err) == CPNG_E_ARG && strstr(err, "finished"),
          "rows after finish: %s", err);
    CHECK(cpng_stream_finish(s, &b, err, sizeof err) == CPNG_E_ARG && !b.data, "finish twice");
    cpng_stream_free(s);
    cpng_free(ref.data);
    free(m.px);

    /* a compressor failure, in every segment of a stream that changes format
       twice (the replays included): the error, then only free (ASan: no leak) */
    cpng__codec bad = cpng__zlib_codec;
    bad.segment = failing_segment;
    cpng__opts o = cpng__default_opts;
    o.band_bytes = 2000;
    o.codec = &bad;
    m = colour_image(50, 200, 256, 0, 9);
    new_colour(&m, 3, 90, 0);
    add_alpha(&m, 7, 150);
    int r = -1;
    for (fail_at = 0; r != 0 && fail_at < 1000; fail_at++) {
        fail_code = fail_at % 2 ? CPNG_E_NOMEM : CPNG_E_INTERNAL;
        segments_seen = 0;
        size_t peak;
        r = stream_image(&m, &o, 1 + fail_at % 3, 7, &b, &peak, err, sizeof err);
        CHECK(r == 0 || (r == fail_code && strstr(err, r == CPNG_E_NOMEM ? "out of memory" : "deflate failed") &&
                         !b.data), "failure in segment %d: %d %s", fail_at, r, err);
        if (r == 0) cpng_free(b.data);
    }
    CHECK(r == 0 && fail_at > 20, "%d failure points, then %d", fail_at - 1, r);
    s = cpng__stream_begin_opts(m.w, m.h, 1, &o, err, sizeof err);
    fail_at = 0;
    segments_seen = 0;
    CHECK(cpng_stream_rows(s, m.px, m.stride, m.h, err, sizeof err) == CPNG_E_INTERNAL, "failure not reported");
    CHECK(cpng_stream_rows(s, m.px, m.stride, 1, err, sizeof err) == CPNG_E_ARG && strstr(err, "failed earlier"),
          "rows after a failure: %s", err);
    CHECK(cpng_stream_finish(s, &b, err, sizeof err) == CPNG_E_ARG && strstr(err, "failed earlier"),
          "finish after a failure: %s", err);
    cpng_stream_free(s);
    free(m.px);
}

/* A strip of thumbnails (as the app streams): over 256 colours from row 10. */
static img strip_image(uint32_t w, uint32_t h) {
    img m = { malloc((size_t)w * 4 * h), w, h, (size_t)w * 4 };
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = m.px + (size_t)y * m.stride + 4 * (size_t)x;
            uint32_t cx = x % 355, cy = y % 240, cell = x / 355 + 7 * (y / 240);
            p[0] = p[1] = p[2] = p[3] = 255;
            if (cx >= 8 && cx < 348 && cy >= 10 && cy < 230) {
                p[0] = (uint8_t)(cell * 37 + cy / 2);
                p[1] = (uint8_t)(200 - cx / 4);
                p[2] = (uint8_t)(cell * 11);
                if (cy % 24 < 2) p[0] = p[1] = p[2] = 230;
                else if ((cx / 6 + cy / 9) % 7 == 0 && (rnd() & 3)) p[0] = p[1] = p[2] = (uint8_t)(rnd() & 63);
            }
        }
    return m;
}

/* The strip, streamed 1 row per call (threads 1), 240 rows per call as the
   app does (2), random calls (3): cpng_encode's bytes, and between calls the
   stream holds its compressed data, `threads` bands of rows and the rows
   before them (for their dictionary), and a constant (the run unit's rows and
   segment, the palette). */
static void check_stream_memory(const img *m) {
    cpng_buffer ref;
    if (!reference(m, NULL, 2, &ref, "strip")) return;
    uint32_t rows = band_rows(m->w, m->h, 3, NULL), before = 32768 / (m->w * 3 + 1) + 2;
    for (int t = 1; t <= 3; t++) {
        char err[256] = "";
        cpng_buffer b = { 0 };
        size_t peak, window = ((size_t)t * rows + before) * m->w * 4;
        int r = stream_image(m, NULL, t, t == 1 ? 1 : t == 2 ? 240 : 0, &b, &peak, err, sizeof err);
        CHECK(r == 0 && b.len == ref.len && !memcmp(b.data, ref.data, ref.len),
              "strip, threads %d: the stream's file differs: %d %s", t, r, err);
        CHECK(peak <= window + ref.len + 131072, "strip, threads %d: a stream held %zu bytes, more than %zu of "
              "rows and %zu compressed", t, peak, window, ref.len);
        CHECK(peak >= (size_t)t * rows * m->w * 4 + ref.len - ref.len / 16,
              "strip, threads %d: a stream says it held %zu bytes, too few for its rows and data", t, peak);
        CHECK(t > 1 || peak < (size_t)m->w * 4 * m->h / 4, "a stream held %zu bytes of a %zu-byte image", peak,
              (size_t)m->w * 4 * m->h);
        printf("stream: %ux%u RGB strip, threads %d: at most %zu bytes held (file %zu, image %zu)\n", m->w, m->h,
               t, peak, ref.len, (size_t)m->w * 4 * m->h);
        cpng_free(b.data);
    }
    cpng_free(ref.data);
}

static void check_stream(void) {
    cpng__opts small = cpng__default_opts, mid = cpng__default_opts;
    small.band_bytes = 4096;  /* bands shorter than a run unit: no runs */
    mid.band_bytes = 100000;  /* 100 columns: runs of repeated rows across band edges */
    const cpng__opts *opts[] = { &small, &mid, NULL };
    const char *names[] = { "small bands", "mid bands", "default bands" };
    static const uint32_t sizes[][2] = { { 1, 1 }, { 1, 300 }, { 300, 1 }, { 100, 3000 }, { 257, 131 } };
    char what[200];

    /* at most 256 colours throughout: palette, with and without tRNS */
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int trans = 0; trans < 2; trans++)
            for (uint32_t colours = 5; colours <= 256; colours += 251) {
                img m = colour_image(sizes[s][0], sizes[s][1], colours, trans, 1200);
                for (int k = 0; k < 3; k++) {
                    snprintf(what, sizeof what, "%u colours%s, %s", colours, trans ? " (some translucent)" : "", names[k]);
                    stream_same(&m, opts[k], 3, 1, what);
                }
                free(m.px);
            }

    /* the 257th colour in the first row, a middle row, at band edges of the
       palette layout (first and last row of a band, and of a batch of 2 or 3
       bands), in the last row; then opaque (RGB). Every way of calling with
       small bands (many band and batch edges), one of each with mid bands. */
    for (int k = 0; k < 2; k++) {
        const uint32_t w = 300, h = k ? 1000 : 300;
        uint32_t br = band_rows(w, h, 1, opts[k]);
        uint32_t at[] = { 0, h / 2, br, br - 1, 2 * br, 3 * br - 1, 6 * br, h - 1 };
        for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
            if (at[i] >= h) continue;
            img m = colour_image(w, h, 256, 0, 400);
            new_colour(&m, at[i] ? rnd() % w : 280, at[i], 0);
            snprintf(what, sizeof what, "257th colour in row %u (bands of %u rows), %s", at[i], br, names[k]);
            stream_same(&m, opts[k], 2, !k, what);
            free(m.px);
        }
    }

    /* alpha late in an RGB image: in the first row, a middle row, the last row */
    for (int k = 0; k < 2; k++) {
        const uint32_t h = k ? 1000 : 300;
        uint32_t at[] = { 0, 1, h / 2 + 7, h - 1 };
        for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
            img m = colour_image(300, h, 1000, 0, 400);
            add_alpha(&m, rnd() % 300, at[i]);
            snprintf(what, sizeof what, "alpha in row %u of an RGB image, %s", at[i], names[k]);
            stream_same(&m, opts[k], 6, !k, what);
            free(m.px);
        }
    }

    /* alpha while paletted (the 256th colour), then the 257th colour: one
       change, to RGBA; the 257th colour, then alpha: two changes; both in one
       row (the 257th colour is translucent: RGB, then at once RGBA) */
    for (int k = 0; k < 2; k++) {
        const uint32_t h = k ? 1000 : 300;
        const uint32_t events[][2] = { { 50, h - 100 }, { h - 100, 50 }, { 0, h - 1 }, { h - 1, 0 }, { h / 2, h / 2 } };
        for (size_t i = 0; i < sizeof events / sizeof *events; i++) {
            img m = colour_image(300, h, events[i][0] <= events[i][1] ? 255 : 256, 0, 400);
            add_alpha(&m, 299, events[i][0]);
            new_colour(&m, 298, events[i][1], 0);
            snprintf(what, sizeof what, "alpha in row %u, 257th colour in row %u, %s", events[i][0], events[i][1],
                     names[k]);
            stream_same(&m, opts[k], 6, !k, what);
            free(m.px);
        }
    }

    /* 1-row and 1-column images that change format */
    for (int k = 0; k < 3; k++) {
        img m = colour_image(1, 700, 400, 0, 3); /* RGB from row 256 */
        stream_same(&m, opts[k], 2, 1, "a column of 400 colours");
        add_alpha(&m, 0, 699);
        stream_same(&m, opts[k], 6, 1, "a column of 400 colours, alpha in the last row");
        free(m.px);
        m = colour_image(700, 1, 256, 1, 1);
        new_colour(&m, 699, 0, 0);
        stream_same(&m, opts[k], 6, 1, "a row of 256 colours, translucent ones, and one more");
        free(m.px);
    }

    /* several bands of the default layout: the strip as the app streams it;
       palette for two bands, then RGB, then RGBA after ten RGB bands; a narrow
       and tall image that turns RGB after the first palette band */
    img m = strip_image(1437, 2452);
    check_stream_memory(&m);
    free(m.px);
    m = colour_image(1437, 2452, 256, 0, 100);
    new_colour(&m, 1000, 1600, 0);
    add_alpha(&m, 5, 2400);
    stream_same(&m, NULL, 6, 0, "palette, RGB from row 1600, RGBA from row 2400");
    free(m.px);
    m = colour_image(7, 150000, 256, 0, 3000);
    new_colour(&m, 6, 140000, 0);
    stream_same(&m, NULL, 2, 0, "7 columns, RGB from row 140000");
    free(m.px);

    check_stream_errors();
    printf("stream: done\n");
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
    img m = colour_image(301, 257, 256, 0, 40); /* a stream that changes format twice */
    new_colour(&m, 7, 100, 0);
    add_alpha(&m, 9, 200);
    stream_same(&m, &small, 6, 1, "threads");
    free(m.px);
    printf("threads: done\n");
}

/* ---------- every decoder, every encoding (files written by libpng) ---------- */

#define MAXPX (1u << 24)

/* Runs a file through every entry point (png_oracle: they must agree, and a
   re-encode must decode the same), then checks cpng_decode's pixels against
   `expect` and that warnings are `want_warn`. `fast`: the fast decoders must
   take this kind (else they may answer CPNG_E_UNSUPPORTED). */
static void decode_everywhere(const uint8_t *file, size_t n, const uint8_t *expect, uint32_t w, uint32_t h,
                              int fast, uint32_t want_warn, const char *what) {
    char why[512], err[256] = "";
    CHECK(!png_oracle(file, n, MAXPX, 1u << 16, why, sizeof why), "%s: %s", what, why);
    cpng_image im;
    uint32_t warn = 99;
    int r = cpng_decode(file, n, MAXPX, &im, &warn, err, sizeof err);
    CHECK(r == 0 && warn == want_warn, "%s: cpng_decode %d warnings %u (want %u): %s", what, r, warn, want_warn, err);
    if (r == 0) {
        CHECK(im.width == w && im.height == h, "%s: size %ux%u", what, im.width, im.height);
        size_t bad = (size_t)-1;
        for (size_t i = 0; i < (size_t)w * h * 4 && bad == (size_t)-1 && im.width == w && im.height == h; i++)
            if (im.pixels[i] != expect[i]) bad = i;
        CHECK(bad == (size_t)-1, "%s: pixel %zu byte %zu is %d, expected %d", what, bad / 4, bad % 4,
              bad == (size_t)-1 ? 0 : im.pixels[bad], bad == (size_t)-1 ? 0 : expect[bad]);
        cpng_free(im.pixels);
    }
    uint8_t *dst = malloc((size_t)w * h * 4);
    int rf = cpng_decode_fast(file, n, MAXPX, 0, dst, (size_t)w * h * 4, &warn, err, sizeof err);
    CHECK(fast ? rf == 0 : (rf == 0 || rf == CPNG_E_UNSUPPORTED), "%s: cpng_decode_fast %d: %s", what, rf, err);
    if (rf == 0) CHECK(!memcmp(dst, expect, (size_t)w * h * 4) && warn == want_warn, "%s: cpng_decode_fast pixels", what);
    free(dst);
    cpng_rows rows;
    int rr = cpng_decode_rows(file, n, MAXPX, &rows, &warn, err, sizeof err);
    CHECK(rr == rf, "%s: cpng_decode_rows %d, cpng_decode_fast %d", what, rr, rf);
    if (rr == 0) cpng_rows_free(&rows);
}

static int has_chunk(const uint8_t *d, size_t n, const char *type) {
    for (size_t off = 8; off + 12 <= n; off += 12 + (size_t)be32(d + off))
        if (!memcmp(d + off + 4, type, 4)) return 1;
    return 0;
}

static const char *ct_name(int ct) {
    return ct == 0 ? "grey" : ct == 2 ? "RGB" : ct == 3 ? "palette" : ct == 4 ? "grey+alpha" : "RGBA";
}

/* The same picture (straight RGBA) written in other encodings: each must decode to it. */
static void other_encodings(const uint8_t *rgba, uint32_t w, uint32_t h, const char *what) {
    int opaque = 1, grey = 1;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        const uint8_t *p = rgba + 4 * i;
        if (p[3] != 255) opaque = 0;
        if (p[0] != p[1] || p[1] != p[2]) grey = 0;
    }
    char name[300];
    for (int ct = 0; ct <= 6; ct++) {
        if (ct == 1 || ct == 3 || ct == 5 || (!grey && (ct == 0 || ct == 4)) || (!opaque && (ct == 0 || ct == 2)))
            continue;
        for (int depth = 8; depth <= 16; depth += 8)
            for (int il = 0; il < 2; il++) {
                pm_picture m;
                pm_from_rgba(&m, w, h, rgba, ct, depth, il);
                uint8_t *f;
                size_t n = pm_write(&m, &f);
                snprintf(name, sizeof name, "%s as %s %d-bit%s", what, ct_name(ct), depth, il ? " interlaced" : "");
                CHECK(n > 0, "%s: libpng could not write it", name);
                if (n) decode_everywhere(f, n, rgba, w, h, depth == 8 && !il, 0, name);
                free(f);
                pm_free(&m);
            }
    }
    cpng_buffer b;   /* and as cpng_encode writes it (palette, RGB or RGBA) */
    char err[256];
    CHECK(cpng_encode(rgba, w, h, (size_t)w * 4, 1, &b, err, sizeof err) == 0, "%s: cpng_encode: %s", what, err);
    snprintf(name, sizeof name, "%s as cpng_encode writes it", what);
    decode_everywhere(b.data, b.len, rgba, w, h, 1, 0, name);
    cpng_free(b.data);
}

/* Every colour type and legal bit depth, interlaced and not, with and
   without tRNS, with and without colour-space chunks, in three sizes. */
static void check_formats(void) {
    static const uint32_t sizes[][2] = { { 1, 1 }, { 7, 5 }, { 37, 11 } };
    static const int variants[] = { 0, PM_GAMA, PM_SRGB, PM_CHRM, PM_ICCP, PM_GAMA | PM_ICCP };
    static const char *const chunk_names[] = { "gAMA", "sRGB", "cHRM", "iCCP" };
    int files = 0;
    uint64_t seed = 0x5eed;
    for (int k = 0; k < PM_KINDS; k++)
        for (int il = 0; il < 2; il++)
            for (int t = 0; t < 2; t++)
                for (size_t v = 0; v < sizeof variants / sizeof *variants; v++)
                    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
                        int ct = pm_kinds[k][0], depth = pm_kinds[k][1];
                        if (t && (ct == 4 || ct == 6)) continue;
                        pm_enc e = { ct, depth, il, t, variants[v] };
                        pm_picture m;
                        pm_fill(&m, sizes[s][0], sizes[s][1], e, &seed);
                        uint8_t *f;
                        size_t n = pm_write(&m, &f);
                        char what[200];
                        snprintf(what, sizeof what, "%s %d-bit%s%s chunks %d %ux%u", ct_name(ct), depth,
                                 il ? " interlaced" : "", t ? " tRNS" : "", variants[v], m.w, m.h);
                        CHECK(n > 0, "%s: libpng could not write it", what);
                        for (int c = 0; c < 4; c++)
                            if (variants[v] & (1 << c))
                                CHECK(has_chunk(f, n, chunk_names[c]), "%s: no %s chunk written", what, chunk_names[c]);
                        CHECK(has_chunk(f, n, "tRNS") == t, "%s: tRNS chunk %s", what, t ? "missing" : "present");
                        int fast = depth == 8 && !il && !(t && ct != 3);
                        if (n) decode_everywhere(f, n, m.expect, m.w, m.h, fast, 0, what);
                        files++;
                        if (variants[v] == 0 && s == 2 && !il) other_encodings(m.expect, m.w, m.h, what);
                        free(f);
                        pm_free(&m);
                    }
    printf("formats: %d files of every colour type, depth, interlacing, tRNS and colour-space chunk, "
           "plus each picture in other encodings\n", files);
}

/* ---------- corrupt and truncated input, on every entry point ---------- */

static void put_chunk(uint8_t **p, const char *type, const uint8_t *data, uint32_t len) {
    uint8_t *q = *p;
    q[0] = len >> 24; q[1] = len >> 16; q[2] = len >> 8; q[3] = len;
    memcpy(q + 4, type, 4);
    if (len) memcpy(q + 8, data, len);
    uint32_t c = (uint32_t)crc32(0, q + 4, 4 + len);
    q[8 + len] = c >> 24; q[9 + len] = c >> 16; q[10 + len] = c >> 8; q[11 + len] = c;
    *p = q + 12 + len;
}

/* cpng_decode's result, warnings and message (NULL pixels freed). */
typedef struct { int r; uint32_t warn; char err[256]; cpng_image im; } decoded;
static decoded decode(const uint8_t *d, size_t n, uint32_t maxpx) {
    decoded x;
    x.err[0] = 0;
    x.r = cpng_decode(d, n, maxpx, &x.im, &x.warn, x.err, sizeof x.err);
    return x;
}
static int same_image(const decoded *a, const decoded *b) {
    return a->r == 0 && b->r == 0 && a->im.width == b->im.width && a->im.height == b->im.height &&
           !memcmp(a->im.pixels, b->im.pixels, (size_t)a->im.width * a->im.height * 4);
}

/* The end of the last IDAT chunk. */
static size_t idat_end(const uint8_t *d, size_t n) {
    size_t end = 0;
    for (size_t off = 8; off + 12 <= n; off += 12 + (size_t)be32(d + off))
        if (!memcmp(d + off + 4, "IDAT", 4)) end = off + 12 + be32(d + off);
    return end;
}

/* Every truncation: rejected if cut before the end of the image data, else
   accepted with CPNG_W_NO_IEND and the same pixels; every single-bit flip (a
   sample of them if quick), and `multi` random multi-byte damages: every
   entry point agrees (png_oracle), a flip in the signature or IHDR or any
   critical chunk's data or CRC is rejected, one in an ancillary chunk's data
   or CRC is skipped with CPNG_W_BAD_ANCILLARY_CRC. */
static void abuse(const uint8_t *d, size_t len, const char *what, int quick, int multi) {
    char why[512];
    decoded whole = decode(d, len, MAXPX);
    CHECK(whole.r == 0 && whole.warn == 0, "%s: %s", what, whole.err);
    size_t end = idat_end(d, len);
    for (size_t n = 0; n < len; n++) {
        CHECK(!png_oracle(d, n, MAXPX, 0, why, sizeof why), "%s truncated to %zu: %s", what, n, why);
        decoded x = decode(d, n, MAXPX);
        if (n < end)
            CHECK(x.r == CPNG_E_FORMAT && (n < 33 || strstr(x.err, "truncated")) && !x.im.pixels,
                  "%s truncated to %zu of %zu bytes (image data ends at %zu): got %d '%s'", what, n, len, end, x.r, x.err);
        else
            CHECK(x.warn == CPNG_W_NO_IEND && same_image(&x, &whole), "%s truncated to %zu of %zu bytes after the image data: %d '%s' warnings %u",
                  what, n, len, x.r, x.err, x.warn);
        cpng_free(x.im.pixels);
    }
    uint8_t *c = malloc(len);
    for (size_t i = 0; i < len; i += quick ? 7 : 1)
        for (int bit = 0; bit < 8; bit += quick ? 3 : 1) {
            memcpy(c, d, len);
            c[i] ^= (uint8_t)(1 << bit);
            CHECK(!png_oracle(c, len, MAXPX, quick ? 0 : 4096, why, sizeof why), "%s flip at %zu bit %d: %s", what, i, bit, why);
            decoded x = decode(c, len, MAXPX);
            if (i < 33) CHECK(x.r < 0, "%s: flip in signature/IHDR at %zu accepted", what, i);
            size_t off = 8;   /* the chunk the flip is in: a flip in its data or CRC */
            while (off + 12 <= len && off + 12 + be32(d + off) <= i) off += 12 + be32(d + off);
            if (i >= 33 && off + 8 <= i && off + 12 + be32(d + off) <= len) {
                if (d[off + 4] & 0x20)   /* (a skipped tRNS changes the pixels) */
                    CHECK(x.r == 0 && x.warn == CPNG_W_BAD_ANCILLARY_CRC &&
                              (same_image(&x, &whole) || !memcmp(d + off + 4, "tRNS", 4)),
                          "%s: flip at %zu in ancillary %.4s: %d '%s' warnings %u", what, i, (const char *)d + off + 4,
                          x.r, x.err, x.warn);
                else
                    CHECK(x.r == CPNG_E_FORMAT && strstr(x.err, "CRC mismatch"), "%s: flip at %zu in critical %.4s: %d '%s'",
                          what, i, (const char *)d + off + 4, x.r, x.err);
            }
            cpng_free(x.im.pixels);
        }
    for (int t = 0; t < multi; t++) {   /* several random bytes, CRCs left as they are or fixed */
        memcpy(c, d, len);
        int k = 1 + (int)(rnd() % 8);
        for (int j = 0; j < k; j++) c[rnd() % len] = (uint8_t)rnd();
        if (t & 1)
            for (size_t off = 8; off + 12 <= len && off + 12 + be32(c + off) <= len; off += 12 + (size_t)be32(c + off)) {
                uint32_t n = be32(c + off), crc = (uint32_t)crc32(0, c + off + 4, 4 + n);
                for (int b = 0; b < 4; b++) c[off + 8 + n + b] = (uint8_t)(crc >> (24 - 8 * b));
            }
        CHECK(!png_oracle(c, len, MAXPX, 4096, why, sizeof why), "%s damage seed %d: %s", what, t, why);
    }
    free(c);
    cpng_free(whole.im.pixels);
}

/* A small file of `e` (libpng), optionally with a tEXt chunk after the image data. */
static size_t sample(uint8_t **out, pm_enc e, uint32_t w, uint32_t h, int text_after) {
    uint64_t seed = 77;
    pm_picture m;
    pm_fill(&m, w, h, e, &seed);
    uint8_t *f;
    size_t n = pm_write(&m, &f);
    pm_free(&m);
    if (!text_after) {
        *out = f;
        return n;
    }
    uint8_t *g = malloc(n + 64), *p = g + (n - 12);
    memcpy(g, f, n - 12);
    put_chunk(&p, "tEXt", (const uint8_t *)"Comment\0after the data", 23);
    put_chunk(&p, "IEND", NULL, 0);
    free(f);
    *out = g;
    return (size_t)(p - g);
}

static void check_corrupt(int quick) {
    char why[512];
    img m = make(61, 47, K_GRADIENT, 1, 0);
    cpng_buffer b;
    char err[256];
    CHECK(cpng_encode(m.px, m.w, m.h, m.stride, 2, &b, err, sizeof err) == 0, "encode: %s", err);
    abuse(b.data, b.len, "cpng RGBA file", quick, quick ? 200 : 2000);
    struct { pm_enc e; uint32_t w, h; int text; const char *what; } files[] = {
        { { 4, 16, 1, 0, 0 }, 13, 9, 0, "16-bit interlaced grey+alpha" },
        { { 3, 4, 0, 1, PM_GAMA }, 9, 7, 1, "4-bit palette with tRNS, gAMA and tEXt" },
        { { 0, 8, 0, 1, PM_ICCP }, 11, 5, 1, "8-bit grey with a colour key, iCCP and tEXt" },
        { { 2, 8, 0, 0, PM_SRGB }, 10, 6, 1, "8-bit RGB with sRGB and tEXt" },
    };
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        uint8_t *f;
        size_t n = sample(&f, files[k].e, files[k].w, files[k].h, files[k].text);
        abuse(f, n, files[k].what, quick, quick ? 100 : 1000);
        free(f);
    }
    /* random garbage: bare, behind a valid signature + IHDR, and also ending in an IEND */
    uint8_t *c = malloc(4096 + 12);
    for (int t = 0; t < (quick ? 400 : 4000); t++) {
        size_t n = rnd() % 4096;
        for (size_t i = 0; i < n; i++) c[i] = (uint8_t)rnd();
        if (t & 1) memcpy(c, b.data, n < 33 ? n : 33);
        if (t & 2) {
            memcpy(c + n, b.data + b.len - 12, 12);
            n += 12;
        }
        CHECK(!png_oracle(c, n, MAXPX, 0, why, sizeof why), "garbage %d: %s", t, why);
    }
    /* IDAT data garbled, with the CRCs fixed so that the decoders inflate and unfilter it */
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
        CHECK(!png_oracle(c, b.len, MAXPX, 0, why, sizeof why), "garbled IDAT %d: %s", t, why);
    }
    free(c);
    decoded x = decode(NULL, 0, 100);
    CHECK(x.r == CPNG_E_FORMAT && strstr(x.err, "empty"), "NULL input: %d %s", x.r, x.err);
    x = decode(b.data, 0, 100);
    CHECK(x.r == CPNG_E_FORMAT, "zero length");
    x = decode(b.data, b.len, 61 * 47 - 1);
    CHECK(x.r == CPNG_E_TOO_BIG && !strcmp(x.err, "the image is 61x47 pixels, more than the limit of 2866 pixels"),
          "max_pixels not enforced: %d %s", x.r, x.err);
    CHECK(!png_oracle(b.data, b.len, 61 * 47 - 1, 0, why, sizeof why), "max_pixels - 1: %s", why);
    x = decode(b.data, b.len, 61 * 47);
    CHECK(x.r == 0, "max_pixels off by one");
    cpng_free(x.im.pixels);

    /* huge and empty IHDRs, with a tiny IDAT behind them, on every entry point */
    static const uint32_t huge[][2] = { { 100000, 100000 }, { 1000000, 1000000 }, { 0x7fffffff, 1 },
                                        { 1, 0x7fffffff }, { 0, 10 }, { 10, 0 }, { 0x80000000u, 1 },
                                        { 0xffffffffu, 0xffffffffu }, { 70000, 1 } };
    for (size_t k = 0; k < sizeof huge / sizeof *huge; k++) {
        uint8_t f[256], *p = f + 8, ihdr[13] = { 0 }, idat[64];
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
        size_t n = (size_t)(p - f);
        for (uint32_t limit = 50000000; limit; limit = limit == 50000000 ? 1u << 28 : 0) {
            CHECK(!png_oracle(f, n, limit, 0, why, sizeof why), "IHDR %ux%u: %s", huge[k][0], huge[k][1], why);
            x = decode(f, n, limit);
            char want[200];
            if (!huge[k][0] || !huge[k][1])
                snprintf(want, sizeof want, "the image is %ux%u pixels: a PNG needs a width and height of at least 1",
                         huge[k][0], huge[k][1]);
            else if (huge[k][0] > 0x7fffffffu || huge[k][1] > 0x7fffffffu)
                snprintf(want, sizeof want, "the image is %ux%u pixels: a PNG's width and height are at most 2147483647",
                         huge[k][0], huge[k][1]);
            else if ((uint64_t)huge[k][0] * huge[k][1] > limit)
                snprintf(want, sizeof want, "the image is %ux%u pixels, more than the limit of %u pixels",
                         huge[k][0], huge[k][1], limit);
            else
                snprintf(want, sizeof want, "corrupt PNG (the image data does not inflate to %ux%u pixels)",
                         huge[k][0], huge[k][1]);
            int want_r = strstr(want, "limit") ? CPNG_E_TOO_BIG : CPNG_E_FORMAT;
            /* cpng_decode's libpng reports short data itself; the walk's messages are exact */
            CHECK(x.r == want_r && (strstr(want, "inflate") ? strstr(x.err, "corrupt PNG") != NULL : !strcmp(x.err, want)),
                  "IHDR %ux%u limit %u: got %d '%s', want %d '%s'", huge[k][0], huge[k][1], limit, x.r, x.err, want_r, want);
            cpng_free(x.im.pixels);
        }
    }
    cpng_free(b.data);
    free(m.px);
    printf("corrupt: done\n");
}

/* ---------- tolerance (issue #9): regression tests ---------- */

/* d with the chunk at `off` given a bad CRC. */
static uint8_t *bad_crc(const uint8_t *d, size_t n, size_t off) {
    uint8_t *c = malloc(n);
    memcpy(c, d, n);
    c[off + 8 + be32(d + off) + 3] ^= 0x40;
    return c;
}

static size_t chunk_at(const uint8_t *d, size_t n, const char *type) {
    for (size_t off = 8; off + 12 <= n; off += 12 + (size_t)be32(d + off))
        if (!memcmp(d + off + 4, type, 4)) return off;
    return 0;
}

/* Every entry point gives result `r` with warnings `warn` (and, when r is 0,
   `ref`'s pixels; when `msg`, that message from cpng_decode). */
static void expect_all(const uint8_t *d, size_t n, int r, uint32_t warn, const decoded *ref, const char *msg,
                       const char *what) {
    char why[512];
    CHECK(!png_oracle(d, n, MAXPX, 1u << 16, why, sizeof why), "%s: %s", what, why);
    decoded x = decode(d, n, MAXPX);
    CHECK(x.r == r && x.warn == warn, "%s: cpng_decode %d warnings %u '%s' (want %d, %u)", what, x.r, x.warn, x.err, r, warn);
    if (r == 0 && ref) CHECK(same_image(&x, ref), "%s: other pixels", what);
    if (msg) CHECK(!strcmp(x.err, msg), "%s: message '%s', want '%s'", what, x.err, msg);
    uint32_t w = 0, h = 0;
    cpng_peek(d, n, &w, &h);
    if (w && h && (uint64_t)w * h < MAXPX) {
        uint8_t *dst = malloc((size_t)w * h * 4);
        uint32_t fw = 99;
        char err[256] = "";
        int rf = cpng_decode_fast(d, n, MAXPX, 0, dst, (size_t)w * h * 4, &fw, err, sizeof err);
        CHECK(rf == CPNG_E_UNSUPPORTED || (rf == r && fw == warn), "%s: cpng_decode_fast %d warnings %u '%s'", what, rf, fw, err);
        if (msg && rf != CPNG_E_UNSUPPORTED) CHECK(!strcmp(err, msg), "%s: fast message '%s'", what, err);
        free(dst);
    }
    cpng_free(x.im.pixels);
}

static void check_tolerance(void) {
    struct { pm_enc e; const char *what; } kinds[] = {
        { { 3, 8, 0, 1, PM_GAMA }, "8-bit palette (fast path)" },
        { { 2, 16, 1, 1, PM_GAMA }, "16-bit interlaced RGB with a colour key (libpng path)" },
    };
    for (size_t k = 0; k < 2; k++) {
        char what[300];
        uint8_t *f;
        size_t n = sample(&f, kinds[k].e, 19, 13, 1);
        decoded ref = decode(f, n, MAXPX);
        CHECK(ref.r == 0 && ref.warn == 0, "%s: %s", kinds[k].what, ref.err);
        size_t end = idat_end(f, n), iend = chunk_at(f, n, "IEND");
        snprintf(what, sizeof what, "%s without IEND", kinds[k].what);
        expect_all(f, iend, 0, CPNG_W_NO_IEND, &ref, NULL, what);
        snprintf(what, sizeof what, "%s cut inside the tEXt after the image data", kinds[k].what);
        expect_all(f, end + 9, 0, CPNG_W_NO_IEND, &ref, NULL, what);
        snprintf(what, sizeof what, "%s cut inside the IEND", kinds[k].what);
        expect_all(f, n - 3, 0, CPNG_W_NO_IEND, &ref, NULL, what);
        snprintf(what, sizeof what, "%s cut right after the image data", kinds[k].what);
        expect_all(f, end, 0, CPNG_W_NO_IEND, &ref, NULL, what);
        snprintf(what, sizeof what, "%s cut inside the IDAT", kinds[k].what);
        expect_all(f, end - 5, CPNG_E_FORMAT, 0, NULL, "truncated PNG (it ends inside an IDAT chunk)", what);
        snprintf(what, sizeof what, "%s with bytes after IEND", kinds[k].what);
        uint8_t *g = malloc(n + 7);
        memcpy(g, f, n);
        memcpy(g + n, "garbage", 7);
        expect_all(g, n + 7, 0, 0, &ref, NULL, what);
        free(g);
        static const char *const anc[] = { "gAMA", "tEXt" }, *const crit[] = { "IHDR", "PLTE", "IDAT", "IEND" };
        for (int a = 0; a < 2; a++) {
            g = bad_crc(f, n, chunk_at(f, n, anc[a]));
            snprintf(what, sizeof what, "%s with a bad %s CRC", kinds[k].what, anc[a]);
            expect_all(g, n, 0, CPNG_W_BAD_ANCILLARY_CRC, &ref, NULL, what);
            free(g);
        }
        g = bad_crc(f, n, chunk_at(f, n, "tEXt"));   /* both warnings at once */
        snprintf(what, sizeof what, "%s with a bad tEXt CRC and no IEND", kinds[k].what);
        expect_all(g, n - 12, 0, CPNG_W_NO_IEND | CPNG_W_BAD_ANCILLARY_CRC, &ref, NULL, what);
        free(g);
        for (int c = 0; c < 4; c++) {
            size_t off = chunk_at(f, n, crit[c]);
            if (!off && c) continue;   /* no PLTE */
            g = bad_crc(f, n, off);
            char msg[100];
            snprintf(msg, sizeof msg, "corrupt PNG (CRC mismatch in %s %s chunk)", c == 1 ? "a" : "an", crit[c]);
            snprintf(what, sizeof what, "%s with a bad %s CRC", kinds[k].what, crit[c]);
            expect_all(g, n, CPNG_E_FORMAT, 0, NULL, msg, what);
            free(g);
        }
        cpng_free(ref.im.pixels);
        free(f);
    }

    /* a tRNS longer than the palette: ignored (CPNG_W_BAD_ANCILLARY), alpha 255 */
    uint8_t file[512], *p = file + 8, ihdr[13] = { 0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0 };
    uint8_t plte[6] = { 10, 20, 30, 40, 50, 60 }, trns[3] = { 0, 0, 0 }, raw[3] = { 0, 0, 1 }, z[64];
    uLongf zl = sizeof z;
    compress(z, &zl, raw, 3);
    memcpy(file, "\x89PNG\r\n\x1a\n", 8);
    put_chunk(&p, "IHDR", ihdr, 13);
    put_chunk(&p, "PLTE", plte, 6);
    put_chunk(&p, "tRNS", trns, 3);
    put_chunk(&p, "IDAT", z, (uint32_t)zl);
    put_chunk(&p, "IEND", NULL, 0);
    decoded x = decode(file, (size_t)(p - file), MAXPX);
    static const uint8_t opaque2[8] = { 10, 20, 30, 255, 40, 50, 60, 255 };
    CHECK(x.r == 0 && x.warn == CPNG_W_BAD_ANCILLARY && !memcmp(x.im.pixels, opaque2, 8), "long tRNS: %d %u %s", x.r, x.warn, x.err);
    expect_all(file, (size_t)(p - file), 0, CPNG_W_BAD_ANCILLARY, &x, NULL, "a tRNS longer than the palette");
    cpng_free(x.im.pixels);

    /* a colour key out of range for 2-bit grey: ignored */
    p = file + 8;
    uint8_t ihdr2[13] = { 0, 0, 0, 2, 0, 0, 0, 1, 2, 0, 0, 0, 0 }, key[2] = { 0, 7 }, raw2[2] = { 0, 0x30 };
    zl = sizeof z;
    compress(z, &zl, raw2, 2);
    put_chunk(&p, "IHDR", ihdr2, 13);
    put_chunk(&p, "tRNS", key, 2);
    put_chunk(&p, "IDAT", z, (uint32_t)zl);
    put_chunk(&p, "IEND", NULL, 0);
    x = decode(file, (size_t)(p - file), MAXPX);
    static const uint8_t grey2[8] = { 0, 0, 0, 255, 255, 255, 255, 255 };
    CHECK(x.r == 0 && x.warn == CPNG_W_BAD_ANCILLARY && !memcmp(x.im.pixels, grey2, 8), "key 7 for 2-bit grey: %d %u %s",
          x.r, x.warn, x.err);
    cpng_free(x.im.pixels);
    expect_all(file, (size_t)(p - file), 0, CPNG_W_BAD_ANCILLARY, NULL, NULL, "a colour key out of range");

    /* IDAT chunks split by another chunk: rejected; split into many IDATs: the same pixels */
    uint8_t *f;
    size_t n = sample(&f, (pm_enc){ 6, 8, 0, 0, 0 }, 23, 17, 0);
    decoded ref = decode(f, n, MAXPX);
    size_t off = chunk_at(f, n, "IDAT");
    uint32_t len = be32(f + off);
    uint8_t *g = malloc(n + 12 * 64 + 64);
    for (int split = 0; split < 2; split++) {
        p = g;
        memcpy(p, f, off);
        p += off;
        uint32_t step = len / 5 + 1;
        for (uint32_t at = 0; at < len; at += step) {
            put_chunk(&p, "IDAT", f + off + 8 + at, at + step <= len ? step : len - at);
            if (split && at == 0) put_chunk(&p, "tEXt", (const uint8_t *)"a\0b", 3);
        }
        put_chunk(&p, "IEND", NULL, 0);
        if (split)
            expect_all(g, (size_t)(p - g), CPNG_E_FORMAT, 0, NULL, "corrupt PNG (IDAT chunks are not consecutive)",
                       "IDATs split by a tEXt");
        else
            expect_all(g, (size_t)(p - g), 0, 0, &ref, NULL, "image data in five IDAT chunks");
    }
    /* an unknown critical chunk; a PLTE after the image data; no PLTE */
    p = g;
    memcpy(p, f, 33);
    p += 33;
    put_chunk(&p, "QUUX", (const uint8_t *)"x", 1);
    memcpy(p, f + 33, n - 33);
    expect_all(g, (size_t)(p - g) + n - 33, CPNG_E_FORMAT, 0, NULL, "corrupt PNG (unknown critical chunk QUUX)", "QUUX");
    free(g);
    cpng_free(ref.im.pixels);
    free(f);

    /* NULL pointers and bad arguments on every entry point */
    char err[256];
    uint32_t w, h, warn = 7;
    uint8_t px[16];
    cpng_rows rows;
    int64_t first, last;
    n = sample(&f, (pm_enc){ 2, 8, 0, 0, 0 }, 2, 2, 0);
    err[0] = 0;
    CHECK(cpng_decode_fast(f, n, MAXPX, 0, NULL, 16, &warn, err, sizeof err) == CPNG_E_ARG && err[0] && warn == 0,
          "fast: NULL dst: %s", err);
    err[0] = 0;
    CHECK(cpng_decode_fast(NULL, 5, MAXPX, 0, px, 16, NULL, err, sizeof err) == CPNG_E_ARG && err[0], "fast: NULL data");
    CHECK(cpng_decode_fast(f, n, MAXPX, 0, px, 15, NULL, err, sizeof err) == CPNG_E_ARG && strstr(err, "buffer"),
          "fast: short dst: %s", err);
    CHECK(cpng_decode_fast(f, n, MAXPX, 0, px, 16, NULL, NULL, 0) == 0, "fast: NULL err");
    CHECK(cpng_decode_rows(f, n, MAXPX, NULL, &warn, err, sizeof err) == CPNG_E_ARG && err[0], "rows: NULL out");
    CHECK(cpng_decode_rows(NULL, 3, MAXPX, &rows, &warn, err, sizeof err) == CPNG_E_ARG && !rows.rows, "rows: NULL data");
    CHECK(cpng_decode(NULL, 3, MAXPX, NULL, &warn, err, sizeof err) == CPNG_E_ARG, "decode: NULL out");
    CHECK(cpng_peek(f, n, NULL, &h) == CPNG_E_ARG && cpng_peek(f, n, &w, NULL) == CPNG_E_ARG, "peek: NULL");
    CHECK(cpng_peek(NULL, 0, &w, &h) == CPNG_E_FORMAT, "peek: no data");
    CHECK(cpng_decode_rows(f, n, MAXPX, &rows, NULL, err, sizeof err) == 0, "rows: %s", err);
    CHECK(cpng_rows_expand(NULL, 0, 1, 0, px) == CPNG_E_ARG && cpng_rows_expand(&rows, 0, 1, 0, NULL) == CPNG_E_ARG &&
              cpng_rows_expand(&rows, 0, 3, 0, px) == CPNG_E_ARG && cpng_rows_expand(&rows, 2, 1, 0, px) == CPNG_E_ARG,
          "rows_expand: bad arguments accepted");
    CHECK(cpng_rows_expand(&rows, 1, 1, 0, NULL) == CPNG_E_ARG && cpng_rows_expand(&rows, 1, 1, 0, px) == 0, "empty range");
    CHECK(cpng_rows_first_difference(NULL, &rows, &first, &last) == CPNG_E_ARG &&
              cpng_rows_first_difference(&rows, &rows, NULL, &last) == CPNG_E_ARG, "first_difference: NULL");
    cpng_rows_free(&rows);
    cpng_rows_free(&rows);
    cpng_rows_free(NULL);
    CHECK(cpng_rows_expand(&rows, 0, 1, 0, px) == CPNG_E_ARG, "rows_expand after free");
    free(f);
    n = sample(&f, (pm_enc){ 0, 16, 0, 0, 0 }, 2, 2, 0);
    CHECK(CPNG_E_UNSUPPORTED < 0 && cpng_decode_fast(f, n, MAXPX, 0, px, 16, NULL, err, sizeof err) == CPNG_E_UNSUPPORTED &&
              strstr(err, "cpng_decode"), "16-bit: fast gives %s", err);
    free(f);
    printf("tolerance: done\n");
}

/* Replays files (Tools/fuzz/regressions/png) through every entry point. */
static void check_files(int argc, char **argv) {
    char why[512];
    for (int i = 0; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f) continue;
        uint8_t *d = malloc(1 << 20);
        size_t n = fread(d, 1, 1 << 20, f);
        fclose(f);
        CHECK(!png_oracle(d, n, 1u << 20, 1u << 16, why, sizeof why), "%s: %s", argv[i], why);
        decoded x = decode(d, n, 1u << 20);
        printf("  %s: %d, warnings %u%s%s\n", argv[i], x.r, x.warn, x.err[0] ? ", " : "", x.err);
        cpng_free(x.im.pixels);
        free(d);
    }
    printf("files: %d replayed\n", argc);
}

/* ---------- APNG ---------- */

static int run(const char *cmd) {
    fflush(stdout);
    int r = system(cmd);
    return r == 0;
}

/* Writes the n frames (delays (i + 1) / 10 s) with threads 1 and 3, checks
   the bytes are the same and the chunks well formed, and has Pillow decode
   every frame: frames equal to the one before must be merged (their delays
   summed) and every other frame must come out exactly. Returns the ops used. */
static unsigned apng_effort_case(const char *name, img *f, int n, int colour, cpng_apng_effort effort) {
    char err[256], path[512], cmd[2048];
    const char *py = getenv("PYTHON") ? getenv("PYTHON") : "python3";
    uint32_t w = f[0].w, h = f[0].h;
    cpng_buffer out[2];
    for (int t = 0; t < 2; t++) {
        cpng_apng *a = cpng_apng_begin(w, h, 0, t ? 3 : 1, effort, err, sizeof err);
        CHECK(a != NULL, "%s: begin: %s", name, err);
        for (int i = 0; i < n; i++)
            CHECK(cpng_apng_add_frame(a, f[i].px, f[i].stride, (uint16_t)(i + 1), 10, err, sizeof err) == 0,
                  "%s: add frame %d: %s", name, i, err);
        CHECK(cpng_apng_finish(a, &out[t], err, sizeof err) == 0, "%s: finish: %s", name, err);
    }
    CHECK(out[0].len == out[1].len && !memcmp(out[0].data, out[1].data, out[0].len), "%s: threads 1/3 differ", name);
    walk_info wi;
    CHECK(walk_png(out[0].data, out[0].len, &wi), "%s: bad structure", name);
    CHECK(wi.actl_frames == wi.fctl && wi.fdat >= wi.fctl - 1 && wi.idat >= 1, "%s: acTL %d fcTL %d fdAT %d IDAT %d",
          name, wi.actl_frames, wi.fctl, wi.fdat, wi.idat);
    CHECK(wi.colour == colour, "%s: colour type %d, not %d", name, wi.colour, colour);
    printf("apng %s (%s): %zu bytes, %d of %d frames, colour type %d, ops %#x\n", name,
           effort == CPNG_APNG_MAX ? "max" : "fast", out[0].len, wi.fctl, n, wi.colour, wi.ops);
    snprintf(path, sizeof path, "%s/cpng-check-%s.png", tmpdir, name);
    CHECK(write_file(path, out[0].data, out[0].len), "write %s", path);
    for (int i = 0; i < n; i++) {
        char raw[600];
        snprintf(raw, sizeof raw, "%s/cpng-check-%s-%d.rgba", tmpdir, name, i);
        CHECK(write_file(raw, f[i].px, f[i].stride * h), "write %s", raw);
    }
    snprintf(cmd, sizeof cmd,
             "%s -c \"from PIL import Image\n"
             "want = []\n"
             "for i in range(%d):\n"
             "    px = open('%s/cpng-check-%s-%%d.rgba' %% i, 'rb').read()\n"
             "    if want and want[-1][0] == px: want[-1][1] += (i + 1) * 100\n"
             "    else: want.append([px, (i + 1) * 100])\n"
             "im = Image.open('%s'); assert im.n_frames == len(want), (im.n_frames, len(want))\n"
             "for i, (px, ms) in enumerate(want):\n"
             "    im.seek(i); assert im.convert('RGBA').tobytes() == px, 'frame %%d differs' %% i\n"
             "    assert im.info.get('duration') == ms, (i, im.info.get('duration'), ms)\n"
             "print('  Pillow: every frame and delay match')\"",
             py, n, tmpdir, name, path);
    CHECK(run(cmd), "%s: Pillow check of %s failed", name, path);
    if (run("command -v pngcheck >/dev/null")) {
        snprintf(cmd, sizeof cmd, "pngcheck -q %s", path);
        CHECK(run(cmd), "pngcheck %s", path);
    }
    cpng_image im; /* libpng reads the default image: frame 0 */
    CHECK(cpng_decode(out[0].data, out[0].len, 1 << 20, &im, NULL, err, sizeof err) == 0 && same_pixels(&f[0], &im),
          "%s: APNG default image: %s", name, err);
    cpng_free(im.pixels);
    for (int t = 0; t < 2; t++) cpng_free(out[t].data);
    return wi.ops;
}

/* apng_effort_case with each effort (both must give every frame), adding
   the ops each used to ops[effort]. */
static void apng_case(const char *name, img *f, int n, int colour, unsigned ops[2]) {
    ops[CPNG_APNG_FAST] |= apng_effort_case(name, f, n, colour, CPNG_APNG_FAST);
    ops[CPNG_APNG_MAX] |= apng_effort_case(name, f, n, colour, CPNG_APNG_MAX);
}

static void fill(img *m, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1, const uint8_t rgba[4]) {
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++) memcpy(m->px + y * m->stride + 4 * x, rgba, 4);
}

/* The first colour (0xRRGGBB) from the writer's starting point (the
   64-colour block of 0x9D0BA7, wrapping round) that none of the n frames
   uses: the key the writer picks for RGB frames blended OVER. */
static uint32_t first_unused_colour(const img *f, int n) {
    uint8_t *used = calloc(1u << 21, 1);
    for (int i = 0; i < n; i++)
        for (uint32_t y = 0; y < f[i].h; y++)
            for (uint32_t x = 0; x < f[i].w; x++) {
                const uint8_t *p = f[i].px + y * f[i].stride + 4 * x;
                uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
                used[v >> 3] |= (uint8_t)(1u << (v & 7));
            }
    uint32_t v = 0x9D0BA7u & ~63u;
    while (used[v >> 3] >> (v & 7) & 1) v = (v + 1) & 0xFFFFFFu;
    free(used);
    return v;
}

static void check_apng(void) {
    const uint32_t w = 83, h = 61;
    enum { N = 7 };
    unsigned ops[2] = { 0, 0 };
    for (int alpha = 0; alpha < 2; alpha++) {
        img f[N];
        for (int i = 0; i < N; i++) {        /* each frame starts as a copy of the one before */
            f[i] = make(w, h, i ? K_FLAT : K_UI, alpha, 0); /* greys; over 256 colours with alpha */
            if (i) memcpy(f[i].px, f[i - 1].px, f[i].stride * h);
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint8_t *p = f[i].px + y * f[i].stride + 4 * x;
                    if (i == 1 && y >= 10 && y < 20 && x >= 30 && x < 45) p[0] ^= 0x55; /* a box changes colour */
                    if (i == 4) p[2] += 3;   /* everything changes (a 257th colour: RGB) ... */
                    if (i == 6) p[1] += 5;
                }
            if (i == 3) {                    /* two far-apart pixels: OVER leaves the rest */
                f[3].px[0] = 1;
                f[3].px[(h - 1) * f[3].stride + 4 * (w - 1) + 1] = 7;
            }
            if (i == 5) memcpy(f[5].px, f[3].px, f[3].stride * h); /* ... and is back: PREVIOUS */
        }
        /* frame 2 is frame 1 again: merged */
        /* frame 5 is frame 3 again after frame 4 changed every pixel: both efforts draw it on
           PREVIOUS (frame 4, blended OVER on the opaque frames, is then stored SOURCE) */
        unsigned got[2] = { 0, 0 };
        apng_case(alpha ? "ui-alpha" : "ui", f, N, alpha ? 6 : 2, got);
        for (int e = 0; e < 2; e++) {
            CHECK(got[e] & 1u << 2, "%s (%s): no frame is drawn on PREVIOUS: ops %#x", alpha ? "ui-alpha" : "ui",
                  e == CPNG_APNG_MAX ? "max" : "fast", got[e]);
            ops[e] |= got[e];
        }
        for (int i = 0; i < N; i++) free(f[i].px);
    }
    {   /* greys only: the grey colour type */
        img f[3];
        for (int i = 0; i < 3; i++) {
            f[i] = make(w, h, K_UI, 0, 0);
            if (i) memcpy(f[i].px, f[i - 1].px, f[i].stride * h);
        }
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = f[1].px + 30 * f[1].stride + 4 * x, *q = f[2].px + 3 * f[2].stride + 4 * x;
            p[0] = p[1] = p[2] = (uint8_t)(x * 3);
            q[0] = q[1] = q[2] = (uint8_t)(x * 3 + 1);
        }
        apng_case("grey", f, 3, 0, ops);
        for (int i = 0; i < 3; i++) free(f[i].px);
    }
    {   /* many colours; OVER frames, then a frame that uses their key: the frames are stored anew */
        img f[4];
        for (int i = 0; i < 4; i++) {
            f[i] = make(w, h, K_RANDOM, 0, 0);
            if (i) memcpy(f[i].px, f[i - 1].px, f[i].stride * h);
            f[i].px[4 * i] ^= 0x80;                        /* a pixel at the top */
            f[i].px[(h - 1) * f[i].stride + 4 * (w - 1 - i)] ^= 0x80; /* and one at the bottom */
            if (i == 2) {
                uint32_t key = first_unused_colour(f, 2);
                uint8_t *p = f[2].px + 30 * f[2].stride + 4 * 40;
                p[0] = (uint8_t)(key >> 16), p[1] = (uint8_t)(key >> 8), p[2] = (uint8_t)key;
            }
        }
        apng_case("rgb-key", f, 4, 2, ops);
        for (int i = 0; i < 4; i++) free(f[i].px);
    }
    {   /* a few colours, and a box that comes and goes on a transparent canvas (BACKGROUND) */
        static const uint8_t clear[4] = { 0, 0, 0, 0 }, red[4] = { 220, 30, 40, 255 }, blue[4] = { 20, 60, 200, 255 };
        img f[5];
        for (int i = 0; i < 5; i++) {
            f[i] = make(w, h, K_FLAT, 0, 0);
            fill(&f[i], 0, 0, w, h, clear);
            fill(&f[i], 2, 2, 12, 12, blue);
        }
        fill(&f[1], 20, 20, 60, 50, red);
        fill(&f[3], 5, 30, 25, 40, red);
        fill(&f[4], 5, 30, 25, 40, blue);
        apng_case("palette", f, 5, 3, ops);
        for (int i = 0; i < 5; i++) free(f[i].px);
    }
    for (int e = 0; e < 2; e++)
        CHECK((ops[e] & 0x37) == 0x37, "the cases use dispose NONE, BACKGROUND and PREVIOUS and both blends with %s: ops %#x",
              e == CPNG_APNG_MAX ? "max" : "fast", ops[e]);

/* misuse */
    char err[256];
    cpng_buffer b;
    cpng_apng *a = cpng_apng_begin(9, 9, 1, 1, CPNG_APNG_FAST, err, sizeof err);
    CHECK(cpng_apng_finish(a, &b, err, sizeof err) == CPNG_E_ARG, "0 frames accepted");
    CHECK(cpng_apng_begin(0, 9, 1, 1, CPNG_APNG_FAST, err, sizeof err) == NULL, "0 width accepted");
    CHECK(cpng_apng_begin(9, 9, 1, 1, (cpng_apng_effort)2, err, sizeof err) == NULL && strstr(err, "effort"),
          "an unknown effort accepted: %s", err);
    printf("apng: done\n");
}

int main(int argc, char **argv) {
    const char *what = argc > 1 ? argv[1] : "all";
    if (!strcmp(what, "files")) {
        check_files(argc - 2, argv + 2);
        printf("%d checks, %d failures\n", checks, failures);
        return failures ? 1 : 0;
    }
    if (argc > 2) tmpdir = argv[2];
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "roundtrip")) {
        check_roundtrip();
        check_reuse();
    }
    if (all || !strcmp(what, "stream")) check_stream();
    if (!strcmp(what, "threads")) check_threads();
    if (all || !strcmp(what, "formats")) check_formats();
    if (all || !strcmp(what, "corrupt")) check_corrupt(0);
    if (!strcmp(what, "corrupt-quick")) check_corrupt(1);
    if (all || !strcmp(what, "tolerance")) check_tolerance();
    if (all || !strcmp(what, "apng")) check_apng();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
