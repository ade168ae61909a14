/*
 * cpng_apng.c: animated PNG writer (acTL / fcTL / fdAT, APNG 1.0).
 *
 * Frame 0 is the default image (IDAT) and covers the canvas. A frame that
 * shows what the one before it shows is not written: the one before shows
 * for longer (its delay is summed). Every other frame is drawn on the canvas
 * the frame before it leaves, which that frame's dispose_op decides:
 *
 *   NONE        the canvas as that frame showed it
 *   BACKGROUND  the same, with that frame's rectangle cleared (tried only
 *               when a frame has transparent pixels; on an opaque animation
 *               it can only make the next rectangle larger)
 *   PREVIOUS    the canvas from before that frame (not after frame 0; a
 *               frame blended OVER is stored SOURCE instead when it gets
 *               PREVIOUS, which Pillow 13 restores wrongly after OVER)
 *
 * and is the bounding box of the pixels that differ from that canvas, blended
 * SOURCE (the box replaces the canvas), or OVER with the pixels that do not
 * change left transparent (when every pixel that changes is opaque), which
 * compresses to less where most of the box stays; short stretches of
 * unchanged opaque pixels may be drawn over themselves instead (compress_box).
 * The effort decides how the way is chosen:
 *
 *   CPNG_APNG_FAST  the smallest box, blended OVER where it can be (pick),
 *                   compressed once, as it comes (cpng__fast_frame_opts)
 *   CPNG_APNG_MAX   every way compressed quickly (cpng__default_opts) and
 *                   the smallest kept (search); at the end, every frame is
 *                   compressed again with cpng__frame_opts (compress_all_again)
 *
 * and the dispose_op of the frame before is then set.
 *
 * All frames share one colour type (cpng_apng_format.c), chosen from the
 * colours so far; when a frame needs a wider one, the frames before are read
 * back from their own zlib streams and stored again. So the writer holds the
 * compressed frames, the two canvases (three with transparency), one box's
 * packed pixels and no frame it has been given; the file is assembled in
 * cpng_apng_finish, which knows the frame count and the colour type. The same frames give the same bytes
 * whatever `threads` is.
 */
#include "cpng_internal.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { DISPOSE_NONE = 0, DISPOSE_BACKGROUND = 1, DISPOSE_PREVIOUS = 2 };
enum { BLEND_SOURCE = 0, BLEND_OVER = 1 };

/* One frame as it will be written: its fcTL fields and its image data. */
typedef struct {
    uint32_t x, y, w, h;
    uint16_t num, den;
    uint8_t dispose, blend;
    uint64_t clear; /* blended OVER: the pixels left transparent */
    cpng__buf z;    /* the frame's zlib stream in the writer's format */
} frame;

struct cpng_apng {
    uint32_t w, h, plays;
    int threads, failed, over; /* over: a frame is blended OVER, so the format needs a transparent value */
    cpng_apng_effort effort;
    const cpng__opts *opts; /* how a frame is compressed as it comes */
    cpng__colours colours;
    cpng__format format;
    uint8_t *shown;   /* the canvas as the last frame shows it, w * h * 4 */
    uint8_t *under;   /* the canvas the last frame was drawn on (its PREVIOUS) */
    uint8_t *cleared; /* the canvas its BACKGROUND leaves: made only when a frame has alpha */
    cpng__buf scratch; /* a frame's packed pixels */
    frame *frames;
    uint32_t count, cap;
};

cpng_apng *cpng_apng_begin(uint32_t width, uint32_t height, uint32_t num_plays, int threads,
                           cpng_apng_effort effort, char *err, size_t errlen) {
    if (effort != CPNG_APNG_FAST && effort != CPNG_APNG_MAX) {
        cpng__fail(err, errlen, CPNG_E_ARG, "APNG effort %d is neither CPNG_APNG_FAST nor CPNG_APNG_MAX", (int)effort);
        return NULL;
    }
    if (cpng__check_size(width, height, (size_t)width * 4, err, errlen)) return NULL;
    if ((uint64_t)width * height * 4 > SIZE_MAX / 3) {
        cpng__fail(err, errlen, CPNG_E_TOO_BIG, "APNG canvas %ux%u is too large", width, height);
        return NULL;
    }
    size_t canvas = (size_t)width * height * 4;
    cpng_apng *a = calloc(1, sizeof *a);
    if (a) {
        a->shown = malloc(canvas);
        a->under = calloc(1, canvas); /* frame 0 is drawn on a transparent canvas */
    }
    if (!a || !a->shown || !a->under || cpng__colours_init(&a->colours, width)) {
        cpng_apng_free(a);
        cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory for a %ux%u APNG", width, height);
        return NULL;
    }
    a->w = width;
    a->h = height;
    a->plays = num_plays;
    a->threads = threads;
    a->effort = effort;
    a->opts = effort == CPNG_APNG_MAX ? &cpng__default_opts : &cpng__fast_frame_opts;
    return a;
}

