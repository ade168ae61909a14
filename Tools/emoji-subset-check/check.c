/* Checks that a subset font draws and shapes every code point it kept exactly
 * as the font it was cut from, the way Unfold uses them (see Fonts/README.md,
 * "The emoji subset"):
 *
 *   check ORIGINAL.ttf SUBSET.ttf
 *
 * 1. FreeType, for every code point of the subset's cmap, with Unfold's load
 *    flags (FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT),
 *    unscaled (FT_LOAD_NO_SCALE, font units) and at 12, 17, 17.5, 40 and
 *    100 px (FT_Set_Char_Size at 72 dpi, as Unfold): glyph format, outline
 *    (points, tags, contour ends, flags), glyph metrics, advance,
 *    linearHori/VertAdvance, lsb/rsb deltas, and the FT_RENDER_MODE_NORMAL
 *    bitmap (size, pitch, mode, grays, every pixel) with bitmap_left/top.
 * 2. HarfBuzz, with hb_font_create at a scale of 1 unit per font unit (as
 *    Unfold): every code point alone, left to right and right to left; every
 *    code point followed by a combining mark; emoji and other sequences (each
 *    part Unfold would give the subset, shaped with the whole sequence as
 *    context); and 20000 random runs of kept code points, both directions.
 *    Script as Unfold's itemizer sets it (the first non-Common/Inherited
 *    script of the run, else Common). Compared: glyph count, clusters,
 *    advances, offsets, glyph flags, the glyphs' extents, and the glyphs
 *    themselves: glyph ids differ between the files, so each pair of ids is
 *    compared by its unscaled FreeType outline, metrics and advance (and
 *    .notdef must stay .notdef).
 *
 * Prints the counts and up to 20 differences; exits 1 if anything differs
 * but the known differences (documented in Fonts/README.md), which are only
 * counted: a kept symbol that decomposes to letters the subset dropped
 * (Ω U+2126, K U+212A, Å U+212B) followed by a combining mark, and the
 * symbol + VS1 U+FE00 sequences in KNOWN below (those must still differ, so
 * that KNOWN is updated when the subset changes). SHOW_KNOWN=1 in the
 * environment lists them too.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <hb-ot.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const FT_Int32 LOAD = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT;

typedef struct {
    const char *path;
    unsigned char *data;
    long size;
    FT_Face ft;
    hb_font_t *hb;
} Font;

static int shown, failures;

static void differ(const char *fmt, ...) {
    failures++;
    if (shown++ >= 20) return;
    va_list ap;
    va_start(ap, fmt);
    printf("  DIFF: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* SHOW_KNOWN=1 in the environment lists the known differences too. */
static int show_known;

static void known_note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("  known: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static void open_font(FT_Library lib, Font *f, const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) { perror(path); exit(2); }
    fseek(fp, 0, SEEK_END);
    f->size = ftell(fp);
    rewind(fp);
    f->data = malloc(f->size);
    if (fread(f->data, 1, f->size, fp) != (size_t)f->size) { perror(path); exit(2); }
    fclose(fp);
    f->path = path;
    if (FT_New_Memory_Face(lib, f->data, f->size, 0, &f->ft)) { fprintf(stderr, "%s: FreeType cannot open it\n", path); exit(2); }
    hb_blob_t *blob = hb_blob_create((const char *)f->data, f->size, HB_MEMORY_MODE_READONLY, NULL, NULL);
    hb_face_t *face = hb_face_create(blob, 0);
    f->hb = hb_font_create(face);
    hb_font_set_scale(f->hb, f->ft->units_per_EM, f->ft->units_per_EM);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
}

