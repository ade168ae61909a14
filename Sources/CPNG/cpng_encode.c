/*
 * cpng_encode.c: still PNG files, written chunk by chunk (signature, IHDR,
 * PLTE and tRNS for a palette, IDAT..., IEND) around the zlib stream from
 * cpng_deflate.c, for cpng_encode and for a stream (cpng_stream.c), plus the
 * small helpers (buffer, chunk, errors) the other files share.
 */
#include "cpng_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* PNG chunk data is at most 2^31 - 1 bytes; 1 MiB image-data chunks keep the
   overhead negligible (12 bytes each) and the CRC pass short. */
#define DATA_CHUNK_BYTES (1u << 20)

int cpng__fail(char *err, size_t errlen, int code, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

int cpng__reserve(cpng__buf *b, size_t extra) {
    if (b->cap - b->len >= extra) return CPNG_OK;
    if (extra > SIZE_MAX - b->len) return CPNG_E_NOMEM;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra) {
        if (cap > SIZE_MAX / 2) { cap = b->len + extra; break; }
        cap *= 2;
    }
    uint8_t *p = realloc(b->data, cap);
    if (!p) return CPNG_E_NOMEM;
    b->data = p;
    b->cap = cap;
    return CPNG_OK;
}

int cpng__put(cpng__buf *b, const void *p, size_t n) {
    if (cpng__reserve(b, n)) return CPNG_E_NOMEM;
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
    return CPNG_OK;
}

void cpng__be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* A chunk whose data is pre (prelen bytes, e.g. a sequence number) then data. */
static int chunk2(cpng__buf *b, const char type[4], const uint8_t *pre, size_t prelen,
                  const uint8_t *data, size_t len) {
    if (cpng__reserve(b, 12 + prelen + len)) return CPNG_E_NOMEM;
    uint8_t hdr[8], crc[4];
    cpng__be32(hdr, (uint32_t)(prelen + len));
    memcpy(hdr + 4, type, 4);
    cpng__put(b, hdr, 8);
    cpng__put(b, pre, prelen);
    cpng__put(b, data, len);
    uLong c = crc32(0, hdr + 4, 4);
    if (prelen) c = crc32(c, pre, (uInt)prelen);
    if (len) c = crc32(c, data, (uInt)len);
    cpng__be32(crc, (uint32_t)c);
    return cpng__put(b, crc, 4);
}

int cpng__chunk(cpng__buf *b, const char type[4], const uint8_t *data, size_t len) {
    return chunk2(b, type, NULL, 0, data, len);
}

int cpng__head_type(cpng__buf *b, uint32_t w, uint32_t h, int colour_type) {
    static const uint8_t sig[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
    uint8_t ihdr[13];
    cpng__be32(ihdr, w);
    cpng__be32(ihdr + 4, h);
    ihdr[8] = 8;                          /* bit depth */
    ihdr[9] = (uint8_t)colour_type;
    ihdr[10] = ihdr[11] = ihdr[12] = 0;   /* deflate, adaptive filtering, no interlace */
    if (cpng__put(b, sig, 8)) return CPNG_E_NOMEM;
    return cpng__chunk(b, "IHDR", ihdr, 13);
}

int cpng__head(cpng__buf *b, uint32_t w, uint32_t h, int channels) {
    return cpng__head_type(b, w, h, channels == 4 ? 6 : channels == 1 ? 3 : 2); /* RGBA / palette / RGB */
}

int cpng__palette_chunks(cpng__buf *b, const cpng__palette *pal) {
    uint8_t plte[256 * 3], trns[256];
    int alphas = 0;
    for (int i = 0; i < pal->count; i++) {
        memcpy(plte + 3 * i, pal->rgba + 4 * i, 3);
        trns[i] = pal->rgba[4 * i + 3];
        if (trns[i] != 255) alphas = i + 1;
    }
    if (cpng__chunk(b, "PLTE", plte, (size_t)pal->count * 3)) return CPNG_E_NOMEM;
    return alphas ? cpng__chunk(b, "tRNS", trns, (size_t)alphas) : CPNG_OK;
}

int cpng__data_chunks(cpng__buf *b, const char type[4], const cpng__buf *z, uint32_t *seq) {
    size_t off = 0;
    do {
        size_t n = z->len - off < DATA_CHUNK_BYTES ? z->len - off : DATA_CHUNK_BYTES;
        uint8_t s[4];
        if (seq) cpng__be32(s, (*seq)++);
        if (chunk2(b, type, s, seq ? 4 : 0, z->data + off, n)) return CPNG_E_NOMEM;
        off += n;
    } while (off < z->len);
    return CPNG_OK;
}

int cpng__has_alpha(const uint8_t *rgba, uint32_t w, uint32_t h, size_t stride) {
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *r = rgba + (size_t)y * stride;
        uint32_t acc = 0xffffffffu, v;   /* AND of whole pixels; byte 3 is alpha */
        for (uint32_t x = 0; x < w; x++) {
            memcpy(&v, r + 4 * (size_t)x, 4);
            acc &= v;
        }
        uint8_t px[4];
        memcpy(px, &acc, 4);
        if (px[3] != 255) return 1;
    }
    return 0;
}

