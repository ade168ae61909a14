#include <fribidi.h>

/* FriBidi's paragraph directions are macros built from masks, which Swift
 * cannot import: the two Unfold uses, as constants. "Weak" means the text's
 * first strong character decides (rules P2 and P3), and the given direction
 * applies only to text with none. */
static const FriBidiParType unfold_paragraph_weak_ltr = FRIBIDI_PAR_WLTR;
static const FriBidiParType unfold_paragraph_weak_rtl = FRIBIDI_PAR_WRTL;

/* Whether a resolved paragraph direction is right to left. */
static inline int unfold_paragraph_is_rtl(FriBidiParType direction) {
    return FRIBIDI_IS_RTL(direction) != 0;
}
