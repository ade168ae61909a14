/*
 * canim_gif.c: animated GIF writer (GIF89a through giflib's EGif* calls, with
 * an output function that appends to a memory buffer).
 *
 * A pixel's "shown" value is what GIF can show of it: 0 (transparent) for
 * alpha < 128, else 0xFF000000 | RGB. The writer keeps `prev`, the last
 * frame's shown values, and `canvas`, what a reader shows once the last
 * frame is drawn. The frame's change: when it has at most 255 opaque
 * colours, the pixels whose shown value differs from the canvas (so that
 * such a frame is shown exactly); otherwise those whose shown value differs
 * from `prev`. None: the frame only lengthens the one before it. The
 * rectangle to draw (the change's bounding box, grown as below) is put on
 * the canvas exactly when it has at most 255 opaque colours; otherwise with
 * a palette of 255 made from its own colours (median cut) and
 * Floyd-Steinberg dithering, in canim_quant.c. Either way the rectangle
 * drawn has at most 255 colours, and the output is a function of the
 * pixels alone.
 *
 * Frames are written one change late (the "pending" frame), because a
 * frame's disposal method, in its own Graphic Control Extension, depends on
 * the next frame: when the next frame turns opaque pixels transparent, which
 * drawing cannot do, the pending frame gets disposal 2 (restore to
 * background, which readers do as transparent) over its rectangle grown to
 * cover those pixels, and the next frame's rectangle covers the cleared one.
 * Every other frame gets disposal 1 (do not dispose), written explicitly.
 * Inside a stored rectangle every pixel is written: transparent pixels as
 * index 0, which leaves the canvas as it is, and which is transparent there
 * (unchanged, or cleared by the disposal); so are the pixels a rectangle
 * grew by for its disposal only, which show what they showed before.
 *
 * Frames are kept to the end. Each is then stored in the smallest of its
 * ways (put_kept), measured by canim_lzw.c: its pixels as drawn, with the
 * pixels that show what the reader already shows there made transparent,
 * or some of them (in runs, in long stretches, in stretches of more than
 * one colour; with the colours no changed pixel needs, or without), each
 * with the global colour table (choose_global), when it holds the frame's
 * colours, or a local table of the colours that way uses; then with the
 * way of clearing a full LZW table that makes it smallest. The LZW data is
 * Unfold's own (canim__lzw), handed to giflib block by block
 * (EGifPutCodeNext). Index 0 of every table is transparent (black) and
 * every GCE names it, whether a pixel uses it or not: Pillow reads a GIF
 * whose first frame has no transparency as RGB, and clears a disposed
 * rectangle with the frame's transparent colour.
 */
#include "canim_internal.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t x, y, w, h;
} rect;

/* A colour table: shown value -> index, index 0 transparent. */
typedef struct {
    uint32_t keys[1024];     /* 0 = empty slot (transparent is always index 0) */
    uint8_t index[1024];
    GifColorType colors[256];
    int n;
} table;

/* A frame kept until the end, when the global table is known: its
   rectangle, its GCE's fields, its own colours and its pixels as indices of
   them, as drawn (`plain`) and with the pixels that show what the screen
   already shows transparent (`keep`; NULL for a blank frame). */
typedef struct {
    rect r;
    int dispose;
    uint32_t delay_cs;
    table *colours;
    uint8_t *plain, *keep;
} kept;

typedef struct {
    GifFileType *gif;
    canim__buf out;          /* the file so far */
    uint32_t *canvas;        /* width * height values: what a reader shows */
    uint32_t *under;         /* what it shows before the pending frame is drawn */
    uint32_t *prev;          /* width * height shown values of the last frame */
    uint8_t *matted;         /* the frame blended over the matte, when there is one */
    canim__colour *colours;  /* width * height: scratch of canim__palette */
    uint32_t *values;        /* width * height: scratch of keep_image, kept for every frame */
    int *rows;               /* 6 * (width + 2): scratch of canim__dither */
    rect pend;               /* the frame not yet written */
    rect pend_drawn;         /* the part of it drawn (the rest is index 0) */
    int pend_dispose;        /* its disposal method: 1 or 2 */
    uint64_t pend_end;       /* ms from the start to its end */
    uint64_t written_cs;     /* centiseconds of the frames written */
    kept *frames;            /* the frames so far, written at the end */
    size_t count, cap, kept_bytes;
    table global;            /* the colours every frame may use (choose_global) */
    table local;             /* the colours of the frame being written */
    uint32_t seen[1024];     /* scratch of few_colours */
    canim__lzw_table lzw;    /* scratch of canim__lzw */
} gif_state;

