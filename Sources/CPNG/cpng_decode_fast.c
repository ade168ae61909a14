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

/* What the chunks say: size, format, palette, and the image data gathered. */
typedef struct {
    uint32_t width, height;
    int channels, paletted, entries;
    uint8_t table[256 * 4];   /* palette as RGBA; entries past the PLTE are opaque black */
    uint8_t *idat;            /* malloc'd */
    size_t idat_len;
} parsed;

/* Checks the chunks and gathers the image data. CPNG_OK, CPNG_UNSUPPORTED or an error. */
static int parse(const uint8_t *data, size_t len, uint32_t max_pixels, parsed *p, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 256; i++) p->table[4 * i + 3] = 255;
    if (!data || len < 8 || memcmp(data, signature, 8) != 0)
        return fail(CPNG_E_FORMAT, err, errlen, "not a PNG file (bad signature)");
    int seen_ihdr = 0, seen_iend = 0;
    size_t idat_cap = 0, pos = 8;
    int code = CPNG_OK;
    while (pos + 12 <= len) {
        uint32_t n = be32(data + pos);
        const uint8_t *type = data + pos + 4;
        if (n > 0x7FFFFFFFu || n > len - pos - 12) { code = fail(CPNG_E_FORMAT, err, errlen, "truncated PNG (chunk runs past the end)"); goto fail; }
        const uint8_t *body = data + pos + 8;
        if (libdeflate_crc32(0, type, (size_t)n + 4) != be32(body + n)) {
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (CRC mismatch in a %.4s chunk)", (const char *)type);
            goto fail;
        }
        if (!seen_ihdr && memcmp(type, "IHDR", 4) != 0) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (IHDR is not first)"); goto fail; }
        if (memcmp(type, "IHDR", 4) == 0) {
            if (n != 13 || seen_ihdr) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad IHDR)"); goto fail; }
            seen_ihdr = 1;
            p->width = be32(body);
            p->height = be32(body + 4);
            uint8_t depth = body[8], color = body[9];
            if (p->width == 0 || p->height == 0) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (zero size)"); goto fail; }
            if (body[10] != 0 || body[11] != 0 || body[12] > 1) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad IHDR methods)"); goto fail; }
            if (depth != 8 || body[12] != 0) { code = CPNG_UNSUPPORTED; goto fail; }
            p->channels = color == 0 ? 1 : color == 2 ? 3 : color == 4 ? 2 : color == 6 ? 4 : color == 3 ? 1 : 0;
            p->paletted = color == 3;
            if (!p->channels) { code = CPNG_UNSUPPORTED; goto fail; }
            if ((uint64_t)p->width * p->height > max_pixels) {
                code = fail(CPNG_E_TOO_BIG, err, errlen, "image of %ux%u pixels is over the limit of %u", p->width, p->height, max_pixels);
                goto fail;
            }
        } else if (memcmp(type, "PLTE", 4) == 0) {
            if (!p->paletted) { pos += (size_t)n + 12; continue; }   /* a suggested palette: ignored */
            if (n % 3 || n == 0 || n > 768 || p->entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad PLTE)"); goto fail; }
            p->entries = (int)(n / 3);
            for (int i = 0; i < p->entries; i++) memcpy(p->table + 4 * i, body + 3 * i, 3);
        } else if (memcmp(type, "tRNS", 4) == 0) {
            if (!p->paletted) { code = CPNG_UNSUPPORTED; goto fail; }   /* a colour key: libpng's job */
            if (!p->entries || (int)n > p->entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (bad tRNS)"); goto fail; }
            for (uint32_t i = 0; i < n; i++) p->table[4 * i + 3] = body[i];
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (p->idat_len + n > idat_cap) {
                size_t cap = idat_cap ? idat_cap : 65536;
                while (cap < p->idat_len + n) cap *= 2;
                uint8_t *grown = realloc(p->idat, cap);
                if (!grown) { code = fail(CPNG_E_NOMEM, err, errlen, "out of memory"); goto fail; }
                p->idat = grown;
                idat_cap = cap;
            }
            memcpy(p->idat + p->idat_len, body, n);
            p->idat_len += n;
        } else if (memcmp(type, "IEND", 4) == 0) {
            seen_iend = 1;
            break;
        } else if (!(type[0] & 0x20)) {
            code = fail(CPNG_E_FORMAT, err, errlen, "unknown critical chunk %.4s", (const char *)type);
            goto fail;
        }
        pos += (size_t)n + 12;
    }
    if (!seen_iend) { code = fail(CPNG_E_FORMAT, err, errlen, "truncated PNG (no IEND chunk)"); goto fail; }
    if (!p->idat_len) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (no image data)"); goto fail; }
    if (p->paletted && !p->entries) { code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (palette image without PLTE)"); goto fail; }
    return CPNG_OK;
fail:
    free(p->idat);
    p->idat = NULL;
    return code;
}

