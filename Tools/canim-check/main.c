/*
 * canim-check: checks for Sources/CAnimation (built and run by build.sh).
 *
 *   canim-check [all|api|quant|matte|lzw|anim] [TMPDIR]
 *
 * api:  bad arguments and states give an error code and a message, never a
 *       crash; a writer refusing a bad frame goes on; limits.
 * lzw:  canim_lzw.c's data, with every way of clearing a full table, read
 *       back by giflib exactly, its count equal to what it writes, and its
 *       codes those of the plainest LZW (noise, repeating rows, runs, flat).
 * quant: canim_quant.c's palette (exact for few colours, the same for the
 *       same colours in any order or split into duplicates) and dithering
 *       (flat areas stay flat, transparent pixels stay transparent).
 * anim: animations (opaque; with transparency and disposal; more than 255
 *       colours; big frames whose LZW tables fill; 255 and 256 colours; one frame; unchanged frames; 1x1; a
 *       frame over 655.35 s; padded strides) are encoded as GIF and WebP,
 *       twice (same bytes), and
 *       written to TMPDIR with a manifest of what each file must hold, made
 *       here from the input frames by the rules of canimation.h: the frames
 *       after merging unchanged ones, each frame's duration (GIF: centisecond
 *       rounding, carry, 2 cs minimum, splitting over 65535 cs), the pixels,
 *       the loop count. check.py then opens every file with Pillow ($PYTHON,
 *       default python3) and compares.
 *
 * Exits non-zero if any check fails.
 */
#include "canimation.h"
#include "canim_internal.h"

#include <gif_lib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---------- frames ---------- */

typedef struct {
    uint8_t *px;
    uint32_t w, h;
    size_t stride;
    uint32_t ms;
} frame;

static uint8_t *at(const frame *f, uint32_t x, uint32_t y) { return f->px + (size_t)y * f->stride + 4 * (size_t)x; }

/* A blank frame; `pad` bytes of garbage after each row. */
static frame blank(uint32_t w, uint32_t h, size_t pad, uint32_t ms) {
    frame f = { NULL, w, h, (size_t)w * 4 + pad, ms };
    f.px = malloc(f.stride * h);
    for (size_t i = 0; i < f.stride * h; i++) f.px[i] = (uint8_t)rnd();
    for (uint32_t y = 0; y < h; y++) memset(at(&f, 0, y), 0, (size_t)w * 4);
    return f;
}

static frame copy(const frame *src, uint32_t ms) {
    frame f = *src;
    f.ms = ms;
    f.px = malloc(f.stride * f.h);
    memcpy(f.px, src->px, f.stride * f.h);
    return f;
}

static void set(frame *f, uint32_t x, uint32_t y, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    uint8_t *p = at(f, x, y);
    p[0] = r, p[1] = g, p[2] = b, p[3] = a;
}

/* UI-like: white, grey rules, a few dark greys and two accent colours (< 40 colours). */
static void paint_ui(frame *f, uint32_t seed) {
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++) {
            uint8_t v = 255;
            if (y % 12 == 11) v = 221;
            else if ((x / 3 + y / 4 + seed) % 7 == 0) v = (uint8_t)(40 + 20 * ((x + seed) % 6));
            set(f, x, y, v, v, v, 255);
            if ((x + y + seed) % 29 == 0) set(f, x, y, 0, 122, 255, 255);
            if ((x * y + seed) % 41 == 1) set(f, x, y, 255, 59, 48, 255);
        }
}

/* A gradient of far more than 255 colours. */
static void paint_gradient(frame *f, uint32_t seed) {
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++)
            set(f, x, y, (uint8_t)(x * 255 / f->w), (uint8_t)(y * 255 / f->h), (uint8_t)((x * 3 + y * 5 + seed) & 255), 255);
}

static void box(frame *f, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++) set(f, x, y, r, g, b, a);
}

/* ---------- what the files must hold (canimation.h) ---------- */

static int opaque(const uint8_t *p) { return p[3] >= 128; }

/* GIF: equal as GIF shows them (alpha < 128 transparent, else the RGB). */
static int gif_same(const frame *a, const frame *b) {
    for (uint32_t y = 0; y < a->h; y++)
        for (uint32_t x = 0; x < a->w; x++) {
            const uint8_t *p = at(a, x, y), *q = at(b, x, y);
            if (opaque(p) != opaque(q) || (opaque(p) && memcmp(p, q, 3))) return 0;
        }
    return 1;
}

/* WebP: equal, a pixel of alpha 0 being (0,0,0,0). */
static int webp_same(const frame *a, const frame *b) {
    for (uint32_t y = 0; y < a->h; y++)
        for (uint32_t x = 0; x < a->w; x++) {
            const uint8_t *p = at(a, x, y), *q = at(b, x, y);
            if ((p[3] || q[3]) && memcmp(p, q, 4)) return 0;
        }
    return 1;
}

