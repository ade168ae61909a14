/*
 * cpng.h: PNG decode, PNG encode and animated PNG (APNG) encode for Unfold.
 *
 * Plain C, no callbacks, no longjmp across this API: every function returns
 * CPNG_OK (0) or a negative CPNG_E_* code, and on failure writes a message
 * (always NUL-terminated, truncated to fit) into `err` when `err` is not NULL
 * and `errlen` > 0.
 *
 * Pixels are always 8-bit RGBA, straight (non-premultiplied) alpha, rows top
 * to bottom. Buffers this library returns are malloc'd; release them with
 * cpng_free().
 *
 * Encoding is deterministic: the same pixels give byte-identical files,
 * whatever `threads` is. No time stamps or text chunks are written.
 */
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result codes. */
enum {
    CPNG_OK = 0,
    CPNG_E_ARG = -1,      /**< invalid argument (NULL pointer, zero size, stride too small, ...) */
    CPNG_E_NOMEM = -2,    /**< out of memory */
    CPNG_E_TOO_BIG = -3,  /**< image larger than allowed (max_pixels, PNG limits, size_t) */
    CPNG_E_FORMAT = -4,   /**< not a PNG, corrupt or truncated data */
    CPNG_E_INTERNAL = -5  /**< compressor or thread failure */
};

/** A decoded image: width*height pixels, 4 bytes each (R, G, B, A). */
typedef struct {
    uint8_t *pixels;  /**< malloc'd; free with cpng_free(pixels) */
    uint32_t width;
    uint32_t height;
    size_t stride;    /**< bytes from one row to the next; always width * 4 */
} cpng_image;

/** Encoded bytes (a whole PNG file). */
typedef struct {
    uint8_t *data;    /**< malloc'd; free with cpng_free(data) */
    size_t len;
} cpng_buffer;

/**
 * Decodes a PNG held in memory into 8-bit straight RGBA.
 *
 * Accepts every PNG colour type and bit depth (palette, grey, tRNS, 16-bit,
 * interlaced). 16-bit files without gamma information are read as sRGB.
 * For an APNG the default image (first frame) is returned.
 * Images whose width * height exceeds `max_pixels` are rejected with
 * CPNG_E_TOO_BIG before the pixel buffer is allocated.
 * On failure `*out` is zeroed.
 */
int cpng_decode(const uint8_t *data, size_t len, uint32_t max_pixels,
                cpng_image *out, char *err, size_t errlen);

/**
 * Encodes an 8-bit straight RGBA image as a PNG file.
 *
 * `rgba` holds `height` rows of `width` pixels, `stride` bytes apart
 * (stride >= width * 4). If every alpha is 255 the file is RGB (colour type 2),
 * else RGBA (colour type 6). `threads` (<= 0 means 1) only changes the speed,
 * never the bytes. On failure `*out` is zeroed.
 */
int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                int threads, cpng_buffer *out, char *err, size_t errlen);

/** An animated PNG being written. Opaque; made by cpng_apng_begin. */
typedef struct cpng_apng cpng_apng;

/** cpng_apng_begin flags. */
enum {
    /** Write RGBA frames even if the first frame is opaque. Without it the
        colour type follows the first frame, and a later frame with alpha < 255
        is refused (CPNG_E_ARG) when the first one was opaque. */
    CPNG_APNG_ALPHA = 1
};

/**
 * Starts an APNG of `width` x `height` pixels that plays `num_plays` times
 * (0 = forever). `threads` as in cpng_encode. Returns NULL on failure (out of
 * memory or bad size), with a message in `err`.
 */
cpng_apng *cpng_apng_begin(uint32_t width, uint32_t height, uint32_t num_plays,
                           int flags, int threads, char *err, size_t errlen);

/**
 * Adds one frame (a full width x height RGBA canvas, `stride` bytes per row)
 * shown for delay_num / delay_den seconds (delay_den 0 means 1/100 s).
 * The first frame is the default image; each later frame stores only the
 * bounding box of the pixels that changed since the previous frame
 * (an unchanged frame stores one pixel). The pixels are copied; the caller
 * keeps ownership of `rgba`. After a failure the writer can only be freed.
 */
int cpng_apng_add_frame(cpng_apng *w, const uint8_t *rgba, size_t stride,
                        uint16_t delay_num, uint16_t delay_den, char *err, size_t errlen);

/**
 * Writes the file (at least one frame must have been added) into `*out` and
 * frees the writer, whether it succeeds or not.
 */
int cpng_apng_finish(cpng_apng *w, cpng_buffer *out, char *err, size_t errlen);

/** Frees a writer without writing (for error paths). NULL is fine. */
void cpng_apng_free(cpng_apng *w);

/** Frees a buffer returned by this library (cpng_image.pixels, cpng_buffer.data). NULL is fine. */
void cpng_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* CPNG_H */