#define SHOWN(p) ((p)[3] < 128 ? 0u : 0xFF000000u | (uint32_t)(p)[0] << 16 | (uint32_t)(p)[1] << 8 | (p)[2])

static unsigned slot_of(uint32_t v) { return (v * 0x9E3779B1u) >> 22; }

/* 1 if the h rows of w pixels have at most 255 distinct opaque colours;
   `seen` is scratch of 1024 entries (the colour table's keys, cleared again
   before use). */
static int few_colours(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h, uint32_t *seen) {
    memset(seen, 0, 1024 * sizeof *seen);
    int n = 0;
    uint32_t last = 0;
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < w; x++, p += 4) {
            uint32_t v = SHOWN(p);
            if (v == 0 || v == last) continue;
            last = v;
            unsigned s = slot_of(v);
            while (seen[s] && seen[s] != v) s = (s + 1) & 1023;
            if (seen[s]) continue;
            if (++n > 255) return 0;
            seen[s] = v;
        }
    }
    return 1;
}

static int gif_write(GifFileType *gif, const GifByteType *p, int n) {
    canim__buf *b = gif->UserData;
    return n >= 0 && canim__put(b, p, (size_t)n) == CANIM_OK ? n : 0;
}

/* The code for a giflib failure: out of memory if our buffer could not grow. */
static int gif_failed(gif_state *s, const char *what, char *err, size_t errlen) {
    if (s->out.failed) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the GIF");
    return canim__fail(err, errlen, CANIM_E_INTERNAL, "giflib: %s failed: %s", what,
                       GifErrorString(s->gif->Error));
}

static int gif_begin(canim_writer *w, char *err, size_t errlen) {
    gif_state *s = calloc(1, sizeof *s);
    if (!s) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
    w->impl = s;
    size_t px = (size_t)w->width * w->height;
    s->canvas = malloc(px * sizeof *s->canvas);
    s->under = calloc(px, sizeof *s->under); /* frame 0 is drawn on a transparent screen */
    s->prev = malloc(px * sizeof *s->prev);
    s->colours = malloc(px * sizeof *s->colours);
    s->values = malloc(px * sizeof *s->values);
    s->rows = malloc(6 * ((size_t)w->width + 2) * sizeof *s->rows);
    int e = 0;
    if (s->canvas && s->under && s->prev && s->colours && s->values && s->rows)
        s->gif = EGifOpen(&s->out, gif_write, &e);
    if (!s->gif)
        return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for a %ux%u GIF", w->width,
                           w->height);
    EGifSetGifVersion(s->gif, true);
    return CANIM_OK;
}

/* An empty table: index 0 transparent, or (`opaque_only`) no index set
   aside, for a global table whose frames each name an unused colour. */
static void table_clear(table *t, int opaque_only) {
    memset(t, 0, sizeof *t);
    t->n = opaque_only ? 0 : 1;
}

/* The index of shown value v in t, adding it if `add` (and t has room);
   -1 if t does not hold it. */
static int table_index(table *t, uint32_t v, int add) {
    if (!v) return 0;
    unsigned k = slot_of(v);
    while (t->keys[k] && t->keys[k] != v) k = (k + 1) & 1023;
    if (!t->keys[k] && (!add || t->n == 256)) return -1;
    if (!t->keys[k]) {
        t->keys[k] = v;
        t->index[k] = (uint8_t)t->n;
        t->colors[t->n] = (GifColorType){ (GifByteType)(v >> 16), (GifByteType)(v >> 8), (GifByteType)v };
        t->n++;
    }
    return t->index[k];
}

static int table_bits(const table *t) {
    int bits = 1;
    while ((1 << bits) < t->n) bits++;
    return bits;
}

/* The shown values to store over r: the canvas inside `drawn` (at most 255
   colours) and 0 elsewhere, or 0 over all of r (`blank`). */
static void frame_values(const canim_writer *w, const gif_state *s, rect r, rect drawn, int blank, uint32_t *v) {
    for (uint32_t y = r.y; y < r.y + r.h; y++, v += r.w) {
        const uint32_t *c = s->canvas + (size_t)y * w->width;
        if (blank || y < drawn.y || y >= drawn.y + drawn.h) {
            memset(v, 0, r.w * sizeof *v);
            continue;
        }
        for (uint32_t x = r.x; x < r.x + r.w; x++) v[x - r.x] = x >= drawn.x && x < drawn.x + drawn.w ? c[x] : 0;
    }
}