/* 1 if the frame has more than 255 distinct opaque colours (GIF dithers it to a palette). */
static int gif_lossy(const frame *f) {
    uint32_t seen[256];
    int n = 0;
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++) {
            const uint8_t *p = at(f, x, y);
            if (!opaque(p)) continue;
            uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            int k = 0;
            while (k < n && seen[k] != v) k++;
            if (k < n) continue;
            if (n == 255) return 1;
            seen[n++] = v;
        }
    return 0;
}

static int write_file(const char *path, const void *d, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    int ok = fwrite(d, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* Writes frame f tightly packed to TMPDIR/NAME-K.rgba; returns the path. */
static const char *write_frame(const char *name, int k, const frame *f) {
    static char path[600];
    snprintf(path, sizeof path, "%s/canim-%s-%d.rgba", tmpdir, name, k);
    uint8_t *t = malloc((size_t)f->w * f->h * 4);
    for (uint32_t y = 0; y < f->h; y++) memcpy(t + (size_t)y * f->w * 4, at(f, 0, y), (size_t)f->w * 4);
    CHECK(write_file(path, t, (size_t)f->w * f->h * 4), "write %s", path);
    free(t);
    return path;
}

static FILE *manifest;

/* The manifest lines of one GIF:
     file PATH gif W H LOOP N        (LOOP: Pillow's info["loop"], or "none")
     frame MS exact|lossy RAW        (N of them) */
static void expect_gif(const char *name, const char *path, const frame *f, int n, uint32_t loops) {
    int k = 0, lines = 0;
    char buf[1 << 14];
    size_t len = 0;
    uint64_t end = 0, written = 0;
    for (int i = 0; i < n; i++) {
        end += f[i].ms;
        if (i + 1 < n && gif_same(&f[i], &f[i + 1])) continue; /* merged into the next */
        int64_t delay = (int64_t)((end + 5) / 10) - (int64_t)written;
        if (delay < 2) delay = 2;
        written += (uint64_t)delay;
        const char *raw = write_frame(name, k++, &f[i]);
        while (delay > 0) {
            int64_t d = delay <= 65535 ? delay : delay - 65535 >= 2 ? 65535 : 65533;
            delay -= d;
            len += (size_t)snprintf(buf + len, sizeof buf - len, "frame %lld %s %s\n", (long long)d * 10,
                                    gif_lossy(&f[i]) ? "lossy" : "exact", raw);
            lines++;
        }
    }
    char loop[16];
    if (loops == 1) snprintf(loop, sizeof loop, "none");
    else snprintf(loop, sizeof loop, "%u", loops ? loops - 1 : 0);
    fprintf(manifest, "file %s gif %u %u %s %d\n%s", path, f[0].w, f[0].h, loop, lines, buf);
}

static void expect_webp(const char *name, const char *path, const frame *f, int n, uint32_t loops) {
    int k = 0;
    char buf[1 << 14];
    size_t len = 0;
    uint64_t ms = 0;
    for (int i = 0; i < n; i++) {
        ms += f[i].ms;
        if (i + 1 < n && webp_same(&f[i], &f[i + 1])) continue;
        len += (size_t)snprintf(buf + len, sizeof buf - len, "frame %llu exact %s\n", (unsigned long long)ms,
                                write_frame(name, 100 + k, &f[i]));
        k++;
        ms = 0;
    }
    fprintf(manifest, "file %s webp %u %u %u %d\n%s", path, f[0].w, f[0].h, loops, k, buf);
}

/* ---------- encoding ---------- */

static int encode(canim_format fmt, const frame *f, int n, uint32_t loops, uint8_t **out, size_t *len) {
    char err[256] = "";
    canim_writer *w = canim_begin(fmt, f[0].w, f[0].h, loops, err, sizeof err);
    CHECK(w != NULL, "begin: %s", err);
    if (!w) return 0;
    size_t last = 0;
    for (int i = 0; i < n; i++) {
        int r = canim_add_frame(w, f[i].px, f[i].stride, f[i].ms, err, sizeof err);
        CHECK(r == CANIM_OK, "add frame %d: %d %s", i, r, err);
        size_t b = canim_bytes(w);
        CHECK(b >= (size_t)f[0].w * f[0].h * 4 && b >= last, "canim_bytes %zu after frame %d", b, i);
        last = b;
    }
    int r = canim_finish(w, out, len, err, sizeof err);
    CHECK(r == CANIM_OK && *out && *len > 0, "finish: %d %s", r, err);
    CHECK(canim_bytes(w) == 0, "bytes after finish");
    canim_free_writer(w);
    return r == CANIM_OK;
}

static void run_scenario(const char *name, frame *f, int n, uint32_t loops) {
    static const struct { canim_format fmt; const char *ext; } formats[] = { { CANIM_GIF, "gif" }, { CANIM_WEBP, "webp" } };
    for (int k = 0; k < 2; k++) {
        uint8_t *a = NULL, *b = NULL;
        size_t la = 0, lb = 0;
        if (!encode(formats[k].fmt, f, n, loops, &a, &la) || !encode(formats[k].fmt, f, n, loops, &b, &lb)) {
            canim_free(a);
            canim_free(b);
            continue;
        }
        CHECK(la == lb && !memcmp(a, b, la), "%s.%s: two encodes differ", name, formats[k].ext);
        char path[600];
        snprintf(path, sizeof path, "%s/canim-%s.%s", tmpdir, name, formats[k].ext);
        CHECK(write_file(path, a, la), "write %s", path);
        if (formats[k].fmt == CANIM_GIF) expect_gif(name, path, f, n, loops);
        else expect_webp(name, path, f, n, loops);
        printf("  %-8s %-4s %ux%u, %d frames in: %zu bytes\n", name, formats[k].ext, f[0].w, f[0].h, n, la);
        canim_free(a);
        canim_free(b);
    }
    for (int i = 0; i < n; i++) free(f[i].px);
}

static void check_anim(void) {
    char path[600], cmd[1400];
    snprintf(path, sizeof path, "%s/canim-check.manifest", tmpdir);
    manifest = fopen(path, "w");
    CHECK(manifest != NULL, "cannot write %s", path);
    if (!manifest) return;
    frame f[8];

    /* opaque, <= 255 colours, padded rows: a box changes, an unchanged frame
       (merged), two far-apart pixels, short frames (2 cs minimum and carry),
       everything changes */
    f[0] = blank(64, 48, 12, 100);
    paint_ui(&f[0], 0);
    f[1] = copy(&f[0], 40);
    box(&f[1], 10, 5, 30, 20, 0, 122, 255, 255);
    f[2] = copy(&f[1], 15);
    f[3] = copy(&f[2], 1000);
    set(&f[3], 0, 0, 1, 2, 3, 255);
    set(&f[3], 63, 47, 4, 5, 6, 255);
    f[4] = copy(&f[3], 5);
    set(&f[4], 20, 20, 9, 9, 9, 255);
    f[5] = copy(&f[4], 5);
    set(&f[5], 21, 20, 9, 9, 9, 255);
    f[6] = copy(&f[5], 33);
    paint_ui(&f[6], 3);
    run_scenario("opaque", f, 7, 0);

    /* transparency: half transparent with colour under alpha 0 and alpha near
       128; opaque pixels turning transparent outside the last change (the
       frame before is disposed); transparent turning opaque; a change of
       alpha only (200 -> 130: GIF shows no change, WebP does); all
       transparent; opaque again */
    f[0] = blank(64, 48, 0, 80);
    paint_ui(&f[0], 1);
    for (uint32_t y = 0; y < 48; y++)
        for (uint32_t x = 0; x < 20; x++) at(&f[0], x, y)[3] = (uint8_t)(x < 10 ? 0 : x < 15 ? 127 : 128);
    box(&f[0], 40, 30, 50, 40, 10, 200, 10, 200);
    f[1] = copy(&f[0], 80);
    box(&f[1], 30, 2, 34, 6, 0, 0, 0, 255);
    f[2] = copy(&f[1], 80);
    box(&f[2], 55, 40, 60, 46, 77, 77, 77, 0); /* opaque -> transparent, far from f[1]'s change */
    box(&f[2], 2, 2, 6, 6, 1, 2, 3, 0);        /* colour change under alpha 0 only */
    f[3] = copy(&f[2], 120);
    box(&f[3], 0, 10, 12, 20, 250, 250, 0, 255); /* transparent -> opaque */
    f[4] = copy(&f[3], 60);
    box(&f[4], 40, 30, 50, 40, 10, 200, 10, 130); /* alpha only */
    f[5] = blank(64, 48, 0, 70);
    f[6] = copy(&f[0], 90);
    run_scenario("alpha", f, 7, 3);

    /* more than 255 colours: a palette and dithering, a small change of a lossy
       frame, a lossy frame then an exact one (must be exact everywhere) */
    f[0] = blank(80, 60, 4, 100);
    paint_gradient(&f[0], 0);
    f[1] = copy(&f[0], 100);
    box(&f[1], 5, 5, 15, 9, 255, 255, 255, 255);
    f[2] = blank(80, 60, 4, 100);
    paint_ui(&f[2], 2);
    f[3] = blank(80, 60, 4, 100);
    paint_gradient(&f[3], 7);
    for (uint32_t x = 0; x < 80; x++) at(&f[3], x, 59)[3] = 0;
    run_scenario("many", f, 4, 1);

    /* big frames of 200 colours: LZW tables fill, and each way of clearing them may be chosen */
    f[0] = blank(300, 200, 0, 100);
    for (uint32_t y = 0; y < 200; y++)
        for (uint32_t x = 0; x < 300; x++) {
            uint32_t c = y < 100 ? rnd() % 200 : (x * 7 + y % 5) % 200;
            set(&f[0], x, y, (uint8_t)c, (uint8_t)(c * 3), (uint8_t)(255 - c), 255);
        }
    f[1] = copy(&f[0], 100);
    box(&f[1], 20, 20, 280, 180, 9, 9, 9, 255);
    f[2] = copy(&f[0], 100);
    box(&f[2], 0, 150, 300, 160, 0, 0, 0, 0);
    run_scenario("big", f, 3, 0);

    /* the limit: 255 opaque colours and transparency (exact), then 256 (a palette of 255) */
    f[0] = blank(16, 16, 0, 100);
    f[1] = blank(16, 16, 0, 100);
    for (uint32_t i = 0; i < 256; i++) {
        set(&f[0], i % 16, i / 16, (uint8_t)i, (uint8_t)(255 - i), 7, i < 255 ? 255 : 0);
        set(&f[1], i % 16, i / 16, (uint8_t)i, (uint8_t)(255 - i), 9, 255);
    }
    run_scenario("limit", f, 2, 0);

    f[0] = blank(33, 17, 0, 250);
    paint_ui(&f[0], 4);
    run_scenario("single", f, 1, 0);

    f[0] = blank(40, 30, 0, 100);
    paint_ui(&f[0], 5);
    f[1] = copy(&f[0], 200);
    f[2] = copy(&f[0], 300);
    run_scenario("same", f, 3, 2);

    /* 1x1: red, red again, transparent, alpha 100 (transparent in GIF), blue */
    f[0] = blank(1, 1, 0, 50);
    set(&f[0], 0, 0, 255, 0, 0, 255);
    f[1] = copy(&f[0], 60);
    f[2] = blank(1, 1, 0, 70);
    f[3] = blank(1, 1, 0, 80);
    set(&f[3], 0, 0, 0, 255, 0, 100);
    f[4] = blank(1, 1, 0, 90);
    set(&f[4], 0, 0, 0, 0, 255, 255);
    run_scenario("pixel", f, 5, 0);

    /* a frame of 700 s (GIF: 65535 cs, then a blank frame), the next disposed */
    f[0] = blank(16, 16, 0, 700000);
    paint_ui(&f[0], 6);
    f[1] = copy(&f[0], 50);
    box(&f[1], 3, 3, 9, 9, 0, 0, 0, 0);
    run_scenario("long", f, 2, 0);

    fclose(manifest);
    const char *py = getenv("PYTHON") ? getenv("PYTHON") : "python3";
    snprintf(cmd, sizeof cmd, "%s check.py %s", py, path);
    fflush(stdout);
    CHECK(system(cmd) == 0, "Pillow check failed: %s", cmd);
    printf("anim: done\n");
}

/* ---------- the API's errors ---------- */

static void check_api(void) {
    char err[256];
    uint8_t px[4 * 64] = { 0 };
    for (int fmt = CANIM_GIF; fmt <= CANIM_WEBP; fmt++) {
        const char *name = fmt == CANIM_GIF ? "GIF" : "WebP";
        static const uint32_t bad[][3] = { { 0, 5, 0 }, { 5, 0, 0 }, { 16384, 5, 0 }, { 5, 16384, 0 },
                                           { 0xFFFFFFFFu, 5, 0 }, { 5, 5, 65536 } };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            err[0] = 0;
            canim_writer *w = canim_begin((canim_format)fmt, bad[i][0], bad[i][1], bad[i][2], err, sizeof err);
            CHECK(w == NULL && err[0], "%s %ux%u loops %u accepted", name, bad[i][0], bad[i][1], bad[i][2]);
            canim_free_writer(w);
        }
        /* the largest side works */
        canim_writer *w = canim_begin((canim_format)fmt, 16383, 1, 0, err, sizeof err);
        CHECK(w != NULL, "%s 16383x1: %s", name, err);
        uint8_t *row = calloc(16383, 4);
        CHECK(canim_add_frame(w, row, 16383 * 4, 10, err, sizeof err) == CANIM_OK, "%s wide frame: %s", name, err);
        uint8_t *out;
        size_t len;
        CHECK(canim_finish(w, &out, &len, err, sizeof err) == CANIM_OK, "%s wide finish: %s", name, err);
        canim_free(out);
        canim_free_writer(w);
        free(row);

        w = canim_begin((canim_format)fmt, 8, 8, 0, err, sizeof err);
        CHECK(w != NULL, "%s begin: %s", name, err);
        CHECK(canim_finish(w, &out, &len, err, sizeof err) == CANIM_E_ARG && !out && !len, "%s: no frames finished", name);
        CHECK(canim_add_frame(NULL, px, 32, 10, err, sizeof err) == CANIM_E_ARG, "NULL writer");
        CHECK(canim_add_frame(w, NULL, 32, 10, err, sizeof err) == CANIM_E_ARG, "NULL pixels");
        CHECK(canim_add_frame(w, px, 31, 10, err, sizeof err) == CANIM_E_ARG, "short stride");
        CHECK(canim_add_frame(w, px, 32, 0, err, sizeof err) == CANIM_E_ARG, "0 ms");
        CHECK(canim_add_frame(w, px, 32, CANIM_MAX_FRAME_MS + 1, err, sizeof err) == CANIM_E_ARG, "too long a frame");
        CHECK(canim_add_frame(w, px, 32, 10, NULL, 0) == CANIM_OK, "a good frame after refusals");
        CHECK(canim_add_frame(w, px, 31, 10, err, 1) == CANIM_E_ARG && err[0] == 0, "errlen 1: an empty message");
        /* 2^31 - 1 ms at most in all: 20 ms and 128 frames of the longest duration fit, one more does not */
        int ok = 1;
        for (int i = 0; i < 128 && ok; i++) ok = canim_add_frame(w, px, 32, CANIM_MAX_FRAME_MS, err, sizeof err) == CANIM_OK;
        CHECK(ok, "%s long frames: %s", name, err);
        CHECK(canim_add_frame(w, px, 32, CANIM_MAX_FRAME_MS, err, sizeof err) == CANIM_E_TOO_BIG, "%s: over 2^31 ms", name);
        CHECK(canim_add_frame(w, px, 32, 1, err, sizeof err) == CANIM_OK, "%s: a frame after TOO_BIG: %s", name, err);
        CHECK(canim_finish(w, NULL, &len, err, sizeof err) == CANIM_E_ARG, "NULL out");
        CHECK(canim_finish(w, &out, NULL, err, sizeof err) == CANIM_E_ARG && !out, "NULL out_len");
        CHECK(canim_finish(w, &out, &len, err, sizeof err) == CANIM_OK && len > 0, "%s finish: %s", name, err);
        canim_free(out);
        CHECK(canim_bytes(w) == 0, "bytes after finish");
        CHECK(canim_add_frame(w, px, 32, 10, err, sizeof err) == CANIM_E_ARG && strstr(err, "finished"), "frame after finish");
        CHECK(canim_finish(w, &out, &len, err, sizeof err) == CANIM_E_ARG && !out, "finish twice");
        canim_free_writer(w);

        w = canim_begin((canim_format)fmt, 8, 8, 0, err, sizeof err); /* freed unfinished */
        CHECK(canim_add_frame(w, px, 32, 10, err, sizeof err) == CANIM_OK, "frame: %s", err);
        canim_free_writer(w);
    }
    CHECK(canim_begin((canim_format)0, 8, 8, 0, err, sizeof err) == NULL && strstr(err, "format"), "format 0");
    CHECK(canim_begin((canim_format)3, 8, 8, 0, NULL, 0) == NULL, "format 3");
    CHECK(canim_bytes(NULL) == 0, "bytes(NULL)");
    canim_free_writer(NULL);
    canim_free(NULL);
    printf("api: done\n");
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* GIF with a matte: partly transparent pixels come out blended over it and
   opaque; transparent ones stay transparent. Read back with giflib. */
static int gif_read(GifFileType *g, GifByteType *buf, int n) {
    const uint8_t **p = g->UserData;
    memcpy(buf, *p, (size_t)n);
    *p += n;
    return n;
}

static void check_matte(void) {
    char err[256];
    const uint8_t px[4 * 4] = { 0, 0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 200, 0, 0, 0, 255 }; /* black at 4 alphas */
    canim_writer *w = canim_begin(CANIM_GIF, 4, 1, 0, err, sizeof err);
    CHECK(canim_set_matte(w, 0xFFFFFF, err, sizeof err) == CANIM_OK, "matte: %s", err);
    CHECK(canim_add_frame(w, px, 16, 100, err, sizeof err) == CANIM_OK, "frame: %s", err);
    CHECK(canim_set_matte(w, 0, err, sizeof err) == CANIM_E_ARG, "a matte after a frame");
    uint8_t *out = NULL;
    size_t len = 0;
    CHECK(canim_finish(w, &out, &len, err, sizeof err) == CANIM_OK, "finish: %s", err);
    canim_free_writer(w);
    const uint8_t *cursor = out;
    int e = 0;
    GifFileType *g = DGifOpen(&cursor, gif_read, &e);
    CHECK(g && DGifSlurp(g) == GIF_OK && g->ImageCount == 1, "read back");
    if (g && g->ImageCount == 1) {
        const SavedImage *im = &g->SavedImages[0];
        const ColorMapObject *map = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap;
        GraphicsControlBlock gcb;
        DGifSavedExtensionToGCB(g, 0, &gcb);
        const int want[4] = { -1, 255 - 60, 255 - 200, 0 }; /* grey levels over white; -1: transparent */
        for (int x = 0; x < 4; x++) {
            int i = im->RasterBits[x];
            GifColorType c = map->Colors[i];
            int got = i == gcb.TransparentColor ? -1 : c.Red;
            CHECK(got == want[x] && (got < 0 || (c.Green == c.Red && c.Blue == c.Red)), "pixel %d: %d, not %d", x, got, want[x]);
        }
    }
    DGifCloseFile(g, &e);
    canim_free(out);
    printf("matte: done\n");
}

/* A pixel with no error carried to it takes the nearest palette colour,
   ties to the lower index, as a search of the whole palette finds it: over
   palettes of few greens (many ties of green), with repeated colours and
   colours at equal distances. */
static void check_nearest(void) {
    uint32_t pal[256];
    int wrong = 0;
    for (int round = 0; round < 200; round++) {
        size_t np = 1 + rnd() % 256;
        for (size_t i = 0; i < np; i++)
            pal[i] = rnd() % 3 == 0 && i > 0 ? pal[rnd() % i] : (rnd() & 0xFF00FF) | (uint32_t)(rnd() % 4 * 60) << 8;
        for (int k = 0; k < 100; k++) {
            const uint8_t px[4] = { (uint8_t)rnd(), (uint8_t)(rnd() % 4 * 60 + rnd() % 3), (uint8_t)rnd(), 255 };
            uint32_t got;
            int rows[6 * 3];
            canim__dither(px, 4, 1, 1, pal, np, &got, 1, rows);
            size_t best = 0;
            int best_d = INT_MAX;
            for (size_t i = 0; i < np; i++) {
                int dr = px[0] - (int)(pal[i] >> 16 & 255), dg = px[1] - (int)(pal[i] >> 8 & 255), db = px[2] - (int)(pal[i] & 255);
                int d = dr * dr + dg * dg + db * db;
                if (d < best_d) best_d = d, best = i;
            }
            wrong += got != (0xFF000000u | pal[best]);
        }
    }
    CHECK(!wrong, "quant: %d of 20000 pixels did not take the nearest palette colour", wrong);
}

static void check_quant(void) {
    enum { N = 600 };
    static canim__colour a[2 * N], b[2 * N];
    uint32_t pa[256], pb[256];
    /* 200 distinct colours: the palette is exactly them */
    for (uint32_t i = 0; i < 200; i++) a[i] = (canim__colour){ i * 0x010305u + 7, i % 5 + 1, 0 };
    size_t n = canim__palette(a, 200, 255, pa);
    qsort(pa, n, sizeof *pa, cmp_u32);
    int exact = n == 200;
    for (uint32_t i = 0; i < 200 && exact; i++) exact = pa[i] == i * 0x010305u + 7;
    CHECK(exact, "quant: 200 colours give a palette of exactly them (%zu)", n);
    /* 600 colours, then the same shuffled with each count split in two */
    for (uint32_t i = 0; i < N; i++) a[i] = (canim__colour){ rnd() & 0xFFFFFF, 2 + rnd() % 50, 0 };
    size_t nb = 0;
    for (uint32_t i = 0; i < N; i++) {
        b[nb++] = (canim__colour){ a[i].rgb, 1, 0 };
        b[nb++] = (canim__colour){ a[i].rgb, a[i].n - 1, 0 };
    }
    for (size_t i = nb - 1; i > 0; i--) {
        size_t j = rnd() % (i + 1);
        canim__colour t = b[i];
        b[i] = b[j], b[j] = t;
    }
    n = canim__palette(a, N, 255, pa);
    size_t m = canim__palette(b, nb, 255, pb);
    CHECK(n == 255 && m == n && !memcmp(pa, pb, n * sizeof *pa),
          "quant: the same colours in another order give the same palette (%zu, %zu)", n, m);
    /* dithering: a flat colour of the palette stays flat; alpha < 128 gives 0 */
    uint8_t px[4 * 6 * 4];
    uint32_t out[6 * 4];
    int rows[6 * (6 + 2)];
    for (int i = 0; i < 6 * 4; i++) {
        px[4 * i] = 10, px[4 * i + 1] = 20, px[4 * i + 2] = 30, px[4 * i + 3] = i == 7 ? 127 : 255;
    }
    const uint32_t pal[2] = { 0x0A141E, 0xFFFFFF };
    canim__dither(px, 4 * 6, 6, 4, pal, 2, out, 6, rows);
    int flat = 1;
    for (int i = 0; i < 6 * 4; i++) flat &= out[i] == (i == 7 ? 0u : 0xFF0A141Eu);
    CHECK(flat, "quant: a flat palette colour dithers to itself");
    /* a grey between two palette colours dithers to a mix of both, about right on average */
    for (int i = 0; i < 6 * 4; i++) px[4 * i] = px[4 * i + 1] = px[4 * i + 2] = 64, px[4 * i + 3] = 255;
    const uint32_t bw[2] = { 0x000000, 0xFFFFFF };
    canim__dither(px, 4 * 6, 6, 4, bw, 2, out, 6, rows);
    int white = 0;
    for (int i = 0; i < 6 * 4; i++) white += out[i] == 0xFFFFFFFFu;
    CHECK(white >= 5 && white <= 7, "quant: grey 64 dithers to a quarter white (%d of 24)", white);
    check_nearest();
    printf("quant: done\n");
}

/* One image of w x h indices from a `bits`-bit table, its data made by
   canim__lzw with `clearing`: read back by giflib, it gives the indices,
   and counting gives the bytes writing gives. */
static void lzw_round_trip(const char *name, const uint8_t *idx, uint32_t w, uint32_t h, int bits, canim__clearing clearing) {
    static canim__lzw_table t;
    size_t n = (size_t)w * h, counted = canim__lzw(idx, n, bits, clearing, SIZE_MAX, &t, NULL);
    uint8_t *data = malloc(canim__lzw_bound(n)), *file = malloc(canim__lzw_stored(canim__lzw_bound(n)) + 800);
    size_t len = canim__lzw(idx, n, bits, clearing, SIZE_MAX, &t, data), at = 0;
    CHECK(canim__lzw(idx, n, bits, clearing, len / 2, &t, NULL) > len / 2, "lzw %s: a limit stops the count above it", name);
    CHECK(len == counted, "lzw %s: counted %zu bytes, wrote %zu", name, counted, len);
    const int table = bits < 1 ? 1 : bits;
    memcpy(file, "GIF89a", 6), at = 6;
    const uint8_t lsd[7] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)h, (uint8_t)(h >> 8), (uint8_t)(0x80 | (table - 1)), 0, 0 };
    memcpy(file + at, lsd, 7), at += 7;
    for (int i = 0; i < 3 << table; i++) file[at++] = (uint8_t)i;
    const uint8_t desc[10] = { 0x2C, 0, 0, 0, 0, (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)h, (uint8_t)(h >> 8), 0 };
    memcpy(file + at, desc, 10), at += 10;
    file[at++] = (uint8_t)(bits < 2 ? 2 : bits);
    for (size_t k = 0; k < len; k += 255) {
        size_t part = len - k < 255 ? len - k : 255;
        file[at++] = (uint8_t)part;
        memcpy(file + at, data + k, part), at += part;
    }
    file[at++] = 0, file[at++] = 0x3B;
    CHECK(at == 13 + (3u << table) + 10 + canim__lzw_stored(len) + 1, "lzw %s: canim__lzw_stored", name);
    const uint8_t *cursor = file;
    int e = 0;
    GifFileType *g = DGifOpen(&cursor, gif_read, &e);
    int ok = g && DGifSlurp(g) == GIF_OK && g->ImageCount == 1 && !memcmp(g->SavedImages[0].RasterBits, idx, n);
    CHECK(ok, "lzw %s (clearing %u, %u): giflib reads back other indices", name, clearing.after, clearing.below);
    /* As strict as stb_image: no more than 4000 codes may follow a full table without a clear. */
    uint32_t next = (1u << (bits < 2 ? 2 : bits)) + 2, width = (uint32_t)(bits < 2 ? 2 : bits) + 1, frozen = 0, most = 0;
    const uint32_t clear_code = 1u << (bits < 2 ? 2 : bits);
    int started = 0;
    for (size_t bit = 0; bit + width <= 8 * len;) {
        uint32_t code = 0;
        for (uint32_t k = 0; k < width; k++, bit++) code |= (uint32_t)(data[bit / 8] >> (bit % 8) & 1) << k;
        if (code == clear_code) {
            next = clear_code + 2, width = (uint32_t)(bits < 2 ? 2 : bits) + 1, frozen = 0, started = 0;
            continue;
        }
        if (code == clear_code + 1) break;
        if (started && next < 4096) {
            if (++next == 1u << width && width < 12) width++;
        } else if (started) {
            most = ++frozen > most ? frozen : most;
        }
        started = 1;
    }
    CHECK(most <= 4000, "lzw %s (clearing %u, %u): %u codes after a full table", name, clearing.after, clearing.below, most);
    if (g) DGifCloseFile(g, &e);
    free(data);
    free(file);
}

