/*
 * canimation.h: animated GIF and animated WebP writers for Unfold, beside
 * CPNG's APNG writer (cpng_apng_*): the same frames in, one file out.
 *
 * Plain C, no callbacks, no longjmp across this API: every function that
 * returns an int returns CANIM_OK (0) or a negative CANIM_E_* code, and on
 * failure writes a message (always NUL-terminated, truncated to fit) into
 * `err` when `err` is not NULL and `errlen` > 0.
 *
 * Frames are 8-bit RGBA, straight (non-premultiplied) alpha, rows top to
 * bottom, each a whole `width` x `height` canvas shown for a number of
 * milliseconds. The writer keeps the previous frame and writes what changed.
 *
 * DETERMINISTIC: the same frames (pixels and milliseconds) and the same
 * library versions (giflib, libwebp) give byte-identical files. No time
 * stamps, no threads, no metadata.
 *
 * FRAMES IN THE FILE: a frame that shows exactly what the frame before it
 * shows (as the format shows it, see below) is not written; the frame before
 * it is shown longer instead. So the file has one frame per change of the
 * picture, and the total duration is kept. Both formats do this (libwebp's
 * WebPAnimEncoder does it by itself; the GIF writer does it the same way).
 *
 * GIF (CANIM_GIF), GIF89a written with giflib:
 *  - 1-bit alpha: a pixel with alpha < 128 is transparent, any other is
 *    opaque (its alpha becomes 255). Transparent pixels decode as (0,0,0,0).
 *  - Colours: each frame has its own colour table; index 0 is transparent.
 *    A frame with at most 255 distinct opaque colours is shown exactly
 *    (colours in order of first appearance in the stored rectangle). In a
 *    frame with more, the pixels that differ from the frame before it are
 *    stored: exactly if that rectangle has at most 255 colours, else on a
 *    palette of 255 chosen from the rectangle's own colours (median cut)
 *    with Floyd-Steinberg dithering (canim_quant.c); an area that does not
 *    change keeps what it showed. Integer arithmetic and fixed tie-breaks:
 *    the bytes are a function of the frames.
 *  - Each stored frame is the bounding box of the pixels that changed; a
 *    frame that turns opaque pixels transparent has the frame before it
 *    disposed to the background (transparent) over a rectangle that covers
 *    them.
 *  - Delays are centiseconds: the frame's end is rounded to the nearest
 *    centisecond of the total so far, so rounding never accumulates; a delay
 *    is at least 2 cs (readers show shorter delays as 10 cs), and what that
 *    adds is taken back from the next frames where they allow it (so frames
 *    shorter than 20 ms make the animation longer). A frame longer than
 *    655.35 s is followed by transparent frames of the same rectangle that
 *    extend it.
 *  - Plays: loops 0 writes the NETSCAPE2.0 extension with 0 (forever); 1
 *    writes none (played once); n > 1 writes n - 1 (the extension counts
 *    repeats after the first play).
 *
 * WebP (CANIM_WEBP), libwebp's WebPAnimEncoder, lossless:
 *  - Pixels are kept exactly, except that the colour of a pixel with alpha 0
 *    is dropped: it decodes as (0,0,0,0).
 *  - Options, fixed: lossless, exact, method 4 and quality 75 (libwebp's
 *    defaults), one thread, no lossy or mixed frames, no key frames, no
 *    minimize_size (see canim_webp.c); background colour 0 (transparent),
 *    loop count = `loops` (WebP counts plays, as APNG does).
 *  - A file whose frames are all the same (or a single frame) may come out
 *    as a still WebP, when libwebp finds that smaller.
 *
 * Limits: width and height 1..16383 (WebP's limit, used for both formats);
 * loops 0..65535; a frame lasts 1..16777215 ms (WebP's 24-bit duration);
 * the whole animation at most 2^31 - 1 ms.
 *
 * Memory: GIF holds the canvas as the reader shows it (4 bytes a pixel), one
 * row of indices and the file so far. WebP holds one frame picture and
 * libwebp's encoder: three more canvases (4 bytes a pixel each) and the
 * frames encoded so far (about the file so far), plus scratch while a frame
 * is encoded. canim_bytes tells the part it can see (see there).
 */
#ifndef CANIMATION_H
#define CANIMATION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result codes (the values of cpng's codes of the same meaning). */
enum {
    CANIM_OK = 0,
    CANIM_E_ARG = -1,      /**< invalid argument: NULL pointer, size out of range, stride too
                                small, duration out of range, a writer already finished or failed */
    CANIM_E_NOMEM = -2,    /**< out of memory */
    CANIM_E_TOO_BIG = -3,  /**< the animation would last longer than 2^31 - 1 ms */
    CANIM_E_INTERNAL = -5  /**< giflib or libwebp failed */
};

/** Output formats. */
typedef enum { CANIM_GIF = 1, CANIM_WEBP = 2 } canim_format;

/** Limits (see above). */
enum {
    CANIM_MAX_SIDE = 16383,
    CANIM_MAX_LOOPS = 65535,
    CANIM_MAX_FRAME_MS = 16777215
};

/** An animation being written. Opaque; made by canim_begin. */
typedef struct canim_writer canim_writer;

/**
 * Starts an animation of `width` x `height` pixels that plays `loops` times
 * (0 = forever). Returns NULL on failure (a bad format, size or loop count,
 * out of memory, or the library failed), with a message in `err`.
 */
canim_writer *canim_begin(canim_format format, uint32_t width, uint32_t height, uint32_t loops,
                          char *err, size_t errlen);

/**
 * GIF only, before the first frame: the colour (0xRRGGBB) of the page the
 * GIF will be shown on. A pixel that is partly transparent is then blended
 * over it and drawn opaque, so that anti-aliased edges are smooth on that
 * page; without it, alpha < 128 is transparent and the rest opaque. WebP
 * keeps alpha and ignores it. CANIM_E_ARG after a frame or when finished.
 */
int canim_set_matte(canim_writer *w, uint32_t rgb, char *err, size_t errlen);

/**
 * Adds one frame: `height` rows of `width` RGBA pixels, `stride` bytes apart
 * (stride >= width * 4), shown for `milliseconds` (1..CANIM_MAX_FRAME_MS).
 * The pixels are only read during the call. CANIM_E_ARG (a NULL pointer, a
 * short stride, a duration out of range, a writer finished or failed) and
 * CANIM_E_TOO_BIG leave the writer as it was; after any other failure the
 * writer only takes canim_bytes and canim_free_writer.
 */
int canim_add_frame(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t milliseconds,
                    char *err, size_t errlen);

/**
 * Writes the file (at least one frame must have been added) into a malloc'd
 * buffer `*out` of `*out_len` bytes (free it with canim_free), and releases
 * what the writer held. The writer then only takes canim_bytes (0) and
 * canim_free_writer, whether this succeeds or not; no frames: CANIM_E_ARG,
 * and the writer is as it was. On failure `*out` is NULL and `*out_len` 0.
 */
int canim_finish(canim_writer *w, uint8_t **out, size_t *out_len, char *err, size_t errlen);

/**
 * The bytes the writer holds now, so that a caller can account for its
 * memory (0 for NULL). GIF: everything (canvas, row buffer, the file so far).
 * WebP: the frame picture and libwebp's three canvases, which is all but the
 * encoded frames libwebp keeps (its API does not tell their size; they come
 * to about the file size so far).
 */
size_t canim_bytes(const canim_writer *w);

/** Frees a writer, finished or not. NULL is fine. */
void canim_free_writer(canim_writer *w);

/** Frees a buffer returned by canim_finish. NULL is fine. */
void canim_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* CANIMATION_H */
