/*
 * cpng_stream.c: the streaming still-PNG encoder (cpng_stream_* in cpng.h),
 * which writes exactly the file cpng_encode writes for the same pixels.
 *
 * cpng_encode's colour type depends on the whole image: a palette for at most
 * 256 colours (in order of first appearance), else RGB if every pixel is
 * opaque, else RGBA. The stream encodes in the narrowest format still
 * possible, with an encoder of that format: its band layout (cpng__bands),
 * a window of source rows (palette indices, or RGBA) and the zlib stream so
 * far. A band is compressed by cpng_deflate.c, as in cpng_encode, once its
 * rows are in (`threads` bands at a time, or what is left at the end); its
 * bytes depend only on its rows and the rows before it, which the window
 * keeps (cpng__band_first_row), so they are cpng_encode's bytes.
 *
 * A 257th colour makes the stream RGB (RGBA if a colour so far was not
 * opaque), a pixel with alpha < 255 makes an RGB stream RGBA. The rows so far
 * then exist only as compressed data and the window, so the stream reads its
 * own zlib stream back row by row (inflate, unfilter, indices or RGB to RGBA)
 * and feeds those rows and the window's to an encoder of the new format. Each
 * change happens at most once, so a row is compressed at most three times.
 */
#include "cpng_internal.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* An encoder of one format (channels 1, 3 or 4). */
typedef struct {
    cpng__bands b;
    size_t row;            /* bytes per window row: w (indices) or w * 4 (RGBA) */
    uint8_t *win;          /* rows [first, rows) */
    uint32_t first, cap;   /* the window's first row; its capacity in rows */
    uint32_t rows;         /* rows in so far */
    uint32_t next;         /* bands [0, next) are in z */
    cpng__buf z;           /* zlib header and the bands so far */
    uint32_t adler;        /* of the bands so far */
} encoder;

enum { OPEN, FAILED, FINISHED };

struct cpng_stream {
    uint32_t w, h;
    int threads;           /* bands compressed at once, 1..CPNG__MAX_THREADS */
    int state;
    const cpng__opts *o;
    cpng__palette pal;     /* the colours, while paletted (and while changing from it) */
    encoder e;
};

static void encoder_free(encoder *e) {
    cpng__bands_free(&e->b);
    free(e->win);
    free(e->z.data);
    memset(e, 0, sizeof *e);
}

static int encoder_init(encoder *e, const cpng_stream *s, int channels) {
    memset(e, 0, sizeof *e);
    int r = cpng__bands_init(&e->b, s->w, s->h, channels, s->o);
    if (r) return r;
    const cpng__bands *b = &e->b;
    /* `threads` bands and the rows before them: the last band has the most */
    uint32_t last = b->nbands - 1, before = last * b->band_rows - cpng__band_first_row(b, last);
    uint64_t cap = (uint64_t)s->threads * b->band_rows + before;
    e->cap = cap < s->h ? (uint32_t)cap : s->h;
    e->row = channels == 1 ? s->w : (size_t)s->w * 4;
    e->adler = (uint32_t)adler32(0, NULL, 0);
    if (e->cap > SIZE_MAX / e->row) return CPNG_E_NOMEM; /* a window no size_t can hold */
    e->win = malloc((size_t)e->cap * e->row);
    if (!e->win) return CPNG_E_NOMEM;
    return cpng__zlib_head(b, &e->z);
}

static uint8_t *window_row(const encoder *e, uint32_t y) {
    return e->win + (size_t)(y - e->first) * e->row;
}

/* Takes the row written at window_row(e, e->rows); compresses the bands that
   are complete once `threads` of them are, or the image is; then drops the
   rows the next band does not read. */
static int encoder_commit(encoder *e, int threads) {
    const cpng__bands *b = &e->b;
    e->rows++;
    uint32_t done = e->rows == b->h ? b->nbands : e->rows / b->band_rows;
    if (done - e->next < (uint32_t)threads && e->rows < b->h) return CPNG_OK;
    cpng__source src = { e->win, e->row, e->first };
    int r = cpng__compress_bands(b, &src, e->next, done, threads, &e->z, &e->adler);
    if (r) return r;
    e->next = done;
    uint32_t keep = done < b->nbands ? cpng__band_first_row(b, done) : e->rows;
    memmove(e->win, window_row(e, keep), (size_t)(e->rows - keep) * e->row);
    e->first = keep;
    return CPNG_OK;
}

