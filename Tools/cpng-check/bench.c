/*
 * cpng-bench: measures the encoder choices behind Sources/CPNG's defaults.
 *
 *   cpng-bench [-n RUNS] [-g GROUPS] FILE.png...
 *
 * Each input is decoded with cpng_decode, then encoded RUNS times (default 20,
 * after one warm-up) per configuration with 1 and 2 threads; the table shows
 * the median ms and the PNG size. Every configuration's output is decoded
 * again and compared with the input (the bytes of 1 and 2 threads too).
 * GROUPS is a string of letters (default "bcfdgts"):
 *   b  baseline: libpng's png_image_write_to_memory (zlib 6, adaptive filters)
 *   c  compressors and levels: zlib 1-6 (default, Z_RLE, Z_FILTERED),
 *      ISA-L igzip 0-3, libdeflate (whole image only, see ldf_encode)
 *   f  filter choices, with zlib 1, 3 and 6
 *   d  run units on/off, band size, dictionary size
 *   g  grid: zlib 1/3/4 x 256 KiB/1 MiB bands x 32K/8K/0 dictionary
 *   t  time breakdown (everything but deflate)    n  the same, alone
 *   s  the shipped default
 *
 * The compressors other than zlib (ISA-L igzip, libdeflate) live only here:
 * ISA-L plugs into the encoder through cpng__codec.
 */
#define _POSIX_C_SOURCE 200809L
#include "cpng.h"
#include "cpng_internal.h"

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

static int runs = 20;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- ISA-L igzip: supports SYNC_FLUSH and dictionaries, like zlib ---- */

typedef struct {
    struct isal_zstream s;
    uint8_t *lvl;
} isal_state;

static const uint32_t isal_lvl_size[4] = { ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT,
                                           ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT };

static int isal_segment(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                        const uint8_t *in, size_t inlen, cpng__buf *out) {
    isal_state *st = *state;
    if (!st) {
        st = calloc(1, sizeof *st);
        st->lvl = malloc(isal_lvl_size[c->level]);
        *state = st;
    }
    struct isal_zstream *s = &st->s;
    isal_deflate_init(s);
    s->level = c->level;
    s->level_buf = st->lvl;
    s->level_buf_size = isal_lvl_size[c->level];
    s->gzip_flag = IGZIP_DEFLATE;
    if (dictlen && isal_deflate_set_dict(s, (uint8_t *)dict, (uint32_t)dictlen) != COMP_OK)
        return CPNG_E_INTERNAL;
    s->end_of_stream = 0;
    s->flush = SYNC_FLUSH;
    s->next_in = (uint8_t *)in;
    s->avail_in = (uint32_t)inlen;
    if (cpng__reserve(out, inlen + inlen / 8 + 65536)) return CPNG_E_NOMEM;
    for (;;) {
        if (out->cap - out->len < 4096 && cpng__reserve(out, out->cap)) return CPNG_E_NOMEM;
        size_t room = out->cap - out->len;
        s->next_out = out->data + out->len;
        s->avail_out = (uint32_t)room;
        if (isal_deflate(s) != COMP_OK) return CPNG_E_INTERNAL;
        out->len += room - s->avail_out;
        if (s->avail_in == 0 && s->avail_out != 0 && s->internal_state.state == ZSTATE_NEW_HDR)
            return CPNG_OK;
    }
}

static void isal_release(void *p) {
    isal_state *st = p;
    free(st->lvl);
    free(st);
}

/* ---- libdeflate: whole buffers only, no flush and no dictionary, so it
   cannot write one band of a shared stream: measured on the whole image,
   filtered in one thread, as one zlib stream ---- */

static int ldf_encode(const cpng_image *im, int level, cpng_buffer *out) {
    int ch = cpng__has_alpha(im->pixels, im->width, im->height, im->stride) ? 4 : 3;
    size_t n = (size_t)im->width * ch, rb = n + 1;
    uint8_t *f = malloc(rb * im->height), *rows = calloc(8, n);
    for (uint32_t y = 0; y < im->height; y++) {
        uint8_t *cur = rows + (y & 1) * n, *prev = y ? rows + ((y + 1) & 1) * n : rows + 2 * n;
        const uint8_t *src = im->pixels + y * im->stride;
        int same = y && !memcmp(src, src - im->stride, im->width * 4);
        for (uint32_t x = 0; x < im->width; x++) memcpy(cur + x * ch, src + 4 * x, ch);
        cpng__filter_row(cpng__default_opts.filters, cur, prev, n, ch, same, f + y * rb, rows + 3 * n);
    }
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    cpng__buf z = { 0 }, png = { 0 };
    size_t bound = libdeflate_zlib_compress_bound(c, rb * im->height);
    cpng__reserve(&z, bound);
    z.len = libdeflate_zlib_compress(c, f, rb * im->height, z.data, bound);
    libdeflate_free_compressor(c);
    free(f);
    free(rows);
    int r = z.len == 0 || cpng__head(&png, im->width, im->height, ch) ||
            cpng__data_chunks(&png, "IDAT", &z, NULL) || cpng__chunk(&png, "IEND", NULL, 0);
    free(z.data);
    out->data = png.data;
    out->len = png.len;
    return r;
}