/* Whether the glyphs loaded in the two slots are the same: outline and metrics. */
static int same_slot(FT_GlyphSlot a, FT_GlyphSlot b) {
    if (a->format != b->format) return 0;
    if (memcmp(&a->metrics, &b->metrics, sizeof a->metrics)) return 0;
    if (a->advance.x != b->advance.x || a->advance.y != b->advance.y) return 0;
    if (a->linearHoriAdvance != b->linearHoriAdvance || a->linearVertAdvance != b->linearVertAdvance) return 0;
    if (a->lsb_delta != b->lsb_delta || a->rsb_delta != b->rsb_delta) return 0;
    const FT_Outline *p = &a->outline, *q = &b->outline;
    if (p->n_points != q->n_points || p->n_contours != q->n_contours || p->flags != q->flags) return 0;
    if (p->n_points && (memcmp(p->points, q->points, p->n_points * sizeof *p->points) ||
                        memcmp(p->tags, q->tags, p->n_points)))
        return 0;
    if (p->n_contours && memcmp(p->contours, q->contours, p->n_contours * sizeof *p->contours)) return 0;
    return 1;
}

static int same_bitmap(FT_GlyphSlot a, FT_GlyphSlot b) {
    const FT_Bitmap *p = &a->bitmap, *q = &b->bitmap;
    if (a->bitmap_left != b->bitmap_left || a->bitmap_top != b->bitmap_top) return 0;
    if (p->rows != q->rows || p->width != q->width || p->pitch != q->pitch || p->pixel_mode != q->pixel_mode ||
        p->num_grays != q->num_grays)
        return 0;
    int stride = p->pitch < 0 ? -p->pitch : p->pitch;
    for (unsigned r = 0; r < p->rows; r++)
        if (memcmp(p->buffer + r * stride, q->buffer + r * stride, p->width)) return 0;
    return 1;
}

/* Glyph `go` of the original and `gs` of the subset, unscaled, are the same glyph. */
static int same_glyph(Font *o, unsigned go, Font *s, unsigned gs) {
    if ((go == 0) != (gs == 0)) return 0;
    if (FT_Load_Glyph(o->ft, go, LOAD | FT_LOAD_NO_SCALE) || FT_Load_Glyph(s->ft, gs, LOAD | FT_LOAD_NO_SCALE)) return 0;
    if (!same_slot(o->ft->glyph, s->ft->glyph)) return 0;
    hb_glyph_extents_t eo, es;
    hb_bool_t ho = hb_font_get_glyph_extents(o->hb, go, &eo), hs = hb_font_get_glyph_extents(s->hb, gs, &es);
    return ho == hs && (!ho || !memcmp(&eo, &es, sizeof eo)) &&
           hb_font_get_glyph_h_advance(o->hb, go) == hb_font_get_glyph_h_advance(s->hb, gs);
}

/* Unfold's run script: the first script that is not Common/Inherited/Unknown, else Common. */
static hb_script_t run_script(const uint32_t *cps, int n) {
    hb_unicode_funcs_t *u = hb_unicode_funcs_get_default();
    for (int i = 0; i < n; i++) {
        hb_script_t sc = hb_unicode_script(u, cps[i]);
        if (sc != HB_SCRIPT_COMMON && sc != HB_SCRIPT_INHERITED && sc != HB_SCRIPT_UNKNOWN) return sc;
    }
    return HB_SCRIPT_COMMON;
}

