/* page/review.html is found through the target's header search path "page";
 * the assembler copies it into read-only data. */
#include "unfold_review_page.h"

#if defined(__APPLE__)
#define READ_ONLY ".const_data\n"
#define BACK ".text\n"
#define SYMBOL(name) "_" name
#else
#define READ_ONLY ".section .rodata\n"
#define BACK ".previous\n"
#define SYMBOL(name) name
#endif

__asm__(READ_ONLY
        ".balign 16\n"
        SYMBOL("unfold_review_page_begin") ":\n"
        ".incbin \"review.html\"\n"
        SYMBOL("unfold_review_page_end") ":\n"
        BACK);
extern const unsigned char unfold_review_page_begin[], unfold_review_page_end[];

const unsigned char *unfold_review_page(size_t *len) {
    if (len) *len = (size_t)(unfold_review_page_end - unfold_review_page_begin);
    return unfold_review_page_begin;
}