/* `plain` with every pixel of r that shows what the screen showed before
   (`under`) transparent. */
static void keep_values(const canim_writer *w, const gif_state *s, rect r, const uint8_t *plain, uint8_t *keep) {
    for (uint32_t y = r.y; y < r.y + r.h; y++) {
        const uint32_t *c = s->canvas + (size_t)y * w->width, *u = s->under + (size_t)y * w->width;
        for (uint32_t x = r.x; x < r.x + r.w; x++, plain++) *keep++ = c[x] == u[x] ? 0 : *plain;
    }
}

/* Maps n values to indices of t (adding colours when `add`); 0 if a colour
   is not in t. */
static int to_indices(table *t, const uint32_t *v, size_t n, int add, uint8_t *out) {
    uint32_t last = 0;
    int li = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] != last || i == 0) li = table_index(t, last = v[i], add);
        if (li < 0) return 0;
        out[i] = (uint8_t)li;
    }
    return 1;
}

/* The screen descriptor, with the global table, and the loop extension. */
static int put_header(canim_writer *w, gif_state *s, char *err, size_t errlen) {
    ColorMapObject *map = GifMakeMapObject(1 << table_bits(&s->global), s->global.colors);
    if (!map) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
    int bad = EGifPutScreenDesc(s->gif, (int)w->width, (int)w->height, 8, 0, map) == GIF_ERROR;
    GifFreeMapObject(map);
    if (bad || s->out.failed) return gif_failed(s, "EGifPutScreenDesc", err, errlen);
    if (w->loops != 1) { /* NETSCAPE2.0 counts the repeats after the first play */
        uint32_t repeats = w->loops ? w->loops - 1 : 0;
        const uint8_t sub[3] = { 1, (uint8_t)repeats, (uint8_t)(repeats >> 8) };
        if (EGifPutExtensionLeader(s->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(s->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(s->gif, 3, sub) == GIF_ERROR ||
            EGifPutExtensionTrailer(s->gif) == GIF_ERROR || s->out.failed)
            return gif_failed(s, "the loop extension", err, errlen);
    }
    return CANIM_OK;
}

/* One GCE (naming index `transparent`) + image descriptor (with the local
   table `local`, or none) + the image's LZW data, `lzw_len` bytes of
   canim__lzw, in sub-blocks of at most 255 bytes. */
static int put_image(gif_state *s, rect r, const table *local, const uint8_t *lzw, size_t lzw_len, int transparent,
                     int dispose, uint32_t delay_cs, char *err, size_t errlen) {
    const uint8_t gce[4] = { (uint8_t)(dispose << 2 | 1), (uint8_t)delay_cs, (uint8_t)(delay_cs >> 8),
                             (uint8_t)transparent };
    if (EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, 4, gce) == GIF_ERROR || s->out.failed)
        return gif_failed(s, "EGifPutExtension", err, errlen);
    ColorMapObject *map = local ? GifMakeMapObject(1 << table_bits(local), local->colors) : NULL;
    if (local && !map) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
    if (!local) { /* giflib forgets, without freeing, the last frame's local table when given none */
        GifFreeMapObject(s->gif->Image.ColorMap);
        s->gif->Image.ColorMap = NULL;
    }
    /* The descriptor writes the code size byte (the table's bits, at least 2, as canim__lzw starts from). */
    int bad = EGifPutImageDesc(s->gif, (int)r.x, (int)r.y, (int)r.w, (int)r.h, false, map) == GIF_ERROR;
    GifFreeMapObject(map);
    if (bad || s->out.failed) return gif_failed(s, "EGifPutImageDesc", err, errlen);
    uint8_t block[256];
    for (size_t at = 0; at < lzw_len; at += block[0]) {
        block[0] = (uint8_t)(lzw_len - at < 255 ? lzw_len - at : 255);
        memcpy(block + 1, lzw + at, block[0]);
        if (EGifPutCodeNext(s->gif, block) == GIF_ERROR || s->out.failed)
            return gif_failed(s, "EGifPutCodeNext", err, errlen);
    }
    if (EGifPutCodeNext(s->gif, NULL) == GIF_ERROR || s->out.failed) /* the empty sub-block: the image is done */
        return gif_failed(s, "EGifPutCodeNext", err, errlen);
    return CANIM_OK;
}

/* Keeps the frame over r until the end: frame_values as indices of a table
   of their own colours, as drawn and with `keep` (blank: only as drawn). */
static int keep_image(canim_writer *w, gif_state *s, rect r, rect drawn, int dispose, uint32_t delay_cs,
                      int blank) {
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        kept *k = realloc(s->frames, cap * sizeof *k);
        if (!k) return CANIM_E_NOMEM;
        s->frames = k;
        s->cap = cap;
    }
    size_t n = (size_t)r.w * r.h;
    kept k = { r, dispose, delay_cs, malloc(sizeof(table)), malloc(n), blank ? NULL : malloc(n) };
    uint32_t *v = s->values;
    int e = k.colours && k.plain && (blank || k.keep) ? CANIM_OK : CANIM_E_NOMEM;
    if (!e) {
        table_clear(k.colours, 0);
        frame_values(w, s, r, drawn, blank, v);
        to_indices(k.colours, v, n, 1, k.plain);
        if (!blank) keep_values(w, s, r, k.plain, k.keep);
        s->frames[s->count++] = k;
        s->kept_bytes += sizeof(table) + n * (blank ? 1 : 2);
    } else {
        free(k.colours);
        free(k.plain);
        free(k.keep);
    }
    return e;
}

