/*
 * cpng_deflate.c: filters an image and compresses it into one zlib stream,
 * in horizontal bands that worker threads take in turn (pigz style).
 *
 * Each band is filtered and deflated on its own into a raw deflate segment
 * that ends on a byte boundary (a sync flush: an empty stored block); only the
 * last band ends with a final block. The segments are joined in band order
 * behind one zlib header, and the Adler-32 of the whole stream is combined
 * from the bands' own (adler32_combine). A band also gets the 32 KiB of
 * filtered data before it as the deflate dictionary, so that splitting costs
 * almost nothing in size; the worker filters those rows again itself, since
 * the filter of a row depends only on that row and the one above.
 *
 * The band height depends only on the row size (band_bytes / row bytes),
 * never on the thread count, so the bytes are the same for any `threads`.
 *
 * Defaults (see Tools/cpng-check/RESULTS.md for the measurements):
 * zlib level 1 with the Z_RLE strategy, and per row the cheaper of Sub, Up and
 * Paeth by the sum-of-absolute-values heuristic (rows equal to the row above
 * go straight to Up). On UI frames (large flat areas, thin lines,
 * anti-aliased text) this is smaller than libpng's default (level 6, adaptive
 * filters) and many times faster, because after Up/Sub filtering the data is
 * mostly runs of zeros, which Z_RLE codes without any hash-chain search.
 */
#include "cpng_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---- the zlib codec ---- */

static int zlib_segment(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                        const uint8_t *in, size_t inlen, int last, cpng__buf *out) {
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

    size_t want = (size_t)deflateBound(z, (uLong)(inlen > (1u << 30) ? (1u << 30) : inlen)) + 64;
    if (cpng__reserve(out, want)) return CPNG_E_NOMEM;
    int final = last ? Z_FINISH : Z_SYNC_FLUSH;
    size_t left = inlen;
    z->next_in = (Bytef *)in;
    z->avail_in = 0;
    for (;;) {
        if (z->avail_in == 0) {
            uInt n = left > (1u << 30) ? (1u << 30) : (uInt)left;
            z->avail_in = n;
            left -= n;
        }
        int flush = left ? Z_NO_FLUSH : final;
        if (out->cap - out->len < 64 && cpng__reserve(out, out->cap)) return CPNG_E_NOMEM;
        size_t room = out->cap - out->len;
        if (room > (1u << 30)) room = 1u << 30;
        z->next_out = out->data + out->len;
        z->avail_out = (uInt)room;
        int r = deflate(z, flush);
        out->len += room - z->avail_out;
        if (r == Z_STREAM_ERROR) return CPNG_E_INTERNAL;
        if (r == Z_STREAM_END) return CPNG_OK;
        /* done with a sync flush once all input is in and output had room left */
        if (flush == Z_SYNC_FLUSH && z->avail_in == 0 && z->avail_out != 0) return CPNG_OK;
    }
}

static void zlib_release(void *state) {
    if (state) {
        deflateEnd(state);
        free(state);
    }
}

const cpng__codec cpng__zlib_codec = { "zlib", 1, Z_RLE, zlib_segment, zlib_release };

const cpng__opts cpng__default_opts = {
    CPNG__F_SUB | CPNG__F_UP | CPNG__F_PAETH, 256 * 1024, 1, &cpng__zlib_codec
};

/* ---- banded, threaded filtering + compression ---- */

#define DICT_BYTES 32768u
#define MAX_THREADS 64

typedef struct {
    const uint8_t *rgba;
    size_t stride, n, rowbytes; /* n = packed row bytes (w * ch); rowbytes = n + 1 */
    uint32_t w, h, band_rows, dict_rows, nbands;
    int ch;
    const cpng__opts *o;
    cpng__buf *outs;            /* one per band */
    uint32_t *adlers;           /* one per band */
    atomic_uint next;
    atomic_int error;
} job;

static void pack_row(const uint8_t *src, uint32_t w, int ch, uint8_t *dst) {
    if (ch == 4) {
        memcpy(dst, src, (size_t)w * 4);
        return;
    }
    for (uint32_t x = 0; x < w; x++) {
        dst[3 * x] = src[4 * x];
        dst[3 * x + 1] = src[4 * x + 1];
        dst[3 * x + 2] = src[4 * x + 2];
    }
}

/* Filters rows [ys, ye) into f (rowbytes each). */
static void filter_rows(const job *j, uint32_t ys, uint32_t ye, uint8_t *f, uint8_t *rows[2],
                        const uint8_t *zero, uint8_t *scratch) {
    const uint8_t *prev = zero;
    if (ys > 0) {
        pack_row(j->rgba + (size_t)(ys - 1) * j->stride, j->w, j->ch, rows[0]);
        prev = rows[0];
    }
    for (uint32_t y = ys; y < ye; y++, f += j->rowbytes) {
        const uint8_t *src = j->rgba + (size_t)y * j->stride;
        int same = y > 0 && memcmp(src, src - j->stride, (size_t)j->w * 4) == 0;
        const uint8_t *cur = prev;
        if (!same) {
            uint8_t *dst = prev == rows[0] ? rows[1] : rows[0];
            pack_row(src, j->w, j->ch, dst);
            cur = dst;
        }
        cpng__filter_row(j->o->filters, cur, prev, j->n, j->ch, same, f, scratch);
        prev = cur;
    }
}

