/*
 * cpng.h: PNG decode, PNG encode (a whole image, or streamed row by row) and
 * animated PNG (APNG) encode for Unfold.
 *
 * Plain C, no callbacks, no longjmp across this API: every function that
 * returns an int returns CPNG_OK (0) or a negative CPNG_E_* code (one
 * exception: cpng_rows_first_difference of cpng_fast.h answers 1 or 0, or
 * CPNG_E_ARG), and on failure writes a message (always NUL-terminated,
 * truncated to fit) into `err` when `err` is not NULL and `errlen` > 0.
 * No function returns a positive code: "leave this file to cpng_decode" is
 * CPNG_E_UNSUPPORTED (-6).
 *
 * Pixels are always 8-bit RGBA, straight (non-premultiplied) alpha, rows top
 * to bottom. Buffers this library returns are malloc'd; release them with
 * cpng_free().
 *
 * Encoding is deterministic: the same pixels give byte-identical files,
 * whatever `threads` is, and a stream (cpng_stream_*) gives the same file as
 * cpng_encode. No time stamps or text chunks are written.
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
    CPNG_E_TOO_BIG = -3,  /**< image larger than allowed (max_pixels, size_t; for cpng_encode also
                               the PNG limit of 2^31-1) */
    CPNG_E_FORMAT = -4,   /**< not a PNG, corrupt or truncated data (a decoded IHDR with a width or
                               height of 0 or over 2^31-1 is corrupt data) */
    CPNG_E_INTERNAL = -5, /**< compressor or thread failure */
    CPNG_E_UNSUPPORTED = -6 /**< only from cpng_decode_fast / cpng_decode_rows (cpng_fast.h): a
                                 valid PNG of a kind they leave to cpng_decode */
};

/**
 * Warnings of the decoders (cpng_decode, cpng_decode_fast, cpng_decode_rows):
 * bits set in `*warnings` when a file is accepted in spite of a defect.
 */
