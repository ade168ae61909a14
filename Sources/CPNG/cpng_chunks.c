/*
 * cpng_chunks.c: the chunk walk every decoder starts with, so that they all
 * accept and reject the same files, for the same reasons, with the same
 * messages and warnings (the rules are in cpng.h).
 */
#include "cpng_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int is_type(const uint8_t *t) {
    for (int i = 0; i < 4; i++)
        if (!((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) return 0;
    return 1;
}

/* "an IHDR", "a PLTE" */
static const char *article(const uint8_t *t) {
    return memchr("AEIOUaeiou", t[0], 10) ? "an" : "a";
}

static int valid_depth(unsigned color, unsigned depth) {
    switch (color) {
    case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2: case 4: case 6: return depth == 8 || depth == 16;
    default: return 0;
    }
}

/* Header fields of IHDR (body of 13 bytes). */
static int read_ihdr(const uint8_t *b, uint32_t max_pixels, cpng__png *p, char *err, size_t errlen) {
    uint32_t w = be32(b), h = be32(b + 4);
    p->width = w;
    p->height = h;
    p->depth = b[8];
    p->color = b[9];
    p->interlace = b[12];
    if (w == 0 || h == 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT,
                          "the image is %ux%u pixels: a PNG needs a width and height of at least 1", w, h);
    if (w > 0x7fffffffu || h > 0x7fffffffu)
        return cpng__fail(err, errlen, CPNG_E_FORMAT,
                          "the image is %ux%u pixels: a PNG's width and height are at most 2147483647", w, h);
    if (b[9] != 0 && b[9] != 2 && b[9] != 3 && b[9] != 4 && b[9] != 6)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (colour type %u does not exist)", b[9]);
    if (!valid_depth(b[9], b[8]))
        return cpng__fail(err, errlen, CPNG_E_FORMAT,
                          "corrupt PNG (bit depth %u is not allowed for colour type %u)", b[8], b[9]);
    if (b[10] != 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown compression method %u)", b[10]);
    if (b[11] != 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown filter method %u)", b[11]);
    if (b[12] > 1)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown interlace method %u)", b[12]);
    uint64_t pixels = (uint64_t)w * h;
    if (pixels > max_pixels)
        return cpng__fail(err, errlen, CPNG_E_TOO_BIG,
                          "the image is %ux%u pixels, more than the limit of %u pixels", w, h, max_pixels);
    /* 8 bytes a pixel (16-bit RGBA rows) and then some must fit a size_t */
    if (pixels > (uint64_t)(SIZE_MAX / 16) || (uint64_t)w + 16 > (uint64_t)(SIZE_MAX / 16))
        return cpng__fail(err, errlen, CPNG_E_TOO_BIG,
                          "the image is %ux%u pixels, too many for this machine's address space", w, h);
    p->channels = b[9] == 2 ? 3 : b[9] == 4 ? 2 : b[9] == 6 ? 4 : 1;
    return CPNG_OK;
}

/* Validates a tRNS body; 1 if it is used. */
static int read_trns(const uint8_t *b, uint32_t n, cpng__png *p) {
    uint32_t max = p->depth == 16 ? 65535u : (1u << p->depth) - 1;
    switch (p->color) {
    case 3:
        if (n == 0 || n > (uint32_t)p->entries) return 0;
        break;
    case 0:
        if (n != 2 || (uint32_t)(b[0] << 8 | b[1]) > max) return 0;
        break;
    case 2:
        if (n != 6) return 0;
        for (int i = 0; i < 3; i++)
            if ((uint32_t)(b[2 * i] << 8 | b[2 * i + 1]) > max) return 0;
        break;
    default: return 0;   /* grey+alpha, RGBA: no tRNS */
    }
    memcpy(p->trns, b, n);
    p->trns_len = (int)n;
    return 1;
}