static uint32_t table_value(const table *t, int i) {
    const GifColorType c = t->colors[i];
    return 0xFF000000u | (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
}

/* Adds the colours of frame table f (not its transparent index 0) to t if
   they all fit; returns 1 if t then holds them. */
static int table_take(table *t, const table *f) {
    int missing = 0;
    for (int i = 1; i < f->n; i++) missing += table_index(t, table_value(f, i), 0) < 0;
    if (t->n + missing > 256) return 0;
    for (int i = 1; i < f->n; i++) table_index(t, table_value(f, i), 1);
    return 1;
}

/* The global table, whose frames need no table of their own: starting from
   each frame's colours, the colours of every other frame (in order from
   it) that still fit in 256, kept when the frames it holds save the most table bytes
   (every frame's colours, when they fit). A frame that uses it names as
   transparent a colour it does not use: it has at most 255. At most
   STARTS starting frames, spread evenly: O(STARTS x frames x 256). */
#define STARTS 32
static void choose_global(gif_state *s) {
    table t;
    size_t best = 0, starts = s->count < STARTS ? s->count : STARTS;
    table_clear(&s->global, 1);
    for (size_t start = 0; start < starts; start++) {
        size_t first = start * s->count / starts;
        table_clear(&t, 1);
        size_t saved = 0, taken = 0;
        for (size_t k = 0; k < s->count; k++) {
            const table *f = s->frames[(first + k) % s->count].colours;
            if (table_take(&t, f)) saved += 3u << table_bits(f), taken++;
        }
        if (saved > best) {
            best = saved;
            s->global = t;
        }
        if (taken == s->count) break; /* every frame fits: no start does better */
    }
}

/* The indices `src` (of frame table f) as indices of a table `out` of only
   the colours they use, in order of first use. */
static void compact(const table *f, const uint8_t *src, size_t n, table *out, uint8_t *idx) {
    int map[256];
    memset(map, -1, sizeof map);
    table_clear(out, 0);
    map[0] = 0;
    for (size_t i = 0; i < n; i++) {
        if (map[src[i]] < 0) map[src[i]] = table_index(out, table_value(f, src[i]), 1);
        idx[i] = (uint8_t)map[src[i]];
    }
}

/* The ways to store a frame (put_kept). Six base ways: its pixels as
   drawn (`plain`); with every pixel that shows what the screen already
   shows (an unchanged pixel) transparent (`keep`); with such a pixel in
   its colour where that continues the run before it and transparent
   elsewhere, so that runs grow either way (run_way); with unchanged pixels
   transparent in stretches of at least 4 or 16 except a stretch of one
   colour that its neighbour continues, or (gifsicle's -O2 rule)
   transparent in stretches of more than one colour (stretch_ways). Then
   three spared ways: `plain` and the stretches of at least 4 and of more
   than one colour with the colours that no changed pixel needs made
   transparent wherever they are, which can leave the frame fewer colours
   (gifsicle's idea; the others seldom gain from it). */
#define BASE_WAYS 6
#define WAYS (BASE_WAYS + 3)
static const int spared_from[WAYS - BASE_WAYS] = { 0, 3, 5 };

static int unchanged(const kept *f, size_t i) { return f->keep[i] == 0 && f->plain[i] != 0; }

static void run_way(const kept *f, size_t n, uint8_t *out) {
    uint8_t last = 0;
    for (size_t i = 0; i < n; i++) out[i] = last = unchanged(f, i) ? (last == f->plain[i] ? last : 0) : f->keep[i];
}

/* The three stretch ways at once (`out[0]`: at least 4, `out[1]`: at least
   16, `out[2]`: more than one colour), as they share their stretches. */
static void stretch_ways(const kept *f, size_t n, uint8_t *const out[3]) {
    static const size_t least[2] = { 4, 16 };
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && unchanged(f, j)) j++;
        if (j == i) {
            out[0][i] = out[1][i] = out[2][i] = f->keep[i];
            i++;
            continue;
        }
        const uint8_t colour = f->plain[i];
        int uniform = 1;
        for (size_t k = i + 1; k < j && uniform; k++) uniform = f->plain[k] == colour;
        int next_continues = j < n && f->keep[j] == colour;
        for (int w = 0; w < 2; w++) {
            int kept_colour = uniform && ((i > 0 && out[w][i - 1] == colour) || next_continues);
            if (j - i >= least[w] && !kept_colour) memset(out[w] + i, 0, j - i);
            else memcpy(out[w] + i, f->plain + i, j - i);
        }
        if (uniform) memcpy(out[2] + i, f->plain + i, j - i);
        else memset(out[2] + i, 0, j - i);
        i = j;
    }
}