/* ---- the rectangle that changes ---- */

typedef struct {
    uint32_t x, y, w, h;
    int opaque; /* every pixel that changes is opaque: OVER can draw it */
} box;

static int px_eq(const uint8_t *a, const uint8_t *b) { return memcmp(a, b, 4) == 0; }

/* The bounding box of the pixels of `cur` that differ from `canvas` (w * 4
   bytes per row); 0 if none. */
static int changed_box(const cpng_apng *a, const uint8_t *cur, size_t stride, const uint8_t *canvas, box *b) {
    size_t row = (size_t)a->w * 4;
    uint32_t top = 0, bottom = a->h;
#define CUR(y) (cur + (size_t)(y) * stride)
#define CANVAS(y) (canvas + (size_t)(y) * row)
    while (top < a->h && memcmp(CUR(top), CANVAS(top), row) == 0) top++;
    if (top == a->h) return 0;
    while (memcmp(CUR(bottom - 1), CANVAS(bottom - 1), row) == 0) bottom--;
    uint32_t left = a->w, right = 0; /* [left, right) */
    int opaque = 1;
    for (uint32_t y = top; y < bottom; y++) {
        const uint8_t *c = CUR(y), *p = CANVAS(y);
        uint32_t x = 0;
        while (x < a->w && px_eq(c + 4 * (size_t)x, p + 4 * (size_t)x)) x++;
        if (x == a->w) continue;
        if (x < left) left = x;
        uint32_t end = a->w;
        while (px_eq(c + 4 * (size_t)(end - 1), p + 4 * (size_t)(end - 1))) end--;
        if (end > right) right = end;
        for (; x < end && opaque; x++)
            if (c[4 * (size_t)x + 3] != 255 && !px_eq(c + 4 * (size_t)x, p + 4 * (size_t)x)) opaque = 0;
    }
#undef CUR
#undef CANVAS
    *b = (box){ left, top, right - left, bottom - top, opaque };
    return 1;
}

/* ---- compressing a frame ---- */

/* A frame's data keeps only its own bytes: a compressor reserves its
   bound, about the size of the pixels. */
static void trim(cpng__buf *z) {
    if (z->len == 0 || z->cap <= z->len + 4096) return;
    uint8_t *p = realloc(z->data, z->len);
    if (p) z->data = p, z->cap = z->len;
}

/* Makes the pixels of an OVER frame's box (`src`, `stride` bytes per row)
   that equal `canvas` transparent in `packed` (the box in format f), except
   opaque ones in a row's stretches of fewer than `keep` such pixels, which
   stay drawn: inside text that moves, a transparent speck breaks the runs
   deflate finds, and drawing a pixel over itself changes nothing. Returns
   how many pixels it made transparent. */
static uint64_t clear_unchanged(const cpng_apng *a, const uint8_t *src, size_t stride, const uint8_t *canvas,
                            const box *b, uint32_t keep, cpng__format f, uint8_t *packed) {
    static const uint8_t clear[4] = { 0, 0, 0, 0 };
    uint8_t none[4];
    size_t bytes = cpng__format_pack_bytes(f);
    cpng__format_pack(&a->colours, f, clear, 4, 1, 1, none);
    uint64_t count = 0;
    for (uint32_t y = 0; y < b->h; y++) {
        const uint8_t *c = src + (size_t)y * stride;
        const uint8_t *p = canvas + ((size_t)(b->y + y) * a->w + b->x) * 4;
        uint8_t *o = packed + (size_t)y * b->w * bytes;
        for (uint32_t x = 0, e; x < b->w; x = e) {
            for (e = x; e < b->w && px_eq(c + 4 * (size_t)e, p + 4 * (size_t)e);) e++;
            if (e == x) {
                e++; /* a changed pixel: drawn */
                continue;
            }
            for (uint32_t k = x; k < e; k++)
                if (e - x >= keep || c[4 * (size_t)k + 3] != 255) memcpy(o + bytes * k, none, bytes), count++;
        }
    }
    return count;
}

