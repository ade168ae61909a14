/*
 * cpng_decode.c: PNG -> 8-bit straight RGBA through libpng's simplified API
 * (png_image_*). That API catches libpng's longjmp errors itself and reports
 * them as a return value and image.message, so nothing unwinds through the
 * caller's (Swift) frames.
 *
 * One exception: some libpng builds (1.6.39 as patched by Debian 12, and
 * upstream since the png_image_finish_read overflow fix; libpng issue #853)
 * decode Adam7-interlaced 16-bit files wrongly when 8-bit output is asked for.
 * Those files alone go through the classic API below, whose setjmp is in this
 * file, so its longjmp never leaves this file either.
 */
#include "cpng_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t len, off;
    char msg[128];
} mem_reader;

static void read_mem(png_structp p, png_bytep out, size_t n) {
    mem_reader *m = png_get_io_ptr(p);
    if (n > m->len - m->off) png_error(p, "read beyond end of data");
    memcpy(out, m->data + m->off, n);
    m->off += n;
}

static void on_error(png_structp p, png_const_charp msg) {
    mem_reader *m = png_get_error_ptr(p);
    snprintf(m->msg, sizeof m->msg, "%s", msg);
    png_longjmp(p, 1);
}

static void on_warning(png_structp p, png_const_charp msg) { (void)p; (void)msg; }

/* Classic-API decode of an image already validated by png_image (size
   checked, w * h * 4 bytes fit); same transforms as the simplified API. */
static int decode_classic(const uint8_t *data, size_t len, uint32_t w, uint32_t h,
                          uint8_t *px, char *err, size_t errlen) {
    /* on the heap: what the callbacks change must not be a local of the setjmp caller */
    mem_reader *m = calloc(1, sizeof *m);
    png_structp p = m ? png_create_read_struct(PNG_LIBPNG_VER_STRING, m, on_error, on_warning) : NULL;
    png_infop info = p ? png_create_info_struct(p) : NULL;
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_read_struct(&p, NULL, NULL);
        free(m);
        return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    }
    m->data = data;
    m->len = len;
    if (setjmp(png_jmpbuf(p))) {
        free(rows);
        png_destroy_read_struct(&p, &info, NULL);
        cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG: %s", m->msg);
        free(m);
        return CPNG_E_FORMAT;
    }
    png_set_read_fn(p, m, read_mem);
    png_read_info(p, info);
    if (png_get_image_width(p, info) != w || png_get_image_height(p, info) != h)
        png_error(p, "size changed between reads");
    png_set_alpha_mode(p, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB); /* gAMA -> sRGB, straight alpha */
    png_set_expand(p);            /* palette -> RGB, grey < 8 bits -> 8, tRNS -> alpha */
    png_set_scale_16(p);
    png_set_gray_to_rgb(p);
    png_set_add_alpha(p, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(p);
    png_read_update_info(p, info);
    if (png_get_rowbytes(p, info) != (size_t)w * 4) png_error(p, "unexpected row size");
    rows = malloc(h * sizeof *rows);
    if (!rows) png_error(p, "out of memory");
    for (uint32_t y = 0; y < h; y++) rows[y] = px + (size_t)y * w * 4;
    png_read_image(p, rows);
    png_read_end(p, NULL);
    free(rows);
    png_destroy_read_struct(&p, &info, NULL);
    free(m);
    return CPNG_OK;
}

/* 1 if an IEND chunk (length 0, its fixed CRC) is present: libpng stops
   reading after the image data, so a file cut inside or before IEND would
   otherwise pass. Searched from the end, where it normally is. */
static int has_iend(const uint8_t *d, size_t n) {
    static const uint8_t iend[12] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82 };
    for (size_t i = n - 12; i >= 33; i--)
        if (d[i + 4] == 'I' && memcmp(d + i, iend, 12) == 0) return 1;
    return 0;
}

int cpng_decode(const uint8_t *data, size_t len, uint32_t max_pixels,
                cpng_image *out, char *err, size_t errlen) {
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    memset(out, 0, sizeof *out);
    if (!data || len == 0) return cpng__fail(err, errlen, CPNG_E_FORMAT, "empty input: not a PNG");
    if (len < 8 || png_sig_cmp(data, 0, 8) != 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "not a PNG file (bad signature)");
    if (len < 8 + 25 + 12 || !has_iend(data, len))
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "truncated PNG (no IEND chunk)");

    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&im, data, len))
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG: %s", im.message);

    uint64_t pixels = (uint64_t)im.width * im.height;
    if (pixels > max_pixels || (uint64_t)im.width * 4 > 0x7fffffff ||
        pixels * 4 > (uint64_t)SIZE_MAX) {
        png_image_free(&im);
        return cpng__fail(err, errlen, CPNG_E_TOO_BIG,
                          "PNG is %ux%u pixels, more than the limit of %u pixels",
                          im.width, im.height, max_pixels);
    }
    im.format = PNG_FORMAT_RGBA;
    /* 16-bit files without gAMA/sRGB: treat as sRGB (as viewers do), not linear */
    im.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    size_t stride = (size_t)im.width * 4;
    uint8_t *px = malloc(stride * im.height) /* libpng rejects 0 */;
    if (!px) {
        png_image_free(&im);
        return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory for %ux%u pixels",
                          im.width, im.height);
    }
    /* IHDR is the first chunk (png_image checked): bit depth at 24, interlace at 28 */
    if (data[24] == 16 && data[28] != 0) {
        png_image_free(&im);
        int r = decode_classic(data, len, im.width, im.height, px, err, errlen);
        if (r) {
            free(px);
            return r;
        }
    } else if (!png_image_finish_read(&im, NULL, px, (png_int_32)stride, NULL)) {
        free(px);
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG: %s", im.message);
    }
    out->pixels = px;
    out->width = im.width;
    out->height = im.height;
    out->stride = stride;
    return CPNG_OK;
}
