/*
 * cpng_deflate.c: filters an image and compresses it into one zlib stream,
 * in horizontal bands that worker threads take in turn (pigz style).
 *
 * Stream layout: a zlib header, every band's raw deflate data in band order,
 * an empty final block (03 00) and the Adler-32. A band's data is a sequence
 * of segments that each end on a byte boundary with a sync flush (an empty
 * stored block), so they simply concatenate. A band's first segment gets the
 * 32 KiB of filtered data before the band as its deflate dictionary (the
 * worker filters those rows again: a row's filter depends only on the row and
 * the one above), so splitting costs little. The Adler-32 of the whole
 * stream is combined from the bands' (adler32_combine).
 *
 * Repeated rows. A row equal to the row above filters (Up) to a filter byte 2
 * and zeros. On UI frames most rows are like that (1690 of 2532 on the phone
 * frame), and deflating those zeros byte by byte took most of zlib's time. So
 * a run of at least `unit` such rows (unit = 32 KiB worth of rows) is written
 * as copies of one segment that decodes to `unit` such rows and refers to
 * nothing before itself, compressed once per image with Z_RLE (about 2 bits
 * per 258 zeros); those rows are never filtered or deflated.
 *
 * The band height depends only on the row size (band_bytes / row bytes),
 * never on the thread count, so the bytes are the same for any `threads`.
 * A band's bytes depend only on its rows and the rows before it that its
 * dictionary is filtered from, so cpng_encode compresses all bands at once
 * and a stream (cpng_stream.c) each band as soon as those rows are in, with
 * the same code (cpng__compress_bands) and the same bytes.
 * zlib's own output does not depend on what a reused z_stream held before
 * (longest_match never lets bytes past the input decide a match).
 *
 * Defaults, chosen by measurement (Tools/cpng-check/RESULTS.md): per row the
 * cheapest of None, Sub and Up by libpng's sum-of-absolute-values heuristic
 * (Paeth cost 2 ms and made files bigger; None keeps repeated glyphs
 * matchable), zlib level 4 on the rows that are not in run units, 1 MiB bands.
 * On the 1170x2532 phone frame: 135 KB (libpng at level 6: 139.5 KB) in
 * about 8.5 ms with 2 threads (libpng: 68 ms). Level 4 is where zlib starts
 * lazy matching: it costs 3 ms more than level 3 (144 KB) but takes 6-11% off
 * Unfold's frames (the CJK frame: 115 KB at level 3, 102 KB at level 4),
 * which keeps them within 1.1 times the peers' files; levels 1-2 save little time.
 */
#include "cpng_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

#define DICT_BYTES 32768u /* the deflate window */

/* ---- the zlib codec ---- */

static int zlib_segment(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                        const uint8_t *in, size_t inlen, cpng__buf *out) {
    z_stream *z = *state;
    if (!z) {
        z = calloc(1, sizeof *z);
        if (!z) return CPNG_E_NOMEM;
        if (deflateInit2(z, c->level, Z_DEFLATED, -15, 8, c->strategy) != Z_OK) {
            free(z);
            return CPNG_E_NOMEM;
        }
        *state = z;
    } else if (deflateReset(z) != Z_OK) {
        return CPNG_E_INTERNAL;
    }
    if (dictlen && deflateSetDictionary(z, dict, (uInt)dictlen) != Z_OK) return CPNG_E_INTERNAL;

    const uInt chunk = 1u << 30; /* avail_in / avail_out are 32-bit */
    size_t want = (size_t)deflateBound(z, (uLong)(inlen < chunk ? inlen : chunk)) + 64;
    if (cpng__reserve(out, want)) return CPNG_E_NOMEM;
    size_t left = inlen;
    z->next_in = (Bytef *)in;
    z->avail_in = 0;
    for (;;) {
        if (z->avail_in == 0) {
            z->avail_in = left < chunk ? (uInt)left : chunk;
            left -= z->avail_in;
        }
        int flush = left ? Z_NO_FLUSH : Z_SYNC_FLUSH;
        if (out->cap - out->len < 64 && cpng__reserve(out, out->cap)) return CPNG_E_NOMEM;
        size_t room = out->cap - out->len < chunk ? out->cap - out->len : chunk;
        z->next_out = out->data + out->len;
        z->avail_out = (uInt)room;
        if (deflate(z, flush) == Z_STREAM_ERROR) return CPNG_E_INTERNAL;
        out->len += room - z->avail_out;
        /* the flush is complete once all input is in and output had room left */
        if (flush == Z_SYNC_FLUSH && z->avail_in == 0 && z->avail_out != 0) return CPNG_OK;
    }
}

