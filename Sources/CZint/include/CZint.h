#ifndef GALLEY_CZINT_H
#define GALLEY_CZINT_H
// libzint 2.11: encodes barcodes and lays out their modules as rectangles (vector output). Errors are return codes
// with a message in the symbol; GalleyRender's BarcodeEncoder is the only user. zint's fixed-size char arrays import
// into Swift as tuples, so these accessors hand them over as C strings. Loaded when a document first draws a barcode
// (dlopen, lazy_library.h): BarcodeEncoder calls galley_zint_load() first, then the galley_ stubs below.
#include <zint.h>

#include <lazy_library.h>

static inline const char *galley_zint_errtxt(const struct zint_symbol *symbol) { return symbol->errtxt; }
static inline const unsigned char *galley_zint_text(const struct zint_symbol *symbol) { return symbol->text; }

#define GALLEY_ZINT_FUNCTIONS(F, V, S)                                                                         \
    F(struct zint_symbol *, ZBarcode_Create, (void), ())                                                    \
    V(ZBarcode_Delete, (struct zint_symbol * symbol), (symbol))                                             \
    F(int, ZBarcode_Encode, (struct zint_symbol * symbol, const unsigned char *source, int length),         \
      (symbol, source, length))                                                                             \
    F(int, ZBarcode_Buffer_Vector, (struct zint_symbol * symbol, int rotate_angle), (symbol, rotate_angle))

GALLEY_ZINT_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// Loads libzint (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_zint_load(void);
#endif