int cpng__check_size(uint32_t w, uint32_t h, size_t stride, char *err, size_t errlen) {
    if (w == 0 || h == 0)
        return cpng__fail(err, errlen, CPNG_E_ARG, "image size %ux%u is empty", w, h);
    if (w > 0x7fffffffu || h > 0x7fffffffu)
        return cpng__fail(err, errlen, CPNG_E_TOO_BIG, "image size %ux%u exceeds the PNG limit", w, h);
    if ((uint64_t)w * 4 > SIZE_MAX / 2)
        return cpng__fail(err, errlen, CPNG_E_TOO_BIG, "image too wide (%u pixels)", w);
    if (stride < (size_t)w * 4)
        return cpng__fail(err, errlen, CPNG_E_ARG, "stride %zu is less than width * 4 (%zu)",
                          stride, (size_t)w * 4);
    return CPNG_OK;
}

int cpng__png_file(uint32_t w, uint32_t h, int channels, const cpng__palette *pal,
                   const cpng__buf *z, cpng_buffer *out) {
    cpng__buf png = { 0 };
    if (cpng__reserve(&png, z->len + z->len / DATA_CHUNK_BYTES * 12 + 64 + 256 * 4 + 24) ||
        cpng__head(&png, w, h, channels) ||
        (channels == 1 && cpng__palette_chunks(&png, pal)) ||
        cpng__data_chunks(&png, "IDAT", z, NULL) || cpng__chunk(&png, "IEND", NULL, 0)) {
        free(png.data);
        return CPNG_E_NOMEM;
    }
    out->data = png.data;
    out->len = png.len;
    return CPNG_OK;
}

int cpng__encode_opts(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int threads, const cpng__opts *opts, cpng_buffer *out,
                      char *err, size_t errlen) {
    if (!out) return cpng__fail(err, errlen, CPNG_E_ARG, "out is NULL");
    out->data = NULL;
    out->len = 0;
    if (!rgba) return cpng__fail(err, errlen, CPNG_E_ARG, "pixels are NULL");
    int r = cpng__check_size(width, height, stride, err, errlen);
    if (r) return r;

    /* An image of at most 256 colours (most outline frames: a background,
       greys, anti-aliased text of one colour) is written losslessly with a
       palette: a third of the bytes to filter and deflate, and smaller files. */
    cpng__palette pal;
    uint8_t *indices = NULL;
    int paletted = cpng__palette_image(rgba, width, height, stride, &indices, &pal);
    if (paletted < 0) return cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    int ch = paletted ? 1 : cpng__has_alpha(rgba, width, height, stride) ? 4 : 3;
    cpng__buf z = { 0 };
    r = paletted ? cpng__compress_image(indices, width, width, height, 1, threads, opts, &z, err, errlen)
                 : cpng__compress_image(rgba, stride, width, height, ch, threads, opts, &z, err, errlen);
    free(indices);
    if (r == CPNG_OK && cpng__png_file(width, height, ch, &pal, &z, out))
        r = cpng__fail(err, errlen, CPNG_E_NOMEM, "out of memory");
    free(z.data);
    return r;
}

int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                int threads, cpng_buffer *out, char *err, size_t errlen) {
    return cpng__encode_opts(rgba, width, height, stride, threads, NULL, out, err, errlen);
}

int cpng_encode_smallest(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                         cpng_buffer *out, char *err, size_t errlen) {
    return cpng__encode_opts(rgba, width, height, stride, 1, &cpng__smallest_opts, out, err, errlen);
}

void cpng_free(void *p) { free(p); }