static void zlib_release(void *state) {
    if (state) {
        deflateEnd(state);
        free(state);
    }
}

const cpng__codec cpng__zlib_codec = { "zlib", 4, Z_DEFAULT_STRATEGY, zlib_segment, zlib_release, NULL };

const cpng__opts cpng__default_opts = {
    CPNG__F_NONE | CPNG__F_SUB | CPNG__F_UP, 1024 * 1024, DICT_BYTES, 1, &cpng__zlib_codec
};

/* ---- the libdeflate codec, for the smallest files ---- */

static int libdeflate_whole(const cpng__codec *c, const uint8_t *in, size_t inlen, cpng__buf *out) {
    struct libdeflate_compressor *d = libdeflate_alloc_compressor(c->level);
    if (!d) return CPNG_E_NOMEM;
    size_t bound = libdeflate_zlib_compress_bound(d, inlen);
    int r = cpng__reserve(out, bound);
    size_t n = r ? 0 : libdeflate_zlib_compress(d, in, inlen, out->data + out->len, bound);
    libdeflate_free_compressor(d);
    if (r) return r;
    if (n == 0) return CPNG_E_INTERNAL;
    out->len += n;
    return CPNG_OK;
}

static const cpng__codec libdeflate_codec = { "libdeflate", 12, 0, NULL, NULL, libdeflate_whole };

/* Measured on the Examples' references (scripts/reference-sizes.py): the
   per-row choice among all five filters and libdeflate's level 12 over the
   whole image give 1,268,188 bytes, against 1,407,452 with cpng_encode and
   1,270,816 with the default filters (None, Sub, Up). */
const cpng__opts cpng__smallest_opts = {
    CPNG__F_ALL, SIZE_MAX, DICT_BYTES, 0, &libdeflate_codec
};

/* For an animation's frames: libdeflate's level 12 on unfiltered rows, which
   keep text that repeats from frame to frame byte for byte. On the Examples'
   frames this was smaller than cpng__smallest_opts every time, and level 11
   made files up to 5% larger (scripts/bench-animations.sh). */
const cpng__opts cpng__frame_opts = {
    CPNG__F_NONE, SIZE_MAX, DICT_BYTES, 0, &libdeflate_codec
};

static const cpng__codec libdeflate_fast_codec = { "libdeflate", 7, 0, NULL, NULL, libdeflate_whole };

/* For an animation's frames compressed once, as they come: unfiltered rows
   again, and libdeflate's level 7, past which each level costs about twice
   the time for a percent or two fewer bytes (scripts/apng-levels.sh). */
const cpng__opts cpng__fast_frame_opts = {
    CPNG__F_NONE, SIZE_MAX, DICT_BYTES, 0, &libdeflate_fast_codec
};

/* ---- the bands of an image ---- */

static uLong adler_long(uLong adler, const uint8_t *p, size_t len) {
    for (size_t k = 0; k < len; k += 1u << 30)
        adler = adler32(adler, p + k, (uInt)(len - k < (1u << 30) ? len - k : 1u << 30));
    return adler;
}

int cpng__bands_init(cpng__bands *b, uint32_t w, uint32_t h, int channels, const cpng__opts *o) {
    memset(b, 0, sizeof *b);
    if (!o) o = &cpng__default_opts;
    b->o = o;
    b->w = w;
    b->h = h;
    b->ch = channels;
    b->n = (size_t)w * (size_t)channels;
    b->rowbytes = b->n + 1;
    size_t br = o->band_bytes / b->rowbytes;
    b->band_rows = br < 1 ? 1 : br > h ? h : (uint32_t)br;
    b->nbands = (uint32_t)((h + (uint64_t)b->band_rows - 1) / b->band_rows);
    b->unit = (uint32_t)((DICT_BYTES + b->rowbytes - 1) / b->rowbytes);
    b->runs = o->runs && (o->filters & CPNG__F_UP) && b->band_rows >= b->unit;
    if (!b->runs) return CPNG_OK;
    /* the run unit: `unit` rows of 2, 0, 0, ... compressed on their own */
    static const cpng__codec rle = { "zlib-rle", 1, Z_RLE, zlib_segment, zlib_release, NULL };
    size_t len = (size_t)b->unit * b->rowbytes;
    b->zrows = calloc(b->unit, b->rowbytes);
    if (!b->zrows) return CPNG_E_NOMEM;
    for (uint32_t k = 0; k < b->unit; k++) b->zrows[(size_t)k * b->rowbytes] = 2;
    void *cs = NULL;
    int r = zlib_segment(&rle, &cs, NULL, 0, b->zrows, len, &b->unit_z);
    zlib_release(cs);
    b->unit_adler = (uint32_t)adler_long(adler32(0, NULL, 0), b->zrows, len);
    return r;
}