/* ---- no compression at all (an invalid stream): what everything else costs ---- */

static int null_segment(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                        const uint8_t *in, size_t inlen, cpng__buf *out) {
    (void)c; (void)state; (void)dict; (void)dictlen; (void)in; (void)inlen; (void)out;
    return CPNG_OK;
}

static void null_release(void *p) { (void)p; }

/* ---- measurement ---- */

typedef struct {
    const char *file;
    cpng_image im;
} input;

static int check_roundtrip(const input *in, const cpng_buffer *b) {
    cpng_image d;
    char err[256];
    if (cpng_decode(b->data, b->len, 1u << 30, &d, NULL, err, sizeof err)) {
        fprintf(stderr, "decode failed: %s\n", err);
        return 0;
    }
    int ok = d.width == in->im.width && d.height == in->im.height &&
             !memcmp(d.pixels, in->im.pixels, in->im.stride * in->im.height);
    cpng_free(d.pixels);
    return ok;
}

static int bad;

/* Times one configuration with 1 and 2 threads and prints a table row. */
static void measure(const input *in, const char *label, const cpng__opts *o) {
    double t[2];
    size_t bytes[2] = { 0, 0 };
    uint32_t crc[2] = { 0, 0 };
    for (int th = 1; th <= 2; th++) {
        double *v = malloc(runs * sizeof *v);
        for (int r = -1; r < runs; r++) {
            cpng_buffer b;
            char err[256];
            double t0 = now_ms();
            int rc = cpng__encode_opts(in->im.pixels, in->im.width, in->im.height, in->im.stride,
                                       th, o, &b, err, sizeof err);
            double t1 = now_ms();
            if (rc) {
                fprintf(stderr, "%s: %s\n", label, err);
                bad++;
                free(v);
                return;
            }
            if (r >= 0) v[r] = t1 - t0;
            else {
                bytes[th - 1] = b.len;
                crc[th - 1] = (uint32_t)crc32(0, b.data, (uInt)b.len);
                if (o->codec->segment != null_segment && !check_roundtrip(in, &b)) {
                    fprintf(stderr, "%s: ROUND TRIP MISMATCH\n", label);
                    bad++;
                }
            }
            cpng_free(b.data);
        }
        t[th - 1] = median(v, runs);
        free(v);
    }
    if (bytes[0] != bytes[1] || crc[0] != crc[1]) {
        fprintf(stderr, "%s: threads 1 and 2 differ\n", label);
        bad++;
    }
    printf("| %-44s | %7.2f | %7.2f | %9zu |\n", label, t[0], t[1], bytes[0]);
    fflush(stdout);
}

static void header(const input *in, const char *title) {
    printf("\n%s: %s (%ux%u)\n\n", title, in->file, in->im.width, in->im.height);
    printf("| %-44s | %7s | %7s | %9s |\n", "configuration", "ms 1T", "ms 2T", "bytes");
    printf("|%s|--------:|--------:|----------:|\n", "----------------------------------------------");
}

static void measure_ldf(const input *in, int level) {
    double *v = malloc(runs * sizeof *v);
    size_t bytes = 0;
    for (int r = -1; r < runs; r++) {
        cpng_buffer b;
        double t0 = now_ms();
        if (ldf_encode(&in->im, level, &b)) bad++;
        double t1 = now_ms();
        if (r >= 0) v[r] = t1 - t0;
        else if (!check_roundtrip(in, &b)) {
            fprintf(stderr, "libdeflate: ROUND TRIP MISMATCH\n");
            bad++;
        }
        bytes = b.len;
        cpng_free(b.data);
    }
    char label[64];
    snprintf(label, sizeof label, "libdeflate %d, whole image, 1 thread", level);
    printf("| %-44s | %7.2f | %7s | %9zu |\n", label, median(v, runs), "-", bytes);
    free(v);
}

