/*
 * cpng_internal.h: shared by the CPNG sources (and the Tools/cpng-check
 * benchmark, which swaps the codec and the filter choice). Not public API.
 */
#ifndef CPNG_INTERNAL_H
#define CPNG_INTERNAL_H

#include "cpng.h"
#include <stdarg.h>

/* Writes a message into err (if any); returns code. */
int cpng__fail(char *err, size_t errlen, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* ---- the chunk walk every decoder starts with (cpng_chunks.c) ---- */

/* What the chunks of a PNG say, after the checks and the tolerance rules of
   cpng.h. The image data is the consecutive IDAT chunks at
   data[idat_start, idat_end) (whole chunks, headers and CRCs included). */
typedef struct {
    uint32_t width, height;
    uint8_t depth, color, interlace;
    int channels;               /* samples per pixel: 1 (grey, palette), 2, 3, 4 */
    int entries;                /* PLTE entries used (0: no PLTE, or not a palette image) */
    uint8_t plte[256 * 3];
    int trns_len;               /* a valid tRNS: palette alphas, or the 2 or 6 key bytes; 0 = none */
    uint8_t trns[256];
    size_t idat_start, idat_end;
    int idat_chunks;
    uint32_t warnings;          /* CPNG_W_* */
} cpng__png;

/* Walks the chunks of data[0..len). CPNG_OK, or an error code with a message. */
int cpng__scan(const uint8_t *data, size_t len, uint32_t max_pixels, cpng__png *p,
               char *err, size_t errlen);

/* The image data as one zlib stream: a pointer into `data` when there is one
   IDAT chunk, else a malloc'd concatenation stored in *owned (free it).
   NULL when out of memory. */
const uint8_t *cpng__idat(const uint8_t *data, const cpng__png *p, size_t *zlen, uint8_t **owned);

/* ---- palette (cpng_palette.c) ---- */

/* The colours of an image (RGBA) in order of first appearance, so the same
   image always gives the same palette: at most 256, with a hash index. */
typedef struct {
    uint32_t keys[1024];
    int16_t index[1024];        /* palette index of keys[slot]; -1 = empty slot */
    uint8_t rgba[256 * 4];
    int count;
} cpng__palette;

void cpng__palette_init(cpng__palette *p);
/* Maps one row of w RGBA pixels to palette indices in out, adding its new
   colours to p. `above` (the RGBA row above) and `above_out` (its indices)
   may be NULL; when the row equals `above` its indices are copied. Returns 1,
   or 0 when the row brings a 257th colour (out and p are then partly written). */
int cpng__palette_row(cpng__palette *p, const uint8_t *row, const uint8_t *above,
                      const uint8_t *above_out, uint32_t w, uint8_t *out);
/* If the w x h image has at most 256 colours, returns 1, a malloc'd index
   image (w bytes per row) in *indices and the colours in *p; else 0 (or
   CPNG_E_NOMEM). */
int cpng__palette_image(const uint8_t *rgba, uint32_t w, uint32_t h, size_t stride,
                        uint8_t **indices, cpng__palette *p);
/* 1 if a colour of p is not opaque. */
int cpng__palette_has_alpha(const cpng__palette *p);
/* The index of colour rgba in p; -1 when p does not hold it. */
int cpng__palette_find(const cpng__palette *p, const uint8_t rgba[4]);

/* ---- the colour type of an animated PNG (cpng_apng_format.c) ---- */

/* What the frames so far hold: every colour (a palette while there are at
   most 256), whether all are opaque and all grey, and which RGB colours are
   used, so that a key no pixel uses can be picked. */
typedef struct {
    int opaque, grey, paletted;
    cpng__palette pal;
    uint64_t *rgb;              /* 2^24 bits: 0xRRGGBB is used */
    uint8_t *row;               /* scratch: one row of indices */
} cpng__colours;

typedef enum { CPNG__GREY, CPNG__PALETTE, CPNG__RGB, CPNG__RGBA } cpng__kind;

/* How frames are stored. `keyed`: the format has a transparent value, `key`
   (0xRRGGBB, or for PALETTE the index of (0,0,0,0)). */
typedef struct {
    cpng__kind kind;
    int keyed;
    uint32_t key;
} cpng__format;

/* 0 or CPNG_E_NOMEM (free it either way). */
int cpng__colours_init(cpng__colours *c, uint32_t width);
void cpng__colours_free(cpng__colours *c);
/* Records the colours of the w x h region at rgba. */
void cpng__colours_add(cpng__colours *c, const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h);
/* 1 if f can store every colour so far (and its key is still unused). */
int cpng__format_holds(const cpng__colours *c, cpng__format f);
/* Gives f a transparent value if it has none (not yet added: see
   cpng__format_commit); 0 when it cannot have one. */
int cpng__format_transparent(const cpng__colours *c, cpng__format *f);
/* Adds f's transparent palette entry to the palette, if it is new. */
void cpng__format_commit(cpng__colours *c, cpng__format f);
/* The narrowest format that holds the colours so far, with a transparent
   value when `transparent` (commit it). */
cpng__format cpng__format_for(const cpng__colours *c, int transparent);
int cpng__format_colour_type(cpng__format f);
/* Bytes per pixel in the image data: 1, 1, 3, 4. */
int cpng__format_channels(cpng__format f);
/* Bytes per pixel that cpng__format_pack writes: 1 (GREY, PALETTE) or 4 (RGBA
   rows, which cpng__compress_image reads as RGB for RGB). */
size_t cpng__format_pack_bytes(cpng__format f);
/* Writes the w x h RGBA region at rgba into out (w * pack_bytes bytes per
   row) for the image data of format f; a pixel with alpha 0 becomes the key
   in RGB. Every colour must be recorded (and the key committed). */
void cpng__format_pack(const cpng__colours *c, cpng__format f, const uint8_t *rgba, size_t stride,
                       uint32_t w, uint32_t h, uint8_t *out);
/* The inverse, from unfiltered image data (w * channels bytes per row, at
   `stride`) to w x h RGBA (w * 4 bytes per row); the key becomes (0,0,0,0). */
void cpng__format_unpack(const cpng__colours *c, cpng__format f, const uint8_t *packed, size_t stride,
                         uint32_t w, uint32_t h, uint8_t *rgba);

/* ---- growable byte buffer and chunk writer (cpng_encode.c) ---- */

typedef struct {
    uint8_t *data;
    size_t len, cap;
} cpng__buf;

int cpng__reserve(cpng__buf *b, size_t extra);           /* 0 or CPNG_E_NOMEM */
int cpng__put(cpng__buf *b, const void *p, size_t n);
void cpng__be32(uint8_t *p, uint32_t v);
/* Appends a chunk: length, type, data, CRC. */
int cpng__chunk(cpng__buf *b, const char type[4], const uint8_t *data, size_t len);
/* Appends the signature and IHDR (8-bit; colour type 2, 6, or 3 for channels
   1 = palette indices; no interlace). */
int cpng__head(cpng__buf *b, uint32_t w, uint32_t h, int channels);
/* The same with the PNG colour type itself (0, 2, 3 or 6). */
int cpng__head_type(cpng__buf *b, uint32_t w, uint32_t h, int colour_type);
/* Appends PLTE with the colours of pal, and tRNS up to its last colour that
   is not opaque (none when all are). */
int cpng__palette_chunks(cpng__buf *b, const cpng__palette *pal);

/* Writes a whole PNG file around the complete zlib stream z into *out
   (malloc'd): signature, IHDR, for channels 1 the palette `pal` as PLTE (and
   tRNS up to its last colour that is not opaque), IDAT chunks, IEND.
   0 or CPNG_E_NOMEM. */
int cpng__png_file(uint32_t w, uint32_t h, int channels, const cpng__palette *pal,
                   const cpng__buf *z, cpng_buffer *out);
/* Splits a zlib stream into chunks of `type` (IDAT, or fdAT with a sequence
   number before each chunk's data when seq != NULL; *seq is advanced). */
int cpng__data_chunks(cpng__buf *b, const char type[4], const cpng__buf *z, uint32_t *seq);
/* Checks an encoder's width, height and stride (>= width * 4). */
int cpng__check_size(uint32_t w, uint32_t h, size_t stride, char *err, size_t errlen);
/* 1 if any pixel of the w x h region has alpha < 255. */
int cpng__has_alpha(const uint8_t *rgba, uint32_t w, uint32_t h, size_t stride);

/* ---- row filters (cpng_filter.c) ---- */

/* Filter choice: a bit set of candidate filter types (1 << type, types 0..4
   None/Sub/Up/Average/Paeth). One bit = that filter on every row. Several =
   per row, the candidate with the smallest sum of |signed byte| (ties to the
   lower type); a row equal to the row above takes Up (all zeros) directly. */
enum {
    CPNG__F_NONE = 1, CPNG__F_SUB = 2, CPNG__F_UP = 4, CPNG__F_AVG = 8, CPNG__F_PAETH = 16,
    CPNG__F_ALL = 31
};

/* Filters one packed row `cur` of n bytes (bpp bytes per pixel) against the
   packed row above `prev` (never NULL: a zero row for row 0) into out[0..n]
   (out[0] = filter type). `same` says cur == prev (the caller knows it cheaply).
   scratch holds 5 * n bytes. */
void cpng__filter_row(unsigned filters, const uint8_t *cur, const uint8_t *prev, size_t n,
                      int bpp, int same, uint8_t *out, uint8_t *scratch);
/* Undoes filter `type` on one row of n bytes in place; `prev` is the
   unfiltered row above, NULL for the first row. 0, or -1 for an unknown type. */
int cpng__unfilter_row(uint8_t type, uint8_t *row, const uint8_t *prev, size_t n, size_t bpp);

/* ---- banded parallel deflate (cpng_deflate.c) ---- */

typedef struct cpng__codec cpng__codec;
struct cpng__codec {
    const char *name;
    int level, strategy;
    /* Appends `in` to `out` as raw deflate blocks that continue a stream whose
       preceding uncompressed bytes end with dict[0..dictlen) (dictlen <= 32 KiB,
       0 = none), ending on a byte boundary without a final block (a sync
       flush). *state is per worker, NULL the first time. */
    int (*segment)(const cpng__codec *c, void **state, const uint8_t *dict, size_t dictlen,
                   const uint8_t *in, size_t inlen, cpng__buf *out);
    void (*release)(void *state);
    /* Or, for a codec that only compresses whole streams (no segments, bands
       or run units): appends the complete zlib stream of `in` to `out`. */
    int (*whole)(const cpng__codec *c, const uint8_t *in, size_t inlen, cpng__buf *out);
};

typedef struct {
    unsigned filters;        /* CPNG__F_* bit set */
    size_t band_bytes;       /* target filtered bytes per band (rounded to whole rows) */
    size_t dict_bytes;       /* dictionary for each segment: that many preceding bytes (<= 32 KiB) */
    int runs;                /* code long runs of repeated rows with the shared unit */
    const cpng__codec *codec;
} cpng__opts;

extern const cpng__codec cpng__zlib_codec;
extern const cpng__opts cpng__default_opts;
/* libdeflate at its highest level over the whole image in one piece: the
   smallest files, several times slower (cpng_encode_smallest). */
extern const cpng__opts cpng__smallest_opts;
/* For the frames of an animated PNG: unfiltered rows, libdeflate level 12. */
extern const cpng__opts cpng__frame_opts;
/* For the frames of an animated PNG compressed once: unfiltered rows,
   libdeflate level 7. */
extern const cpng__opts cpng__fast_frame_opts;

#define CPNG__MAX_THREADS 64   /* threads that compress bands at once, at most */

/* How an image of one pixel format is cut into bands, and what its bands
   share. Depends only on the size, the format and the options (never on the
   thread count); read-only while bands are compressed. */
typedef struct {
    const cpng__opts *o;
    uint32_t w, h;
    int ch;                  /* packed channels: 1 (palette indices), 3 (RGB), 4 (RGBA) */
    size_t n, rowbytes;      /* packed row bytes (w * ch); filtered row bytes (n + 1) */
    uint32_t band_rows;      /* band_bytes / rowbytes, at least 1, at most h */
    uint32_t nbands;
    uint32_t unit;           /* rows per run unit (>= 32 KiB) */
    int runs;                /* code long runs of repeated rows with the unit */
    uint8_t *zrows;          /* `unit` repeated rows, filtered (2, 0, 0, ...), when runs */
    cpng__buf unit_z;        /* their deflate segment */
    uint32_t unit_adler;
} cpng__bands;

/* Where the source rows are: row y at base + (y - first) * stride, RGBA for
   channels 3 and 4, one palette index per pixel for channels 1. */
typedef struct {
    const uint8_t *base;
    size_t stride;
    uint32_t first;
} cpng__source;

/* CPNG_OK, CPNG_E_NOMEM or CPNG_E_INTERNAL (opts NULL = the defaults);
   callers checked the size (cpng__check_size). cpng__bands_free after either. */
int cpng__bands_init(cpng__bands *b, uint32_t w, uint32_t h, int channels, const cpng__opts *opts);
void cpng__bands_free(cpng__bands *b);
/* The first row that band k reads (the rows its dictionary is filtered from,
   and the one above them); band k itself is rows [k * band_rows, ...). */
uint32_t cpng__band_first_row(const cpng__bands *b, uint32_t k);
/* Appends the zlib header of the stream. */
int cpng__zlib_head(const cpng__bands *b, cpng__buf *z);
/* Filters and compresses bands [k0, k1) (up to `threads` at a time), reading
   src's rows from cpng__band_first_row(b, k0) to the end of band k1 - 1;
   appends their deflate data to z and folds their Adler-32 into *adler.
   CPNG_OK, CPNG_E_NOMEM or CPNG_E_INTERNAL; the bytes never depend on `threads`. */
int cpng__compress_bands(const cpng__bands *b, const cpng__source *src, uint32_t k0, uint32_t k1,
                         int threads, cpng__buf *z, uint32_t *adler);
/* Ends the zlib stream: an empty final block and the Adler-32 of all bands. */
int cpng__zlib_tail(cpng__buf *z, uint32_t adler);

/* Filters and compresses the w x h region of `rgba` (channels 3 = drop alpha,
   4 = RGBA; 1 = `rgba` holds one palette index per pixel, `stride` bytes per
   row) into a complete zlib stream appended to `z`. */
int cpng__compress_image(const uint8_t *rgba, size_t stride, uint32_t w, uint32_t h,
                         int channels, int threads, const cpng__opts *opts, cpng__buf *z,
                         char *err, size_t errlen);

/* cpng_encode with explicit options (benchmark). */
int cpng__encode_opts(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int threads, const cpng__opts *opts, cpng_buffer *out,
                      char *err, size_t errlen);

/* cpng_stream_begin with explicit options (checks of the stream). */
cpng_stream *cpng__stream_begin_opts(uint32_t width, uint32_t height, int threads,
                                     const cpng__opts *opts, char *err, size_t errlen);

#endif
