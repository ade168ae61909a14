/*
 * fuzz_png.c: libFuzzer harness for the CPNG decoders (see png.sh).
 * Every entry point, cross-checked by png_oracle(); a disagreement aborts.
 */
#include "png_oracle.h"

#define FUZZ_MAX_PIXELS (1u << 20)
#define FUZZ_REENCODE_MAX (1u << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char why[512];
    if (png_oracle(data, size, FUZZ_MAX_PIXELS, FUZZ_REENCODE_MAX, why, sizeof why)) {
        fprintf(stderr, "png_oracle: %s\n", why);
        abort();
    }
    return 0;
}