/* The same data by the plainest LZW: a child table of every (code, pixel),
   looked up pixel by pixel, with the writer's rules for a full table and its
   clearing. Whatever the writer does to go faster (runs followed without a
   lookup) must give these codes. */
static size_t plain_lzw(const uint8_t *px, size_t n, int bits, canim__clearing clearing, uint8_t *out) {
    static uint16_t child[4096][256];
    const uint32_t min = bits < 2 ? 2 : (uint32_t)bits, clear = 1u << min, end = clear + 1;
    uint32_t next = end + 1, width = min + 1, full = 0, since = 0, acc = 0, nacc = 0;
    int64_t rate = 0;
    size_t bytes = 0;
#define PUT(code, w)                                                                     \
    do {                                                                                 \
        acc |= (uint32_t)(code) << nacc, nacc += (w);                                    \
        for (; nacc >= 8; nacc -= 8, acc >>= 8) out[bytes++] = (uint8_t)acc;             \
    } while (0)
    memset(child, 0, sizeof child);
    PUT(clear, width);
    uint32_t code = px[0], length = 1;
    for (size_t i = 1; i < n; i++) {
        if (child[code][px[i]]) {
            code = child[code][px[i]], length++;
            continue;
        }
        PUT(code, width);
        if (full) {
            since++, rate += ((int64_t)length * 256 - rate) / 16;
        } else if (next >= 4095) {
            full = 1, since = 0, rate = (int64_t)length * 256;
        } else {
            child[code][px[i]] = (uint16_t)next++;
            if (next > (1u << width) && width < 12) width++;
        }
        if (full && ((since >= clearing.after && rate < (int64_t)clearing.below) || since >= 3800)) {
            PUT(clear, width);
            memset(child, 0, sizeof child);
            next = end + 1, width = min + 1, full = 0, since = 0;
        }
        code = px[i], length = 1;
    }
    PUT(code, width);
    if (next >= (1u << width) && width < 12) width++;
    PUT(end, width);
    if (nacc) PUT(0, 8 - nacc);
#undef PUT
    return bytes;
}