static void *worker(void *arg) {
    job *j = arg;
    size_t n = j->n;
    size_t fbytes = (size_t)(j->band_rows + j->dict_rows) * j->rowbytes;
    uint8_t *mem = malloc(fbytes + 8 * n);
    void *cstate = NULL;
    if (!mem) {
        atomic_store(&j->error, CPNG_E_NOMEM);
        return NULL;
    }
    uint8_t *f = mem, *rows[2] = { mem + fbytes, mem + fbytes + n };
    uint8_t *zero = mem + fbytes + 2 * n, *scratch = mem + fbytes + 3 * n;
    memset(zero, 0, n);

    for (;;) {
        unsigned b = atomic_fetch_add(&j->next, 1);
        if (b >= j->nbands || atomic_load(&j->error)) break;
        uint32_t y0 = b * j->band_rows;
        uint32_t y1 = j->h - y0 < j->band_rows ? j->h : y0 + j->band_rows;
        uint32_t back = !j->o->dict ? 0 : y0 < j->dict_rows ? y0 : j->dict_rows;
        uint32_t ys = y0 - back;
        filter_rows(j, ys, y1, f, rows, zero, scratch);

        size_t pre = (size_t)(y0 - ys) * j->rowbytes;
        size_t dictlen = pre < DICT_BYTES ? pre : DICT_BYTES;
        const uint8_t *in = f + pre;
        size_t inlen = (size_t)(y1 - y0) * j->rowbytes;
        uLong a = adler32(0, NULL, 0);
        for (size_t k = 0; k < inlen; k += 1u << 30)
            a = adler32(a, in + k, (uInt)(inlen - k < (1u << 30) ? inlen - k : 1u << 30));
        j->adlers[b] = (uint32_t)a;
        int r = j->o->codec->segment(j->o->codec, &cstate, in - dictlen, dictlen, in, inlen,
                                     b + 1 == j->nbands, &j->outs[b]);
        if (r) {
            atomic_store(&j->error, r);
            break;
        }
    }
    if (cstate) j->o->codec->release(cstate);
    free(mem);
    return NULL;
}

int cpng__compress_image(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h,
                         int channels, int threads, const cpng__opts *o, cpng__buf *z,
                         char *err, size_t errlen) {
    if (!o) o = &cpng__default_opts; /* callers checked the size (cpng__check_size) */
    job j;
    memset(&j, 0, sizeof j);
    j.rgba = rgba;
    j.stride = stride;
    j.w = w;
    j.h = h;
    j.ch = channels;
    j.o = o;
    j.n = (size_t)w * channels;
    j.rowbytes = j.n + 1;
    size_t br = o->band_bytes / j.rowbytes;
    j.band_rows = br < 1 ? 1 : br > h ? h : (uint32_t)br;
    j.dict_rows = (uint32_t)((DICT_BYTES + j.rowbytes - 1) / j.rowbytes);
    j.nbands = (uint32_t)((h + (uint64_t)j.band_rows - 1) / j.band_rows);
    atomic_init(&j.next, 0);
    atomic_init(&j.error, 0);
    j.outs = calloc(j.nbands, sizeof *j.outs);
    j.adlers = calloc(j.nbands, sizeof *j.adlers);
    int r = CPNG_OK;
    if (!j.outs || !j.adlers) {
        r = CPNG_E_NOMEM;
        goto done;
    }

    if (threads < 1) threads = 1;
    if ((uint32_t)threads > j.nbands) threads = (int)j.nbands;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    pthread_t tids[MAX_THREADS];
    int started = 0;
    for (int t = 1; t < threads; t++) {      /* a thread that fails to start is just not there */
        if (pthread_create(&tids[started], NULL, worker, &j) == 0) started++;
    }
    worker(&j);
    for (int t = 0; t < started; t++) pthread_join(tids[t], NULL);
    r = atomic_load(&j.error);
    if (r) goto done;

    /* zlib header: deflate, 32 KiB window, FLEVEL as zlib would write it, FCHECK */
    {
        int lv = o->codec->level;
        unsigned flevel = lv < 2 ? 0 : lv < 6 ? 1 : lv == 6 ? 2 : 3;
        unsigned hdr = (0x78u << 8) | (flevel << 6);
        hdr += 31 - hdr % 31;
        uint8_t head[2] = { (uint8_t)(hdr >> 8), (uint8_t)hdr };
        size_t total = 6;
        for (uint32_t b = 0; b < j.nbands; b++) total += j.outs[b].len;
        if (cpng__reserve(z, total)) {
            r = CPNG_E_NOMEM;
            goto done;
        }
        cpng__put(z, head, 2);
        uLong adler = adler32(0, NULL, 0);
        for (uint32_t b = 0; b < j.nbands; b++) {
            cpng__put(z, j.outs[b].data, j.outs[b].len);
            uint32_t y0 = b * j.band_rows;
            uint32_t rows = j.h - y0 < j.band_rows ? j.h - y0 : j.band_rows;
            adler = adler32_combine(adler, j.adlers[b], (z_off_t)((size_t)rows * j.rowbytes));
        }
        uint8_t tail[4];
        cpng__be32(tail, (uint32_t)adler);
        cpng__put(z, tail, 4);
    }
done:
    if (j.outs)
        for (uint32_t b = 0; b < j.nbands; b++) free(j.outs[b].data);
    free(j.outs);
    free(j.adlers);
    if (r) return cpng__fail(err, errlen, r, r == CPNG_E_NOMEM ? "out of memory while compressing"
                                                               : "deflate failed");
    return CPNG_OK;
}
