/* The font files are found through the target's header search path "fonts"
 * (a link to Fonts/); the assembler copies them into read-only data. */
#include "unfold_fonts.h"

#if defined(__APPLE__)
#define READ_ONLY ".const_data\n"
#define BACK ".text\n"
#define SYMBOL(name) "_" name
#else
#define READ_ONLY ".section .rodata\n"
#define BACK ".previous\n"
#define SYMBOL(name) name
#endif

#define EMBED(name, file)                                   \
    __asm__(READ_ONLY                                       \
            ".balign 16\n"                                  \
            SYMBOL("unfold_" #name "_begin") ":\n"          \
            ".incbin \"" file "\"\n"                        \
            SYMBOL("unfold_" #name "_end") ":\n"            \
            BACK);                                          \
    extern const unsigned char unfold_##name##_begin[], unfold_##name##_end[];

EMBED(regular, "OpenSans-Regular.ttf")
EMBED(semibold, "OpenSans-Semibold.ttf")
EMBED(cjk, "DroidSansFallbackFull.ttf")
EMBED(arabic, "NotoSansArabicUI-Regular.ttf")          /* Noto Sans Arabic UI Regular */
EMBED(hebrew, "NotoSansHebrew-Regular.ttf")            /* Noto Sans Hebrew Regular */
EMBED(devanagari, "NotoSansDevanagariUI-Regular.ttf")  /* Noto Sans Devanagari UI Regular */
EMBED(thai, "NotoSansThaiUI-Regular.ttf")              /* Noto Sans Thai UI Regular */
EMBED(emoji, "SymbolaEmoji.ttf")                       /* Symbola 9.17, emoji subset: monochrome outline emoji */
EMBED(hangul, "NanumGothic.ttf")                       /* NanumGothic: Korean Hangul */
EMBED(mono, "LiberationMono-Regular.ttf")              /* Liberation Mono Regular */
EMBED(mono_bold, "LiberationMono-Bold.ttf")            /* Liberation Mono Bold */

const unsigned char *unfold_font_data(unfold_font font, size_t *len) {
    const unsigned char *begin, *end;
    switch (font) {
    case UNFOLD_FONT_REGULAR: begin = unfold_regular_begin; end = unfold_regular_end; break;
    case UNFOLD_FONT_SEMIBOLD: begin = unfold_semibold_begin; end = unfold_semibold_end; break;
    case UNFOLD_FONT_CJK: begin = unfold_cjk_begin; end = unfold_cjk_end; break;
    case UNFOLD_FONT_ARABIC: begin = unfold_arabic_begin; end = unfold_arabic_end; break;
    case UNFOLD_FONT_HEBREW: begin = unfold_hebrew_begin; end = unfold_hebrew_end; break;
    case UNFOLD_FONT_DEVANAGARI: begin = unfold_devanagari_begin; end = unfold_devanagari_end; break;
    case UNFOLD_FONT_THAI: begin = unfold_thai_begin; end = unfold_thai_end; break;
    case UNFOLD_FONT_EMOJI: begin = unfold_emoji_begin; end = unfold_emoji_end; break;
    case UNFOLD_FONT_HANGUL: begin = unfold_hangul_begin; end = unfold_hangul_end; break;
    case UNFOLD_FONT_MONO: begin = unfold_mono_begin; end = unfold_mono_end; break;
    case UNFOLD_FONT_MONO_BOLD: begin = unfold_mono_bold_begin; end = unfold_mono_bold_end; break;
    default: return NULL;
    }
    if (len) *len = (size_t)(end - begin);
    return begin;
}
