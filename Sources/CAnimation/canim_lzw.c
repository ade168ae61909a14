/*
 * canim_lzw.c: the size of a GIF image's data, without writing it, so that
 * the GIF writer can choose between ways to store a frame (canim_gif.c).
 *
 * GIF's LZW, as giflib's encoder does it: codes of `min_code_size + 1` bits
 * to start (min_code_size is at least 2), a clear code first, a code that
 * grows by a bit when the next free code needs it, up to 12 bits; when all
 * 4096 codes are taken, a clear code and a new table; the end code last.
 * The codes are packed into bytes and the bytes into sub-blocks of at most
 * 255, each after its length, ended by an empty one.
 *
 * O(n) for n pixels; the table is a 4096-entry open-addressed hash of
 * (prefix code, pixel) pairs, so the scratch is fixed.
 */
#include "canim_internal.h"

#include <string.h>

#define MAX_CODES 4096
#define SLOTS 8192 /* at most half full */

size_t canim__lzw_size(const uint8_t *pixels, size_t n, int min_code_size, canim__lzw *t) {
    if (min_code_size < 2) min_code_size = 2;
    const uint32_t clear = 1u << min_code_size, end = clear + 1;
    uint64_t bits = 0;
    uint32_t next = end + 1, width = (uint32_t)min_code_size + 1;
    memset(t->keys, 0xff, sizeof t->keys);
    bits += width; /* the clear code */
    if (n == 0) return 0;
    uint32_t code = pixels[0];
    for (size_t i = 1; i < n; i++) {
        uint32_t key = code << 8 | pixels[i], slot = (key * 2654435761u) >> 19;
        while (t->keys[slot] != UINT32_MAX && t->keys[slot] != key) slot = (slot + 1) & (SLOTS - 1);
        if (t->keys[slot] == key) {
            code = t->codes[slot];
            continue;
        }
        bits += width; /* `code` goes out */
        code = pixels[i];
        if (next >= MAX_CODES - 1) { /* the table is full: start again */
            bits += width;
            memset(t->keys, 0xff, sizeof t->keys);
            next = end + 1;
            width = (uint32_t)min_code_size + 1;
            continue;
        }
        t->keys[slot] = key;
        t->codes[slot] = (uint16_t)next++;
        if (next > (1u << width) && width < 12) width++;
    }
    bits += width; /* the last code; the end code may take a bit more, as in giflib */
    if (next >= (1u << width) && width < 12) width++;
    bits += width;
    size_t bytes = (size_t)((bits + 7) / 8);
    return 1 + bytes + (bytes + 254) / 255 + 1; /* code size, sub-block lengths, terminator */
}