enum {
    CPNG_W_NO_IEND = 1,            /**< no IEND chunk: the file ends (or is cut) after the image data */
    CPNG_W_BAD_ANCILLARY_CRC = 2,  /**< an ancillary chunk had a bad CRC and was skipped */
    CPNG_W_BAD_ANCILLARY = 4       /**< a misplaced or malformed tRNS (or a repeated one) was ignored */
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
 * THE DECODING RULE, shared by every decoder (cpng_decode, and cpng_decode_fast,
 * cpng_decode_rows + cpng_rows_expand of cpng_fast.h): the same picture gives
 * the same 8-bit straight RGBA whatever its encoding.
 *
 *  - Colour-space chunks (gAMA, cHRM, sRGB, iCCP) and every other ancillary
 *    chunk except tRNS are ignored: samples are returned as stored, never
 *    gamma- or colour-converted (as pixelmatch, odiff and Pillow read them).
 *  - 16-bit samples become round(v * 255 / 65535) (libpng's png_set_scale_16),
 *    so v * 257 gives back v.
 *  - Grey of 1, 2 or 4 bits is scaled to 0..255 by v * 255 / (2^depth - 1)
 *    (bit replication); grey is copied to R, G and B.
 *  - Palette entries give their RGB; alpha from tRNS, 255 for entries past
 *    it; an index past the PLTE gives opaque black.
 *  - A tRNS colour key (grey or RGB) gives alpha 0 to the pixels whose stored
 *    samples (before any scaling) equal it, 255 to the others. A key with a
 *    sample out of range for the bit depth is ignored (CPNG_W_BAD_ANCILLARY).
 *  - No alpha channel and no tRNS: alpha 255. Adam7 interlacing changes nothing.
 *  - APNG: the default image (IDAT), i.e. the first frame.
 *
 * TOLERANCE, the same in every decoder:
 *  - A missing IEND is accepted (CPNG_W_NO_IEND), and so is a file cut
 *    anywhere after the last IDAT chunk, as long as the image data inflates
 *    to the whole image; a file cut inside or before the image data is
 *    rejected (CPNG_E_FORMAT).
 *  - An ancillary chunk with a bad CRC is skipped (CPNG_W_BAD_ANCILLARY_CRC).
 *  - A bad CRC in a critical chunk (IHDR, PLTE, IDAT, IEND), a bad IHDR
 *    (zero or over 2^31-1 width or height, bad depth or colour type), an
 *    unknown critical chunk, IDAT chunks that are not consecutive, a PLTE
 *    after the image data, a palette image without PLTE, an unknown filter
 *    type: rejected (CPNG_E_FORMAT). So is image data that is not exactly one
 *    complete zlib stream (Adler-32 checked) of the image's bytes: short,
 *    too long, or followed by more bytes.
 *  - Bytes after IEND are ignored.
 *
 * `data` may be NULL only when `len` is 0 (then CPNG_E_FORMAT, "empty input").
 * `warnings` may be NULL; otherwise it is set (0 when nothing was wrong, and
 * on failure).
 */

/**
 * Decodes a PNG held in memory into 8-bit straight RGBA (libpng's full read
 * API, explicit transforms, no gamma handling; see the rule above).
 *
 * Accepts every PNG colour type and bit depth (palette, grey, tRNS, 16-bit,
 * interlaced). Images whose width * height exceeds `max_pixels` are rejected
 * with CPNG_E_TOO_BIG before the pixel buffer is allocated.
 * On failure `*out` is zeroed.
 */
int cpng_decode(const uint8_t *data, size_t len, uint32_t max_pixels,
                cpng_image *out, uint32_t *warnings, char *err, size_t errlen);

/**
 * Encodes an 8-bit straight RGBA image as a PNG file.
 *
 * `rgba` holds `height` rows of `width` pixels, `stride` bytes apart
 * (stride >= width * 4). An image of at most 256 colours is written with a
 * palette (colour type 3; the colours in order of first appearance, tRNS when
 * one is not opaque); else if every alpha is 255 the file is RGB (colour type
 * 2), else RGBA (colour type 6). `threads` (<= 0 means 1) only changes the
 * speed, never the bytes. On failure `*out` is zeroed.
 */
int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                int threads, cpng_buffer *out, char *err, size_t errlen);

/**
 * As cpng_encode (the same pixel format decision), compressed as much as this
 * library can: the filtered rows in one piece through libdeflate's highest
 * level. For files written once and read often, such as test references:
 * several times slower than cpng_encode, on one thread. Deterministic for a
 * given libdeflate.
 */
int cpng_encode_smallest(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                         cpng_buffer *out, char *err, size_t errlen);

/**
 * STREAMING ENCODE: a still PNG whose rows arrive top to bottom, for an image
 * too large to hold whole. The file is byte for byte the one cpng_encode
 * writes for the same pixels, whatever the number of rows per call and
 * whatever `threads` (so palette, RGB or RGBA is decided over the whole image,
 * as there).
 *
 * Memory: the stream holds the compressed data so far and a window of raw
 * rows: the rows of up to `threads` bands being filled (a band is about 1 MiB
 * of filtered rows; `threads` complete bands are compressed at once, in
 * parallel) and the rows before them that their deflate dictionary needs
 * (32 KiB), plus scratch of a few rows; cpng_stream_bytes tells how much.
 * While there are at most 256 colours the window holds palette indices. On
 * the 257th colour the stream turns RGB (RGBA if a colour so far was not
 * opaque), and an RGB stream turns RGBA on its first pixel with alpha < 255:
 * each time it re-encodes the rows so far by decoding its own compressed data,
 * and during that call holds the old and the new data and windows. Each change
 * happens at most once. cpng_stream_finish copies the compressed data into the
 * file, so it needs about twice the file size at its peak.
 *
 * The caller's rows are only read during cpng_stream_rows. A stream is used
 * by one thread at a time. A call that fails with CPNG_E_ARG leaves the stream
 * as it was; after any other failure the stream only takes cpng_stream_free
 * (and cpng_stream_bytes).
 */
typedef struct cpng_stream cpng_stream;

/**
 * Starts a `width` x `height` still PNG. `threads` as in cpng_encode.
 * Returns NULL on failure (a bad size or out of memory), with a message in `err`.
 */
cpng_stream *cpng_stream_begin(uint32_t width, uint32_t height, int threads, char *err, size_t errlen);

/**
 * Appends the next `rows` rows: RGBA, straight alpha, `stride` bytes apart
 * (stride >= width * 4). More rows than the height in all, a NULL pointer, a
 * short stride, or a stream already finished: CPNG_E_ARG. `rows` 0 does nothing.
 */
int cpng_stream_rows(cpng_stream *s, const uint8_t *rgba, size_t stride, uint32_t rows,
                     char *err, size_t errlen);

/**
 * Once all `height` rows are in, writes the PNG file into `*out` (free it with
 * cpng_free) and releases what the stream held; the stream then only takes
 * cpng_stream_free. Rows missing: CPNG_E_ARG, and the stream takes the rest.
 * On failure `*out` is zeroed.
 */
int cpng_stream_finish(cpng_stream *s, cpng_buffer *out, char *err, size_t errlen);

/** The bytes the stream holds now: the row window, the compressed data and
    scratch (0 for NULL), so that a caller can account for its memory. */
size_t cpng_stream_bytes(const cpng_stream *s);

/** Frees a stream, finished or not. NULL is fine. */
void cpng_stream_free(cpng_stream *s);

/** An animated PNG being written. Opaque; made by cpng_apng_begin. */
typedef struct cpng_apng cpng_apng;

/** How hard an APNG writer works at a small file. */
typedef enum {
    /** Each frame's disposal and blending chosen from the size of what
        changes, and the frame compressed once, as it comes: about the cost
        of writing the frames as PNGs. */
    CPNG_APNG_FAST = 0,
    /** Every way to store each frame compressed and the smallest kept, then
        every frame compressed again, slowly, on `threads` threads at the
        end: the smallest files, at many times the cost. */
    CPNG_APNG_MAX = 1
} cpng_apng_effort;

/**
 * Starts an APNG of `width` x `height` pixels that plays `num_plays` times
 * (0 = forever), written with `effort`. `threads` as in cpng_encode, for
 * CPNG_APNG_MAX's compression at the end (CPNG_APNG_FAST uses one). Returns
 * NULL on failure (out of memory, bad size or an unknown effort), with a
 * message in `err`. The colour type follows the frames: grey, a palette, RGB
 * or RGBA, the narrowest that holds them all.
 */
cpng_apng *cpng_apng_begin(uint32_t width, uint32_t height, uint32_t num_plays, int threads,
                           cpng_apng_effort effort, char *err, size_t errlen);

/**
 * Adds one frame (a full width x height RGBA canvas, `stride` bytes per row)
 * shown for delay_num / delay_den seconds (delay_den 0 means 1/100 s).
 * The first frame is the default image. A frame equal to the one before is
 * not stored: the one before shows for longer (the delays are summed, when
 * their delay_den is the same and the sum fits). Each other frame stores
 * only a rectangle around what changed, with the disposal and blending that
 * compress it best or, with CPNG_APNG_FAST, that leave the smallest
 * rectangle (see cpng_apng.c), so the file can have fewer frames
 * than were added. The pixels are copied; the caller keeps ownership of
 * `rgba`. After a failure the writer can only be freed.
 */
int cpng_apng_add_frame(cpng_apng *w, const uint8_t *rgba, size_t stride,
                        uint16_t delay_num, uint16_t delay_den, char *err, size_t errlen);

/**
 * Writes the file (at least one frame must have been added) into `*out` and
 * frees the writer, whether it succeeds or not.
 */
int cpng_apng_finish(cpng_apng *w, cpng_buffer *out, char *err, size_t errlen);

/** The bytes the writer holds so far (its canvases, the compressed frames
    and one frame's packed pixels; 0 for NULL), so that a caller can bound
    the memory an animation takes. */
size_t cpng_apng_bytes(const cpng_apng *w);

/** Frees a writer without writing (for error paths). NULL is fine. */
void cpng_apng_free(cpng_apng *w);

/** The CRC-32 of `len` bytes at `data`, as a PNG chunk's CRC is computed (over its type and data). */
uint32_t cpng_crc32(const uint8_t *data, size_t len);

/** Frees a buffer returned by this library (cpng_image.pixels, cpng_buffer.data). NULL is fine. */
void cpng_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* CPNG_H */
