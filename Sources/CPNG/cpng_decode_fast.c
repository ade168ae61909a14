/*
 * cpng_decode_fast.c: the common-case PNG decoder (see cpng_fast.h).
 *
 * zlib's inflate spends most of a decode on the long runs of flat UI images;
 * libdeflate inflates the same data an order of magnitude faster when it
 * gets the whole stream and the exact output size at once, which PNG gives.
 */
#include "cpng_fast.h"

#include <libdeflate.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(int code, char *err, size_t errlen, const char *fmt, ...) {
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/* Undoes the filter of one row in place; `prev` is the unfiltered row above or NULL. */
static int unfilter(uint8_t type, uint8_t *row, const uint8_t *prev, size_t n, size_t bpp) {
    size_t i;
    switch (type) {
    case 0: return 0;
    case 1: for (i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]); return 0;
    case 2: if (prev) for (i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + prev[i]); return 0;
    case 3:
        for (i = 0; i < n; i++) {
            int left = i >= bpp ? row[i - bpp] : 0, up = prev ? prev[i] : 0;
            row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
        }
        return 0;
    case 4:
        for (i = 0; i < n; i++) {
            int left = i >= bpp ? row[i - bpp] : 0, up = prev ? prev[i] : 0;
            int ul = (prev && i >= bpp) ? prev[i - bpp] : 0;
            row[i] = (uint8_t)(row[i] + paeth(left, up, ul));
        }
        return 0;
    default: return -1;
    }
}

int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     cpng_image *out, char *err, size_t errlen) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!out) return fail(CPNG_E_ARG, err, errlen, "no output");
    memset(out, 0, sizeof *out);
    if (!data || len < 8 || memcmp(data, signature, 8) != 0)
        return fail(CPNG_E_FORMAT, err, errlen, "not a PNG file (bad signature)");

    uint32_t width = 0, height = 0;
    int channels = 0, seen_ihdr = 0, seen_iend = 0;
    uint8_t *idat = NULL;
    size_t idat_len = 0, idat_cap = 0;
    size_t pos = 8;
    int code = CPNG_OK;
    while (pos + 12 <= len) {
        uint32_t n = be32(data + pos);
        const uint8_t *type = data + pos + 4;
        if (n > 0x7FFFFFFFu || n > len - pos - 12) { code = fail(CPNG_E_FORMAT, err, errlen, "truncated PNG (chunk runs past the end)"); goto done; }
        const uint8_t *body = data + pos + 8;
        if (libdeflate_crc32(0, type, (size_t)n + 4) != be32(body + n)) {
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (CRC mismatch in a %.4s chunk)", (const char *)type);
            goto done;
        }
        if (!seen_ihdr && memcmp(type, "IHDR", 4) != 0) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (IHDR is not first)"); goto done; }
        if (memcmp(type, "IHDR", 4) == 0) {
            if (n != 13 || seen_ihdr) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad IHDR)"); goto done; }
            seen_ihdr = 1;
            width = be32(body);
            height = be32(body + 4);
            uint8_t depth = body[8], color = body[9];
            if (width == 0 || height == 0) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (zero size)"); goto done; }
            if (body[10] != 0 || body[11] != 0 || body[12] > 1) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad IHDR methods)"); goto done; }
            if (depth != 8 || body[12] != 0) { code = CPNG_UNSUPPORTED; goto done; }
            channels = color == 0 ? 1 : color == 2 ? 3 : color == 4 ? 2 : color == 6 ? 4 : 0;
            if (!channels) { code = CPNG_UNSUPPORTED; goto done; }
            if ((uint64_t)width * height > max_pixels) {
                code = fail(CPNG_E_TOO_BIG, err, errlen, "image of %ux%u pixels is over the limit of %u", width, height, max_pixels);
                goto done;
            }
        } else if (memcmp(type, "PLTE", 4) == 0 || memcmp(type, "tRNS", 4) == 0) {
            code = CPNG_UNSUPPORTED;
            goto done;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_len + n > idat_cap) {
                size_t cap = idat_cap ? idat_cap : 65536;
                while (cap < idat_len + n) cap *= 2;
                uint8_t *grown = realloc(idat, cap);
                if (!grown) { code = fail(CPNG_E_NOMEM, err, errlen, "out of memory"); goto done; }
                idat = grown;
                idat_cap = cap;
            }
            memcpy(idat + idat_len, body, n);
            idat_len += n;
        } else if (memcmp(type, "IEND", 4) == 0) {
            seen_iend = 1;
            break;
        } else if (!(type[0] & 0x20)) {
            code = fail(CPNG_E_FORMAT, err, errlen, "unknown critical chunk %.4s", (const char *)type);
            goto done;
        }
        pos += (size_t)n + 12;
    }
    if (!seen_iend) { code = fail(CPNG_E_FORMAT, err, errlen, "truncated PNG (no IEND chunk)"); goto done; }
    if (!idat_len) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (no image data)"); goto done; }

    {
        size_t stride = (size_t)width * channels;
        size_t raw_len = (stride + 1) * height;
        uint8_t *raw = malloc(raw_len);
        uint8_t *pixels = malloc((size_t)width * height * 4);
        if (!raw || !pixels) { free(raw); free(pixels); code = fail(CPNG_E_NOMEM, err, errlen, "out of memory"); goto done; }
        struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
        size_t got = 0;
        enum libdeflate_result r = d ? libdeflate_zlib_decompress(d, idat, idat_len, raw, raw_len, &got) : LIBDEFLATE_BAD_DATA;
        if (d) libdeflate_free_decompressor(d);
        if (r != LIBDEFLATE_SUCCESS || got != raw_len) {
            free(raw); free(pixels);
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (image data does not inflate to %ux%u pixels)", width, height);
            goto done;
        }
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *row = raw + (size_t)y * (stride + 1);
            const uint8_t *prev = y ? raw + (size_t)(y - 1) * (stride + 1) + 1 : NULL;
            if (unfilter(row[0], row + 1, prev, stride, (size_t)channels) != 0) {
                free(raw); free(pixels);
                code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (unknown filter %u on row %u)", row[0], y);
                goto done;
            }
            const uint8_t *s = row + 1;
            uint8_t *o = pixels + (size_t)y * width * 4;
            switch (channels) {
            case 4:
                memcpy(o, s, stride);
                if (premultiply)
                    for (uint32_t x = 0; x < width; x++, o += 4)
                        if (o[3] != 255)
                            for (int c = 0; c < 3; c++) o[c] = (uint8_t)((o[c] * o[3] + 127) / 255);
                break;
            case 3: for (uint32_t x = 0; x < width; x++, s += 3, o += 4) { o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; o[3] = 255; } break;
            case 2:
                for (uint32_t x = 0; x < width; x++, s += 2, o += 4) {
                    o[0] = o[1] = o[2] = premultiply ? (uint8_t)((s[0] * s[1] + 127) / 255) : s[0];
                    o[3] = s[1];
                }
                break;
            default: for (uint32_t x = 0; x < width; x++, s += 1, o += 4) { o[0] = o[1] = o[2] = s[0]; o[3] = 255; } break;
            }
        }
        free(raw);
        out->pixels = pixels;
        out->width = width;
        out->height = height;
        out->stride = (size_t)width * 4;
    }
done:
    free(idat);
    return code;
}