static const char *fname(unsigned f) {
    switch (f) {
    case CPNG__F_NONE: return "None";
    case CPNG__F_SUB: return "Sub";
    case CPNG__F_UP: return "Up";
    case CPNG__F_AVG: return "Avg";
    case CPNG__F_PAETH: return "Paeth";
    case CPNG__F_ALL: return "minsum(all 5)";
    case CPNG__F_SUB | CPNG__F_UP | CPNG__F_PAETH: return "minsum(Sub,Up,Paeth)";
    case CPNG__F_SUB | CPNG__F_UP: return "minsum(Sub,Up)";
    case CPNG__F_NONE | CPNG__F_SUB | CPNG__F_UP: return "minsum(None,Sub,Up)";
    default: return "?";
    }
}

/* libpng's own writer, defaults (zlib level 6, Z_FILTERED, adaptive filters). */
static void baseline_libpng(const input *in) {
    const cpng_image *im = &in->im;
    int opaque = !cpng__has_alpha(im->pixels, im->width, im->height, im->stride);
    size_t n = (size_t)im->width * im->height;
    uint8_t *rgb = malloc(n * 4);
    for (size_t i = 0; i < n; i++)
        memcpy(rgb + i * (opaque ? 3 : 4), im->pixels + i * 4, opaque ? 3 : 4);
    double *v = malloc(runs * sizeof *v);
    size_t bytes = 0;
    for (int r = -1; r < runs; r++) {
        png_image p;
        memset(&p, 0, sizeof p);
        p.version = PNG_IMAGE_VERSION;
        p.width = im->width;
        p.height = im->height;
        p.format = opaque ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
        size_t cap = n * 4 + 65536;
        void *buf = malloc(cap);
        double t0 = now_ms();
        if (!png_image_write_to_memory(&p, buf, &cap, 0, rgb, 0, NULL)) {
            fprintf(stderr, "libpng write failed: %s\n", p.message);
            bad++;
        }
        double t1 = now_ms();
        if (r >= 0) v[r] = t1 - t0;
        bytes = cap;
        free(buf);
    }
    printf("| %-44s | %7.2f | %7s | %9zu |\n", "libpng png_image_write (zlib 6, adaptive)",
           median(v, runs), "-", bytes);
    free(v);
    free(rgb);
}

