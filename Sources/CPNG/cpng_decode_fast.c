/*
 * cpng_decode_fast.c: the common-case PNG decoder (see cpng_fast.h).
 *
 * zlib's inflate spends most of a decode on the long runs of flat UI images;
 * libdeflate inflates the same data an order of magnitude faster when it
 * gets the whole stream and the exact output size at once, which PNG gives.
 */
#include "cpng_fast.h"
#include "cpng_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* A buffer of `n` bytes; large ones ask the kernel for huge pages where it
   offers them on request (transparent huge pages in "madvise" mode), which
   takes hundreds of page faults off decoding a phone-size image. Freed with free(). */
static void *alloc_rows(size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (n >= 2 * huge) {
        void *p = NULL;
        if (posix_memalign(&p, huge, n) != 0) return NULL;
        (void)madvise(p, n & ~(huge - 1), MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(n);
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

int cpng_peek(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height) {
    if (!width || !height) return CPNG_E_ARG;
    if (!data || len < 33 || memcmp(data, signature, 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0) return CPNG_E_FORMAT;
    *width = be32(data + 16);
    *height = be32(data + 20);
    return CPNG_OK;
}

/* What the decoders here need: size, format, palette, and the image data. */
typedef struct {
    uint32_t width, height;
    int channels, paletted;
    uint8_t table[256 * 4];   /* palette as RGBA; entries past the PLTE are opaque black */
    const uint8_t *z;         /* the zlib stream */
    size_t zlen;
    uint8_t *owned;           /* malloc'd when the stream had to be gathered from several IDATs */
} parsed;

/* The shared chunk walk (cpng_chunks.c), then what this decoder takes.
   CPNG_OK, CPNG_E_UNSUPPORTED or an error. */
static int parse(const uint8_t *data, size_t len, uint32_t max_pixels, parsed *p, uint32_t *warnings,
                 char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    cpng__png png;
    int code = cpng__scan(data, len, max_pixels, &png, err, errlen);
    if (code != CPNG_OK) return code;
    if (warnings) *warnings = png.warnings;
    if (png.depth != 8 || png.interlace || (png.trns_len && png.color != 3))
        return cpng__fail(err, errlen, CPNG_E_UNSUPPORTED,
                          "%s PNGs are left to cpng_decode",
                          png.interlace ? "interlaced" : png.depth != 8 ? "not 8-bit" : "colour-keyed (tRNS)");
    p->width = png.width;
    p->height = png.height;
    p->channels = png.channels;
    p->paletted = png.color == 3;
    for (int i = 0; i < 256; i++) p->table[4 * i + 3] = 255;
    for (int i = 0; i < png.entries; i++) memcpy(p->table + 4 * i, png.plte + 3 * i, 3);
    for (int i = 0; i < png.trns_len; i++) p->table[4 * i + 3] = png.trns[i];
    p->z = cpng__idat(data, &png, &p->zlen, &p->owned);
    if (!p->z) return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    return CPNG_OK;
}

/* Inflates all the image data at once into raw (exactly raw_len bytes): one
   complete zlib stream (Adler-32 checked), nothing after it. */
static int inflate_all(const parsed *p, uint8_t *raw, size_t raw_len, char *err, size_t errlen) {
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (!d) return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    size_t got = 0, used = 0;
    enum libdeflate_result r = libdeflate_zlib_decompress_ex(d, p->z, p->zlen, raw, raw_len, &used, &got);
    libdeflate_free_decompressor(d);
    if (r == LIBDEFLATE_SUCCESS && got == raw_len && used != p->zlen)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (%zu bytes after the end of the image data's zlib stream)",
                          p->zlen - used);
    if (r != LIBDEFLATE_SUCCESS || got != raw_len)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (the image data does not inflate to %ux%u pixels)",
                          p->width, p->height);
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
                     uint8_t *dst, size_t dstlen, uint32_t *warnings, char *err, size_t errlen) {
    if (warnings) *warnings = 0;
    if (!dst) return cpng__fail(err, errlen, CPNG_E_ARG, "dst is NULL");
    parsed p;
    int code = parse(data, len, max_pixels, &p, warnings, err, errlen);
    if (code != CPNG_OK) {
        if (warnings) *warnings = 0;
        return code;
    }
    if (premultiply) premultiply_table(p.table);
    /* sizes fit a size_t: cpng__scan checked width * height * 16 */
    size_t stride = (size_t)p.width * p.channels, out_stride = (size_t)p.width * 4;
    size_t raw_len = (stride + 1) * p.height;
    if (dstlen != out_stride * p.height) {
        free(p.owned);
        if (warnings) *warnings = 0;
        return cpng__fail(err, errlen, CPNG_E_ARG, "the output buffer holds %zu bytes, not %ux%ux4", dstlen,
                          p.width, p.height);
    }
    /* Up to three channels, the filtered rows fit at the end of dst, and
       every output row ends before the filtered rows not yet read (cpng_fast.h). */
    uint8_t *own = NULL, *raw;
    if (raw_len <= dstlen) {
        raw = dst + (dstlen - raw_len);
    } else {
        own = malloc(raw_len);
        if (!own) { free(p.owned); return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory"); }
        raw = own;
    }
    uint8_t *rows = malloc(2 * stride + 1);   /* the unfiltered row above, and this one (+1 spare) */
    if (!rows) { free(own); free(p.owned); return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory"); }
    rows[2 * stride] = 0;   /* the spare byte the last 4-byte load of an RGB row reads */
    code = inflate_all(&p, raw, raw_len, err, errlen);
    for (uint32_t y = 0; code == CPNG_OK && y < p.height; y++) {
        uint8_t *row = raw + (size_t)y * (stride + 1);
        uint8_t *cur = rows + (y & 1) * stride;
        const uint8_t *prev = y ? rows + ((y - 1) & 1) * stride : NULL;
        memcpy(cur, row + 1, stride);
        if (cpng__unfilter_row(row[0], cur, prev, stride, (size_t)p.channels) != 0) {
            code = cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown filter type %u on row %u)", row[0], y);
            break;
        }
        expand_row(p.channels, p.paletted, p.table, p.width, premultiply, cur, dst + (size_t)y * out_stride);
    }
    free(own);
    free(rows);
    free(p.owned);
    if (code != CPNG_OK && warnings) *warnings = 0;
    return code;
}

int cpng_decode_rows(const uint8_t *data, size_t len, uint32_t max_pixels, cpng_rows *out,
                     uint32_t *warnings, char *err, size_t errlen) {
    if (warnings) *warnings = 0;
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    memset(out, 0, sizeof *out);
    parsed p;
    int code = parse(data, len, max_pixels, &p, warnings, err, errlen);
    if (code != CPNG_OK) {
        if (warnings) *warnings = 0;
        return code;
    }
    size_t stride = (size_t)p.width * p.channels, pitch = stride + 1;
    uint8_t *raw = alloc_rows(pitch * p.height + 1);   /* + a spare byte for the last row's 4-byte loads */
    if (!raw) { free(p.owned); if (warnings) *warnings = 0; return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory"); }
    raw[pitch * p.height] = 0;
    code = inflate_all(&p, raw, pitch * p.height, err, errlen);
    for (uint32_t y = 0; code == CPNG_OK && y < p.height; y++) {
        uint8_t *row = raw + (size_t)y * pitch;
        const uint8_t *prev = y ? row - pitch + 1 : NULL;
        if (cpng__unfilter_row(row[0], row + 1, prev, stride, (size_t)p.channels) != 0)
            code = cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown filter type %u on row %u)", row[0], y);
    }
    free(p.owned);
    if (code != CPNG_OK) {
        free(raw);
        if (warnings) *warnings = 0;
        return code;
    }
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
    if (!first || !last || !a || !b) return CPNG_E_ARG;
    *first = *last = -1;
    if (a->width != b->width || a->height != b->height || a->channels != b->channels || a->paletted != b->paletted ||
        (a->paletted && memcmp(a->table, b->table, sizeof a->table) != 0))
        return 0;
    if (a->height && (!a->rows || !b->rows)) return CPNG_E_ARG;
    size_t stride = (size_t)a->width * (size_t)a->channels;
    for (uint32_t y = 0; y < a->height; y++) {
        if (memcmp(a->rows + (size_t)y * a->pitch + 1, b->rows + (size_t)y * b->pitch + 1, stride) != 0) {
            if (*first < 0) *first = y;
            *last = y;
        }
    }
    return 1;
}

int cpng_rows_expand(const cpng_rows *r, uint32_t y0, uint32_t y1, int premultiply, uint8_t *dst) {
    if (!r || !dst || !r->rows || y0 > y1 || y1 > r->height) return CPNG_E_ARG;
    uint8_t table[256 * 4];
    memcpy(table, r->table, sizeof table);
    if (premultiply) premultiply_table(table);
    for (uint32_t y = y0; y < y1; y++)
        expand_row(r->channels, r->paletted, table, r->width, premultiply, r->rows + (size_t)y * r->pitch + 1,
                   dst + (size_t)(y - y0) * r->width * 4);
    return CPNG_OK;
}

void cpng_rows_free(cpng_rows *r) {
    if (!r) return;
    free(r->rows);
    r->rows = NULL;
}
