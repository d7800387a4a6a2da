#ifndef WAVE_CFREETYPE_SHIM_H
#define WAVE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H  /* FT_Get_Advance: used by the tests as an independent check */
#include FT_TRUETYPE_TABLES_H  /* the OS/2 table: cap height and x-height */
#include FT_BBOX_H  /* FT_Outline_Get_BBox: used by the tests as an independent check */

/* Function-like macros Swift cannot import. */

static inline int wave_ft_has_kerning(FT_Face face) {
    return FT_HAS_KERNING(face) ? 1 : 0;
}

static inline int wave_ft_is_scalable(FT_Face face) {
    return FT_IS_SCALABLE(face) ? 1 : 0;
}

/* Load flags as plain values (the macros are casts of shifted longs). */
static inline FT_Int32 wave_ft_load_exact_outline(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}

#endif