int main(int argc, char **argv) {
    const char *groups = "bcfdgts";
    int opt;
    while ((opt = getopt(argc, argv, "n:g:")) != -1) {
        if (opt == 'n') runs = atoi(optarg);
        else if (opt == 'g') groups = optarg;
        else return 2;
    }
    if (runs < 1) runs = 1;
    for (int a = optind; a < argc; a++) {
        input in = { argv[a], { 0 } };
        FILE *f = fopen(argv[a], "rb");
        if (!f) { perror(argv[a]); return 1; }
        fseek(f, 0, SEEK_END);
        size_t len = (size_t)ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t *data = malloc(len);
        if (fread(data, 1, len, f) != len) return 1;
        fclose(f);
        char err[256];
        if (cpng_decode(data, len, 1u << 30, &in.im, NULL, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", argv[a], err);
            return 1;
        }
        free(data);

        const cpng__opts base = cpng__default_opts;
        char label[128];

        if (strchr(groups, 'b')) {
            header(&in, "Baseline");
            baseline_libpng(&in);
        }
        if (strchr(groups, 'c')) {
            header(&in, "Compressors (default filters, bands, dictionary and run units)");
            static const struct { const char *name; int s; } strat[] = {
                { "default", Z_DEFAULT_STRATEGY }, { "Z_RLE", Z_RLE }, { "Z_FILTERED", Z_FILTERED } };
            for (int s = 0; s < 3; s++)
                for (int lv = 1; lv <= 6; lv++) {
                    if (s == 1 && lv > 1) continue; /* Z_RLE ignores the level's search parameters */
                    if (s == 2 && lv < 4) continue; /* Z_FILTERED changes nothing below level 4 */
                    cpng__codec c = cpng__zlib_codec;
                    c.level = lv;
                    c.strategy = strat[s].s;
                    cpng__opts o = base;
                    o.codec = &c;
                    snprintf(label, sizeof label, "zlib %d %s", lv, strat[s].name);
                    measure(&in, label, &o);
                }
            for (int lv = 0; lv <= 3; lv++) {
                cpng__codec c = { "isal", lv, 0, isal_segment, isal_release, NULL };
                cpng__opts o = base;
                o.codec = &c;
                snprintf(label, sizeof label, "ISA-L igzip %d", lv);
                measure(&in, label, &o);
            }
            static const int ldf_levels[] = { 1, 2, 4, 6, 9 };
            for (int k = 0; k < 5; k++) measure_ldf(&in, ldf_levels[k]);
        }
        if (strchr(groups, 'f')) {
            static const unsigned fl[] = { CPNG__F_NONE, CPNG__F_SUB, CPNG__F_UP, CPNG__F_PAETH,
                                           CPNG__F_SUB | CPNG__F_UP, CPNG__F_NONE | CPNG__F_SUB | CPNG__F_UP,
                                           CPNG__F_SUB | CPNG__F_UP | CPNG__F_PAETH, CPNG__F_ALL };
            static const struct { const char *name; int lv, s; } zc[] = {
                { "zlib 1", 1, Z_DEFAULT_STRATEGY }, { "zlib 3", 3, Z_DEFAULT_STRATEGY },
                { "zlib 6", 6, Z_DEFAULT_STRATEGY } };
            for (int z = 0; z < 3; z++) {
                char t[128];
                snprintf(t, sizeof t, "Filters (%s, default bands, dictionary and run units)", zc[z].name);
                header(&in, t);
                for (size_t k = 0; k < sizeof fl / sizeof *fl; k++) {
                    cpng__codec c = cpng__zlib_codec;
                    c.level = zc[z].lv;
                    c.strategy = zc[z].s;
                    cpng__opts o = base;
                    o.filters = fl[k];
                    o.codec = &c;
                    snprintf(label, sizeof label, "%s", fname(fl[k]));
                    measure(&in, label, &o);
                }
            }
        }
        if (strchr(groups, 'd')) {
            header(&in, "Band size, dictionary, run units (default codec and filters)");
            for (int runs_on = 1; runs_on >= 0; runs_on--) {
                cpng__opts o = base;
                o.runs = runs_on;
                measure(&in, runs_on ? "run units on (default)" : "run units off", &o);
                o.codec = &cpng__zlib_codec;
            }
            static const size_t sizes[] = { 64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20, SIZE_MAX };
            for (int k = 0; k < 6; k++) {
                cpng__opts o = base;
                o.band_bytes = sizes[k];
                if (sizes[k] == SIZE_MAX) snprintf(label, sizeof label, "one band");
                else snprintf(label, sizeof label, "%zu KiB bands", sizes[k] >> 10);
                measure(&in, label, &o);
            }
            static const size_t dicts[] = { 32768, 16384, 8192, 4096, 1024, 0 };
            for (int k = 0; k < 6; k++) {
                cpng__opts o = base;
                o.dict_bytes = dicts[k];
                snprintf(label, sizeof label, "dictionary %zu bytes", dicts[k]);
                measure(&in, label, &o);
            }
        }
        if (strchr(groups, 't')) {
            header(&in, "Time breakdown (default options)");
            cpng__codec none = { "none", 3, 0, null_segment, null_release, NULL };
            cpng__opts o = base;
            o.codec = &none;
            measure(&in, "all but deflate (alpha scan, filters, Adler)", &o);
            o.runs = 0;
            measure(&in, "the same without run units", &o);
            measure(&in, "default (as shipped)", &base);
        }
        if (strchr(groups, 'g')) {
            header(&in, "Grid: zlib level x band size x dictionary (default filters)");
            static const int lvs[] = { 1, 3, 4 };
            static const size_t bands[] = { 256 << 10, 1 << 20 }, dicts[] = { 32768, 8192, 0 };
            for (int l = 0; l < 3; l++)
                for (int bnd = 0; bnd < 2; bnd++)
                    for (int d = 0; d < 3; d++) {
                        cpng__codec c = cpng__zlib_codec;
                        c.level = lvs[l];
                        cpng__opts o = base;
                        o.codec = &c;
                        o.band_bytes = bands[bnd];
                        o.dict_bytes = dicts[d];
                        snprintf(label, sizeof label, "zlib %d, %zu KiB bands, dictionary %zu", lvs[l],
                                 bands[bnd] >> 10, dicts[d]);
                        measure(&in, label, &o);
                    }
        }
        if (strchr(groups, 'n')) {
            header(&in, "No deflate");
            cpng__codec none = { "none", 3, 0, null_segment, null_release, NULL };
            cpng__opts o = base;
            o.codec = &none;
            measure(&in, "all but deflate (alpha scan, filters, Adler)", &o);
        }
        if (strchr(groups, 's')) {
            header(&in, "As shipped");
            measure(&in, "default", &base);
        }
        cpng_free(in.im.pixels);
    }
    if (bad) fprintf(stderr, "%d configuration(s) failed\n", bad);
    return bad ? 1 : 0;
}