/* A spared way from the pixels of its base way: every colour that is not
   `needed` made transparent. */
static void spare(const uint8_t *base, const uint8_t *needed, size_t n, uint8_t *out) {
    uint8_t mask[256];
    for (int c = 0; c < 256; c++) mask[c] = needed[c] ? 0xFF : 0;
    for (size_t i = 0; i < n; i++) out[i] = base[i] & mask[base[i]];
}

/* When a full LZW table is cleared, in the ways tried for the way a frame
   is stored in: at once, as late as canim__lzw allows, once codes average
   fewer than 2 or 4 pixels, or 128, 512 or 2048 codes later. */
static const canim__clearing clearings[] = { { 0, UINT32_MAX }, { 0, 0 }, { 0, 2 * 256 }, { 0, 4 * 256 },
                                             { 128, UINT32_MAX }, { 512, UINT32_MAX }, { 2048, UINT32_MAX } };

/* GIF's LZW codes start one bit wider than this (canim__lzw): the table's bits, at least 2. */
static int code_size(int bits) { return bits < 2 ? 2 : bits; }

/* The best way to store a frame so far: its bytes in the file, its LZW
   data's bytes, whether its table filled up, its pixels and whether it
   uses the global table. */
typedef struct {
    size_t bytes, lzw;
    int filled, global;
    const uint8_t *pixels;
} choice;

/* Measures `src` (indices of the frame's table f) stored with a table of
   only the colours it uses, and, when the frame's colours are in the
   global table (`global`), with the global table; keeps the smaller in
   `best`. LZW's bytes depend only on which pixels are alike and on the
   code size, not on the indices themselves, so `src` is measured as it is
   wherever its indices fit the code size (always for the global table,
   which holds the frame's table); only a local table of a smaller code
   size needs it compacted, into `idx` (n bytes). When the code sizes are
   alike, one measure serves both, and the global table, which costs no
   table of its own, wins. */
static void measure(gif_state *s, const table *f, const uint8_t *src, size_t n, int global, uint8_t *idx,
                    choice *best) {
    uint8_t present[256] = { 0 };
    for (size_t i = 0; i < n; i++) present[src[i]] = 1;
    int colours = 1; /* and index 0, transparent, in every table */
    for (int i = 1; i < 256; i++) colours += present[i];
    int local_bits = 1, global_bits = table_bits(&s->global);
    while ((1 << local_bits) < colours) local_bits++;
    if (!global || code_size(local_bits) != code_size(global_bits)) {
        const uint8_t *local = src;
        if (code_size(local_bits) != code_size(table_bits(f))) {
            compact(f, src, n, &s->local, idx);
            local = idx;
        }
        size_t table = 3u << local_bits, limit = best->bytes > table ? best->bytes - table : 0;
        size_t lzw = canim__lzw(local, n, local_bits, CANIM__CLEAR_AT_ONCE, limit, &s->lzw, NULL);
        if (table + canim__lzw_stored(lzw) < best->bytes)
            *best = (choice){ table + canim__lzw_stored(lzw), lzw, s->lzw.filled, 0, src };
        if (!global) return;
    }
    size_t lzw = canim__lzw(src, n, global_bits, CANIM__CLEAR_AT_ONCE, best->bytes, &s->lzw, NULL);
    if (canim__lzw_stored(lzw) < best->bytes) *best = (choice){ canim__lzw_stored(lzw), lzw, s->lzw.filled, 1, src };
}