/* canim__lzw's bytes are plain_lzw's. */
static void lzw_same_codes(const char *name, const uint8_t *idx, size_t n, int bits, canim__clearing clearing) {
    static canim__lzw_table t;
    uint8_t *a = malloc(canim__lzw_bound(n)), *b = malloc(canim__lzw_bound(n));
    size_t la = canim__lzw(idx, n, bits, clearing, SIZE_MAX, &t, a), lb = plain_lzw(idx, n, bits, clearing, b);
    CHECK(la == lb && !memcmp(a, b, la), "lzw %s (clearing %u, %u): other codes than plain LZW's (%zu, %zu bytes)", name,
          clearing.after, clearing.below, la, lb);
    free(a);
    free(b);
}

/* The GIF writer measures a frame in its own indices for any table of the
   same code size: LZW's bytes depend only on which pixels are alike. The
   same pixels under another one-to-one choice of indices take as many
   bytes, clearing included. */
static void lzw_relabelled(const char *name, const uint8_t *idx, size_t n, int bits, canim__clearing clearing) {
    static canim__lzw_table t;
    static uint8_t other[320 * 240];
    uint8_t to[256];
    for (int i = 0; i < 256; i++) to[i] = (uint8_t)i;
    for (int i = (1 << bits) - 1; i > 0; i--) {
        int j = (int)(rnd() % (uint32_t)(i + 1));
        uint8_t x = to[i];
        to[i] = to[j], to[j] = x;
    }
    for (size_t i = 0; i < n; i++) other[i] = to[idx[i]];
    size_t a = canim__lzw(idx, n, bits, clearing, SIZE_MAX, &t, NULL), b = canim__lzw(other, n, bits, clearing, SIZE_MAX, &t, NULL);
    CHECK(a == b, "lzw %s (clearing %u, %u): %zu bytes, %zu with other indices", name, clearing.after, clearing.below, a, b);
}

