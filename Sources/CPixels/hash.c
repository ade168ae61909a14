/* ContentHash's word step; see unfold_pixels.h. */
#include "unfold_pixels.h"

#include <string.h>

/* Helpers are inlined even without optimisation (a debug build), where a call per word would cost more than the word. */
#define HELPER static inline __attribute__((always_inline))

HELPER uint64_t rotl(uint64_t x, int k) { return x << k | x >> (64 - k); }

HELPER uint64_t load_le64(const uint8_t *p) {
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

void unfold_hash_words(uint64_t state[2], const uint8_t *bytes, size_t words) {
    uint64_t a = state[0], b = state[1];
    for (size_t i = 0; i < words; i++) {
        uint64_t w = load_le64(bytes + 8 * i);
        a = rotl(a ^ (w * 0x87C37B91114253D5u), 31) * 0x4CF5AD432745937Fu;
        b = rotl(b ^ (w * 0x9FB21C651E98DF25u), 27) * 0xFF51AFD7ED558CCDu + a;
    }
    state[0] = a;
    state[1] = b;
}
