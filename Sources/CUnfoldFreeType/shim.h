#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/// Unfold's fixed FreeType settings: outlines unhinted (hinting output changes
/// between FreeType versions and would break byte-identical snapshots), no
/// embedded bitmaps, no autohinter.
static const FT_Int32 unfold_load_flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT;