/* Inflates all the image data at once into raw (exactly raw_len bytes). */
static int inflate_all(const parsed *p, uint8_t *raw, size_t raw_len, char *err, size_t errlen) {
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (!d) return fail(CPNG_E_NOMEM, err, errlen, "out of memory");
    size_t got = 0;
    enum libdeflate_result r = libdeflate_zlib_decompress(d, p->idat, p->idat_len, raw, raw_len, &got);
    libdeflate_free_decompressor(d);
    if (r != LIBDEFLATE_SUCCESS || got != raw_len)
        return fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (image data does not inflate to %ux%u pixels)", p->width, p->height);
    return CPNG_OK;
}

/* Expands one unfiltered row `s` (width * channels bytes, with one readable
   byte after it) into RGBA at `o`; `table` is the palette, already
   premultiplied when `premultiply`. */
static void expand_row(int channels, int paletted, const uint8_t *table, uint32_t width, int premultiply,
                       const uint8_t *s, uint8_t *o) {
    switch (channels) {
    case 4:
        memcpy(o, s, (size_t)width * 4);
        if (premultiply)
            for (uint32_t x = 0; x < width; x++, o += 4)
                if (o[3] != 255)
                    for (int c = 0; c < 3; c++) o[c] = (uint8_t)((o[c] * o[3] + 127) / 255);
        break;
    case 3:
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* 4-byte loads and stores; the caller leaves a spare byte past the row for the last load */
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

static void premultiply_table(uint8_t *table) {
    for (int i = 0; i < 256; i++)
        for (int c = 0; c < 3; c++) table[4 * i + c] = (uint8_t)((table[4 * i + c] * table[4 * i + 3] + 127) / 255);
}

int cpng_decode_fast(const uint8_t *data, size_t len, uint32_t max_pixels, int premultiply,
                     uint8_t *dst, size_t dstlen, char *err, size_t errlen) {
    parsed p;
    int code = parse(data, len, max_pixels, &p, err, errlen);
    if (code != CPNG_OK) return code;
    if (premultiply) premultiply_table(p.table);
    if (!dst || dstlen != (size_t)p.width * p.height * 4) {
        free(p.idat);
        return fail(CPNG_E_ARG, err, errlen, "the output buffer does not fit the image");
    }
    size_t stride = (size_t)p.width * p.channels, out_stride = (size_t)p.width * 4;
    size_t raw_len = (stride + 1) * p.height;
    /* Up to three channels, the filtered rows fit at the end of dst, and
       every output row ends before the filtered rows not yet read. */
    uint8_t *own = NULL, *raw;
    if (raw_len <= dstlen) {
        raw = dst + (dstlen - raw_len);
    } else {
        own = malloc(raw_len);
        if (!own) { free(p.idat); return fail(CPNG_E_NOMEM, err, errlen, "out of memory"); }
        raw = own;
    }
    uint8_t *rows = malloc(2 * stride + 1);   /* the unfiltered row above, and this one (+1 spare) */
    if (!rows) { free(own); free(p.idat); return fail(CPNG_E_NOMEM, err, errlen, "out of memory"); }
    rows[2 * stride] = 0;   /* the spare byte the last 4-byte load of an RGB row reads */
    code = inflate_all(&p, raw, raw_len, err, errlen);
    for (uint32_t y = 0; code == CPNG_OK && y < p.height; y++) {
        uint8_t *row = raw + (size_t)y * (stride + 1);
        uint8_t *cur = rows + (y & 1) * stride;
        const uint8_t *prev = y ? rows + ((y - 1) & 1) * stride : NULL;
        memcpy(cur, row + 1, stride);
        if (unfilter(row[0], cur, prev, stride, (size_t)p.channels) != 0) {
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (unknown filter %u on row %u)", row[0], y);
            break;
        }
        expand_row(p.channels, p.paletted, p.table, p.width, premultiply, cur, dst + (size_t)y * out_stride);
    }
    free(own);
    free(rows);
    free(p.idat);
    return code;
}

int cpng_decode_rows(const uint8_t *data, size_t len, uint32_t max_pixels, cpng_rows *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    parsed p;
    int code = parse(data, len, max_pixels, &p, err, errlen);
    if (code != CPNG_OK) return code;
    size_t stride = (size_t)p.width * p.channels, pitch = stride + 1;
    uint8_t *raw = malloc(pitch * p.height + 1);   /* + a spare byte for the last row's 4-byte loads */
    if (!raw) { free(p.idat); return fail(CPNG_E_NOMEM, err, errlen, "out of memory"); }
    raw[pitch * p.height] = 0;
    code = inflate_all(&p, raw, pitch * p.height, err, errlen);
    for (uint32_t y = 0; code == CPNG_OK && y < p.height; y++) {
        uint8_t *row = raw + (size_t)y * pitch;
        const uint8_t *prev = y ? row - pitch + 1 : NULL;
        if (unfilter(row[0], row + 1, prev, stride, (size_t)p.channels) != 0)
            code = fail(CPNG_E_FORMAT, err, errlen, "corrupt PNG (unknown filter %u on row %u)", row[0], y);
    }
    free(p.idat);
    if (code != CPNG_OK) { free(raw); return code; }
    out->width = p.width;
    out->height = p.height;
    out->channels = p.channels;
    out->paletted = p.paletted;
    memcpy(out->table, p.table, sizeof p.table);
    out->rows = raw;
    out->pitch = pitch;
    return CPNG_OK;
}

int cpng_rows_first_difference(const cpng_rows *a, const cpng_rows *b, int64_t *first, int64_t *last) {
    *first = *last = -1;
    if (a->width != b->width || a->height != b->height || a->channels != b->channels || a->paletted != b->paletted ||
        (a->paletted && memcmp(a->table, b->table, sizeof a->table) != 0))
        return 0;
    size_t stride = a->pitch - 1;
    for (uint32_t y = 0; y < a->height; y++) {
        if (memcmp(a->rows + (size_t)y * a->pitch + 1, b->rows + (size_t)y * b->pitch + 1, stride) != 0) {
            if (*first < 0) *first = y;
            *last = y;
        }
    }
    return 1;
}

void cpng_rows_expand(const cpng_rows *r, uint32_t y0, uint32_t y1, int premultiply, uint8_t *dst) {
    uint8_t table[256 * 4];
    memcpy(table, r->table, sizeof table);
    if (premultiply) premultiply_table(table);
    for (uint32_t y = y0; y < y1 && y < r->height; y++)
        expand_row(r->channels, r->paletted, table, r->width, premultiply, r->rows + (size_t)y * r->pitch + 1,
                   dst + (size_t)(y - y0) * r->width * 4);
}

void cpng_rows_free(cpng_rows *r) {
    free(r->rows);
    r->rows = NULL;
}
