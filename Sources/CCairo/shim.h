#ifndef GALLEY_CCAIRO_SHIM_H
#define GALLEY_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <pthread.h>

/// The FreeType library behind cairo's font faces. FreeType lets one library serve every
/// thread as long as faces are created and destroyed one at a time (this lock); a face in use
/// is cairo's to lock.
/// (Function-local statics: Swift emits a header's inline functions, not its global variables.)
static inline pthread_mutex_t *ccairo_freetype_lock(void) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    return &lock;
}

static inline FT_Library *ccairo_freetype_library(void) {
    static FT_Library library;
    return &library;
}

/// Destroys a face made by `ccairo_font_face_create_for_file` (cairo calls it when it lets the
/// font face go, on whichever thread drops the last reference).
static inline void ccairo_freetype_done_face(void *face) {
    pthread_mutex_lock(ccairo_freetype_lock());
    FT_Done_Face((FT_Face)face);
    pthread_mutex_unlock(ccairo_freetype_lock());
}

/// A cairo font face for the face at `index` of the font file at `path`, drawing with a
/// FreeType face of its own: cairo locks a face around every use, so font faces shared by
/// threads serialise them, and a caller that wants none shared makes one per thread.
/// Unhinted, without embedded bitmaps (HarfBuzz's positions are unhinted). Returns NULL and
/// sets `*error` to FreeType's error (0 when cairo was out of memory) when it cannot.
static inline cairo_font_face_t *ccairo_font_face_create_for_file(const char *path, long index, int *error) {
    // Only the address matters: it names the font face's one user-data slot.
    static const cairo_user_data_key_t key;
    FT_Face face = NULL;
    pthread_mutex_lock(ccairo_freetype_lock());
    FT_Library *library = ccairo_freetype_library();
    FT_Error status = *library ? 0 : FT_Init_FreeType(library);
    if (status == 0) status = FT_New_Face(*library, path, index, &face);
    pthread_mutex_unlock(ccairo_freetype_lock());
    *error = status;
    if (status != 0) return NULL;
    cairo_font_face_t *font = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    if (cairo_font_face_status(font) != CAIRO_STATUS_SUCCESS
        || cairo_font_face_set_user_data(font, &key, face, ccairo_freetype_done_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(font);
        ccairo_freetype_done_face(face);
        return NULL;
    }
    return font;
}
#endif