/* Shapes cps[start, start+len) with cps[0, n) as context in both fonts; 1 if the results are the same. */
static int shape_same(Font *o, Font *s, const uint32_t *cps, int n, int start, int len, hb_direction_t dir,
                      const char *what, int report) {
    hb_buffer_t *bo = hb_buffer_create(), *bs = hb_buffer_create();
    hb_script_t script = run_script(cps + start, len);
    hb_buffer_t *bufs[2] = {bo, bs};
    Font *fonts[2] = {o, s};
    for (int k = 0; k < 2; k++) {
        hb_buffer_add_utf32(bufs[k], cps, n, start, len);
        hb_buffer_set_direction(bufs[k], dir);
        hb_buffer_set_script(bufs[k], script);
        hb_shape(fonts[k]->hb, bufs[k], NULL, 0);
    }
    unsigned no, ns;
    hb_glyph_info_t *io = hb_buffer_get_glyph_infos(bo, &no), *is = hb_buffer_get_glyph_infos(bs, &ns);
    hb_glyph_position_t *po = hb_buffer_get_glyph_positions(bo, &no), *ps = hb_buffer_get_glyph_positions(bs, &ns);
    int ok = no == ns;
    const char *why = ok ? NULL : "glyph count";
    for (unsigned i = 0; ok && i < no; i++) {
        if (io[i].cluster != is[i].cluster) ok = 0, why = "cluster";
        else if (hb_glyph_info_get_glyph_flags(&io[i]) != hb_glyph_info_get_glyph_flags(&is[i])) ok = 0, why = "glyph flags";
        else if (po[i].x_advance != ps[i].x_advance || po[i].y_advance != ps[i].y_advance) ok = 0, why = "advance";
        else if (po[i].x_offset != ps[i].x_offset || po[i].y_offset != ps[i].y_offset) ok = 0, why = "offset";
        else if (!same_glyph(o, io[i].codepoint, s, is[i].codepoint)) ok = 0, why = "glyph";
    }
    if (!ok && (report || show_known)) {
        char text[256] = "";
        for (int i = start; i < start + len && strlen(text) < 200; i++) sprintf(text + strlen(text), " U+%04X", cps[i]);
        (report ? differ : known_note)("HarfBuzz %s %s:%s: %s (%u glyphs in the original, %u in the subset)", what,
               dir == HB_DIRECTION_RTL ? "RTL" : "LTR", text, why, no, ns);
    }
    hb_buffer_destroy(bo);
    hb_buffer_destroy(bs);
    return ok;
}

