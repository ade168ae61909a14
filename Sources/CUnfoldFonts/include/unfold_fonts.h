/*
 * unfold_fonts.h: the bundled fonts (Fonts/ at the package root), built into
 * the library with the assembler's .incbin, so that rendering needs no file
 * at run time. The bytes are static, read-only and valid for the life of the
 * process.
 */
#ifndef UNFOLD_FONTS_H
#define UNFOLD_FONTS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The fonts, by position in the fallback chain. */
typedef enum {
    UNFOLD_FONT_REGULAR = 0,   /* Open Sans Regular */
    UNFOLD_FONT_SEMIBOLD = 1,  /* Open Sans Semibold */
    UNFOLD_FONT_CJK = 2,       /* Droid Sans Fallback */
    UNFOLD_FONT_ARABIC = 3,    /* Noto Sans Arabic UI Regular */
    UNFOLD_FONT_HEBREW = 4,    /* Noto Sans Hebrew Regular */
    UNFOLD_FONT_DEVANAGARI = 5, /* Noto Sans Devanagari UI Regular */
    UNFOLD_FONT_THAI = 6,      /* Noto Sans Thai UI Regular */
    UNFOLD_FONT_EMOJI = 7,     /* Symbola (monochrome outline emoji and symbols) */
    UNFOLD_FONT_HANGUL = 8,    /* NanumGothic (Korean Hangul), last: for what no other font has */
    UNFOLD_FONT_MONO = 9,      /* Liberation Mono Regular: looks in a monospaced font */
    UNFOLD_FONT_MONO_BOLD = 10 /* Liberation Mono Bold */
} unfold_font;

/** The bytes of a bundled font and their count in *len; NULL for an unknown font. */
const unsigned char *unfold_font_data(unfold_font font, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