static void check_lzw(void) {
    const canim__clearing clearings[] = { { 0, UINT32_MAX }, { 0, 0 }, { 0, 3 * 256 }, { 700, UINT32_MAX } };
    enum { W = 320, H = 240 };
    static uint8_t idx[W * H];
    for (size_t c = 0; c < sizeof clearings / sizeof *clearings; c++) {
        /* noise: the table fills again and again */
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)(rnd() % 200);
        lzw_round_trip("noise", idx, W, H, 8, clearings[c]);
        /* rows that repeat after the table is full: going on with it pays */
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)((i % W) * 7 % 251 ^ (i / W % 3));
        lzw_round_trip("rows", idx, W, H, 8, clearings[c]);
        /* 2-bit indices, the smallest code size, and a single pixel */
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)(rnd() % 4);
        lzw_round_trip("2-bit", idx, W, H, 2, clearings[c]);
        lzw_same_codes("2-bit", idx, W * H, 2, clearings[c]);
        lzw_round_trip("pixel", idx, 1, 1, 1, clearings[c]);
        /* runs of every length, in a few colours: runs followed to their longest, and shorter than it */
        for (size_t i = 0; i < W * H;) {
            size_t run = rnd() % 8 == 0 ? 1 + rnd() % 700 : 1 + rnd() % 12;
            uint8_t colour = (uint8_t)(rnd() % 5);
            for (size_t k = 0; k < run && i < W * H; k++) idx[i++] = colour;
        }
        lzw_round_trip("runs", idx, W, H, 3, clearings[c]);
        lzw_same_codes("runs", idx, W * H, 3, clearings[c]);
        /* one colour throughout: the longest run grows to the table's end */
        memset(idx, 7, sizeof idx);
        lzw_round_trip("flat", idx, W, H, 8, clearings[c]);
        lzw_same_codes("flat", idx, W * H, 8, clearings[c]);
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)(rnd() % 200);
        lzw_same_codes("noise", idx, W * H, 8, clearings[c]);
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)((i % W) * 7 % 251 ^ (i / W % 3));
        lzw_same_codes("rows", idx, W * H, 8, clearings[c]);
        lzw_relabelled("noise", idx, W * H, 8, clearings[c]);
        for (size_t i = 0; i < W * H; i++) idx[i] = (uint8_t)(i % 9 < 6 ? i / W % 5 : rnd() % 20);
        lzw_relabelled("text", idx, W * H, 5, clearings[c]);
    }
    printf("lzw: done\n");
}

int main(int argc, char **argv) {
    const char *what = argc > 1 ? argv[1] : "all";
    if (argc > 2) tmpdir = argv[2];
    int all = !strcmp(what, "all");
    if (all || !strcmp(what, "api")) check_api();
    if (all || !strcmp(what, "quant")) check_quant();
    if (all || !strcmp(what, "matte")) check_matte();
    if (all || !strcmp(what, "lzw")) check_lzw();
    if (all || !strcmp(what, "anim")) check_anim();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
