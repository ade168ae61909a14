/*
 * cpng_decode.c: PNG -> 8-bit straight RGBA through libpng's full read API,
 * with explicit transforms and no gamma handling (the rule is in cpng.h).
 *
 * The file is first walked by cpng__scan (cpng_chunks.c), the same walk the
 * fast decoders use, which applies the tolerance rules. libpng then reads a
 * clean stream made from what the walk kept: the signature and IHDR, the
 * PLTE and a valid tRNS (rebuilt), the IDAT chunks as they are in the file,
 * and an IEND. So libpng never sees gAMA, cHRM, sRGB, iCCP or any other
 * ancillary chunk (no colour conversion can happen), a damaged ancillary
 * chunk, or a missing IEND, and every decoder accepts the same files.
 *
 * The image data must be one complete zlib stream (Adler-32 checked) of
 * exactly the image's bytes, with nothing after it, as in the fast decoder:
 * libpng's "benign" errors and its warnings are errors here.
 *
 * libpng reports errors with longjmp: the setjmp is in decode_libpng below,
 * and the callbacks only longjmp back to it, so no longjmp ever leaves this
 * file.
 */
#include "cpng_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The clean stream, served in three pieces: head (signature, IHDR, PLTE,
   tRNS), the IDAT chunks of the file, IEND. */
typedef struct {
    uint8_t head[8 + 25 + 12 + 768 + 12 + 256];
    size_t head_len;
    const uint8_t *idat;
    size_t idat_len;
    size_t off;              /* read position in the whole stream */
    char msg[160];
    char warning[160];       /* libpng's first warning, if any */
} clean_reader;

static const uint8_t iend_chunk[12] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82 };

static void put_chunk(clean_reader *m, const char *type, const uint8_t *body, uint32_t n) {
    uint8_t *q = m->head + m->head_len;
    q[0] = (uint8_t)(n >> 24); q[1] = (uint8_t)(n >> 16); q[2] = (uint8_t)(n >> 8); q[3] = (uint8_t)n;
    memcpy(q + 4, type, 4);
    if (n) memcpy(q + 8, body, n);
    uint32_t c = (uint32_t)crc32(0, q + 4, 4 + n);
    q[8 + n] = (uint8_t)(c >> 24); q[9 + n] = (uint8_t)(c >> 16); q[10 + n] = (uint8_t)(c >> 8); q[11 + n] = (uint8_t)c;
    m->head_len += 12 + (size_t)n;
}

static void read_clean(png_structp p, png_bytep out, size_t n) {
    clean_reader *m = png_get_io_ptr(p);
    size_t total = m->head_len + m->idat_len + sizeof iend_chunk;
    if (n > total - m->off) png_error(p, "read beyond end of data");
    while (n) {
        const uint8_t *src;
        size_t avail;
        if (m->off < m->head_len) {
            src = m->head + m->off;
            avail = m->head_len - m->off;
        } else if (m->off < m->head_len + m->idat_len) {
            src = m->idat + (m->off - m->head_len);
            avail = m->head_len + m->idat_len - m->off;
        } else {
            src = iend_chunk + (m->off - m->head_len - m->idat_len);
            avail = total - m->off;
        }
        size_t k = n < avail ? n : avail;
        memcpy(out, src, k);
        out += k;
        n -= k;
        m->off += k;
    }
}

static void on_error(png_structp p, png_const_charp msg) {
    clean_reader *m = png_get_error_ptr(p);
    snprintf(m->msg, sizeof m->msg, "%s", msg);
    png_longjmp(p, 1);
}

/* The clean stream holds only IHDR, PLTE, a valid tRNS, IDAT and IEND, so a
   warning can only be about the image data (a bad Adler-32, data after the
   zlib stream, ...): the fast decoder rejects those, so this one does too. */
static void on_warning(png_structp p, png_const_charp msg) {
    clean_reader *m = png_get_error_ptr(p);
    if (!m->warning[0]) snprintf(m->warning, sizeof m->warning, "%s", msg);
}

/* Decodes the clean stream in *m into px (w * h * 4 bytes). */
static int decode_libpng(clean_reader *m, uint32_t w, uint32_t h, uint8_t *px, char *err, size_t errlen) {
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, m, on_error, on_warning);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_read_struct(&p, NULL, NULL);
        return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    }
    if (setjmp(png_jmpbuf(p))) {
        free(rows);
        png_destroy_read_struct(&p, &info, NULL);
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (%s)", m->msg);
    }
    png_set_read_fn(p, m, read_clean);
    png_set_user_limits(p, 0x7fffffffu, 0x7fffffffu);   /* the size was checked against max_pixels */
    png_set_benign_errors(p, 0);               /* "benign" errors (extra or short zlib data, ...) are errors */
    png_set_check_for_invalid_index(p, 0);     /* palette indices past the PLTE: opaque black (cpng.h), no error */
    png_read_info(p, info);
    if (png_get_image_width(p, info) != w || png_get_image_height(p, info) != h)
        png_error(p, "size changed between reads");
    /* No png_set_gamma / png_set_alpha_mode, and no gAMA in the stream: no gamma handling. */
    png_set_expand(p);            /* palette -> RGB, grey < 8 bits -> 8 (v * 255 / max), tRNS -> alpha */
    png_set_scale_16(p);          /* round(v * 255 / 65535) */
    png_set_gray_to_rgb(p);
    png_set_add_alpha(p, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(p);
    png_read_update_info(p, info);
    if (png_get_rowbytes(p, info) != (size_t)w * 4) png_error(p, "unexpected row size");
    rows = malloc((size_t)h * sizeof *rows);
    if (!rows) png_error(p, "out of memory");
    for (uint32_t y = 0; y < h; y++) rows[y] = px + (size_t)y * w * 4;
    png_read_image(p, rows);
    png_read_end(p, NULL);
    if (m->warning[0]) png_error(p, m->warning);
    free(rows);
    png_destroy_read_struct(&p, &info, NULL);
    return CPNG_OK;
}

int cpng_decode(const uint8_t *data, size_t len, uint32_t max_pixels,
                cpng_image *out, uint32_t *warnings, char *err, size_t errlen) {
    if (warnings) *warnings = 0;
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    memset(out, 0, sizeof *out);
    cpng__png png;
    int code = cpng__scan(data, len, max_pixels, &png, err, errlen);
    if (code != CPNG_OK) return code;

    /* on the heap: what the callbacks change must not be a local of the setjmp caller */
    clean_reader *m = calloc(1, sizeof *m);
    if (!m) return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    memcpy(m->head, data, 8 + 25);   /* signature and IHDR (cpng__scan: first, CRC checked) */
    m->head_len = 8 + 25;
    if (png.entries) put_chunk(m, "PLTE", png.plte, (uint32_t)png.entries * 3);
    if (png.trns_len) put_chunk(m, "tRNS", png.trns, (uint32_t)png.trns_len);
    m->idat = data + png.idat_start;
    m->idat_len = png.idat_end - png.idat_start;

    size_t stride = (size_t)png.width * 4;   /* fits: cpng__scan checked width * height * 16 */
    uint8_t *px = malloc(stride * png.height);
    if (!px) {
        free(m);
        return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory for %ux%u pixels", png.width, png.height);
    }
    code = decode_libpng(m, png.width, png.height, px, err, errlen);
    free(m);
    if (code != CPNG_OK) {
        free(px);
        return code;
    }
    out->pixels = px;
    out->width = png.width;
    out->height = png.height;
    out->stride = stride;
    if (warnings) *warnings = png.warnings;
    return CPNG_OK;
}