/* Unfold's Shaper.isDefaultIgnorable: these stay in the run before them, whichever font has them. */
static int ignorable(uint32_t c) {
    return c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 ||
           (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
           (c >= 0xFFF0 && c <= 0xFFF8) || (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0x1D173 && c <= 0x1D17A) ||
           (c >= 0xE0000 && c <= 0xE0FFF);
}

/* Shapes, with the whole sequence as context, every run that Unfold would give the subset:
 * a code point the subset has, and the code points after it that the subset has or that
 * are default-ignorable (in Unfold those stay in the run before them). */
static int shape_sequence(Font *o, Font *s, const uint32_t *cps, int n, hb_direction_t dir, int report) {
    int ok = 1;
    for (int i = 0; i < n;) {
        if (!FT_Get_Char_Index(s->ft, cps[i])) { i++; continue; }
        int j = i + 1;
        while (j < n && (FT_Get_Char_Index(s->ft, cps[j]) || ignorable(cps[j]))) j++;
        ok &= shape_same(o, s, cps, n, i, j - i, dir, "sequence", report);
        i = j;
    }
    return ok;
}

/* The code point has a canonical decomposition that the original font has and the subset
 * has not (its base is a dropped letter: Ω U+2126 -> Ω U+03A9, Å U+212B -> A U+0041 +
 * U+030A, ...). When a combining mark follows it in the same run, HarfBuzz decomposes it to
 * place the mark and composes again what the font has: with the original that can give a
 * precomposed letter (U+2126 U+0301 -> Ώ U+038F), with the subset the symbol and the mark. */
static int decomposes_to_dropped(Font *o, Font *s, uint32_t c) {
    hb_unicode_funcs_t *u = hb_unicode_funcs_get_default();
    hb_codepoint_t a, b;
    if (!hb_unicode_decompose(u, c, &a, &b)) return 0;
    while (!FT_Get_Char_Index(s->ft, a) || !(b == 0 || FT_Get_Char_Index(s->ft, b))) {
        if (FT_Get_Char_Index(o->ft, a)) return 1;
        hb_codepoint_t a2, b2;
        if (!hb_unicode_decompose(u, a, &a2, &b2)) return 0;
        a = a2;
    }
    return decomposes_to_dropped(o, s, a);
}

#define SEQ(...) {(const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)}
typedef struct { const uint32_t *cps; int n; } Seq;

static const Seq SEQUENCES[] = {
    SEQ(0x31, 0xFE0F, 0x20E3),                          /* keycap 1 */
    SEQ(0x23, 0xFE0F, 0x20E3),                          /* keycap # */
    SEQ(0x2764, 0xFE0F),                                /* red heart, emoji style */
    SEQ(0x2764, 0xFE0E),                                /* red heart, text style */
    SEQ(0x263A, 0xFE0F), SEQ(0x2122, 0xFE0F), SEQ(0x2194, 0xFE0F),
    SEQ(0x1F1EB, 0x1F1F7),                              /* flag of France */
    SEQ(0x1F1FA, 0x1F1F8, 0x1F1EF, 0x1F1F5),            /* two flags */
    SEQ(0x1F44D, 0x1F3FD),                              /* thumbs up, medium skin tone */
    SEQ(0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467),     /* ZWJ family */
    SEQ(0x1F3F3, 0xFE0F, 0x200D, 0x1F308),              /* rainbow flag */
    SEQ(0x1F3F4, 0xE0067, 0xE0062, 0xE0065, 0xE006E, 0xE0067, 0xE007F), /* England (tags) */
    SEQ(0x1F680, 0x20, 0x2014, 0x20, 0x201C, 0x2026, 0x201D, 0x2192), /* rocket, dash, quotes */
    SEQ(0x75, 0x308), SEQ(0x25CC, 0x308, 0x301), SEQ(0x2192, 0x20D7), SEQ(0x2208, 0x0338), /* combining marks */
    SEQ(0x27E8, 0x2211, 0x27E9, 0x2264, 0x2A7D),        /* mirrored brackets in RTL */
    SEQ(0x2163, 0x2126, 0x212B, 0x2090, 0x2074),        /* Latin- and Greek-script letterlike */
    SEQ(0x2500, 0x2502, 0x253C, 0x2588, 0x2591, 0x2460, 0x24C2),
    SEQ(0x2066, 0x2192, 0x2069, 0x202F, 0x2060, 0x200B),
};

/* Standardized variation sequences that only the original draws as their variant glyph:
 * its GSUB ccmp lookup 0 joins the symbol and VS1 U+FE00, and the subset keeps no GSUB
 * features and no U+FE00 (see Fonts/README.md). */
static const Seq KNOWN[] = {
    SEQ(0x2229, 0xFE00), SEQ(0x2268, 0xFE00), SEQ(0x2A3C, 0xFE00),
};

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s ORIGINAL.ttf SUBSET.ttf\n", argv[0]); return 2; }
    show_known = getenv("SHOW_KNOWN") != NULL;
    FT_Library lib;
    if (FT_Init_FreeType(&lib)) return 2;
    FT_Int major, minor, patch;
    FT_Library_Version(lib, &major, &minor, &patch);
    printf("FreeType %d.%d.%d, HarfBuzz %s\n", major, minor, patch, hb_version_string());
    Font o, s;
    open_font(lib, &o, argv[1]);
    open_font(lib, &s, argv[2]);
    printf("original: %s, %ld bytes, %ld glyphs\nsubset:   %s, %ld bytes, %ld glyphs\n", o.path, o.size,
           o.ft->num_glyphs, s.path, s.size, s.ft->num_glyphs);

    /* The subset's cmap, as FreeType and as HarfBuzz read it. */
    int n = 0, cap = 1024;
    uint32_t *cps = malloc(cap * sizeof *cps);
    FT_UInt gi;
    for (FT_ULong c = FT_Get_First_Char(s.ft, &gi); gi; c = FT_Get_Next_Char(s.ft, c, &gi)) {
        if (n == cap) cps = realloc(cps, (cap *= 2) * sizeof *cps);
        cps[n++] = c;
    }
    hb_set_t *set = hb_set_create();
    hb_face_collect_unicodes(hb_font_get_face(s.hb), set);
    printf("subset cmap: %d code points (HarfBuzz: %u)\n", n, hb_set_get_population(set));
    if ((unsigned)n != hb_set_get_population(set)) differ("FreeType and HarfBuzz read different cmaps");
    hb_set_destroy(set);
    int missing = 0;
    for (int i = 0; i < n; i++)
        if (!FT_Get_Char_Index(o.ft, cps[i])) missing++, differ("U+%04X is not in the original", cps[i]);

    /* 1. FreeType. */
    static const struct { FT_F26Dot6 size; const char *name; } sizes[] = {
        {0, "unscaled"}, {12 * 64, "12 px"}, {17 * 64, "17 px"}, {17 * 64 + 32, "17.5 px"}, {40 * 64, "40 px"}, {100 * 64, "100 px"},
    };
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        FT_Int32 flags = LOAD;
        if (sizes[k].size) {
            FT_Set_Char_Size(o.ft, 0, sizes[k].size, 72, 72);
            FT_Set_Char_Size(s.ft, 0, sizes[k].size, 72, 72);
        } else {
            flags |= FT_LOAD_NO_SCALE;
        }
        int same = 0, bitmaps = 0;
        for (int i = 0; i < n; i++) {
            FT_UInt go = FT_Get_Char_Index(o.ft, cps[i]), gs = FT_Get_Char_Index(s.ft, cps[i]);
            if (FT_Load_Glyph(o.ft, go, flags) || FT_Load_Glyph(s.ft, gs, flags)) {
                differ("%s U+%04X: FT_Load_Glyph failed", sizes[k].name, cps[i]);
                continue;
            }
            if (!same_slot(o.ft->glyph, s.ft->glyph)) {
                differ("%s U+%04X: outline or metrics", sizes[k].name, cps[i]);
                continue;
            }
            same++;
            if (!sizes[k].size) continue;
            if (FT_Render_Glyph(o.ft->glyph, FT_RENDER_MODE_NORMAL) || FT_Render_Glyph(s.ft->glyph, FT_RENDER_MODE_NORMAL)) {
                differ("%s U+%04X: FT_Render_Glyph failed", sizes[k].name, cps[i]);
                continue;
            }
            if (same_bitmap(o.ft->glyph, s.ft->glyph)) bitmaps++;
            else differ("%s U+%04X: bitmap", sizes[k].name, cps[i]);
        }
        if (sizes[k].size)
            printf("FreeType %-8s: outlines and metrics identical %d / %d, bitmaps and offsets %d / %d\n", sizes[k].name,
                   same, n, bitmaps, n);
        else
            printf("FreeType %-8s: outlines and metrics identical %d / %d\n", sizes[k].name, same, n);
    }
    int notdef = same_glyph(&o, 0, &s, 0);
    if (!notdef) differ(".notdef differs");
    printf(".notdef: %s\n", notdef ? "identical" : "DIFFERENT");

    /* 2. HarfBuzz. */
    int alone[2] = {0, 0};
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < n; i++)
            alone[d] += shape_same(&o, &s, cps + i, 1, 0, 1, d ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, "alone", 1);
    printf("HarfBuzz, each code point alone: LTR %d / %d, RTL %d / %d identical\n", alone[0], n, alone[1], n);

    /* Each code point followed by a combining mark: HarfBuzz then decomposes and recomposes it. */
    static const uint32_t marks[] = {0x0301, 0x0308, 0x0338}; /* all three in the subset */
    int nmarks = sizeof marks / sizeof *marks, with_mark = 0, with_mark_known = 0, nknown_cps = 0;
    char known_list[400] = "";
    for (int i = 0; i < n; i++) {
        int known_cp = decomposes_to_dropped(&o, &s, cps[i]);
        if (known_cp) {
            nknown_cps++;
            if (strlen(known_list) < 300) sprintf(known_list + strlen(known_list), " U+%04X", cps[i]);
        }
        for (int m = 0; m < nmarks; m++)
            for (int d = 0; d < 2; d++) {
                uint32_t pair[2] = {cps[i], marks[m]};
                int same = shape_same(&o, &s, pair, 2, 0, 2, d ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, "with a mark", !known_cp);
                with_mark += same;
                with_mark_known += !same && known_cp;
            }
    }
    printf("HarfBuzz, each code point + U+0301/U+0308/U+0338, LTR/RTL: %d / %d identical; %d differ, all with one of the %d code "
           "points that decompose to letters the subset dropped (%s)\n",
           with_mark, n * nmarks * 2, with_mark_known, nknown_cps, known_list);

    int nseq = sizeof SEQUENCES / sizeof *SEQUENCES, seq = 0;
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < nseq; i++)
            seq += shape_sequence(&o, &s, SEQUENCES[i].cps, SEQUENCES[i].n, d ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, 1);
    printf("HarfBuzz, %d sequences (keycaps, VS15/VS16, flags, skin tone, ZWJ, tags, marks, ...) x LTR/RTL: %d / %d identical\n",
           nseq, seq, 2 * nseq);

    enum { RUNS = 20000 };
    uint32_t run[8];
    uint64_t state = 0x5eed5eed5eed5eedULL; /* fixed seed: the same runs every time */
    int random_same = 0, random_known = 0;
    for (int r = 0; r < RUNS; r++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        int len = 1 + (int)((state >> 33) % 8);
        for (int i = 0; i < len; i++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            run[i] = cps[(state >> 33) % n];
        }
        int known_run = 0;
        for (int i = 0; i + 1 < len; i++) known_run |= decomposes_to_dropped(&o, &s, run[i]);
        int same = shape_same(&o, &s, run, len, 0, len, (r & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, "random run", !known_run);
        random_same += same;
        random_known += !same && known_run;
    }
    printf("HarfBuzz, %d random runs of 1-8 kept code points (half LTR, half RTL): %d / %d identical; %d differ with one of "
           "the code points above followed by more\n", RUNS, random_same, RUNS, random_known);

    int nknown = sizeof KNOWN / sizeof *KNOWN, known = 0;
    for (int i = 0; i < nknown; i++) {
        hb_buffer_t *b = hb_buffer_create();
        hb_buffer_add_utf32(b, KNOWN[i].cps, KNOWN[i].n, 0, KNOWN[i].n);
        hb_buffer_set_direction(b, HB_DIRECTION_LTR);
        hb_buffer_set_script(b, HB_SCRIPT_COMMON);
        hb_shape(o.hb, b, NULL, 0);
        unsigned count;
        hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, &count);
        /* The original joins symbol + VS1 into one glyph that is not the symbol's own. */
        int joined = count == 1 && info[0].codepoint != FT_Get_Char_Index(o.ft, KNOWN[i].cps[0]);
        hb_buffer_destroy(b);
        int same = shape_sequence(&o, &s, KNOWN[i].cps, KNOWN[i].n, HB_DIRECTION_LTR, 0);
        known += joined && !same;
        printf("known difference U+%04X U+%04X: original %s, subset %s\n", KNOWN[i].cps[0], KNOWN[i].cps[1],
               joined ? "draws the variant glyph" : "does NOT join them (update KNOWN)",
               same ? "the same (update KNOWN)" : "the plain symbol");
    }
    if (known != nknown) failures++;

    printf("%s: %d difference(s)%s\n", failures ? "FAILED" : "OK", failures, missing ? " (code points missing)" : "");
    return failures ? 1 : 0;
}