/* One row of w pixels as RGBA: palette indices (bpp 1), RGB (3) or RGBA (4). */
static void to_rgba(const uint8_t *src, int bpp, uint32_t w, const cpng__palette *pal, uint8_t *dst) {
    if (bpp == 4) {
        memcpy(dst, src, (size_t)w * 4);
        return;
    }
    for (uint32_t x = 0; x < w; x++) {
        const uint8_t *p = bpp == 1 ? pal->rgba + 4 * src[x] : src + 3 * (size_t)x;
        memcpy(dst + 4 * (size_t)x, p, 3);
        dst[4 * (size_t)x + 3] = bpp == 1 ? p[3] : 255;
    }
}

/* Reads an encoder's raw deflate data back (it has no final block). */
typedef struct {
    z_stream zs;
    const uint8_t *in;
    size_t left;
} reader;

/* Inflates exactly n bytes into out. */
static int read_bytes(reader *rd, uint8_t *out, size_t n) {
    const size_t most = 1u << 30; /* avail_in / avail_out are 32-bit */
    while (n) {
        uInt want = (uInt)(n < most ? n : most);
        rd->zs.next_out = out;
        rd->zs.avail_out = want;
        while (rd->zs.avail_out) {
            if (rd->zs.avail_in == 0) {
                if (rd->left == 0) return CPNG_E_INTERNAL;
                rd->zs.next_in = (Bytef *)rd->in;
                rd->zs.avail_in = (uInt)(rd->left < most ? rd->left : most);
                rd->in += rd->zs.avail_in;
                rd->left -= rd->zs.avail_in;
            }
            int r = inflate(&rd->zs, Z_NO_FLUSH);
            if (r != Z_OK) return r == Z_MEM_ERROR ? CPNG_E_NOMEM : CPNG_E_INTERNAL;
        }
        out += want;
        n -= want;
    }
    return CPNG_OK;
}

/* Feeds the rows of `old` to `e` as RGBA: the compressed ones read back from
   its zlib stream, then the rest from its window. */
static int replay(const cpng_stream *s, const encoder *old, encoder *e) {
    const cpng__bands *b = &old->b;
    uint32_t coded = old->next == b->nbands ? b->h : old->next * b->band_rows;
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.in = old->z.data + 2; /* past the zlib header */
    rd.left = old->z.len - 2;
    uint8_t *rows = malloc(2 * b->rowbytes); /* this filtered row and the one above, unfiltered */
    if (!rows || inflateInit2(&rd.zs, -15) != Z_OK) {
        free(rows);
        return CPNG_E_NOMEM;
    }
    int r = CPNG_OK;
    for (uint32_t y = 0; r == CPNG_OK && y < coded; y++) {
        uint8_t *cur = rows + (y & 1) * b->rowbytes;
        const uint8_t *above = y ? rows + ((y - 1) & 1) * b->rowbytes + 1 : NULL;
        r = read_bytes(&rd, cur, b->rowbytes);
        if (r == CPNG_OK && cpng__unfilter_row(cur[0], cur + 1, above, b->n, (size_t)b->ch))
            r = CPNG_E_INTERNAL;
        if (r == CPNG_OK) {
            to_rgba(cur + 1, b->ch, s->w, &s->pal, window_row(e, e->rows));
            r = encoder_commit(e, s->threads);
        }
    }
    for (uint32_t y = coded; r == CPNG_OK && y < old->rows; y++) {
        to_rgba(window_row(old, y), b->ch == 1 ? 1 : 4, s->w, &s->pal, window_row(e, e->rows));
        r = encoder_commit(e, s->threads);
    }
    inflateEnd(&rd.zs);
    free(rows);
    return r;
}

/* Re-encodes the rows so far as `channels` (3 or 4). */
static int change_format(cpng_stream *s, int channels) {
    encoder e;
    int r = encoder_init(&e, s, channels);
    if (r == CPNG_OK) r = replay(s, &s->e, &e);
    if (r) {
        encoder_free(&e);
        return r;
    }
    encoder_free(&s->e);
    s->e = e;
    return CPNG_OK;
}

/* Takes one RGBA row; `above` is the row before it when the caller's buffer
   has it (the palette copies the indices of a repeated row). */
static int take_row(cpng_stream *s, const uint8_t *row, const uint8_t *above) {
    encoder *e = &s->e;
    int r = CPNG_OK;
    if (e->b.ch == 1) {
        uint8_t *out = window_row(e, e->rows);
        if (cpng__palette_row(&s->pal, row, above, above ? out - e->row : NULL, s->w, out))
            return encoder_commit(e, s->threads);
        r = change_format(s, cpng__palette_has_alpha(&s->pal) ? 4 : 3); /* a 257th colour */
    }
    if (r == CPNG_OK && e->b.ch == 3 && cpng__has_alpha(row, s->w, 1, e->row)) r = change_format(s, 4);
    if (r) return r;
    memcpy(window_row(e, e->rows), row, e->row);
    return encoder_commit(e, s->threads);
}

