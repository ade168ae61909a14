/*
 * cpng_decode.c: PNG -> 8-bit straight RGBA through libpng's simplified API
 * (png_image_*). That API catches libpng's longjmp errors itself and reports
 * them as a return value and image.message, so nothing unwinds through the
 * caller's (Swift) frames.
 */
#include "cpng_internal.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

int cpng_decode(const uint8_t *data, size_t len, uint32_t max_pixels,
                cpng_image *out, char *err, size_t errlen) {
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    memset(out, 0, sizeof *out);
    if (!data || len == 0) return cpng__fail(err, errlen, CPNG_E_FORMAT, "empty input: not a PNG");
    if (len < 8 || png_sig_cmp(data, 0, 8) != 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "not a PNG file (bad signature)");

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
    if (!png_image_finish_read(&im, NULL, px, (png_int_32)stride, NULL)) {
        free(px);
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG: %s", im.message);
    }
    out->pixels = px;
    out->width = im.width;
    out->height = im.height;
    out->stride = stride;
    return CPNG_OK;
}