/* Writes kept frame f in the smallest of its ways (the base ways and the
   spared ways), each with the global table (when it holds the frame's
   colours) or a table of the colours that way uses, and then in the
   smallest of its `clearings`. A way whose pixels an earlier way has
   already is not measured again. A blank frame has only its first way.
   `idx` is of the frame's size, `store` of WAYS times it,
   `lzw` of canim__lzw_bound of it. */
static int put_kept(gif_state *s, const kept *f, uint8_t *idx, uint8_t *store, uint8_t *lzw,
                    char *err, size_t errlen) {
    size_t n = (size_t)f->r.w * f->r.h;
    int remap[256], global = 1;
    uint8_t used[256] = { 0 }, needed[256] = { 0 };
    for (int i = 1; i < f->colours->n; i++) {
        remap[i] = table_index(&s->global, table_value(f->colours, i), 0);
        if (remap[i] < 0) global = 0;
        else used[remap[i]] = 1;
    }
    remap[0] = 0; /* transparent: the first colour the frame does not use */
    while (used[remap[0]]) remap[0]++;
    if (remap[0] >= 1 << table_bits(&s->global)) global = 0; /* no free index inside the table */
    for (size_t i = 0; f->keep && i < n; i++) needed[f->keep[i]] = 1;
    /* Each way's pixels: `plain`, `keep`, or way k's at store + k * n. */
    const uint8_t *px[WAYS] = { f->plain, f->keep };
    if (f->keep) {
        for (int way = 2; way < WAYS; way++) px[way] = store + (size_t)way * n;
        run_way(f, n, store + 2 * n);
        stretch_ways(f, n, (uint8_t *const[3]){ store + 3 * n, store + 4 * n, store + 5 * n });
        for (int k = 0; k < WAYS - BASE_WAYS; k++) spare(px[spared_from[k]], needed, n, store + (size_t)(BASE_WAYS + k) * n);
    }
    choice best = { SIZE_MAX, 0, 0, 0, f->plain };
    const uint8_t *tried[WAYS]; /* the distinct ways' pixels */
    for (int way = 0, ways = 0; way < (f->keep ? WAYS : 1); way++) {
        int seen = 0;
        for (int t = 0; t < ways && !seen; t++) seen = !memcmp(tried[t], px[way], n);
        if (seen) continue;
        tried[ways++] = px[way];
        measure(s, f->colours, px[way], n, global, idx, &best);
    }
    if (best.global)
        for (size_t i = 0; i < n; i++) idx[i] = (uint8_t)remap[best.pixels[i]];
    else
        compact(f->colours, best.pixels, n, &s->local, idx);
    int bits = table_bits(best.global ? &s->global : &s->local);
    canim__clearing clearing = clearings[0]; /* measured already: best.lzw */
    size_t least = best.lzw;
    /* A table that never filled up is never cleared: every clearing is the first. */
    for (size_t c = 1; c < (best.filled ? sizeof clearings / sizeof *clearings : 0); c++) {
        size_t bytes = canim__lzw(idx, n, bits, clearings[c], least, &s->lzw, NULL);
        if (bytes < least) clearing = clearings[c], least = bytes;
    }
    size_t len = canim__lzw(idx, n, bits, clearing, SIZE_MAX, &s->lzw, lzw);
    return put_image(s, f->r, best.global ? NULL : &s->local, lzw, len, best.global ? remap[0] : 0, f->dispose,
                     f->delay_cs, err, errlen);
}

/* Keeps the pending frame: its delay is its end rounded to the centisecond,
   less what is kept, at least 2 cs; over 65535 cs it goes on in blank
   frames of the same rectangle, the last of which carries the disposal. */
static int put_pending(canim_writer *w, gif_state *s, char *err, size_t errlen) {
    int64_t delay = (int64_t)((s->pend_end + 5) / 10) - (int64_t)s->written_cs;
    if (delay < 2) delay = 2;
    s->written_cs += (uint64_t)delay;
    for (int first = 1; delay > 0; first = 0) {
        int64_t d = delay <= 65535 ? delay : delay - 65535 >= 2 ? 65535 : 65533;
        delay -= d;
        if (keep_image(w, s, s->pend, s->pend_drawn, delay ? 1 : s->pend_dispose, (uint32_t)d, !first))
            return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the GIF");
    }
    return CANIM_OK;
}