/* The box of `cur` in format f, compressed with `opts` into *z: as it is
   (SOURCE), or (OVER) with the pixels that do not change transparent
   (clear_unchanged, whose count goes to *clear when it is not NULL).
   `scratch` holds the packed pixels (NULL: a buffer of its own). */
static int compress_box(const cpng_apng *a, const uint8_t *cur, size_t stride, const uint8_t *canvas,
                        const box *b, int blend, uint32_t keep, cpng__format f, const cpng__opts *opts,
                        cpng__buf *scratch, uint64_t *clear, cpng__buf *z) {
    size_t bytes = cpng__format_pack_bytes(f), need = (size_t)b->w * b->h * bytes;
    cpng__buf own = { 0 }, *s = scratch ? scratch : &own;
    if (s->cap < need) {
        uint8_t *p = realloc(s->data, need);
        if (!p) return CPNG_E_NOMEM;
        s->data = p, s->cap = need;
    }
    const uint8_t *src = cur + (size_t)b->y * stride + (size_t)b->x * 4;
    cpng__format_pack(&a->colours, f, src, stride, b->w, b->h, s->data);
    uint64_t cleared = blend == BLEND_OVER ? clear_unchanged(a, src, stride, canvas, b, keep, f, s->data) : 0;
    if (clear) *clear = cleared;
    int ch = cpng__format_channels(f);
    int r = cpng__compress_image(s->data, (size_t)b->w * bytes, b->w, b->h, ch, a->threads, opts, z, NULL, 0);
    free(own.data);
    return r;
}

/* Reads a frame stored in format f back as RGBA (fr->w * 4 bytes per row). */
static int read_frame(const cpng_apng *a, const frame *fr, cpng__format f, uint8_t *rgba) {
    int ch = cpng__format_channels(f);
    size_t n = (size_t)fr->w * (size_t)ch, len = (n + 1) * fr->h, got = 0;
    uint8_t *raw = malloc(len);
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    int r = raw && d ? CPNG_OK : CPNG_E_NOMEM;
    if (!r && (libdeflate_zlib_decompress(d, fr->z.data, fr->z.len, raw, len, &got) != LIBDEFLATE_SUCCESS ||
               got != len))
        r = CPNG_E_INTERNAL;
    for (uint32_t y = 0; !r && y < fr->h; y++) {
        uint8_t *row = raw + (size_t)y * (n + 1);
        if (cpng__unfilter_row(row[0], row + 1, y ? row - n : NULL, n, (size_t)ch)) r = CPNG_E_INTERNAL;
    }
    if (!r) cpng__format_unpack(&a->colours, f, raw + 1, n + 1, fr->w, fr->h, rgba);
    libdeflate_free_decompressor(d);
    free(raw);
    return r;
}

/* Stores every frame so far in format f instead (the colours grew). */
static int change_format(cpng_apng *a, cpng__format f) {
    cpng__format old = a->format;
    cpng__format_commit(&a->colours, f);
    a->format = f;
    for (uint32_t k = 0; k < a->count; k++) {
        frame *fr = &a->frames[k];
        uint8_t *rgba = malloc((size_t)fr->w * fr->h * 4);
        cpng__buf z = { 0 };
        box b = { 0, 0, fr->w, fr->h, 1 };
        int r = rgba ? read_frame(a, fr, old, rgba) : CPNG_E_NOMEM;
        if (!r) r = compress_box(a, rgba, (size_t)fr->w * 4, NULL, &b, BLEND_SOURCE, 0, f, a->opts, &a->scratch, NULL,
                                 &z);
        free(rgba);
        if (r) {
            free(z.data);
            return r;
        }
        free(fr->z.data);
        fr->z = z;
        trim(&fr->z);
    }
    return CPNG_OK;
}

/* ---- choosing how a frame is drawn ---- */

typedef struct {
    uint8_t dispose, blend;
    const uint8_t *canvas; /* what the frame is drawn on */
    box b;
    uint64_t clear;        /* blended OVER: the pixels left transparent */
    cpng__buf z;           /* compressed quickly */
    size_t extra;          /* bytes it adds to the frame before */
} choice;

