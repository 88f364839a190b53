#ifndef GALLEY_CCAIRO_SHIM_H
#define GALLEY_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>

/// A cairo font face for the face at `index` of the font file at `path`; cairo opens and
/// shares the FreeType face itself, so no FreeType object crosses into the render layer.
/// Returns NULL when the pattern cannot be built.
static inline cairo_font_face_t *ccairo_font_face_create_for_file(const char *path, int index) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_FILE, (const FcChar8 *)path);
    FcPatternAddInteger(pattern, FC_INDEX, index);
    // Keep HarfBuzz's unhinted positions: no hinting, no autohint, no embedded bitmaps.
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternAddBool(pattern, FC_EMBEDDED_BITMAP, FcFalse);
    cairo_font_face_t *face = cairo_ft_font_face_create_for_pattern(pattern);
    FcPatternDestroy(pattern);
    return face;
}
#endif