int cpng__scan(const uint8_t *data, size_t len, uint32_t max_pixels, cpng__png *p,
               char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    if (!data && len) return cpng__fail(err, errlen, CPNG_E_ARG, "data is NULL but its length is %zu", len);
    if (!data || !len) return cpng__fail(err, errlen, CPNG_E_FORMAT, "empty input: not a PNG");
    if (len < 8 || memcmp(data, signature, 8) != 0)
        return cpng__fail(err, errlen, CPNG_E_FORMAT, "not a PNG file (bad signature)");
    enum { BEFORE, IN_RUN, AFTER } idat = BEFORE;
    int seen_ihdr = 0, seen_plte = 0, seen_trns = 0, r;
    size_t pos = 8;
    for (;;) {
        if (pos == len) {
            if (idat == BEFORE)
                return cpng__fail(err, errlen, CPNG_E_FORMAT, "truncated PNG (it ends before the image data)");
            p->warnings |= CPNG_W_NO_IEND;
            break;
        }
        if (len - pos < 12 || be32(data + pos) > len - pos - 12) {   /* a chunk cut short */
            const uint8_t *t = data + pos + 4;
            int typed = len - pos >= 8 && is_type(t);
            if (idat == BEFORE || (typed && !memcmp(t, "IDAT", 4))) {
                if (typed)
                    return cpng__fail(err, errlen, CPNG_E_FORMAT, "truncated PNG (it ends inside %s %.4s chunk)",
                                      article(t), (const char *)t);
                return cpng__fail(err, errlen, CPNG_E_FORMAT, "truncated PNG (it ends inside a chunk header)");
            }
            p->warnings |= CPNG_W_NO_IEND;   /* cut after the image data: as if it ended there */
            break;
        }
        uint32_t n = be32(data + pos);
        const uint8_t *type = data + pos + 4, *body = data + pos + 8;
        if (n > 0x7fffffffu)
            return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a chunk length of %u)", n);
        if (!is_type(type))
            return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (invalid chunk type at byte %zu)", pos + 4);
        int is_idat = !memcmp(type, "IDAT", 4);
        if (!seen_ihdr && memcmp(type, "IHDR", 4) != 0)
            return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (the first chunk is %.4s, not IHDR)",
                              (const char *)type);
        if (idat == IN_RUN && !is_idat) idat = AFTER;
        if (libdeflate_crc32(0, type, (size_t)n + 4) != be32(body + n)) {
            if (type[0] & 0x20) {   /* ancillary: skipped */
                p->warnings |= CPNG_W_BAD_ANCILLARY_CRC;
                pos += (size_t)n + 12;
                continue;
            }
            return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (CRC mismatch in %s %.4s chunk)",
                              article(type), (const char *)type);
        }
        if (!memcmp(type, "IHDR", 4)) {
            if (seen_ihdr) return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a second IHDR chunk)");
            if (n != 13)
                return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (an IHDR chunk of %u bytes, not 13)", n);
            seen_ihdr = 1;
            if ((r = read_ihdr(body, max_pixels, p, err, errlen)) != CPNG_OK) return r;
        } else if (!memcmp(type, "PLTE", 4)) {
            if (idat != BEFORE) return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a PLTE chunk after the image data)");
            if (seen_plte) return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a second PLTE chunk)");
            seen_plte = 1;
            if (p->color == 3) {   /* other types: a suggested palette, ignored */
                if (n == 0 || n % 3 || n > 768)
                    return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a PLTE chunk of %u bytes)", n);
                int entries = (int)(n / 3), most = 1 << p->depth;
                p->entries = entries < most ? entries : most;   /* more cannot be indexed */
                memcpy(p->plte, body, (size_t)p->entries * 3);
            }
        } else if (!memcmp(type, "tRNS", 4)) {
            if (seen_trns || idat != BEFORE || !read_trns(body, n, p)) p->warnings |= CPNG_W_BAD_ANCILLARY;
            seen_trns = 1;
        } else if (is_idat) {
            if (idat == AFTER) return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (IDAT chunks are not consecutive)");
            if (p->color == 3 && !p->entries)
                return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (a palette image without a PLTE chunk)");
            if (idat == BEFORE) p->idat_start = pos;
            idat = IN_RUN;
            p->idat_end = pos + (size_t)n + 12;
            p->idat_chunks++;
        } else if (!memcmp(type, "IEND", 4)) {
            if (idat == BEFORE) return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (IEND before the image data)");
            break;
        } else if (!(type[0] & 0x20)) {
            return cpng__fail(err, errlen, CPNG_E_FORMAT, "corrupt PNG (unknown critical chunk %.4s)", (const char *)type);
        }
        pos += (size_t)n + 12;
    }
    return CPNG_OK;
}

const uint8_t *cpng__idat(const uint8_t *data, const cpng__png *p, size_t *zlen, uint8_t **owned) {
    *owned = NULL;
    if (p->idat_chunks == 1) {
        *zlen = be32(data + p->idat_start);
        return data + p->idat_start + 8;
    }
    size_t total = 0;
    for (size_t pos = p->idat_start; pos < p->idat_end; pos += (size_t)be32(data + pos) + 12)
        total += be32(data + pos);
    uint8_t *z = malloc(total ? total : 1);
    if (!z) return NULL;
    size_t off = 0;
    for (size_t pos = p->idat_start; pos < p->idat_end; pos += (size_t)be32(data + pos) + 12) {
        memcpy(z + off, data + pos + 8, be32(data + pos));
        off += be32(data + pos);
    }
    *owned = z;
    *zlen = total;
    return z;
}

uint32_t cpng_crc32(const uint8_t *data, size_t len) { return (uint32_t)libdeflate_crc32(0, data, len); }