/* The ways to draw `cur` on the canvas the frame before leaves, one per
   dispose_op of that frame: NONE (`changed` is its box), BACKGROUND when
   there is transparency, PREVIOUS after frame 0; each with the box of what
   changes on that canvas. Returns how many, or -1 when out of memory. */
static int ways(cpng_apng *a, const uint8_t *cur, size_t stride, const box *changed, choice tries[3]) {
    const frame *last = &a->frames[a->count - 1];
    int n = 0;
    tries[n++] = (choice){ .dispose = DISPOSE_NONE, .canvas = a->shown, .b = *changed };
    if (!a->colours.opaque) {
        size_t row = (size_t)a->w * 4;
        if (!a->cleared && !(a->cleared = malloc(row * a->h))) return -1;
        memcpy(a->cleared, a->shown, row * a->h);
        for (uint32_t y = last->y; y < last->y + last->h; y++)
            memset(a->cleared + (size_t)y * row + (size_t)last->x * 4, 0, (size_t)last->w * 4);
        tries[n++] = (choice){ .dispose = DISPOSE_BACKGROUND, .canvas = a->cleared };
    }
    if (a->count > 1) tries[n++] = (choice){ .dispose = DISPOSE_PREVIOUS, .canvas = a->under };
    for (int i = 1; i < n; i++) /* no change on that canvas: repaint one pixel */
        if (!changed_box(a, cur, stride, tries[i].canvas, &tries[i].b)) tries[i].b = (box){ 0, 0, 1, 1, 0 };
    return n;
}

/* CPNG_APNG_MAX: compresses each way SOURCE and, where it can be, OVER
   keeping stretches of fewer than 0, 64 and 256 unchanged pixels drawn;
   *best (empty before) is the one with the fewest bytes plus its `extra`,
   the first on a tie. */
static int search(cpng_apng *a, const uint8_t *cur, size_t stride, const choice *tries, int n, cpng__format over,
                  int can_over, choice *best) {
    static const uint32_t keeps[] = { 0, 64, 256 };
    size_t best_cost = SIZE_MAX;
    for (int i = 0; i < n; i++) {
        choice t = tries[i];
        for (int k = -1; k < (can_over && t.b.opaque ? 3 : 0); k++) {
            t.blend = k < 0 ? BLEND_SOURCE : BLEND_OVER;
            t.z = (cpng__buf){ 0 };
            int r = compress_box(a, cur, stride, t.canvas, &t.b, t.blend, k < 0 ? 0 : keeps[k],
                                 t.blend == BLEND_OVER ? over : a->format, a->opts, &a->scratch, &t.clear, &t.z);
            if (r || t.z.len + t.extra >= best_cost) {
                free(t.z.data);
                if (r) return r;
                continue;
            }
            free(best->z.data);
            *best = t;
            best_cost = t.z.len + t.extra;
        }
    }
    return CPNG_OK;
}

/* CPNG_APNG_FAST: the way with the smallest box (PREVIOUS after a frame
   blended OVER counts the pixels that frame left transparent too, as it is
   then stored anew with them drawn), blended OVER where it can be, with
   the unchanged stretches shorter than 4/5 of the box's width drawn (only
   stretches about as wide as the box compress better as transparent than
   as drawn), compressed once. Tried on the Examples, this came close to
   `search` at the same level, and a fixed `keep` of 0, 64 or 256 pixels
   did worse. */
static int pick(cpng_apng *a, const uint8_t *cur, size_t stride, const choice *tries, int n, int stored_anew,
                cpng__format over, int can_over, choice *best) {
    const frame *last = &a->frames[a->count - 1];
    int k = 0;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < n; i++) {
        uint64_t area = (uint64_t)tries[i].b.w * tries[i].b.h;
        if (tries[i].dispose == DISPOSE_PREVIOUS && stored_anew) area += last->clear;
        if (area < least) least = area, k = i;
    }
    *best = tries[k];
    best->blend = can_over && best->b.opaque ? BLEND_OVER : BLEND_SOURCE;
    return compress_box(a, cur, stride, best->canvas, &best->b, best->blend, best->b.w - best->b.w / 5,
                        best->blend == BLEND_OVER ? over : a->format, a->opts, &a->scratch, &best->clear, &best->z);
}

/* The frame before as it shows, stored SOURCE, into *z. */
static int compress_last_as_source(cpng_apng *a, cpng__buf *z) {
    const frame *last = &a->frames[a->count - 1];
    box lb = { last->x, last->y, last->w, last->h, 1 };
    return compress_box(a, a->shown, (size_t)a->w * 4, NULL, &lb, BLEND_SOURCE, 0, a->format, a->opts, &a->scratch,
                        NULL, z);
}

