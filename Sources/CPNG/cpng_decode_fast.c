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

static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

int cpng_peek(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height) {
    if (!data || len < 33 || memcmp(data, signature, 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0) return CPNG_E_FORMAT;
    *width = be32(data + 16);
    *height = be32(data + 20);
    return CPNG_OK;
}

int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     uint8_t *dst, size_t dstlen, char *err, size_t errlen) {
    if (!data || len < 8 || memcmp(data, signature, 8) != 0)
        return fail(CPNG_E_FORMAT, err, errlen, "not a PNG file (bad signature)");

    uint32_t width = 0, height = 0;
    int channels = 0, seen_ihdr = 0, seen_iend = 0, paletted = 0, entries = 0;
    uint8_t table[256 * 4];   /* palette as RGBA; entries past the PLTE are opaque black */
    for (int i = 0; i < 256; i++) { table[4 * i] = table[4 * i + 1] = table[4 * i + 2] = 0; table[4 * i + 3] = 255; }
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
            channels = color == 0 ? 1 : color == 2 ? 3 : color == 4 ? 2 : color == 6 ? 4 : color == 3 ? 1 : 0;
            paletted = color == 3;
            if (!channels) { code = CPNG_UNSUPPORTED; goto done; }
            if ((uint64_t)width * height > max_pixels) {
                code = fail(CPNG_E_TOO_BIG, err, errlen, "image of %ux%u pixels is over the limit of %u", width, height, max_pixels);
                goto done;
            }
        } else if (memcmp(type, "PLTE", 4) == 0) {
            if (!paletted) { pos += (size_t)n + 12; continue; }   /* a suggested palette: ignored */
            if (n % 3 || n == 0 || n > 768 || entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad PLTE)"); goto done; }
            entries = (int)(n / 3);
            for (int i = 0; i < entries; i++) memcpy(table + 4 * i, body + 3 * i, 3);
        } else if (memcmp(type, "tRNS", 4) == 0) {
            if (!paletted) { code = CPNG_UNSUPPORTED; goto done; }   /* a colour key: libpng's job */
            if (!entries || (int)n > entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad tRNS)"); goto done; }
            for (uint32_t i = 0; i < n; i++) table[4 * i + 3] = body[i];
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
    if (paletted && !entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (palette image without PLTE)"); goto done; }
    if (premultiply)
        for (int i = 0; i < 256; i++)
            for (int c = 0; c < 3; c++) table[4 * i + c] = (uint8_t)((table[4 * i + c] * table[4 * i + 3] + 127) / 255);

    if (!dst || dstlen != (size_t)width * height * 4) { code = fail(CPNG_E_ARG, err, errlen, "the output buffer does not fit the image"); goto done; }
    {
        size_t stride = (size_t)width * channels, out_stride = (size_t)width * 4;
        size_t raw_len = (stride + 1) * height;
        /* Up to three channels, the filtered rows fit at the end of dst, and
           every output row ends before the filtered rows not yet read. */
        uint8_t *own = NULL, *raw;
        if (raw_len <= dstlen) {
            raw = dst + (dstlen - raw_len);
        } else {
            own = malloc(raw_len);
            if (!own) { code = fail(CPNG_E_NOMEM, err, errlen, "out of memory"); goto done; }
            raw = own;
        }
        uint8_t *rows = malloc(2 * stride + 1);   /* the unfiltered row above, and this one (+1 spare) */
        if (!rows) { free(own); code = fail(CPNG_E_NOMEM, err, errlen, "out of memory"); goto done; }
        rows[2 * stride] = 0;   /* the spare byte the last 4-byte load of an RGB row reads */
        struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
        size_t got = 0;
        enum libdeflate_result r = d ? libdeflate_zlib_decompress(d, idat, idat_len, raw, raw_len, &got) : LIBDEFLATE_BAD_DATA;
        if (d) libdeflate_free_decompressor(d);
        if (r != LIBDEFLATE_SUCCESS || got != raw_len) {
            free(own); free(rows);
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (image data does not inflate to %ux%u pixels)", width, height);
            goto done;
        }
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *row = raw + (size_t)y * (stride + 1);
            uint8_t *cur = rows + (y & 1) * stride;
            const uint8_t *prev = y ? rows + ((y - 1) & 1) * stride : NULL;
            memcpy(cur, row + 1, stride);
            if (unfilter(row[0], cur, prev, stride, (size_t)channels) != 0) {
                free(own); free(rows);
                code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (unknown filter %u on row %u)", row[0], y);
                goto done;
            }
            const uint8_t *s = cur;
            uint8_t *o = dst + (size_t)y * out_stride;
            switch (channels) {
            case 4:
                memcpy(o, s, stride);
                if (premultiply)
                    for (uint32_t x = 0; x < width; x++, o += 4)
                        if (o[3] != 255)
                            for (int c = 0; c < 3; c++) o[c] = (uint8_t)((o[c] * o[3] + 127) / 255);
                break;
            case 3:
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
                /* 4-byte loads and stores; `rows` has a spare byte past each row for the last load */
                for (uint32_t x = 0; x < width; x++, s += 3, o += 4) {
                    uint32_t v;
                    memcpy(&v, s, 4);
                    v |= 0xFF000000u;   /* the 4th byte in memory is alpha */
                    memcpy(o, &v, 4);
                }
#else
                for (uint32_t x = 0; x < width; x++, s += 3, o += 4) { o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; o[3] = 255; }
#endif
                break;
            case 2:
                for (uint32_t x = 0; x < width; x++, s += 2, o += 4) {
                    o[0] = o[1] = o[2] = premultiply ? (uint8_t)((s[0] * s[1] + 127) / 255) : s[0];
                    o[3] = s[1];
                }
                break;
            default:
                if (paletted)
                    for (uint32_t x = 0; x < width; x++, s += 1, o += 4) memcpy(o, table + 4 * s[0], 4);
                else
                    for (uint32_t x = 0; x < width; x++, s += 1, o += 4) { o[0] = o[1] = o[2] = s[0]; o[3] = 255; }
                break;
            }
        }
        free(own);
        free(rows);
    }
done:
    free(idat);
    return code;
}