cpng_stream *cpng__stream_begin_opts(uint32_t width, uint32_t height, int threads,
                                     const cpng__opts *opts, char *err, size_t errlen) {
    if (cpng__check_size(width, height, (size_t)width * 4, err, errlen)) return NULL;
    cpng_stream *s = calloc(1, sizeof *s);
    if (s) {
        s->w = width;
        s->h = height;
        s->threads = threads < 1 ? 1 : threads > CPNG__MAX_THREADS ? CPNG__MAX_THREADS : threads;
        s->o = opts;
        cpng__palette_init(&s->pal);
    }
    if (!s || encoder_init(&s->e, s, 1)) {
        cpng_stream_free(s);
        cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory for a %ux%u stream", width, height);
        return NULL;
    }
    return s;
}

cpng_stream *cpng_stream_begin(uint32_t width, uint32_t height, int threads, char *err, size_t errlen) {
    return cpng__stream_begin_opts(width, height, threads, NULL, err, errlen);
}

/* CPNG_OK if the stream takes calls, else CPNG_E_ARG with the reason. */
static int check_open(const cpng_stream *s, char *err, size_t errlen) {
    if (!s) return cpng__fail(err, errlen, CPNG_E_ARG, "stream is NULL");
    if (s->state == FAILED) return cpng__fail(err, errlen, CPNG_E_ARG, "stream failed earlier");
    if (s->state == FINISHED) return cpng__fail(err, errlen, CPNG_E_ARG, "stream is finished");
    return CPNG_OK;
}

static int failed(cpng_stream *s, int r, char *err, size_t errlen) {
    s->state = FAILED;
    return cpng__fail(err, errlen, r, r == CPNG_E_NOMEM ? "out of memory" : "deflate failed");
}

int cpng_stream_rows(cpng_stream *s, const uint8_t *rgba, size_t stride, uint32_t rows,
                     char *err, size_t errlen) {
    int r = check_open(s, err, errlen);
    if (r) return r;
    if (!rgba) return cpng__fail(err, errlen, CPNG_E_ARG, "pixels are NULL");
    r = cpng__check_size(s->w, s->h, stride, err, errlen);
    if (r) return r;
    if (rows > s->h - s->e.rows)
        return cpng__fail(err, errlen, CPNG_E_ARG, "%u more rows after %u of %u would pass the height",
                          rows, s->e.rows, s->h);
    for (uint32_t k = 0; k < rows && r == CPNG_OK; k++) {
        const uint8_t *row = rgba + (size_t)k * stride;
        r = take_row(s, row, k ? row - stride : NULL);
    }
    return r ? failed(s, r, err, errlen) : CPNG_OK;
}

int cpng_stream_finish(cpng_stream *s, cpng_buffer *out, char *err, size_t errlen) {
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    out->data = NULL;
    out->len = 0;
    int r = check_open(s, err, errlen);
    if (r) return r;
    if (s->e.rows < s->h)
        return cpng__fail(err, errlen, CPNG_E_ARG, "only %u of %u rows are in", s->e.rows, s->h);
    int channels = s->e.b.ch;
    cpng__buf z = s->e.z;
    s->e.z = (cpng__buf){ 0 };
    r = cpng__zlib_tail(&z, s->e.adler);
    encoder_free(&s->e); /* the window, before the file is made */
    if (r == CPNG_OK) r = cpng__png_file(s->w, s->h, channels, &s->pal, &z, out);
    free(z.data);
    if (r) return failed(s, r, err, errlen);
    s->state = FINISHED;
    return CPNG_OK;
}

/* The compressed data counts by its length: the part of its buffer past that
   is address space never written (realloc growth). */
size_t cpng_stream_bytes(const cpng_stream *s) {
    if (!s) return 0;
    const encoder *e = &s->e;
    size_t runs = e->b.runs ? (size_t)e->b.unit * e->b.rowbytes + e->b.unit_z.cap : 0;
    return sizeof *s + (size_t)e->cap * e->row + e->z.len + runs;
}

void cpng_stream_free(cpng_stream *s) {
    if (!s) return;
    encoder_free(&s->e);
    free(s);
}