/* Chooses how `cur` is drawn (`changed`: its box on the canvas shown):
   the dispose_op of the frame before and the box and blend_op of `cur`,
   compressed into best->z, by `search` or `pick` as the effort says.
   PREVIOUS after a frame blended OVER: Pillow (13) restores the canvas that
   frame drew, so that frame is then stored SOURCE, at its cost. */
static int choose(cpng_apng *a, const uint8_t *cur, size_t stride, const box *changed, cpng__format over,
                  int can_over, choice *best) {
    frame *last = &a->frames[a->count - 1];
    choice tries[3];
    int n = ways(a, cur, stride, changed, tries);
    if (n < 0) return CPNG_E_NOMEM;
    int stored_anew = a->count > 1 && last->blend == BLEND_OVER;
    cpng__buf source = { 0 };
    int r = CPNG_OK;
    *best = (choice){ 0 };
    if (a->effort == CPNG_APNG_MAX) {
        if (stored_anew) r = compress_last_as_source(a, &source);
        if (!r && stored_anew) tries[n - 1].extra = source.len > last->z.len ? source.len - last->z.len : 0;
        if (!r) r = search(a, cur, stride, tries, n, over, can_over, best);
    } else {
        r = pick(a, cur, stride, tries, n, stored_anew, over, can_over, best);
    }
    if (!r && stored_anew && best->dispose == DISPOSE_PREVIOUS && !source.data) r = compress_last_as_source(a, &source);
    if (!r && stored_anew && best->dispose == DISPOSE_PREVIOUS) {
        free(last->z.data);
        last->z = source;
        trim(&last->z);
        last->blend = BLEND_SOURCE;
        last->clear = 0;
    } else {
        free(source.data);
    }
    if (r) {
        free(best->z.data);
        best->z = (cpng__buf){ 0 };
    }
    return r;
}

/* Makes the frame just pushed, drawn as `c`, the last one: the canvases move
   on (frame 0 was drawn on the transparent canvas, which stays under it). */
static void advance(cpng_apng *a, const uint8_t *cur, size_t stride, const choice *c) {
    uint8_t *t;
    if (a->count > 1 && c->dispose == DISPOSE_NONE) t = a->under, a->under = a->shown, a->shown = t;
    if (a->count > 1 && c->dispose == DISPOSE_BACKGROUND) t = a->under, a->under = a->cleared, a->cleared = t;
    for (uint32_t y = 0; y < a->h; y++)
        memcpy(a->shown + (size_t)y * a->w * 4, cur + (size_t)y * stride, (size_t)a->w * 4);
}

/* Adds fr (its data trimmed). */
static int push(cpng_apng *a, frame *fr) {
    trim(&fr->z);
    if (a->count == a->cap) {
        uint32_t cap = a->cap ? a->cap * 2 : 16;
        frame *f = cap > a->cap ? realloc(a->frames, (size_t)cap * sizeof *f) : NULL;
        if (!f) return CPNG_E_NOMEM;
        a->frames = f;
        a->cap = cap;
    }
    a->frames[a->count++] = *fr;
    return CPNG_OK;
}

/* Frame 0: the whole canvas, drawn SOURCE. */
static int add_first(cpng_apng *a, const uint8_t *rgba, size_t stride, frame *fr, choice *c) {
    cpng__colours_add(&a->colours, rgba, stride, a->w, a->h);
    a->format = cpng__format_for(&a->colours, 0);
    *c = (choice){ .dispose = DISPOSE_NONE, .canvas = a->under, .b = { 0, 0, a->w, a->h, 1 } };
    return compress_box(a, rgba, stride, NULL, &c->b, BLEND_SOURCE, 0, a->format, a->opts, &a->scratch, NULL, &fr->z);
}