void cpng__bands_free(cpng__bands *b) {
    free(b->zrows);
    free(b->unit_z.data);
}

/* The dictionary a band's first segment wants: that many bytes before it. */
static size_t dict_want(const cpng__bands *b) {
    return b->o->dict_bytes < DICT_BYTES ? b->o->dict_bytes : DICT_BYTES;
}

/* Rows before band k that it filters again for its dictionary. */
static uint32_t dict_rows(const cpng__bands *b, uint32_t k) {
    uint32_t back = (uint32_t)((dict_want(b) + b->rowbytes - 1) / b->rowbytes), y0 = k * b->band_rows;
    return back < y0 ? back : y0;
}

uint32_t cpng__band_first_row(const cpng__bands *b, uint32_t k) {
    uint32_t y0 = k * b->band_rows, back = dict_rows(b, k);
    return y0 - back - (y0 > back ? 1 : 0);
}

int cpng__zlib_head(const cpng__bands *b, cpng__buf *z) {
    /* deflate, 32 KiB window, FLEVEL as zlib would write it, FCHECK */
    int lv = b->o->codec->level;
    unsigned hdr = (0x78u << 8) | ((lv < 2 ? 0u : lv < 6 ? 1u : lv == 6 ? 2u : 3u) << 6);
    hdr += 31 - hdr % 31;
    uint8_t head[2] = { (uint8_t)(hdr >> 8), (uint8_t)hdr };
    return cpng__put(z, head, 2);
}

int cpng__zlib_tail(cpng__buf *z, uint32_t adler) {
    static const uint8_t final_block[2] = { 0x03, 0x00 }; /* empty fixed-Huffman final block */
    uint8_t tail[4];
    cpng__be32(tail, adler);
    return cpng__put(z, final_block, 2) || cpng__put(z, tail, 4) ? CPNG_E_NOMEM : CPNG_OK;
}

/* ---- banded, threaded filtering + compression ---- */

typedef struct {
    const cpng__bands *b;
    const cpng__source *src;
    uint32_t k0, k1;            /* the bands to compress */
    cpng__buf *outs;            /* one per band */
    uint32_t *adlers;           /* one per band */
    atomic_uint next;
    atomic_int error;
} job;

/* Bytes per pixel in the source: RGBA, or one palette index when ch == 1. */
static size_t src_bpp(int ch) { return ch == 1 ? 1 : 4; }

static const uint8_t *src_row(const cpng__source *s, uint32_t y) {
    return s->base + (size_t)(y - s->first) * s->stride;
}

static void pack_row(const uint8_t *src, uint32_t w, int ch, uint8_t *dst) {
    if (ch == 4 || ch == 1) {
        memcpy(dst, src, (size_t)w * src_bpp(ch));
        return;
    }
    for (uint32_t x = 0; x < w; x++) {
        dst[3 * x] = src[4 * x];
        dst[3 * x + 1] = src[4 * x + 1];
        dst[3 * x + 2] = src[4 * x + 2];
    }
}

static int same_as_above(const job *j, uint32_t y) {
    return y > 0 && memcmp(src_row(j->src, y), src_row(j->src, y - 1),
                           (size_t)j->b->w * src_bpp(j->b->ch)) == 0;
}

typedef struct {
    const job *j;
    uint8_t *rows[2], *scratch;
    const uint8_t *zero, *prev; /* prev: packed row above the next row */
} filterer;

/* Filters row y into out (rowbytes); rows must come in order. */
static void filter_next(filterer *F, uint32_t y, uint8_t *out) {
    const cpng__bands *b = F->j->b;
    int same = same_as_above(F->j, y);
    const uint8_t *cur = F->prev;
    if (!same) {
        uint8_t *dst = F->prev == F->rows[0] ? F->rows[1] : F->rows[0];
        pack_row(src_row(F->j->src, y), b->w, b->ch, dst);
        cur = dst;
    }
    cpng__filter_row(b->o->filters, cur, F->prev, b->n, b->ch, same, out, F->scratch);
    F->prev = cur;
}

