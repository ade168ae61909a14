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
 * Every frame's local colour table has index 0 transparent (black) and the
 * GCE names it, whether a pixel uses it or not: Pillow reads a GIF whose
 * first frame has no transparency as RGB, and clears a disposed rectangle
 * with the frame's transparent colour.
 */
#include "canim_internal.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t x, y, w, h;
} rect;

typedef struct {
    GifFileType *gif;
    canim__buf out;          /* the file so far */
    uint32_t *canvas;        /* width * height values: what a reader shows */
    uint32_t *prev;          /* width * height shown values of the last frame */
    canim__colour *colours;  /* width * height: scratch of canim__palette */
    int *rows;               /* 6 * (width + 2): scratch of canim__dither */
    uint8_t *line;           /* one row of indices */
    rect pend;               /* the frame not yet written */
    rect pend_drawn;         /* the part of it drawn (the rest is index 0) */
    int pend_dispose;        /* its disposal method: 1 or 2 */
    uint64_t pend_end;       /* ms from the start to its end */
    uint64_t written_cs;     /* centiseconds of the frames written */
    /* colour table of the frame being written: shown value -> index */
    uint32_t keys[1024];     /* 0 = empty slot (transparent is always index 0) */
    uint8_t index[1024];
    GifColorType colors[256];
    int ncolors;
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
    s->prev = malloc(px * sizeof *s->prev);
    s->colours = malloc(px * sizeof *s->colours);
    s->rows = malloc(6 * ((size_t)w->width + 2) * sizeof *s->rows);
    s->line = malloc(w->width);
    int e = 0;
    if (s->canvas && s->prev && s->colours && s->rows && s->line)
        s->gif = EGifOpen(&s->out, gif_write, &e);
    if (!s->gif)
        return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for a %ux%u GIF", w->width,
                           w->height);
    EGifSetGifVersion(s->gif, true);
    if (EGifPutScreenDesc(s->gif, (int)w->width, (int)w->height, 8, 0, NULL) == GIF_ERROR ||
        s->out.failed)
        return gif_failed(s, "EGifPutScreenDesc", err, errlen);
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

/* The index of shown value v in the table, adding it if `add`. */
static uint8_t colour_index(gif_state *s, uint32_t v, int add) {
    if (!v) return 0;
    unsigned k = slot_of(v);
    while (s->keys[k] && s->keys[k] != v) k = (k + 1) & 1023;
    if (!s->keys[k] && add) {
        s->keys[k] = v;
        s->index[k] = (uint8_t)s->ncolors;
        s->colors[s->ncolors].Red = (GifByteType)(v >> 16);
        s->colors[s->ncolors].Green = (GifByteType)(v >> 8);
        s->colors[s->ncolors].Blue = (GifByteType)v;
        s->ncolors++;
    }
    return s->index[k];
}

static int inside(rect r, uint32_t x, uint32_t y) {
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

/* One GCE + image over r: the canvas inside `drawn` (at most 255 colours)
   and index 0 elsewhere, or (`blank`) index 0 over all of r. */
static int put_image(canim_writer *w, gif_state *s, rect r, rect drawn, int dispose,
                     uint32_t delay_cs, int blank, char *err, size_t errlen) {
    memset(s->keys, 0, sizeof s->keys);
    memset(s->colors, 0, sizeof s->colors);
    s->ncolors = 1; /* index 0: transparent */
    if (blank) drawn = (rect){ 0, 0, 0, 0 };
    uint32_t last = 0;
    for (uint32_t y = drawn.y; y < drawn.y + drawn.h; y++) {
        const uint32_t *c = s->canvas + (size_t)y * w->width;
        for (uint32_t x = drawn.x; x < drawn.x + drawn.w; x++)
            if (c[x] != last) colour_index(s, last = c[x], 1);
    }
    int size = 2;
    while (size < s->ncolors) size *= 2;
    const uint8_t gce[4] = { (uint8_t)(dispose << 2 | 1), (uint8_t)delay_cs, (uint8_t)(delay_cs >> 8), 0 };
    if (EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, 4, gce) == GIF_ERROR || s->out.failed)
        return gif_failed(s, "EGifPutExtension", err, errlen);
    ColorMapObject *map = GifMakeMapObject(size, s->colors);
    if (!map) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
    int bad = EGifPutImageDesc(s->gif, (int)r.x, (int)r.y, (int)r.w, (int)r.h, false, map) == GIF_ERROR;
    GifFreeMapObject(map);
    if (bad || s->out.failed) return gif_failed(s, "EGifPutImageDesc", err, errlen);
    for (uint32_t y = r.y; y < r.y + r.h; y++) {
        const uint32_t *c = s->canvas + (size_t)y * w->width;
        uint32_t last = 0;
        uint8_t li = 0;
        for (uint32_t x = 0; x < r.w; x++) {
            if (!inside(drawn, r.x + x, y))
                s->line[x] = 0;
            else {
                if (c[r.x + x] != last) li = colour_index(s, last = c[r.x + x], 0);
                s->line[x] = li;
            }
        }
        if (EGifPutLine(s->gif, s->line, (int)r.w) == GIF_ERROR || s->out.failed)
            return gif_failed(s, "EGifPutLine", err, errlen);
    }
    return CANIM_OK;
}

/* Writes the pending frame: its delay is its end rounded to the centisecond,
   less what is written, at least 2 cs; over 65535 cs it goes on in blank
   frames of the same rectangle, the last of which carries the disposal. */
static int put_pending(canim_writer *w, gif_state *s, char *err, size_t errlen) {
    int64_t delay = (int64_t)((s->pend_end + 5) / 10) - (int64_t)s->written_cs;
    if (delay < 2) delay = 2;
    s->written_cs += (uint64_t)delay;
    for (int first = 1; delay > 0; first = 0) {
        int64_t d = delay <= 65535 ? delay : delay - 65535 >= 2 ? 65535 : 65533;
        delay -= d;
        int r = put_image(w, s, s->pend, s->pend_drawn, delay ? 1 : s->pend_dispose, (uint32_t)d,
                          !first, err, errlen);
        if (r) return r;
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
    if (few_colours(src, stride, r.w, r.h, s->keys)) {
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

static int gif_add(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t ms, char *err,
                   size_t errlen) {
    gif_state *s = w->impl;
    const uint32_t W = w->width, H = w->height;
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
    const uint32_t *before = few_colours(rgba, stride, W, H, s->keys) ? s->canvas : s->prev;
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
    return sizeof *s + px * (sizeof *s->canvas + sizeof *s->prev + sizeof *s->colours) +
           6 * ((size_t)w->width + 2) * sizeof *s->rows + w->width + s->out.cap;
}

static void gif_release(canim_writer *w) {
    gif_state *s = w->impl;
    if (s->gif) EGifCloseFile(s->gif, NULL);
    free(s->canvas);
    free(s->prev);
    free(s->colours);
    free(s->rows);
    free(s->line);
    free(s->out.data);
    free(s);
    w->impl = NULL;
}

const canim__ops canim__gif_ops = { "GIF", gif_begin, gif_add, gif_finish, gif_bytes, gif_release };