/* A later frame: the change since the frame before, drawn as `choose` finds best. */
static int add_next(cpng_apng *a, const uint8_t *rgba, size_t stride, const box *changed, frame *fr, choice *c) {
    const box *b = changed;
    cpng__colours_add(&a->colours, rgba + (size_t)b->y * stride + (size_t)b->x * 4, stride, b->w, b->h);
    if (!cpng__format_holds(&a->colours, a->format)) {
        int r = change_format(a, cpng__format_for(&a->colours, a->over));
        if (r) return r;
    }
    cpng__format over = a->format;
    int r = choose(a, rgba, stride, changed, over, cpng__format_transparent(&a->colours, &over), c);
    if (r) return r;
    if (c->blend == BLEND_OVER) {
        cpng__format_commit(&a->colours, over);
        a->format = over;
        a->over = 1;
    }
    a->frames[a->count - 1].dispose = c->dispose;
    fr->x = c->b.x, fr->y = c->b.y, fr->w = c->b.w, fr->h = c->b.h, fr->blend = c->blend, fr->clear = c->clear;
    fr->z = c->z;
    return CPNG_OK;
}

static int add(cpng_apng *a, const uint8_t *rgba, size_t stride, uint16_t num, uint16_t den) {
    frame fr = { .w = a->w, .h = a->h, .num = num, .den = den, .dispose = DISPOSE_NONE, .blend = BLEND_SOURCE };
    choice c;
    box b = { 0, 0, 1, 1, 0 };
    int r;
    if (a->count == 0) {
        r = add_first(a, rgba, stride, &fr, &c);
    } else {
        frame *last = &a->frames[a->count - 1];
        if (!changed_box(a, rgba, stride, a->shown, &b) && last->den == den && (uint32_t)last->num + num <= UINT16_MAX) {
            last->num = (uint16_t)(last->num + num); /* the same picture shows for longer */
            return CPNG_OK;
        }
        r = add_next(a, rgba, stride, &b, &fr, &c);
    }
    if (!r) r = push(a, &fr);
    if (r) {
        free(fr.z.data);
        return r;
    }
    advance(a, rgba, stride, &c);
    return CPNG_OK;
}

int cpng_apng_add_frame(cpng_apng *a, const uint8_t *rgba, size_t stride,
                        uint16_t delay_num, uint16_t delay_den, char *err, size_t errlen) {
    if (!a || !rgba) return cpng__fail(err, errlen, CPNG_E_ARG, "writer or pixels are NULL");
    if (a->failed) return cpng__fail(err, errlen, CPNG_E_ARG, "APNG writer failed earlier");
    int r = cpng__check_size(a->w, a->h, stride, err, errlen);
    if (!r) r = add(a, rgba, stride, delay_num, delay_den);
    if (r == CPNG_E_NOMEM) cpng__fail(err, errlen, r, "out of memory for frame %u of the APNG", a->count);
    else if (r && r != CPNG_E_ARG) cpng__fail(err, errlen, r, "cannot compress frame %u of the APNG", a->count);
    if (r) a->failed = 1;
    return r;
}

/* ---- compressing again ---- */

/* Compresses frame k again, read back from its quick compression, with
   cpng__frame_opts: slow, so it waits for the end, where the frames are
   compressed on `threads` threads at once. The frame keeps the smaller. */
static int compress_again(const cpng_apng *a, uint32_t k, cpng__buf *z) {
    const frame *fr = &a->frames[k];
    uint8_t *rgba = malloc((size_t)fr->w * fr->h * 4);
    box b = { 0, 0, fr->w, fr->h, 1 };
    int r = rgba ? read_frame(a, fr, a->format, rgba) : CPNG_E_NOMEM;
    if (!r)
        r = compress_box(a, rgba, (size_t)fr->w * 4, NULL, &b, BLEND_SOURCE, 0, a->format, &cpng__frame_opts, NULL, NULL, z);
    free(rgba);
    return r;
}

typedef struct {
    cpng_apng *a;
    atomic_uint next;
    int *results; /* per frame */
} again_job;

static void *again_worker(void *arg) {
    again_job *j = arg;
    for (uint32_t k; (k = atomic_fetch_add(&j->next, 1)) < j->a->count;) {
        cpng__buf z = { 0 };
        frame *fr = &j->a->frames[k];
        j->results[k] = compress_again(j->a, k, &z);
        if (!j->results[k] && z.len < fr->z.len) {
            free(fr->z.data);
            fr->z = z;
            trim(&fr->z);
        } else {
            free(z.data);
        }
    }
    return NULL;
}