typedef struct {
    void *cstate;
    uLong adler;
} band_state;

/* Compresses the filtered bytes [in, in + len) as one segment. */
static int flush_piece(const cpng__bands *b, band_state *bs, const uint8_t *dict, size_t dictlen,
                       const uint8_t *in, size_t len, cpng__buf *out) {
    if (len == 0) return CPNG_OK;
    bs->adler = adler_long(bs->adler, in, len);
    return b->o->codec->segment(b->o->codec, &bs->cstate, dict, dictlen, in, len, out);
}

static int do_band(job *j, uint32_t k, filterer *F, uint8_t *f, band_state *bs) {
    const cpng__bands *b = j->b;
    size_t rb = b->rowbytes;
    uint32_t y0 = k * b->band_rows;
    uint32_t y1 = b->h - y0 < b->band_rows ? b->h : y0 + b->band_rows;
    size_t want = dict_want(b);
    uint32_t back = dict_rows(b, k);
    cpng__buf *out = &j->outs[k - j->k0];

    /* the rows before the band, filtered again for the dictionary */
    F->prev = F->zero;
    if (y0 - back > 0) {
        pack_row(src_row(j->src, y0 - back - 1), b->w, b->ch, F->rows[0]);
        F->prev = F->rows[0];
    }
    for (uint32_t y = y0 - back; y < y0; y++) filter_next(F, y, f + (size_t)(y - (y0 - back)) * rb);
    size_t pre = (size_t)back * rb, dictlen = pre < want ? pre : want;
    const uint8_t *dict = f + pre - dictlen;
    uint8_t *piece = f + pre, *cur = piece;
    bs->adler = adler32(0, NULL, 0);

    for (uint32_t y = y0; y < y1;) {
        uint32_t run = 0;
        if (b->runs && same_as_above(j, y)) {
            run = 1;
            while (y + run < y1 && same_as_above(j, y + run)) run++;
        }
        if (run < b->unit) { /* an ordinary row */
            filter_next(F, y, cur);
            cur += rb;
            y++;
            continue;
        }
        /* a long run: the rows that do not fill a unit join the current piece */
        uint32_t units = run / b->unit, rest = run % b->unit;
        memcpy(cur, b->zrows, (size_t)rest * rb);
        cur += (size_t)rest * rb;
        int r = flush_piece(b, bs, dict, dictlen, piece, (size_t)(cur - piece), out);
        if (r) return r;
        if (cpng__reserve(out, (size_t)units * b->unit_z.len)) return CPNG_E_NOMEM;
        for (uint32_t u = 0; u < units; u++) {
            cpng__put(out, b->unit_z.data, b->unit_z.len);
            bs->adler = adler32_combine(bs->adler, b->unit_adler, (z_off_t)((size_t)b->unit * rb));
        }
        /* the stream now ends with repeated rows; one row and a match length
           of them hold every string a longer dictionary would */
        dictlen = want < rb + 258 ? want : rb + 258;
        dict = b->zrows + (size_t)b->unit * rb - dictlen;
        piece = cur = f;
        y += run; /* F->prev is still right: the run's rows all equal it */
    }
    int r = flush_piece(b, bs, dict, dictlen, piece, (size_t)(cur - piece), out);
    j->adlers[k - j->k0] = (uint32_t)bs->adler;
    return r;
}

static void *worker(void *arg) {
    job *j = arg;
    size_t n = j->b->n;
    size_t fbytes = (size_t)(j->b->band_rows + j->b->unit) * j->b->rowbytes;
    uint8_t *mem = malloc(fbytes + 8 * n);
    band_state bs = { NULL, 0 };
    if (!mem) {
        atomic_store(&j->error, CPNG_E_NOMEM);
        return NULL;
    }
    filterer F = { j, { mem + fbytes, mem + fbytes + n }, mem + fbytes + 3 * n, mem + fbytes + 2 * n, NULL };
    memset(mem + fbytes + 2 * n, 0, n); /* the zero row above row 0 */
    for (;;) {
        unsigned k = j->k0 + atomic_fetch_add(&j->next, 1);
        if (k >= j->k1 || atomic_load(&j->error)) break;
        int r = do_band(j, k, &F, mem, &bs);
        if (r) {
            atomic_store(&j->error, r);
            break;
        }
    }
    if (bs.cstate) j->b->o->codec->release(bs.cstate);
    free(mem);
    return NULL;
}

