/*
 * canim-bench: encodes the frames of a raw frame file as GIF, WebP or APNG
 * (CPNG's cpng_apng, for comparison) and reports the file size, the time and
 * the memory. Built by `build.sh bench FILE`.
 *
 *   canim-bench FRAMES gif|webp|apng [RUNS] [OUT]
 *
 * FRAMES: "CANIMRAW", then width, height and frame count (uint32, little
 * endian), then per frame its milliseconds (uint32) and width * height RGBA
 * pixels (frames.py writes one from an APNG). Frames are read one at a time,
 * so the process holds one input frame. Prints the size, the median time of
 * RUNS (default 3) encodes, the largest canim_bytes / cpng_apng_bytes seen
 * after a frame, and the process's peak RSS; writes the file to OUT if given.
 */
#define _POSIX_C_SOURCE 200809L
#include "canimation.h"
#include "cpng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: canim-bench FRAMES gif|webp|apng [RUNS] [OUT]\n");
        return 2;
    }
    const char *fmt = argv[2];
    int runs = argc > 3 ? atoi(argv[3]) : 3;
    if (runs < 1) runs = 1;
    FILE *f = fopen(argv[1], "rb");
    uint8_t head[20];
    if (!f || fread(head, 1, 20, f) != 20 || memcmp(head, "CANIMRAW", 8)) {
        fprintf(stderr, "%s: not a frame file\n", argv[1]);
        return 1;
    }
    uint32_t w = le32(head + 8), h = le32(head + 12), n = le32(head + 16);
    size_t frame = (size_t)w * h * 4;
    uint8_t *px = malloc(frame);
    double times[64];
    if (runs > 64) runs = 64;
    size_t size = 0, peak = 0;
    uint8_t *file = NULL;
    char err[256];
    for (int run = 0; run < runs; run++) {
        fseek(f, 20, SEEK_SET);
        double t0 = now(), io = 0;
        canim_writer *cw = NULL;
        cpng_apng *aw = NULL;
        if (!strcmp(fmt, "apng")) aw = cpng_apng_begin(w, h, 0, 1, CPNG_APNG_MAX, err, sizeof err);
        else cw = canim_begin(!strcmp(fmt, "gif") ? CANIM_GIF : CANIM_WEBP, w, h, 0, err, sizeof err);
        if (!aw && !cw) {
            fprintf(stderr, "begin: %s\n", err);
            return 1;
        }
        for (uint32_t i = 0; i < n; i++) {
            uint8_t ms[4];
            double r0 = now();
            if (fread(ms, 1, 4, f) != 4 || fread(px, 1, frame, f) != frame) {
                fprintf(stderr, "short frame file\n");
                return 1;
            }
            io += now() - r0;
            int r = aw ? cpng_apng_add_frame(aw, px, (size_t)w * 4, (uint16_t)le32(ms), 1000, err, sizeof err)
                       : canim_add_frame(cw, px, (size_t)w * 4, le32(ms), err, sizeof err);
            if (r) {
                fprintf(stderr, "frame %u: %s\n", i, err);
                return 1;
            }
            size_t b = aw ? cpng_apng_bytes(aw) : canim_bytes(cw);
            if (b > peak) peak = b;
        }
        free(file);
        if (aw) {
            cpng_buffer out;
            if (cpng_apng_finish(aw, &out, err, sizeof err)) {
                fprintf(stderr, "finish: %s\n", err);
                return 1;
            }
            file = out.data;
            size = out.len;
        } else {
            if (canim_finish(cw, &file, &size, err, sizeof err)) {
                fprintf(stderr, "finish: %s\n", err);
                return 1;
            }
            canim_free_writer(cw);
        }
        times[run] = now() - t0 - io;
    }
    qsort(times, (size_t)runs, sizeof *times, cmp_double);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-4s %u frames %ux%u: %zu bytes, %.0f ms (median of %d), held %.1f MiB at most, peak RSS %.1f MiB\n",
           fmt, n, w, h, size, times[runs / 2] * 1e3, runs, peak / 1048576.0, ru.ru_maxrss / 1024.0);
    if (argc > 4) {
        FILE *o = fopen(argv[4], "wb");
        if (!o || fwrite(file, 1, size, o) != size || fclose(o)) {
            fprintf(stderr, "cannot write %s\n", argv[4]);
            return 1;
        }
    }
    free(file);
    free(px);
    fclose(f);
    return 0;
}