/* Every frame compressed again; the bytes never depend on `threads`. */
static int compress_all_again(cpng_apng *a) {
    again_job j = { a, 0, calloc(a->count, sizeof(int)) };
    if (!j.results) return CPNG_E_NOMEM;
    pthread_t threads[CPNG__MAX_THREADS];
    int n = a->threads < 1 ? 1 : a->threads > CPNG__MAX_THREADS ? CPNG__MAX_THREADS : a->threads, started = 0;
    if ((uint32_t)n > a->count) n = (int)a->count;
    while (started < n - 1 && pthread_create(&threads[started], NULL, again_worker, &j) == 0) started++;
    again_worker(&j);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    int r = CPNG_OK;
    for (uint32_t k = 0; k < a->count && !r; k++) r = j.results[k];
    free(j.results);
    return r;
}

/* ---- the file ---- */

static int write_file(const cpng_apng *a, cpng__buf *png) {
    size_t total = 256 * 4 + 128;
    for (uint32_t k = 0; k < a->count; k++) total += a->frames[k].z.len + 64;
    uint8_t actl[8], key[6];
    cpng__be32(actl, a->count);
    cpng__be32(actl + 4, a->plays);
    cpng__format f = a->format;
    for (int i = 0; i < 3; i++) {
        key[2 * i] = 0;
        key[2 * i + 1] = (uint8_t)(f.key >> (16 - 8 * i));
    }
    if (cpng__reserve(png, total) || cpng__head_type(png, a->w, a->h, cpng__format_colour_type(f)) ||
        (f.kind == CPNG__PALETTE && cpng__palette_chunks(png, &a->colours.pal)) ||
        (f.kind == CPNG__RGB && f.keyed && cpng__chunk(png, "tRNS", key, 6)) || cpng__chunk(png, "acTL", actl, 8))
        return CPNG_E_NOMEM;
    uint32_t seq = 0;
    for (uint32_t k = 0; k < a->count; k++) {
        const frame *fr = &a->frames[k];
        uint8_t fctl[26];
        cpng__be32(fctl, seq++);
        cpng__be32(fctl + 4, fr->w);
        cpng__be32(fctl + 8, fr->h);
        cpng__be32(fctl + 12, fr->x);
        cpng__be32(fctl + 16, fr->y);
        fctl[20] = (uint8_t)(fr->num >> 8);
        fctl[21] = (uint8_t)fr->num;
        fctl[22] = (uint8_t)(fr->den >> 8);
        fctl[23] = (uint8_t)fr->den;
        fctl[24] = fr->dispose;
        fctl[25] = fr->blend;
        if (cpng__chunk(png, "fcTL", fctl, sizeof fctl) ||
            cpng__data_chunks(png, k ? "fdAT" : "IDAT", &fr->z, k ? &seq : NULL))
            return CPNG_E_NOMEM;
    }
    return cpng__chunk(png, "IEND", NULL, 0);
}

int cpng_apng_finish(cpng_apng *a, cpng_buffer *out, char *err, size_t errlen) {
    int r = CPNG_OK;
    if (out) {
        out->data = NULL;
        out->len = 0;
    }
    if (!a || !out) r = cpng__fail(err, errlen, CPNG_E_ARG, "writer or out is NULL");
    else if (a->failed) r = cpng__fail(err, errlen, CPNG_E_ARG, "APNG writer failed earlier");
    else if (a->count == 0) r = cpng__fail(err, errlen, CPNG_E_ARG, "APNG has no frames");
    if (!r && a->effort == CPNG_APNG_MAX && (r = compress_all_again(a)))
        cpng__fail(err, errlen, r, r == CPNG_E_NOMEM ? "out of memory for the APNG" : "cannot compress the APNG");
    cpng__buf png = { 0 };
    if (!r && write_file(a, &png)) {
        free(png.data);
        r = cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    }
    cpng_apng_free(a);
    if (r) return r;
    out->data = png.data;
    out->len = png.len;
    return CPNG_OK;
}

void cpng_apng_free(cpng_apng *a) {
    if (!a) return;
    for (uint32_t k = 0; k < a->count; k++) free(a->frames[k].z.data);
    free(a->frames);
    free(a->shown);
    free(a->under);
    free(a->cleared);
    free(a->scratch.data);
    cpng__colours_free(&a->colours);
    free(a);
}

size_t cpng_apng_bytes(const cpng_apng *a) {
    if (!a) return 0;
    size_t n = (size_t)a->w * a->h * 4 * (a->cleared ? 3 : 2) + a->scratch.cap + (1u << 21);
    for (uint32_t k = 0; k < a->count; k++) n += a->frames[k].z.cap;
    return n;
}