int cpng__compress_bands(const cpng__bands *b, const cpng__source *src, uint32_t k0, uint32_t k1,
                         int threads, cpng__buf *z, uint32_t *adler) {
    uint32_t count = k1 - k0;
    job j;
    memset(&j, 0, sizeof j);
    j.b = b;
    j.src = src;
    j.k0 = k0;
    j.k1 = k1;
    j.outs = calloc(count, sizeof *j.outs);
    j.adlers = calloc(count, sizeof *j.adlers);
    atomic_init(&j.next, 0);
    atomic_init(&j.error, j.outs && j.adlers ? CPNG_OK : CPNG_E_NOMEM);
    if (threads < 1) threads = 1;
    if ((uint32_t)threads > count) threads = (int)count;
    if (threads > CPNG__MAX_THREADS) threads = CPNG__MAX_THREADS;
    pthread_t tids[CPNG__MAX_THREADS];
    int started = 0;
    for (int t = 1; t < threads && !atomic_load(&j.error); t++) /* a thread that fails to start is just not there */
        if (pthread_create(&tids[started], NULL, worker, &j) == 0) started++;
    if (!atomic_load(&j.error)) worker(&j);
    for (int t = 0; t < started; t++) pthread_join(tids[t], NULL);
    int r = atomic_load(&j.error);

    size_t total = 0;
    for (uint32_t i = 0; r == CPNG_OK && i < count; i++) total += j.outs[i].len;
    if (r == CPNG_OK && cpng__reserve(z, total)) r = CPNG_E_NOMEM;
    for (uint32_t i = 0; r == CPNG_OK && i < count; i++) {
        uint32_t y0 = (k0 + i) * b->band_rows;
        uint32_t rows = b->h - y0 < b->band_rows ? b->h - y0 : b->band_rows;
        cpng__put(z, j.outs[i].data, j.outs[i].len);
        *adler = (uint32_t)adler32_combine(*adler, j.adlers[i], (z_off_t)((size_t)rows * b->rowbytes));
    }
    for (uint32_t i = 0; j.outs && i < count; i++) free(j.outs[i].data);
    free(j.outs);
    free(j.adlers);
    return r;
}

/* Filters every row into one buffer and compresses it with the codec's
   `whole` function: for codecs that cannot continue a stream. */
static int compress_whole(const cpng__bands *b, const cpng__source *src, cpng__buf *z) {
    if ((uint64_t)b->h * b->rowbytes > SIZE_MAX) return CPNG_E_NOMEM;
    size_t n = b->n, len = (size_t)b->h * b->rowbytes;
    uint8_t *f = malloc(len), *mem = malloc(8 * n);
    int r = f && mem ? CPNG_OK : CPNG_E_NOMEM;
    if (!r) {
        job j;
        memset(&j, 0, sizeof j);
        j.b = b;
        j.src = src;
        filterer F = { &j, { mem, mem + n }, mem + 3 * n, mem + 2 * n, NULL };
        memset(mem + 2 * n, 0, n); /* the zero row above row 0 */
        F.prev = F.zero;
        for (uint32_t y = 0; y < b->h; y++) filter_next(&F, y, f + (size_t)y * b->rowbytes);
        r = b->o->codec->whole(b->o->codec, f, len, z);
    }
    free(f);
    free(mem);
    return r;
}

int cpng__compress_image(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h,
                         int channels, int threads, const cpng__opts *o, cpng__buf *z,
                         char *err, size_t errlen) {
    cpng__bands b; /* callers checked the size (cpng__check_size) */
    cpng__source src = { rgba, stride, 0 };
    uint32_t adler = (uint32_t)adler32(0, NULL, 0);
    int r = cpng__bands_init(&b, w, h, channels, o);
    if (!r && b.o->codec->whole) {
        r = compress_whole(&b, &src, z);
    } else {
        if (!r) r = cpng__zlib_head(&b, z);
        if (!r) r = cpng__compress_bands(&b, &src, 0, b.nbands, threads, z, &adler);
        if (!r) r = cpng__zlib_tail(z, adler);
    }
    cpng__bands_free(&b);
    if (r) return cpng__fail(err, errlen, r, r == CPNG_E_NOMEM ? "out of memory while compressing"
                                                               : "deflate failed");
    return CPNG_OK;
}