static rect unite(rect a, rect b) {
    uint32_t x0 = a.x < b.x ? a.x : b.x, y0 = a.y < b.y ? a.y : b.y;
    uint32_t x1 = a.x + a.w > b.x + b.w ? a.x + a.w : b.x + b.w;
    uint32_t y1 = a.y + a.h > b.y + b.h ? a.y + a.h : b.y + b.h;
    return (rect){ x0, y0, x1 - x0, y1 - y0 };
}

/* A bounding box being grown pixel by pixel: [x0, x1) x [y0, y1); empty while x1 == 0. */
typedef struct {
    uint32_t x0, y0, x1, y1;
} box;

static void box_add(box *b, uint32_t x, uint32_t y) {
    if (b->x1 == 0) {
        *b = (box){ x, y, x + 1, y + 1 };
        return;
    }
    if (x < b->x0) b->x0 = x;
    if (x >= b->x1) b->x1 = x + 1;
    if (y >= b->y1) b->y1 = y + 1; /* rows come in order: y0 is the first */
}

static rect box_rect(box b) { return (rect){ b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0 }; }

/* Puts rectangle r of the frame on the canvas: exactly if it has at most
   255 opaque colours, else on a palette of its own, dithered. */
static void draw(canim_writer *w, gif_state *s, const uint8_t *rgba, size_t stride, rect r) {
    const uint8_t *src = rgba + (size_t)r.y * stride + 4 * (size_t)r.x;
    uint32_t *dst = s->canvas + (size_t)r.y * w->width + r.x;
    if (few_colours(src, stride, r.w, r.h, s->seen)) {
        for (uint32_t y = 0; y < r.h; y++)
            for (uint32_t x = 0; x < r.w; x++)
                dst[(size_t)y * w->width + x] = SHOWN(src + (size_t)y * stride + 4 * (size_t)x);
        return;
    }
    size_t n = 0; /* the opaque colours, runs of one colour as one entry */
    for (uint32_t y = 0; y < r.h; y++) {
        const uint8_t *p = src + (size_t)y * stride;
        for (uint32_t x = 0; x < r.w; x++, p += 4) {
            uint32_t v = SHOWN(p);
            if (!v) continue;
            if (n && s->colours[n - 1].rgb == (v & 0xFFFFFF))
                s->colours[n - 1].n++;
            else
                s->colours[n++] = (canim__colour){ v & 0xFFFFFF, 1, 0 };
        }
    }
    uint32_t palette[255];
    size_t np = canim__palette(s->colours, n, 255, palette);
    canim__dither(src, stride, r.w, r.h, palette, np, dst, w->width, s->rows);
}

/* The frame with every partly transparent pixel blended over the matte and
   made opaque (rounded to nearest), in s->matted. */
static const uint8_t *over_matte(const canim_writer *w, gif_state *s, const uint8_t *rgba, size_t stride) {
    const uint8_t m[3] = { (uint8_t)(w->matte >> 16), (uint8_t)(w->matte >> 8), (uint8_t)w->matte };
    for (uint32_t y = 0; y < w->height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint8_t *q = s->matted + (size_t)y * w->width * 4;
        for (uint32_t x = 0; x < w->width; x++, p += 4, q += 4) {
            unsigned a = p[3];
            for (int c = 0; c < 3; c++) q[c] = a == 0 || a == 255 ? p[c] : (uint8_t)((p[c] * a + m[c] * (255 - a) + 127) / 255);
            q[3] = a == 0 ? 0 : 255;
        }
    }
    return s->matted;
}

