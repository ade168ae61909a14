/*
 * canim_webp.c: animated WebP writer, libwebp's WebPAnimEncoder (libwebpmux)
 * in lossless mode.
 *
 * Each frame is copied into one WebPPicture (ARGB; a pixel with alpha 0
 * becomes 0, so that its invisible colour neither costs bytes nor makes a
 * difference between frames) and handed to WebPAnimEncoderAdd with its
 * start time, the sum of the durations before it; finish adds the end time
 * (a NULL frame) and assembles the file. The encoder itself stores each frame
 * as the rectangle that changed (blending or disposing as is smaller), and
 * merges a frame that changes nothing into the one before.
 *
 * Fixed options, for byte-identical output (measured in
 * Tools/canim-check/RESULTS.md):
 *   WebPConfig: lossless = 1, exact = 1 (keep RGB under alpha), method = 4,
 *     quality = 75 (libwebp's defaults: on Unfold's frames 19-24% smaller
 *     than method 1 for 1.4-2x the time; method 0 is 4x larger),
 *     thread_level = 0;
 *   WebPAnimEncoderOptions: allow_mixed = 0 (never lossy), minimize_size =
 *     0 (trying both dispose methods: 6-10% smaller, 1.6-1.9x the time),
 *     kmin = kmax = 0 (kmin <= 0: no key frames, every frame a change
 *     rectangle), loop_count = loops, bgcolor = 0 (transparent), verbose = 0.
 */
#include "canim_internal.h"

#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>

typedef struct {
    WebPAnimEncoder *enc;
    WebPConfig config;
    WebPPicture pic; /* the frame being added, ARGB */
} webp_state;

static int webp_begin(canim_writer *w, char *err, size_t errlen) {
    webp_state *s = calloc(1, sizeof *s);
    if (!s) return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory");
    w->impl = s;
    WebPAnimEncoderOptions o;
    if (!WebPAnimEncoderOptionsInit(&o) || !WebPConfigInit(&s->config) || !WebPPictureInit(&s->pic))
        return canim__fail(err, errlen, CANIM_E_INTERNAL, "libwebp: version mismatch");
    o.anim_params.loop_count = (int)w->loops;
    o.anim_params.bgcolor = 0;
    o.minimize_size = 0;
    o.kmin = 0;
    o.kmax = 0;
    o.allow_mixed = 0;
    o.verbose = 0;
    s->config.lossless = 1;
    s->config.exact = 1;
    s->config.method = 4;
    s->config.quality = 75;
    s->config.thread_level = 0;
    if (!WebPValidateConfig(&s->config))
        return canim__fail(err, errlen, CANIM_E_INTERNAL, "libwebp: invalid configuration");
    s->pic.use_argb = 1;
    s->pic.width = (int)w->width;
    s->pic.height = (int)w->height;
    if (!WebPPictureAlloc(&s->pic))
        return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for a %ux%u WebP", w->width,
                           w->height);
    s->enc = WebPAnimEncoderNew((int)w->width, (int)w->height, &o);
    if (!s->enc)
        return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for a %ux%u WebP encoder",
                           w->width, w->height);
    return CANIM_OK;
}

static int webp_failed(webp_state *s, const char *what, char *err, size_t errlen) {
    const char *why = WebPAnimEncoderGetError(s->enc);
    int nomem = s->pic.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY;
    return canim__fail(err, errlen, nomem ? CANIM_E_NOMEM : CANIM_E_INTERNAL, "libwebp: %s failed: %s",
                       what, why && *why ? why : "no message");
}

static int webp_add(canim_writer *w, const uint8_t *rgba, size_t stride, uint32_t ms, char *err,
                    size_t errlen) {
    (void)ms; /* the encoder learns a frame's duration from the next start time */
    webp_state *s = w->impl;
    for (uint32_t y = 0; y < w->height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint32_t *q = s->pic.argb + (size_t)y * (size_t)s->pic.argb_stride;
        for (uint32_t x = 0; x < w->width; x++, p += 4)
            q[x] = p[3] ? (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2] : 0;
    }
    s->pic.error_code = VP8_ENC_OK;
    if (!WebPAnimEncoderAdd(s->enc, &s->pic, (int)w->total_ms, &s->config))
        return webp_failed(s, "WebPAnimEncoderAdd", err, errlen);
    return CANIM_OK;
}

static int webp_finish(canim_writer *w, uint8_t **out, size_t *out_len, char *err, size_t errlen) {
    webp_state *s = w->impl;
    WebPData data;
    WebPDataInit(&data);
    s->pic.error_code = VP8_ENC_OK;
    if (!WebPAnimEncoderAdd(s->enc, NULL, (int)w->total_ms, NULL))
        return webp_failed(s, "WebPAnimEncoderAdd (end)", err, errlen);
    if (!WebPAnimEncoderAssemble(s->enc, &data)) return webp_failed(s, "WebPAnimEncoderAssemble", err, errlen);
    *out = malloc(data.size ? data.size : 1);
    if (!*out) {
        WebPDataClear(&data);
        return canim__fail(err, errlen, CANIM_E_NOMEM, "out of memory for the WebP");
    }
    memcpy(*out, data.bytes, data.size);
    *out_len = data.size;
    WebPDataClear(&data);
    return CANIM_OK;
}

static size_t webp_bytes(const canim_writer *w) {
    /* our picture and the encoder's three canvases (current copy, previous,
       previous disposed), all width * height ARGB */
    return sizeof(webp_state) + 4 * (size_t)w->width * w->height * sizeof(uint32_t);
}

static void webp_release(canim_writer *w) {
    webp_state *s = w->impl;
    WebPAnimEncoderDelete(s->enc);
    WebPPictureFree(&s->pic);
    free(s);
    w->impl = NULL;
}

const canim__ops canim__webp_ops = { "WebP", webp_begin, webp_add, webp_finish, webp_bytes, webp_release };
