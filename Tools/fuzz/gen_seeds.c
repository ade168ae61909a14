/* gen_seeds.c: writes a few tiny PNGs of every colour type, bit depth,
   interlacing and tRNS into DIR (the fuzzer's seeds; see png.sh). */
#include "png_make.h"

#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: gen_seeds DIR\n"); return 2; }
    uint64_t rng = 12345;
    int count = 0;
    for (int k = 0; k < PM_KINDS; k++)
        for (int il = 0; il < 2; il++)
            for (int t = 0; t < 2; t++) {
                int ct = pm_kinds[k][0];
                if (t && (ct == 4 || ct == 6)) continue;
                pm_enc e = { ct, pm_kinds[k][1], il, t, (k + il + t) % 3 == 0 ? PM_GAMA : 0 };
                pm_picture m;
                pm_fill(&m, 5 + (uint32_t)k % 4, 3 + (uint32_t)il, e, &rng);
                uint8_t *d;
                size_t n = pm_write(&m, &d);
                char path[4096];
                snprintf(path, sizeof path, "%s/gen-ct%d-d%d-i%d-t%d.png", argv[1], ct, e.depth, il, t);
                FILE *f = fopen(path, "wb");
                if (!f || fwrite(d, 1, n, f) != n || fclose(f) != 0) { perror(path); return 1; }
                free(d);
                pm_free(&m);
                count++;
            }
    for (int k = 0; k < PM_KINDS; k++) {   /* recipes (fuzz_png.c) of every kind */
        uint8_t r[16] = { 'R', 'C', 'P', (uint8_t)k, (uint8_t)(k * 5), (uint8_t)(3 + k), (uint8_t)(2 + k / 2) };
        for (int i = 7; i < 16; i++) r[i] = (uint8_t)pm_rnd(&rng);
        char path[4096];
        snprintf(path, sizeof path, "%s/recipe-%d", argv[1], k);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(r, 1, sizeof r, f) != sizeof r || fclose(f) != 0) { perror(path); return 1; }
        count++;
    }
    printf("%d seeds in %s\n", count, argv[1]);
    return 0;
}
