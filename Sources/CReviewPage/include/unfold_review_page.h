/*
 * unfold_review_page.h: the page of `unfold review` (page/review.html: its
 * markup, styles and script), built into the binary with the assembler's
 * .incbin, so that the review needs no file at run time. The bytes are
 * static, read-only and valid for the life of the process.
 */
#ifndef UNFOLD_REVIEW_PAGE_H
#define UNFOLD_REVIEW_PAGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The page's bytes (UTF-8 HTML, not NUL-terminated) and their count in *len. */
const unsigned char *unfold_review_page(size_t *len);

#ifdef __cplusplus
}
#endif

#endif