static int gif_add(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t ms, char *err,
                   size_t errlen) {
    gif_state *s = w->impl;
    const uint32_t W = w->width, H = w->height;
    if (w->matted) {
        if (!s->matted && !(s->matted = malloc((size_t)W * H * 4)))
            return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the GIF");
        rgba = over_matte(w, s, rgba, stride);
        stride = (size_t)W * 4;
    }
    if (w->frames == 0) {
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++)
                s->prev[(size_t)y * W + x] = SHOWN(rgba + (size_t)y * stride + 4 * (size_t)x);
        s->pend = s->pend_drawn = (rect){ 0, 0, W, H };
        draw(w, s, rgba, stride, s->pend);
        s->pend_dispose = 1;
        s->pend_end = ms;
        return CANIM_OK;
    }
    /* compared with the canvas (exact frames) or with the last frame */
    const uint32_t *before = few_colours(rgba, stride, W, H, s->seen) ? s->canvas : s->prev;
    box changed = { 0 }, cleared = { 0 }; /* cleared: opaque pixels turning transparent */
    for (uint32_t y = 0; y < H; y++) {
        const uint32_t *c = before + (size_t)y * W;
        uint32_t *prev = s->prev + (size_t)y * W;
        const uint8_t *p = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < W; x++, p += 4) {
            uint32_t n = SHOWN(p);
            if (n != c[x]) {
                box_add(&changed, x, y);
                if (!n) box_add(&cleared, x, y);
            }
            prev[x] = n; /* after the comparison: c may be prev */
        }
    }
    if (changed.x1 == 0) { /* nothing to show: the pending frame lasts longer */
        s->pend_end += ms;
        return CANIM_OK;
    }
    rect r = box_rect(changed);
    if (cleared.x1) {
        s->pend = unite(s->pend, box_rect(cleared));
        s->pend_dispose = 2;
        r = unite(r, s->pend); /* the disposal clears all of it: draw it again */
    }
    int e = put_pending(w, s, err, errlen);
    if (e) return e;
    memcpy(s->under, s->canvas, (size_t)W * H * sizeof *s->under); /* what the screen shows now */
    for (uint32_t y = s->pend.y; s->pend_dispose == 2 && y < s->pend.y + s->pend.h; y++)
        memset(s->under + (size_t)y * W + s->pend.x, 0, s->pend.w * sizeof *s->under);
    draw(w, s, rgba, stride, r);
    s->pend = s->pend_drawn = r;
    s->pend_dispose = 1;
    s->pend_end = w->total_ms + ms;
    return CANIM_OK;
}

static int gif_finish(canim_writer *w, uint8_t **out, size_t *out_len, char *err, size_t errlen) {
    gif_state *s = w->impl;
    int r = put_pending(w, s, err, errlen);
    if (r) return r;
    choose_global(s);
    r = put_header(w, s, err, errlen);
    size_t most = 0;
    for (size_t f = 0; f < s->count; f++)
        if ((size_t)s->frames[f].r.w * s->frames[f].r.h > most) most = (size_t)s->frames[f].r.w * s->frames[f].r.h;
    uint8_t *idx = r ? NULL : malloc(most), *store = r ? NULL : malloc(WAYS * most);
    uint8_t *lzw = r ? NULL : malloc(canim__lzw_bound(most));
    if (!r && (!idx || !store || !lzw)) r = canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the GIF");
    for (size_t f = 0; !r && f < s->count; f++) r = put_kept(s, &s->frames[f], idx, store, lzw, err, errlen);
    free(idx);
    free(store);
    free(lzw);
    if (r) return r;
    int e = 0;
    GifFileType *gif = s->gif;
    s->gif = NULL;
    if (EGifCloseFile(gif, &e) == GIF_ERROR || s->out.failed) {
        if (s->out.failed) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the GIF");
        return canim__fail(err, errlen, CANIM_E_INTERNAL, "giflib: EGifCloseFile failed: %s",
                           GifErrorString(e));
    }
    uint8_t *d = realloc(s->out.data, s->out.len); /* give back the slack */
    *out = d ? d : s->out.data;
    *out_len = s->out.len;
    s->out.data = NULL;
    return CANIM_OK;
}

static size_t gif_bytes(const canim_writer *w) {
    const gif_state *s = w->impl;
    size_t px = (size_t)w->width * w->height;
    return sizeof *s + (s->matted ? px * 4 : 0) + px * (sizeof *s->canvas + sizeof *s->under + sizeof *s->prev + sizeof *s->colours) +
           6 * ((size_t)w->width + 2) * sizeof *s->rows + s->out.cap + s->cap * sizeof *s->frames + s->kept_bytes;
}

static void gif_release(canim_writer *w) {
    gif_state *s = w->impl;
    if (s->gif) EGifCloseFile(s->gif, NULL);
    free(s->canvas);
    free(s->prev);
    free(s->colours);
    free(s->values);
    free(s->rows);
    free(s->under);
    free(s->matted);
    for (size_t f = 0; f < s->count; f++) {
        free(s->frames[f].colours);
        free(s->frames[f].plain);
        free(s->frames[f].keep);
    }
    free(s->frames);
    free(s->out.data);
    free(s);
    w->impl = NULL;
}

const canim__ops canim__gif_ops = { "GIF", gif_begin, gif_add, gif_finish, gif_bytes, gif_release };
